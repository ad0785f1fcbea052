import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import {
  sysStateHistory,
  sysUser,
  yyBreachRecord,
  yyExceptionOrder,
  yyOrderRefund,
  yyVisitOrder,
} from '../../../src/server/db/schema/index.ts';
import {
  EXCEPTION_KIND as K,
  EXCEPTION_ORDER,
  EXCEPTION_STATUS_COUNTS,
} from '../../../src/shared/resources/exception-order.ts';
import { ORDER } from '../../../src/shared/resources/order.ts';
import { CUSTOMER } from '../../../src/shared/resources/customer.ts';
import { TECHNICIAN } from '../../../src/shared/resources/technician.ts';
import { ORDER_JOBS } from '../../../src/server/jobs/orders.ts';
import type { JobContext } from '../../../src/server/jobs/registry.ts';
import { booking, ep, fixtures, localTime, S } from './order-support.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof fixtures>>;
const token: Record<string, string> = {};
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
  f = await fixtures(t);
});
afterAll(async () => t?.close());

let day = 3;
/** Book an order (staff) on a day of its own: answers its id. */
async function book(): Promise<string> {
  const r = await t.call('POST', ep.add.path, {
    token: token.yuangong,
    body: booking(f, { appointmentTime: localTime(day++, '10:00') }),
  });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
  return o!.id;
}

const orderAct = async (action: string, id: string, body: Record<string, unknown> = {}, who = 'yunying') =>
  (await t.call('PUT', `${ORDER.decl.path}/${action}`, { token: token[who], body: { ids: id, ...body } }))
    .body;
async function must(action: string, id: string, body: Record<string, unknown> = {}) {
  const r = await orderAct(action, id, body);
  expect(r.success, `${action}: ${JSON.stringify(r)}`).toBe(true);
}
const exAct = async (action: string, id: string, body: Record<string, unknown> = {}, who = 'yunying') =>
  (
    await t.call('PUT', `${EXCEPTION_ORDER.decl.path}/${action}`, {
      token: token[who],
      body: { ids: id, ...body },
    })
  ).body;

async function accepted(technician = 0): Promise<string> {
  const id = await book();
  await must('pay', id, { payMethod: '1', payReference: 'WX-EX' });
  // the test's technician is named, not found by dispatch: forced with a reason (order-dispatch.test.ts)
  await must('assign', id, { technicianId: f.technicians[technician]!.id, force: true, reason: '客户指定' });
  await must('accept', id);
  return id;
}

const exceptionsOf = (orderId: string) =>
  db().select().from(yyExceptionOrder).where(eq(yyExceptionOrder.orderId, orderId));

/** Run a registered job handler as the scheduler would. */
async function runJob(className: string): Promise<string> {
  const def = t.app.jobs.get(className)!;
  const ctx: JobContext = {
    db: db(),
    parameter: null,
    jobId: 'test',
    className,
    fireTime: new Date(),
    trigger: 'manual',
    instance: 'test',
    signal: new AbortController().signal,
    log: t.app.log,
    notices: t.app.notices,
  };
  return String((await def.run(ctx)) ?? '');
}

describe('异常订单: the seed', () => {
  it('has open exceptions of every kind on seeded orders, listed with the order and counted per state', async () => {
    const r = await t.call('GET', EXCEPTION_ORDER.endpoints.list.path, {
      token: token.yunying,
      query: { status: '1', pageSize: '200' },
    });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const rows = r.body.result.records as Array<Record<string, unknown>>;
    const kinds = new Set(rows.map((x) => x.kind));
    expect([...kinds].sort()).toEqual(Object.values(K).sort());
    expect(rows[0]).toMatchObject({
      orderNo: expect.stringMatching(/^\d{8}-\d{4}$/),
      status: '1',
    });
    expect(typeof rows[0]!.ageMinutes).toBe('number');
    expect(rows.some((x) => x.customerName)).toBe(true);
    const counts = await t.call('GET', EXCEPTION_STATUS_COUNTS.path, { token: token.yunying });
    expect(counts.body.result['1']).toBe(r.body.result.total);
  });
});

