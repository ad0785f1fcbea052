import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from './server-harness.ts';

/** notice send / release / revoke and category add through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('admin');
  // the seeded welcome notice is read: the counts below are of this suite's notices
  for (const u of ['yuangong', 'yunying'])
    await h.t.call('PUT', '/sys/sysAnnouncementSend/readAll', { token: await h.t.login(u) });
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const listByUser = async (username: string) => {
  const token = await h.t.login(username);
  return (await h.t.call('GET', '/sys/annountCement/listByUser', { token })).body.result;
};

describe('notice commands', () => {
  it('notice send --to all releases a notice every user sees', async () => {
    const r = await h.terminal(
      `notice send --to all --title 停电通知 --content "<b>明早</b>停电" --priority H`,
    );
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('该系统通知发布成功（全体用户）');
    const seen = await listByUser('yuangong');
    expect(seen.anntMsgList[0]).toMatchObject({ titile: '停电通知', priority: 'H' });
    // plain text content is escaped, never markup
    expect(seen.anntMsgList[0].msgContent).toBe('<p>&lt;b&gt;明早&lt;/b&gt;停电</p>');
  });

  it('notice send --to named users reaches only them; unknown users are refused', async () => {
    const r = await h.terminal(`notice send 对账提醒 --to yunying --category 2`);
    expect(r.out).toContain('（yunying）');
    expect((await listByUser('yunying')).sysMsgList.map((n: { titile: string }) => n.titile)).toEqual([
      '对账提醒',
    ]);
    expect((await listByUser('yuangong')).sysMsgTotal).toBe(0);
    const bad = await h.terminal(`notice send 无人 --to nobody_at_all`);
    expect(bad.results[0]?.status).toBe('error');
    expect(bad.out).toContain('用户 nobody_at_all 不存在');
  });

  it('notice revoke and notice release by id', async () => {
    const token = await h.t.login('admin');
    const list = await h.t.call('GET', '/sys/annountCement/list', { token, query: { titile: '停电通知' } });
    const id = list.body.result.records[0].id as string;
    expect((await h.terminal(`notice revoke ${id}`)).out).toContain('该系统通知撤销成功');
    expect((await listByUser('yuangong')).anntMsgTotal).toBe(0);
    expect((await h.terminal(`notice release ${id}`)).out).toContain('该系统通知发布成功');
    expect((await listByUser('yuangong')).anntMsgTotal).toBe(1);
  });

  it('category add puts a node under a parent with a generated code', async () => {
    const token = await h.t.login('admin');
    const parent = await h.t.call('GET', '/sys/category/loadOne', {
      token,
      query: { field: 'code', val: 'A01' },
    });
    const r = await h.terminal(`category add 刮痧 --pid ${parent.body.result.id}`);
    expect(r.results[0]?.status).toBe('ok');
    const added = await h.t.call('GET', '/sys/category/loadOne', {
      token,
      query: { field: 'name', val: '刮痧' },
    });
    expect(added.body.result).toMatchObject({ code: 'A01A04', pid: parent.body.result.id });
  });
});
