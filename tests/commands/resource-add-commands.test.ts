import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { serverHarness } from './server-harness.ts';
import {
  sysQuartzJob,
  sysTenant,
  yyProject,
  yyTechnician,
  yyTechnicianService,
  yyVisitOrder,
  yyVisitOrderItem,
} from '../../src/server/db/schema/index.ts';

/**
 * The generated add and edit in operator terms (issue #27): dictionary items and options by their
 * text, references by the name their picker offers (in sub table rows too), and `--dry-run`, which
 * the server checks as the save would and rolls back.
 */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('admin');
  h.state.answer = true;
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const db = () => h.t.database.db;
const technician = async (name: string) =>
  (await db().select().from(yyTechnician).where(eq(yyTechnician.name, name)))[0];
const project = async (name: string) =>
  (await db().select().from(yyProject).where(eq(yyProject.name, name)))[0]!;
const rows = async (table: typeof sysTenant | typeof sysQuartzJob | typeof yyVisitOrder) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

describe('generated add and edit in operator terms', () => {
  it('dictionary fields by their text: saved as the item values', async () => {
    const r = await h.terminal('technician add 命令技师 13800138077 --sex 女 --level 金牌');
    expect(r.results[0]?.status).toBe('ok');
    expect(await technician('命令技师')).toMatchObject({ sex: '2', level: 'gold' });
    // by value too, and on edit
    expect(
      (await h.terminal('technician list --name 命令技师 | technician edit --level senior')).out,
    ).toContain('编辑成功');
    expect((await technician('命令技师'))?.level).toBe('senior');
    expect(
      (await h.terminal('technician list --name 命令技师 | technician edit --level 中级')).out,
    ).toContain('编辑成功');
    expect((await technician('命令技师'))?.level).toBe('middle');
    // an edit leaves a text naming no item to the server, which refuses it
    const bad = await h.terminal('technician list --name 命令技师 | technician edit --level 钻石');
    expect(bad.results[0]?.status).toBe('error');
    expect(bad.out).toContain('等级');
    expect((await technician('命令技师'))?.level).toBe('middle');
  });

  it('a text that is no item of the dictionary is refused with the choices, nothing saved', async () => {
    const r = await h.terminal('technician add 命令技师乙 13800138078 --sex 女 --level 钻石');
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain('等级取值无效：钻石（可选：初级、中级、高级、金牌）');
    expect(await technician('命令技师乙')).toBeUndefined();
  });

  it('references by name (ids still accepted); an unknown name is refused', async () => {
    const tech = (await technician('命令技师'))!;
    const r = await h.terminal(`techService add --technician-id 命令技师 --project-id 全身推拿`);
    expect(r.results[0]?.status).toBe('ok');
    const saved = await db()
      .select()
      .from(yyTechnicianService)
      .where(eq(yyTechnicianService.technicianId, tech.id));
    expect(saved.map((s) => s.projectId)).toEqual([(await project('全身推拿')).id]);
    const byId = await h.terminal(
      `techService add --technician-id ${tech.id} --project-id ${(await project('肩颈调理')).id}`,
    );
    expect(byId.results[0]?.status).toBe('ok');
    const unknown = await h.terminal('techService add --technician-id 查无此人 --project-id 全身推拿');
    expect(unknown.results[0]?.status).toBe('error');
    expect(unknown.out).toContain('未找到技师「查无此人」');
  });

  it("a sub table's references by name: an order's lines name their projects", async () => {
    const before = await rows(yyVisitOrder);
    const r = await h.terminal(
      `order add 悦客6810 '2030-01-02 10:00:00' --travel-mode 打车 --distance 5 --source 客服 --remark 命令下单 --item-list '[{"projectId":"肩颈调理","quantity":2}]'`,
    );
    expect(r.results[0]?.status).toBe('ok');
    expect(await rows(yyVisitOrder)).toBe(before + 1);
    const [order] = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.remark, '命令下单'));
    expect(order).toMatchObject({ travelMode: '1', source: '1' });
    const lines = await db().select().from(yyVisitOrderItem).where(eq(yyVisitOrderItem.orderId, order!.id));
    expect(lines.map((l) => [l.projectId, l.quantity])).toEqual([[(await project('肩颈调理')).id, 2]]);
    const bad = await h.terminal(
      `order add 悦客6810 '2030-01-02 10:00:00' --travel-mode 打车 --distance 5 --source 客服 --item-list '[{"projectId":"不存在的项目","quantity":1}]'`,
    );
    expect(bad.results[0]?.status).toBe('error');
    expect(bad.out).toContain('未找到服务项目「不存在的项目」');
    expect(await rows(yyVisitOrder)).toBe(before + 1);
  });

  it('reads each picker once per save, and none for a reference given by its id (as the form sends it)', async () => {
    const reads = (from: number, path: string) =>
      h.calls.slice(from).filter((c) => c.method === 'GET' && c.path.endsWith(path)).length;
    let from = h.calls.length;
    const named = await h.terminal(
      `order add 悦客6810 '2030-01-04 10:00:00' --travel-mode 打车 --distance 5 --source 客服 --remark 一次查询 --item-list '[{"projectId":"肩颈调理","quantity":1},{"projectId":"全身推拿","quantity":1}]'`,
    );
    expect(named.results[0]?.status).toBe('ok');
    // two lines named by project: the lines' picker read once, the customers' once
    expect(reads(from, '/projectOptions')).toBe(1);
    expect(reads(from, '/customerOptions')).toBe(1);
    const [order] = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.remark, '一次查询'));
    from = h.calls.length;
    const byId = await h.terminal(
      `order add ${order!.customerId} '2030-01-05 10:00:00' --travel-mode 打车 --distance 5 --source 客服 --remark 按编号 --item-list '[{"projectId":"${(await project('肩颈调理')).id}","quantity":1}]'`,
    );
    expect(byId.results[0]?.status).toBe('ok');
    expect(reads(from, '/projectOptions')).toBe(0);
    expect(reads(from, '/customerOptions')).toBe(0);
    // an id naming no row is the server's to refuse, and it does
    const ghost = await h.terminal(
      `order add ${'f'.repeat(32)} '2030-01-05 11:00:00' --travel-mode 打车 --distance 5 --source 客服 --remark 无此客户 --item-list '[{"projectId":"${(await project('肩颈调理')).id}","quantity":1}]'`,
    );
    expect(ghost.results[0]?.status).toBe('error');
    expect(await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.remark, '无此客户'))).toEqual([]);
  });
});

