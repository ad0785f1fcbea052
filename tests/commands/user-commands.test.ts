import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from './server-harness.ts';

/** The user commands through the real executor against the real server, as the terminal runs them. */
let h: Awaited<ReturnType<typeof serverHarness>>;
let t: typeof h.t;
let token: string;
let confirms: string[];
const terminal = (line: string) => h.terminal(line);

beforeAll(async () => {
  h = await serverHarness();
  ({ t, token } = h);
  confirms = h.state.confirms;
});
// every endpoint the commands called checks the permission of the command that called it
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

describe('user commands in the terminal', () => {
  it('lists users as an aligned table', async () => {
    const { out, results } = await terminal('user list --status 1 --page-size 30');
    expect(results[0]?.status).toBe('ok');
    expect(out).toMatch(/账号\s+姓名/);
    expect(out).toContain('yunying');
    expect(out).toContain('李运营');
  });

  it('pipes the listed records into freeze (user list | user freeze --yes)', async () => {
    const { results } = await terminal('user list --realname *王* | user freeze --yes');
    expect(results[0]?.status).toBe('ok');
    const frozen = await t.call('GET', '/sys/user/list', { token, query: { username: 'caiwu' } });
    expect(frozen.body.result.records[0].status).toBe(2);
    const other = await t.call('GET', '/sys/user/list', { token, query: { username: 'yunying' } });
    expect(other.body.result.records[0].status).toBe(1);
    await terminal('user unfreeze caiwu');
    const back = await t.call('GET', '/sys/user/list', { token, query: { username: 'caiwu' } });
    expect(back.body.result.records[0].status).toBe(1);
  });

  it('asks before a dangerous command and does nothing when declined', async () => {
    confirms.length = 0;
    const { results } = await terminal('user freeze yuangong');
    expect(confirms).toEqual(['确定冻结选中的用户吗?']);
    expect(results[0]?.result?.message).toBe('已取消');
    const r = await t.call('GET', '/sys/user/list', { token, query: { username: 'yuangong' } });
    expect(r.body.result.records[0].status).toBe(1);
  });

  it('refuses delete with nothing selected before asking', async () => {
    confirms.length = 0;
    const { results } = await terminal('user delete');
    expect(results[0]?.status).toBe('error');
    expect(results[0]?.error).toBe('请选择一条记录！');
    expect(confirms).toEqual([]);
  });

  it('adds a user with flags and reports the server validation message', async () => {
    const ok = await terminal('user add jishi02 技师二号 --password secret1 --phone 13912340002');
    expect(ok.results[0]?.result?.message).toBe('添加成功！');
    const bad = await terminal('user add "bad name" 某人 --password secret1');
    expect(bad.results[0]?.status).toBe('error');
    expect(bad.results[0]?.error).toBe('只允许字母、数字、下划线');
  });

  it('edits and deletes a user named by username (resolved through the user list, which they require)', async () => {
    expect(
      (await terminal('user add jishi03 技师三号 --password secret1 --phone 13912340003')).results[0]?.status,
    ).toBe('ok');
    expect((await terminal('user edit jishi03 --realname 技师三号改')).results[0]?.status).toBe('ok');
    const edited = await t.call('GET', '/sys/user/list', { token, query: { username: 'jishi03' } });
    expect(edited.body.result.records[0].realname).toBe('技师三号改');
    const { results } = await terminal('user delete jishi03 --yes');
    expect(results[0]?.status).toBe('ok');
    const gone = await t.call('GET', '/sys/user/list', { token, query: { username: 'jishi03' } });
    expect(gone.body.result.records).toEqual([]);
  });
});