describe('异常订单: opened by the order', () => {
  it('申请取消 opens 取消待审核; 驳回 resolves it; 同意 with a fee resolves it and records 违约', async () => {
    const id = await accepted();
    await must('requestCancel', id, { reason: '临时有事' });
    let ex = await exceptionsOf(id);
    expect(ex).toMatchObject([{ kind: K.cancelPending, status: '1', reason: '客户申请取消：临时有事' }]);
    await must('rejectCancel', id, { reason: '技师已出发' });
    ex = await exceptionsOf(id);
    expect(ex).toMatchObject([{ kind: K.cancelPending, status: '3', resolution: '4' }]);
    // accepted long ago: a late cancellation charged a fee
    await db().execute(
      sql`update yy_visit_order set accept_time = now() - interval '1 day' where id = ${id}`,
    );
    await must('requestCancel', id, { reason: '不需要了' });
    expect((await exceptionsOf(id)).filter((e) => e.status === '1')).toHaveLength(1);
    await must('approveCancel', id);
    ex = await exceptionsOf(id);
    expect(ex.every((e) => e.status === '3')).toBe(true);
    const [breach] = await db().select().from(yyBreachRecord).where(eq(yyBreachRecord.orderId, id));
    expect(breach).toMatchObject({ kind: 'lateCancel', customerId: f.customer.id });
    expect(Number(breach!.fee)).toBeGreaterThan(0);
    const c = await t.call('GET', CUSTOMER.endpoints.list.path, {
      token: token.admin,
      query: { id: f.customer.id },
    });
    expect(c.body.result.records[0].breachCount).toBeGreaterThanOrEqual(1);
  });

  it('a review of 2 stars opens 投诉, of 4 none; 申请售后 opens 退款申请 and 售后结束 resolves it as 退款', async () => {
    const served = async () => {
      const id = await accepted(1);
      for (const a of ['depart', 'arrive', 'start', 'finish']) await must(a, id);
      return id;
    };
    const good = await served();
    await must('review', good, { rating: '4' });
    expect(await exceptionsOf(good)).toEqual([]);
    const bad = await served();
    await must('review', bad, { rating: '2', reason: '迟到且态度差' });
    expect(await exceptionsOf(bad)).toMatchObject([
      { kind: K.complaint, status: '1', reason: '客户评价2星：迟到且态度差' },
    ]);
    await must('afterSale', bad, { reason: '服务不满意' });
    await must('finishAfterSale', bad, { refundAmount: '10.00' });
    const refund = (await exceptionsOf(bad)).find((e) => e.kind === K.refund);
    expect(refund).toMatchObject({ status: '3', resolution: '2' });
  });
});

describe('异常订单: the flagging job', () => {
  it('opens 接单超时, 技师迟到 and 服务超时 once however often it runs; 改派 of a late one is a 爽约', async () => {
    const unaccepted = await book();
    await must('pay', unaccepted, { payMethod: '1' });
    const late = await accepted(2);
    const serving = await accepted(3);
    for (const a of ['depart', 'arrive', 'start']) await must(a, serving);
    await db().execute(
      sql`update yy_visit_order set pay_time = now() - interval '2 hours' where id = ${unaccepted}`,
    );
    await db().execute(
      sql`update yy_visit_order set appointment_time = now() - interval '1 hour', end_time = now() where id = ${late}`,
    );
    await db().execute(
      sql`update yy_visit_order set end_time = now() - interval '1 hour' where id = ${serving}`,
    );
    const first = await runJob(ORDER_JOBS.flagExceptions);
    expect(first).toMatch(/接单超时 [1-9]/);
    await runJob(ORDER_JOBS.flagExceptions);
    expect(await exceptionsOf(unaccepted)).toMatchObject([{ kind: K.unaccepted, status: '1' }]);
    expect(await exceptionsOf(late)).toMatchObject([{ kind: K.late }]);
    expect(await exceptionsOf(serving)).toMatchObject([{ kind: K.overrun }]);
    const again = await runJob(ORDER_JOBS.flagExceptions);
    expect(again).toBe('新标记异常订单：接单超时 0 个，技师迟到 0 个，服务超时 0 个');

    const [lateEx] = await exceptionsOf(late);
    const resolved = await exAct('resolve', lateEx!.id, { resolution: '1', reason: '技师未到，已改派' });
    expect(resolved.success, JSON.stringify(resolved)).toBe(true);
    const techs = await t.call('GET', TECHNICIAN.endpoints.list.path, {
      token: token.admin,
      query: { id: f.technicians[2]!.id },
    });
    expect(techs.body.result.records[0].noShowCount).toBe(1);
  });
});

describe('异常订单: handling', () => {
  it('认领, 指派处理人 and 解决 follow the state and refuse in Chinese; 财务 and 普通员工 only read', async () => {
    const id = await accepted(4);
    await must('requestCancel', id, { reason: '测试处理' });
    const [ex] = await exceptionsOf(id);
    const denied = await exAct('claim', ex!.id, {}, 'caiwu');
    expect(denied.success).toBe(false);
    expect((await exAct('claim', ex!.id, {}, 'yuangong')).success).toBe(false);
    for (const who of ['caiwu', 'yuangong']) {
      const list = await t.call('GET', EXCEPTION_ORDER.endpoints.list.path, { token: token[who] });
      expect(list.body.success, who).toBe(true);
    }
    expect(await exAct('claim', ex!.id)).toMatchObject({ success: true, message: '认领成功' });
    expect(await exAct('claim', ex!.id)).toMatchObject({
      success: false,
      message: '异常订单已是「处理中」状态',
    });
    expect(await exAct('assignHandler', ex!.id, { handler: 'nobody' })).toMatchObject({
      success: false,
      message: '处理人不存在或已停用',
    });
    expect(await exAct('assignHandler', ex!.id, { handler: 'yunying' })).toMatchObject({
      success: false,
      message: '该异常订单已由此人处理',
    });
    expect((await exAct('assignHandler', ex!.id, { handler: 'admin' })).success).toBe(true);
    expect(await exAct('resolve', ex!.id, { resolution: '3' })).toMatchObject({
      success: false,
      message: '请填写原因',
    });
    expect((await exAct('resolve', ex!.id, { reason: '已致电' })).success).toBe(false);
    expect((await exAct('resolve', ex!.id, { resolution: '3', reason: '已致电客户致歉' })).success).toBe(
      true,
    );
    const [done] = await exceptionsOf(id);
    expect(done).toMatchObject({ status: '3', resolution: '3', note: '已致电客户致歉', handlerId: 'admin' });
    expect(await exAct('resolve', ex!.id, { resolution: '3', reason: 'x' })).toMatchObject({
      success: false,
      message: '异常订单已是「已解决」状态',
    });
  });
});