describe('generated add and edit --dry-run', () => {
  it('add: checked by the server, shown, nothing saved', async () => {
    const r = await h.terminal('technician add 演练技师 13800138079 --sex 男 --level 初级 --dry-run');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练通过：保存时的全部检查均已通过（未保存）');
    expect(r.out).toMatch(/性别\s+男（1）/);
    expect(r.out).toMatch(/等级\s+初级（junior）/);
    expect(await technician('演练技师')).toBeUndefined();
  });

  it("add: the server's own checks still refuse (unique, a job's handler), nothing saved", async () => {
    // the mobile number of the technician added above
    const taken = await h.terminal('technician add 演练技师 13800138077 --sex 男 --level 初级 --dry-run');
    expect(taken.results[0]?.status).toBe('error');
    expect(await technician('演练技师')).toBeUndefined();
    const jobs = await rows(sysQuartzJob);
    const unknown = await h.terminal(`job add demo.NoSuchJob '0 0 3 * * ?' --dry-run`);
    expect(unknown.out).toContain('后台找不到该类名：demo.NoSuchJob');
    const scheduled = await h.terminal(
      `job add org.jeecg.modules.quartz.job.SampleJob '0 0 3 * * ?' --dry-run`,
    );
    expect(scheduled.out).toContain('该定时任务类名已存在');
    expect(await rows(sysQuartzJob)).toBe(jobs);
  });

  it('add with sub tables and hooks (an order) rolls everything back', async () => {
    const [orders, lines] = [await rows(yyVisitOrder), (await db().select().from(yyVisitOrderItem)).length];
    const r = await h.terminal(
      `order add 悦客6810 '2030-01-03 10:00:00' --travel-mode 打车 --distance 5 --source 客服 --item-list '[{"projectId":"全身推拿","quantity":1}]' --dry-run`,
    );
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练通过');
    expect(await rows(yyVisitOrder)).toBe(orders);
    expect((await db().select().from(yyVisitOrderItem)).length).toBe(lines);
  });

  it("a server half's own add (tenants) writes nothing on a dry run", async () => {
    const tenants = await rows(sysTenant);
    const r = await h.terminal('tenant add 演练租户 --status 1 --dry-run');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练通过');
    expect(await rows(sysTenant)).toBe(tenants);
  });

  it('edit: checked and rolled back, the row unchanged', async () => {
    const r = await h.terminal('technician list --name 命令技师 | technician edit --level 初级 --dry-run');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toContain('演练通过');
    expect((await technician('命令技师'))?.level).toBe('middle');
    const bad = await h.terminal('technician list --name 命令技师 | technician edit --mobile 12 --dry-run');
    expect(bad.results[0]?.status).toBe('error');
  });
});
