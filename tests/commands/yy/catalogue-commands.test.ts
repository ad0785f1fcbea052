import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { serverHarness } from '../server-harness.ts';
import {
  yyPartner,
  sysStateHistory,
  yyProject,
  yyTechnician,
  yyTechnicianService,
} from '../../../src/server/db/schema/index.ts';
import { loadPinyin } from '../../../src/web/shell/palette/pinyin.ts';
import { rank } from '../../../src/web/shell/palette/rank.ts';
import { buildSearchIndex } from '../../../src/web/shell/palette/search-index.ts';

/** The catalogue's domain commands through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('yunying');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const db = () => h.t.database.db;
const partner = async (name: string) =>
  (await db().select().from(yyPartner).where(eq(yyPartner.name, name)))[0]!;
const technicians = async (names: string[]) =>
  db().select().from(yyTechnician).where(inArray(yyTechnician.name, names));

describe('partner commands', () => {
  it('partner approve passes a partner waiting for review, by name; --dry-run changes nothing', async () => {
    const dry = await h.terminal('partner approve 余杭舒心理疗中心 --dry-run');
    expect(dry.out).toContain('演练：将审核通过 1 个商户（未执行）');
    expect(dry.out).toMatch(/余杭舒心理疗中心\s+待审核 → 正常/);
    expect((await partner('余杭舒心理疗中心')).status).toBe('0');
    // 审核通过 cannot be undone: asked first even for one partner (issue 27)
    const declined = await h.terminal('partner approve 余杭舒心理疗中心');
    expect(h.state.confirms.at(-1)).toBe('确定审核通过 1 个商户吗?此操作不可撤销。');
    expect(declined.out).toContain('已取消');
    const r = await h.terminal('partner approve 余杭舒心理疗中心 --yes');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('已审核通过 1 个商户');
    expect((await partner('余杭舒心理疗中心')).status).toBe('1');
    const again = await h.terminal('partner approve 余杭舒心理疗中心');
    expect(again.out).toContain('余杭舒心理疗中心：商户已是「正常」状态');
  });

  it('partner status stops a partner with a reason, refuses without one or without a status', async () => {
    const no = await h.terminal('partner status 余杭舒心理疗中心 停用');
    expect(no.out).toContain('余杭舒心理疗中心：请填写原因');
    expect((await h.terminal('partner status 余杭舒心理疗中心')).out).toContain('请选择状态');
    expect((await partner('余杭舒心理疗中心')).status).toBe('1');
    const r = await h.terminal('partner status 余杭舒心理疗中心 停用 --reason 合同到期');
    expect(r.out).toContain('已改为「停用」 1 个商户');
    const p = await partner('余杭舒心理疗中心');
    expect(p).toMatchObject({ status: '3', statusReason: '合同到期' });
    const log = await db().select().from(sysStateHistory).where(eq(sysStateHistory.rowId, p.id));
    expect(log.map((l) => `${l.fromState}>${l.toState}`).sort()).toEqual(['0>1', '1>3']);
    const bad = await h.terminal('partner status 没有这个商户 正常');
    expect(bad.out).toContain('商户不存在: 没有这个商户');
    // nothing named, piped or ticked: as on the technician page (issue 27 said 商户不存在)
    expect((await h.terminal('partner status')).out).toContain('请选择一条记录！');
    // piped partners take the status as the one word
    const piped = await h.terminal('partner list --name 余杭舒心理疗中心 | partner status 正常 --dry-run');
    expect(piped.results.at(-1)?.status, piped.out).toBe('ok');
  });
});

describe('technician commands', () => {
  it('technician status --dry-run lists, then changes several by name with progress', async () => {
    const names = (await db().select().from(yyTechnician).limit(3)).map((t) => t.name);
    const line = `technician status 休息 ${names.join(' ')}`;
    const dry = await h.terminal(`${line} --dry-run`);
    expect(dry.out).toContain('（未执行）');
    for (const n of names) expect(dry.out).toContain(n);
    const before = await technicians(names);
    const r = await h.terminal(`${line} --yes`);
    expect(r.results[0]?.status).toBe('ok');
    const changed = before.filter((t) => t.workStatus !== '3').length;
    expect(r.out).toContain(`已改为「休息」 ${changed} 个技师`);
    for (const t of await technicians(names)) expect(t.workStatus).toBe('3');
  });

  it('technician status from a piped list, and Ctrl+C stops it half way', async () => {
    const online = (await db().select().from(yyTechnician).where(eq(yyTechnician.workStatus, '1'))).slice(
      0,
      3,
    );
    const ac = new AbortController();
    const push = h.calls.push.bind(h.calls);
    let puts = 0;
    h.calls.push = (...items) => {
      if (items.some((c) => c.method === 'PUT') && ++puts === 1) ac.abort();
      return push(...items);
    };
    try {
      await expect(
        h.executor.run(
          'technician.status',
          { status: '停用', ids: online.map((t) => t.id) },
          { source: 'terminal', signal: ac.signal, yes: true },
        ),
      ).rejects.toMatchObject({ message: '已取消' });
    } finally {
      h.calls.push = push;
    }
    await expect
      .poll(
        async () => (await technicians(online.map((t) => t.name))).filter((t) => t.workStatus === '4').length,
      )
      .toBe(1);
    const piped = await h.terminal(`technician list --name ${online[1]!.name} | technician status 在线`);
    expect(piped.results.at(-1)?.status).toBe('ok');
  });

  it('technician services add opens several projects by name, skipping open ones; dry run first', async () => {
    const [tech] = await db().select().from(yyTechnician).where(eq(yyTechnician.workStatus, '1')).limit(1);
    const open = await db()
      .select()
      .from(yyTechnicianService)
      .where(eq(yyTechnicianService.technicianId, tech!.id));
    const projects = await db().select().from(yyProject).where(eq(yyProject.status, '1'));
    const openIds = new Set(open.map((o) => o.projectId));
    const fresh = projects.filter((p) => !openIds.has(p.id)).slice(0, 2);
    const already = projects.find((p) => openIds.has(p.id))!;
    const line = `technician services add ${tech!.id} ${fresh.map((p) => p.name).join(' ')} ${already.name}`;
    const dry = await h.terminal(`${line} --dry-run`);
    expect(dry.out).toContain('演练：将开通 2 个项目（未执行）');
    const r = await h.terminal(line);
    expect(r.out).toContain('已开通 2 个项目，1 个此前已开通');
    const now = await db()
      .select()
      .from(yyTechnicianService)
      .where(eq(yyTechnicianService.technicianId, tech!.id));
    expect(now.length).toBe(open.length + 2);
    const bad = await h.terminal(`technician services add ${tech!.id} 不存在的项目`);
    expect(bad.out).toContain('服务项目不存在或已下架: 不存在的项目');
  });

  it('project price sets a price by name, shown with separators; bad prices refused by the shared rule', async () => {
    // the list price (258) bounds it: raise that first, through the generated edit
    expect((await h.terminal('project price 全身推拿 1198')).out).toContain('划线价不能低于价格');
    const [before] = await db().select().from(yyProject).where(eq(yyProject.name, '全身推拿'));
    await h.terminal(`project edit ${before!.id} --listPrice 1580`);
    const r = await h.terminal('project price 全身推拿 1198');
    expect(r.out).toContain('已将「全身推拿」价格从 198.00 改为 1,198.00');
    const [row] = await db().select().from(yyProject).where(eq(yyProject.name, '全身推拿'));
    expect(row!.price).toBe('1198.00');
    // the terminal's list shows money with thousands separators, right-aligned; --json keeps the value
    const listed = await h.terminal('project list --name 全身推拿');
    expect(listed.out).toMatch(/全身推拿.*\s1,198\.00\s+1,580\.00/);
    expect((await h.terminal('project list --name 全身推拿 --json')).out).toContain('"price": "1198.00"');
    expect((await h.terminal('project price 全身推拿 1.999')).out).toContain('价格(元)取值无效');
    expect((await h.terminal('project price 全身推拿 -1')).out).toContain('价格不能为负数');
  });
});

describe('finding the commands', () => {
  it('the palette finds them by Chinese, pinyin and English', async () => {
    const index = buildSearchIndex(h.executor.visible(), await loadPinyin());
    const find = (q: string) => rank(index, q).map((r) => r.id);
    expect(find('技师')).toEqual(expect.arrayContaining(['technician.list', 'technician.status']));
    expect(find('jishi')).toEqual(expect.arrayContaining(['technician.list', 'technician.add']));
    expect(find('technician')).toEqual(
      expect.arrayContaining(['technician.list', 'technician.services.add']),
    );
    expect(find('shanghu')).toEqual(expect.arrayContaining(['partner.list', 'partner.approve']));
    expect(find('merchant')).toContain('partner.list');
    expect(find('调价')).toContain('project.price');
  });
});

describe('as staff', () => {
  it('neither sees nor runs the catalogue commands', async () => {
    const s = await serverHarness('yuangong', { app: h.t });
    const visible = s.executor.visible().map((c) => c.id);
    for (const id of ['partner.status', 'technician.status', 'technician.list', 'project.price'])
      expect(visible).not.toContain(id);
    const r = await s.terminal('project price 全身推拿 1');
    expect(r.results[0]?.status).toBe('error');
    const [row] = await db().select().from(yyProject).where(eq(yyProject.name, '全身推拿'));
    expect(row!.price).toBe('1198.00');
    // the terminal's list shows money with thousands separators, right-aligned; --json keeps the value
    const listed = await h.terminal('project list --name 全身推拿');
    expect(listed.out).toMatch(/全身推拿.*\s1,198\.00\s+1,580\.00/);
    expect((await h.terminal('project list --name 全身推拿 --json')).out).toContain('"price": "1198.00"');
  });
});

// last: the update moves rows, which the tests above pick by position
describe('batch confirmation (issue 27)', () => {
  it('a piped batch of several technicians asks first with the count; --yes does not ask', async () => {
    const online = await db().select().from(yyTechnician).where(eq(yyTechnician.workStatus, '1'));
    expect(online.length).toBeGreaterThan(1);
    const line = 'technician list --page-size 50 --work-status 在线 | technician status 休息';
    const asked = h.state.confirms.length;
    const declined = await h.terminal(line);
    expect(h.state.confirms.slice(asked)).toEqual([`确定改为「休息」 ${online.length} 个技师吗?`]);
    expect(declined.out).toContain('已取消');
    const after = await db().select().from(yyTechnician).where(eq(yyTechnician.workStatus, '1'));
    expect(after.length).toBe(online.length);
    // a dry run asks nothing; --yes goes ahead without asking
    await h.terminal(`${line} --dry-run`);
    const r = await h.terminal(`${line} --yes`);
    expect(h.state.confirms.length).toBe(asked + 1);
    expect(r.out).toContain(`已改为「休息」 ${online.length} 个技师`);
    await db()
      .update(yyTechnician)
      .set({ workStatus: '1' })
      .where(
        inArray(
          yyTechnician.id,
          online.map((t) => t.id),
        ),
      );
  });
});
