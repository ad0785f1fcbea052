import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { serverHarness } from '../server-harness.ts';
import { yyTechnician, yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import { WORK_STATUS } from '../../../src/shared/resources/technician.ts';
import { fixtures, localTime } from '../../server/yy/order-support.ts';

/** 上门订单 from the terminal, through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
let f: Awaited<ReturnType<typeof fixtures>>;
beforeAll(async () => {
  h = await serverHarness('yunying');
  f = await fixtures(h.t);
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const latest = async () =>
  (await h.t.database.db.select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1))[0]!;

describe('order commands', () => {
  it('quote prices a booking; add books it at the same price', async () => {
    const when = localTime(3, '15:00');
    const p = f.projects[0]!;
    const q = await h.terminal(`order quote ${f.customer.id} "${when}" ${p.id}*2 --distance 6`);
    expect(q.results[0]?.status, q.out).toBe('ok');
    const total = /订单金额 ([\d.]+) 元/.exec(q.out)![1];
    const items = JSON.stringify([{ projectId: p.id, quantity: 2 }]);
    const add = await h.terminal(
      `order add ${f.customer.id} "${when}" --distance 6 --travelMode 1 --source 2 --itemList '${items}'`,
    );
    expect(add.results[0]?.status, add.out).toBe('ok');
    const o = await latest();
    expect(o.totalAmount).toBe(total);
  });

  it('quote takes the customer by nickname and the projects by name, as add does', async () => {
    const when = localTime(3, '16:00');
    const [p, q] = [f.projects[0]!, f.projects[1]!];
    const byId = await h.terminal(`order quote ${f.customer.id} "${when}" ${p.id}*2 --extras ${q.id}`);
    expect(byId.results[0]?.status, byId.out).toBe('ok');
    const byName = await h.terminal(
      `order quote ${String(f.customer.nickname)} "${when}" ${p.name}*2 --extras ${q.name}`,
    );
    expect(byName.results[0]?.status, byName.out).toBe('ok');
    expect(byName.out).toBe(byId.out);
    expect(byName.out).toContain(`${p.name} × 2`);
    expect(byName.out).toContain(`加钟 ${q.name} × 1`);
    const unknown = await h.terminal(`order quote ${String(f.customer.nickname)} "${when}" 不存在的项目`);
    expect(unknown.results[0]?.status).toBe('error');
    expect(unknown.out).toContain('未找到服务项目「不存在的项目」');
  });

  it('list --status takes the state by its text; pay, cancel and timeline take the order number', async () => {
    const o = await latest();
    const list = await h.terminal('order list --status 待支付');
    expect(list.out).toContain(o.orderNo);
    const pay = await h.terminal(`order pay ${o.orderNo} --payMethod 1 --payReference WX-77 --yes`);
    expect(pay.results[0]?.status, pay.out).toBe('ok');
    expect(pay.out).toContain('已支付 1 个订单');
    const refused = await h.terminal(`order cancel ${o.orderNo}`);
    expect(refused.results[0]?.status).toBe('error');
    expect(refused.out).toContain('请填写原因');
    const cancel = await h.terminal(`order cancel ${o.orderNo} --reason 客户改期 --yes`);
    expect(cancel.results[0]?.status, cancel.out).toBe('ok');
    const row = (await h.t.database.db.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, o.id)))[0]!;
    expect(row).toMatchObject({ status: '99', refundAmount: row.paidAmount });
    const tl = await h.terminal(`order timeline ${o.orderNo}`);
    expect(tl.out).toMatch(/下单[\s\S]*支付[\s\S]*取消[\s\S]*客户改期/);
  });

  it('pay and assign take an option by its text and a technician by name; a missing one is asked for', async () => {
    const when = localTime(4, '11:00');
    const items = JSON.stringify([{ projectId: f.projects[0]!.id, quantity: 1 }]);
    await h.terminal(
      `order add ${f.customer.id} "${when}" --distance 3 --travelMode 1 --source 1 --itemList '${items}'`,
    );
    const o = await latest();
    // no payment method: asked for, and the harness answers nothing
    const unasked = await h.terminal(`order pay ${o.orderNo} --yes`);
    expect(unasked.results[0]?.status).toBe('error');
    expect(unasked.out).toContain('请选择支付方式');
    expect((await h.terminal(`order pay ${o.orderNo} --payMethod 支付宝 --yes`)).results[0]?.status).toBe(
      'ok',
    );
    const tech = f.technicians.find((x) => f.technicians.filter((y) => y.name === x.name).length === 1)!;
    // a dry run asks the server: the candidates and who would be chosen, nobody booked
    const dry = await h.terminal(`order dispatch ${o.orderNo} --dry-run`);
    expect(dry.results[0]?.status, dry.out).toBe('ok');
    expect(dry.out).toMatch(/演练：|附近没有可派的技师/);
    // the named technician need not be a candidate when forced with a reason: resting, he is none
    await h.t.database.db
      .update(yyTechnician)
      .set({ workStatus: WORK_STATUS.resting })
      .where(eq(yyTechnician.id, tech.id));
    const assign = await h.terminal(
      `order dispatch ${o.orderNo} --technician ${tech.name} --force true --reason 客户指定`,
    );
    await h.t.database.db
      .update(yyTechnician)
      .set({ workStatus: tech.workStatus })
      .where(eq(yyTechnician.id, tech.id));
    expect(assign.results[0]?.status, assign.out).toBe('ok');
    const explain = await h.terminal(`order dispatch ${o.orderNo} --explain`);
    expect(explain.results[0]?.status, explain.out).toBe('ok');
    expect(explain.out).toContain('距离(公里)');
    // it says what happened: forced to the named technician, with the reason (not 未派出)
    expect(explain.out).toContain(`李运营强制派单给 ${tech.name}（不在候选技师之列）`);
    expect(explain.out).toContain('原因：客户指定');
    expect(explain.out).not.toContain('未派出');
    const row = (await h.t.database.db.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, o.id)))[0]!;
    expect(row).toMatchObject({ payMethod: '2', technicianId: tech.id, partnerId: tech.partnerId });
  });

  it('refuses an action the state does not allow before calling, and dry-runs a batch', async () => {
    const [o] = await h.t.database.db
      .select()
      .from(yyVisitOrder)
      .where(eq(yyVisitOrder.status, '99'))
      .limit(1);
    const r = await h.terminal(`order accept ${o!.orderNo}`);
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain('订单状态不能从「已取消」改为「已接单」');
    const dry = await h.terminal(
      'order list --status 待支付 --pageSize 3 | order cancel --reason 批量测试 --dry-run',
    );
    expect(dry.out).toContain('演练：将取消 3 个订单（未执行）');
  });
});
