import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyOrderRefund, yyPlatformConfig, yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import { ORDER, ORDER_TIMELINE, orderStatusText } from '../../../src/shared/resources/order.ts';
import { fromFen, percentOfFen, toFen } from '../../../src/shared/format.ts';
import { booking, ep, fixtures, localTime, S } from './order-support.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof fixtures>>;
const token: Record<string, string> = {};
const path = (action: string) => `${ORDER.decl.path}/${action}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
  f = await fixtures(t);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const orderOf = async (id: string) =>
  (await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, id)))[0]!;

/** Book an order (staff) at `day` days from now, `hhmm`: answers its id. */
async function book(day = 2, hhmm = '10:00'): Promise<string> {
  const r = await t.call('POST', ep.add.path, {
    token: token.yuangong,
    body: booking(f, { appointmentTime: localTime(day, hhmm) }),
  });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
  return o!.id;
}

/**
 * Call an action. A named technician of 派单 / 改派 is forced (these tests are about the order's
 * life, not who is a candidate: tests/server/yy/order-dispatch.test.ts covers that), with a reason.
 */
async function act(action: string, id: string, body: Record<string, unknown> = {}, who = 'yunying') {
  if ((action === 'assign' || action === 'reassign') && body.technicianId)
    body = { force: true, ...(action === 'assign' ? { reason: '客户指定' } : {}), ...body };
  return (await t.call('PUT', path(action), { token: token[who], body: { ids: id, ...body } })).body;
}

async function must(action: string, id: string, body: Record<string, unknown> = {}, who = 'yunying') {
  const r = await act(action, id, body, who);
  expect(r.success, `${action}: ${JSON.stringify(r)}`).toBe(true);
}

/** Through pay, assign and accept: answers the order's id. */
async function accepted(technician = 0, day = 2, hhmm = '10:00'): Promise<string> {
  const id = await book(day, hhmm);
  await must('pay', id, { payMethod: '1', payReference: 'WX123' }, 'yuangong');
  await must('assign', id, { technicianId: f.technicians[technician]!.id });
  await must('accept', id);
  return id;
}

describe('the declared life of an order', () => {
  it('goes pay → assign → accept → depart → arrive → start → finish → review, each in the timeline', async () => {
    const id = await book();
    await must('pay', id, { payMethod: '2', payReference: 'ALI-1' }, 'yuangong');
    let o = await orderOf(id);
    expect(o).toMatchObject({
      status: S.pending,
      payMethod: '2',
      paidAmount: o.totalAmount,
      payReference: 'ALI-1',
    });
    const tech = f.technicians[1]!;
    await must('assign', id, { technicianId: tech.id });
    o = await orderOf(id);
    expect(o).toMatchObject({ technicianId: tech.id, partnerId: tech.partnerId, status: S.pending });
    for (const a of ['accept', 'depart', 'arrive', 'start', 'finish']) await must(a, id);
    await must('review', id, { rating: '5', reason: '手法专业' }, 'yuangong');
    o = await orderOf(id);
    expect(o.status).toBe(S.reviewed);
    expect(o.rating).toBe(5);
    const tl = await t.call('GET', ORDER_TIMELINE.path, { token: token.yuangong, query: { id } });
    expect(tl.body.result.map((e: { action: string }) => e.action)).toEqual([
      '下单',
      '支付',
      '派单',
      '接单',
      '出发',
      '到达',
      '开始服务',
      '服务完成',
      '评价',
    ]);
    expect(tl.body.result.at(-1)).toMatchObject({
      reason: '手法专业',
      by: 'yuangong',
      change: '服务完成 → 用户评价',
    });
  });

  it('refuses every action its state does not allow, in Chinese', async () => {
    const id = await book();
    const actions = ORDER.states!.actions;
    for (const { name, transition } of actions) {
      if (transition.from.includes(S.unpaid)) continue;
      const r = await act(name, id, {
        reason: '测试',
        technicianId: f.technicians[0]!.id,
        rating: '5',
        refundAmount: '0',
      });
      expect(r.success, name).toBe(false);
      expect(r.message).toBe(
        transition.to === S.unpaid
          ? `订单已是「待支付」状态`
          : `订单状态不能从「待支付」改为「${orderStatusText(transition.to)}」`,
      );
    }
    expect(await act('accept', id)).toMatchObject({ success: false });
    await must('pay', id, { payMethod: '1' });
    expect(await act('accept', id)).toMatchObject({ success: false, message: '订单尚未派单，不能接单' });
    expect(await act('pay', id, { payMethod: '1' })).toMatchObject({
      success: false,
      message: '订单已是「待接单」状态',
    });
    expect(await act('cancel', id)).toMatchObject({ success: false, message: '请填写原因' });
    expect(
      (
        await t.call('PUT', path('assign'), {
          token: token.yunying,
          body: { ids: id, technicianId: f.technicians[0]!.id, force: true },
        })
      ).body,
    ).toMatchObject({ success: false, message: '强制派单须填写原因' });
    expect(await act('reassign', id, { technicianId: f.technicians[0]!.id, reason: '换人' })).toMatchObject({
      success: false,
      message: '订单尚未派单，不能接单',
    });
  });

  it('closes an unpaid order only after the unpaid-close minutes', async () => {
    const id = await book();
    expect(await act('closeUnpaid', id)).toMatchObject({
      success: false,
      message: '订单下单未满15分钟，不能按支付超时关闭',
    });
    await db()
      .update(yyVisitOrder)
      .set({ createTime: new Date(Date.now() - 16 * 60_000) })
      .where(eq(yyVisitOrder.id, id));
    await must('closeUnpaid', id, { reason: '支付超时' });
    expect((await orderOf(id)).status).toBe(S.closed);
  });

  it('cancels a paid 待接单 order directly, refunding everything once', async () => {
    const id = await book();
    await must('pay', id, { payMethod: '1' });
    await must('cancel', id, { reason: '客户改期' }, 'yuangong');
    const o = await orderOf(id);
    expect(o.status).toBe(S.cancelled);
    expect(o.refundAmount).toBe(o.paidAmount);
    const refunds = await db().select().from(yyOrderRefund).where(eq(yyOrderRefund.orderId, id));
    expect(refunds).toMatchObject([{ kind: 'cancel', amount: o.paidAmount, status: 'done' }]);
  });

  it('refuses a technician whose window overlaps an active order, and reassigns with a reason', async () => {
    const a = await accepted(2, 3, '14:00');
    const b = await book(3, '14:30');
    await must('pay', b, { payMethod: '1' });
    const busy = await act('assign', b, { technicianId: f.technicians[2]!.id });
    expect(busy.success).toBe(false);
    expect(busy.message).toMatch(/^该技师在预约时段已有订单（\d{8}-\d{4}），不能重复派单$/);
    await must('assign', b, { technicianId: f.technicians[3]!.id });
    expect(await act('reassign', b, { technicianId: f.technicians[4]!.id })).toMatchObject({
      success: false,
      message: '请填写原因',
    });
    await must('reassign', a, { technicianId: f.technicians[5]!.id, reason: '技师临时请假' });
    expect(await orderOf(a)).toMatchObject({
      status: S.pending,
      technicianId: f.technicians[5]!.id,
      acceptTime: null,
    });
    // the first technician's time is free again
    await must('reassign', b, { technicianId: f.technicians[2]!.id, reason: '客户指定' });
  });

  it('cancels an accepted order through approval: free within the free minutes, else the late fee', async () => {
    const free = await accepted(6);
    await must('requestCancel', free, { reason: '临时有事' }, 'yuangong');
    expect(await orderOf(free)).toMatchObject({
      status: S.cancelPending,
      cancelFee: '0.00',
      cancelFrom: S.accepted,
    });
    await must('approveCancel', free);
    const o1 = await orderOf(free);
    expect(o1).toMatchObject({ status: S.cancelled, refundAmount: o1.paidAmount });

    const late = await accepted(7);
    await db()
      .update(yyVisitOrder)
      .set({ acceptTime: new Date(Date.now() - 31 * 60_000) })
      .where(eq(yyVisitOrder.id, late));
    await must('depart', late);
    await must('requestCancel', late, { reason: '不想要了' }, 'yuangong');
    const o2 = await orderOf(late);
    const fee = percentOfFen(toFen(o2.paidAmount)!, '10');
    expect(o2).toMatchObject({ status: S.cancelPending, cancelFee: fromFen(fee), cancelFrom: S.departed });
    // staff may ask, not approve
    expect((await act('approveCancel', late, {}, 'yuangong')).success).toBe(false);
    await must('approveCancel', late);
    expect((await orderOf(late)).refundAmount).toBe(fromFen(toFen(o2.paidAmount)! - fee));
  });

  it('returns a rejected cancel request to the state it came from', async () => {
    const id = await accepted(8);
    await must('depart', id);
    await must('requestCancel', id, { reason: '等太久' });
    await must('rejectCancel', id, { reason: '技师已在路上' });
    expect(await orderOf(id)).toMatchObject({ status: S.departed, cancelFrom: null, cancelFee: null });
    const tl = await t.call('GET', ORDER_TIMELINE.path, { token: token.admin, query: { id } });
    expect(tl.body.result.at(-1)).toMatchObject({ action: '驳回取消', change: '待取消审核 → 技师出发' });
  });

  it('uses the fee settings as configured', async () => {
    await db()
      .update(yyPlatformConfig)
      .set({ value: '25' })
      .where(eq(yyPlatformConfig.configKey, 'order.lateCancelFeeRate'));
    await db()
      .update(yyPlatformConfig)
      .set({ value: '0' })
      .where(eq(yyPlatformConfig.configKey, 'order.freeCancelMinutes'));
    const id = await accepted(9);
    await db()
      .update(yyVisitOrder)
      .set({ acceptTime: new Date(Date.now() - 60_000) })
      .where(eq(yyVisitOrder.id, id));
    await must('requestCancel', id, { reason: '改约' });
    const o = await orderOf(id);
    expect(o.cancelFee).toBe(fromFen(percentOfFen(toFen(o.paidAmount)!, '25')));
    await db()
      .update(yyPlatformConfig)
      .set({ value: '10' })
      .where(eq(yyPlatformConfig.configKey, 'order.lateCancelFeeRate'));
    await db()
      .update(yyPlatformConfig)
      .set({ value: '30' })
      .where(eq(yyPlatformConfig.configKey, 'order.freeCancelMinutes'));
  });

  it('ends an after-sale with a partial refund within what was paid', async () => {
    const id = await accepted(10);
    for (const a of ['depart', 'arrive', 'start', 'finish']) await must(a, id);
    await must('afterSale', id, { reason: '服务不满意' }, 'yuangong');
    const paid = toFen((await orderOf(id)).paidAmount)!;
    expect(await act('finishAfterSale', id, { refundAmount: fromFen(paid + 1) })).toMatchObject({
      success: false,
      message: `退款金额不能超过可退金额 ${fromFen(paid)} 元`,
    });
    expect(await act('finishAfterSale', id, {})).toMatchObject({
      success: false,
      message: '请输入退款金额（不退款填0）',
    });
    await must('finishAfterSale', id, { refundAmount: '20.00', reason: '部分退款' });
    expect(await orderOf(id)).toMatchObject({ status: S.afterSaleDone, refundAmount: '20.00' });
  });

  it('edits a paid, assigned order as the form sends it: the remark and 加钟 only, the booked prices kept', async () => {
    const id = await accepted(12, 5, '09:00');
    const form = (await t.call('GET', ep.queryById.path, { token: token.admin, query: { id } })).body.result;
    const before = await orderOf(id);
    // the form sends every field back unchanged, with a new remark
    const sent = { ...form, remark: '客户要求安静' };
    const saved = await t.call('PUT', ep.edit.path, { token: token.yuangong, body: sent });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect(await orderOf(id)).toMatchObject({ remark: '客户要求安静', totalAmount: before.totalAmount });
    // a changed appointment or project is refused
    const moved = await t.call('PUT', ep.edit.path, {
      token: token.yuangong,
      body: { ...sent, appointmentTime: localTime(6, '09:00') },
    });
    expect(moved.body).toMatchObject({ success: false, message: '订单已支付或已派单，只能修改备注和加钟' });
    // 加钟: the extra line at today's price, the rest as booked, the technician's window longer
    const x = f.projects[2]!;
    // read again: the row version of the first read is stale after the first edit
    const again = (await t.call('GET', ep.queryById.path, { token: token.admin, query: { id } })).body.result;
    const more = await t.call('PUT', ep.edit.path, {
      token: token.yuangong,
      body: { ...again, extraList: [{ projectId: x.id, quantity: 1 }] },
    });
    expect(more.body.success, JSON.stringify(more.body)).toBe(true);
    const after = await orderOf(id);
    expect(after).toMatchObject({
      extraAmount: x.price,
      totalAmount: fromFen(toFen(before.totalAmount)! + toFen(x.price)!),
      serviceMinutes: before.serviceMinutes + x.duration,
      projectAmount: before.projectAmount,
      fareAmount: before.fareAmount,
      paidAmount: before.paidAmount,
    });
    expect(after.endTime.getTime() - before.endTime.getTime()).toBe(x.duration * 60_000);
  });

  it('gives a technician to one of several overlapping orders assigned at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await book(6, '15:00');
      await must('pay', id, { payMethod: '1' });
      ids.push(id);
    }
    const tech = f.technicians[13]!;
    const results = await Promise.all(ids.map((id) => act('assign', id, { technicianId: tech.id })));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.success)) expect(r.message).toMatch(/^该技师在预约时段已有订单/);
    const held = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.technicianId, tech.id));
    expect(held.filter((o) => ids.includes(o.id))).toHaveLength(1);
  });

  it('refunds once when the same approval races or is retried', async () => {
    const id = await accepted(11);
    await must('requestCancel', id, { reason: '临时有事' });
    const results = await Promise.all(Array.from({ length: 5 }, () => act('approveCancel', id)));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.success)) expect(r.message).toBe('订单已是「已取消」状态');
    const refunds = await db().select().from(yyOrderRefund).where(eq(yyOrderRefund.orderId, id));
    expect(refunds).toHaveLength(1);
    const o = await orderOf(id);
    expect(o.refundAmount).toBe(o.paidAmount);
    // the database refuses a second refund of the same kind, whatever code writes it
    await expect(
      db()
        .insert(yyOrderRefund)
        .values({
          id: 'x'.repeat(32),
          orderId: id,
          kind: 'cancel',
          amount: '1.00',
          refundNo: 'other',
          provider: 'dev-log',
          status: 'pending',
        }),
    ).rejects.toThrow();
    // the provider was asked once for this refund
    const provider = t.app.payments as unknown as { refunds: Map<string, unknown> };
    expect([...provider.refunds.keys()].filter((k) => k.startsWith(o.orderNo))).toHaveLength(1);
  });
});