describe('异常订单: jobs through their handlers', () => {
  it('closes an unpaid order past order.unpaidCloseMinutes through 支付超时关闭, recorded as 系统', async () => {
    const id = await book();
    const fresh = await book();
    await db().execute(
      sql`update yy_visit_order set create_time = now() - interval '1 day' where id = ${id}`,
    );
    const out = await runJob(ORDER_JOBS.closeUnpaid);
    expect(out).toMatch(/关闭超时未支付订单 [1-9]/);
    const [o] = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, id));
    expect(o!.status).toBe(S.closed);
    const [h] = await db()
      .select()
      .from(sysStateHistory)
      .where(and(eq(sysStateHistory.rowId, id), eq(sysStateHistory.action, 'closeUnpaid')));
    expect(h).toMatchObject({ changedBy: 'system', toState: S.closed });
    const [still] = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, fresh));
    expect(still!.status).toBe(S.unpaid);
  });

  it('finishes a service long past its end through 服务完成, and retries a pending refund once', async () => {
    const id = await accepted(5);
    for (const a of ['depart', 'arrive', 'start']) await must(a, id);
    await db().execute(sql`update yy_visit_order set end_time = now() - interval '1 day' where id = ${id}`);
    expect(await runJob(ORDER_JOBS.autoFinish)).toMatch(/自动完成服务 [1-9]/);
    const [o] = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, id));
    expect(o!.status).toBe(S.finished);

    await must('afterSale', id, { reason: '不满意' });
    await must('finishAfterSale', id, { refundAmount: '5.00' });
    await db()
      .update(yyOrderRefund)
      .set({ status: 'pending', providerRef: null })
      .where(eq(yyOrderRefund.orderId, id));
    expect(await runJob(ORDER_JOBS.retryRefunds)).toMatch(/仍待退款 0 笔/);
    const [r] = await db().select().from(yyOrderRefund).where(eq(yyOrderRefund.orderId, id));
    expect(r!.status).toBe('done');
  });
});

describe("异常订单: a partner's staff", () => {
  it("see only their partner's exceptions", async () => {
    const [withPartner] = await db()
      .select({ partnerId: yyExceptionOrder.partnerId })
      .from(yyExceptionOrder)
      .where(sql`${yyExceptionOrder.partnerId} is not null`)
      .limit(1);
    const partnerId = withPartner!.partnerId!;
    const [me] = await db().select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'yunying'));
    const bound = await t.call('PUT', '/sys/user/edit', {
      token: token.admin,
      body: { id: me!.id, realname: '运营专员', partnerId },
    });
    expect(bound.body.success, JSON.stringify(bound.body)).toBe(true);
    const staff = await t.login('yunying');
    const mine = await t.call('GET', EXCEPTION_ORDER.endpoints.list.path, {
      token: staff,
      query: { pageSize: '200' },
    });
    expect(mine.body.result.total).toBeGreaterThan(0);
    for (const r of mine.body.result.records) expect(r.partnerId).toBe(partnerId);
    const all = await t.call('GET', EXCEPTION_ORDER.endpoints.list.path, { token: token.admin });
    expect(all.body.result.total).toBeGreaterThan(mine.body.result.total);
    const [other] = await db()
      .select({ id: yyExceptionOrder.id })
      .from(yyExceptionOrder)
      .where(
        sql`${yyExceptionOrder.partnerId} is distinct from ${partnerId} and ${yyExceptionOrder.status} = '1'`,
      )
      .limit(1);
    expect(await exAct('claim', other!.id, {}, 'admin').then(() => null)).toBeNull();
    const refused = (
      await t.call('PUT', `${EXCEPTION_ORDER.decl.path}/resolve`, {
        token: staff,
        body: { ids: other!.id, resolution: '4', reason: 'x' },
      })
    ).body;
    expect(refused).toMatchObject({ success: false, message: '异常订单不存在' });
  });
});
