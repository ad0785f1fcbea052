/**
 * 派单 through the booking module: the exclusion constraint of yy_technician_booking is the one
 * guarantee against double booking, proven with concurrent requests (on PostgreSQL when run with
 * TEST_DATABASE_URL); the dry run's candidates; the auto-dispatch job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyDispatchRecord, yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import { ORDER } from '../../../src/shared/resources/order.ts';
import { AUTO_DISPATCH_MSG, autoDispatch } from '../../../src/server/jobs/auto-dispatch.ts';
import { booking, fixtures, localTime, ep } from './order-support.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof fixtures>>;
const token: Record<string, string> = {};
const path = (action: string) => `${ORDER.decl.path}/${action}`;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['yunying', 'yuangong']) token[u] = await t.login(u);
  f = await fixtures(t);
});
afterAll(async () => t?.close());

async function act(action: string, id: string, body: Record<string, unknown> = {}) {
  return (await t.call('PUT', path(action), { token: token.yunying, body: { ids: id, ...body } })).body;
}

/** `n` paid 待接单 orders at the same time `day` days ahead: their ids. */
async function paidOrders(n: number, day: number, hhmm: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await t.call('POST', ep.add.path, {
      token: token.yuangong,
      body: booking(f, { appointmentTime: localTime(day, hhmm) }),
    });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
    expect((await act('pay', o!.id, { payMethod: '1' })).success).toBe(true);
    ids.push(o!.id);
  }
  return ids;
}

const overlapping = async () => {
  const r = (await db().execute(sql`
    select count(*)::int as n from yy_technician_booking a join yy_technician_booking b
      on a.technician_id = b.technician_id and a.id < b.id and a.during && b.during
    where a.active and b.active`)) as unknown as { rows: Array<{ n: number }> };
  return r.rows[0]!.n;
};

describe('派单 through the booking module', () => {
  it('books one technician for one of many overlapping orders dispatched at once; the others are refused', async () => {
    const ids = await paidOrders(8, 9, '15:00');
    const tech = f.technicians[7]!;
    const results = await Promise.all(
      ids.map((id) => act('assign', id, { technicianId: tech.id, force: true, reason: '客户指定' })),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.success))
      expect(r.message).toMatch(/^该技师在预约时段已有订单(（\d{8}-\d{4}）)?，不能重复派单$/);
    const held = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.technicianId, tech.id));
    expect(held.filter((o) => ids.includes(o.id))).toHaveLength(1);
    expect(await overlapping()).toBe(0);
  });

  it('never books a technician twice when overlapping orders are dispatched automatically at once', async () => {
    const ids = await paidOrders(8, 10, '11:00');
    const results = await Promise.all(ids.map((id) => act('assign', id)));
    for (const r of results.filter((x) => !x.success))
      expect(r.message).toMatch(/附近没有可派的技师|不能重复派单|已有预约/);
    const rows = await db().select().from(yyVisitOrder);
    const given = rows.filter((o) => ids.includes(o.id) && o.technicianId).map((o) => o.technicianId);
    expect(new Set(given).size).toBe(given.length);
    expect(await overlapping()).toBe(0);
    // every successful dispatch kept its candidate list
    for (const o of rows.filter((x) => ids.includes(x.id) && x.technicianId)) {
      const [rec] = await db().select().from(yyDispatchRecord).where(eq(yyDispatchRecord.orderId, o.id));
      expect(rec!.chosenTechnicianId).toBe(o.technicianId);
    }
  });

  it('refuses a named technician who is not a candidate unless forced with a reason', async () => {
    const [id] = await paidOrders(1, 11, '03:00');
    const tech = f.technicians[9]!;
    const r = await act('assign', id!, { technicianId: tech.id });
    if (!r.success) expect(r.message).toMatch(/不在可派技师之列/);
    else return; // a candidate after all at 03:00: nothing to refuse
    expect(await act('assign', id!, { technicianId: tech.id, force: true })).toMatchObject({
      success: false,
      message: '强制派单须填写原因',
    });
    expect(
      (await act('assign', id!, { technicianId: tech.id, force: true, reason: '客户指定' })).success,
    ).toBe(true);
    const [rec] = await db().select().from(yyDispatchRecord).where(eq(yyDispatchRecord.orderId, id!));
    expect(rec).toMatchObject({ chosenTechnicianId: tech.id, mode: '2', reason: '强制派单：客户指定' });
  });

  it('answers a dry run with the candidates and who would be chosen, booking nobody', async () => {
    const [id] = await paidOrders(1, 12, '10:00');
    const r = await act('assign', id!, { dryRun: true });
    expect(r.success).toBe(true);
    const [planned] = r.result as Array<{ preview: { message: string; rows: unknown[] } }>;
    expect(planned!.preview.message).toMatch(/^演练：|附近没有可派的技师/);
    const [o] = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, id!));
    expect(o!.technicianId).toBeNull();
  });

  it('dispatches 待接单 orders by the job (dispatch.autoDispatch on by default), never double booking', async () => {
    await paidOrders(3, 13, '14:00');
    const [second] = await Promise.all([
      autoDispatch(db(), 'Asia/Shanghai'),
      autoDispatch(db(), 'Asia/Shanghai'),
    ]);
    expect(second).toMatch(/^自动派单 \d+ 单，超时改派 \d+ 单，转人工 \d+ 单$/);
    expect(second).not.toBe(AUTO_DISPATCH_MSG.off);
    expect(await overlapping()).toBe(0);
  });
});
