/**
 * The auto-dispatch job's acceptance timeout, through its registered handler (the fire time is the
 * job's clock): an order assigned but not accepted stays with its technician until the city's
 * `acceptTimeoutMinutes` have passed since its dispatch, then goes to the next candidate (recorded,
 * rebooked); with no untried candidate left it is unassigned and escalated to a person (the record
 * says why, a 接单超时 exception order is opened) and the job leaves it alone afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import {
  yyDispatchRecord,
  yyExceptionOrder,
  yyTechnician,
  yyTechnicianBooking,
  yyVisitOrder,
} from '../../../src/server/db/schema/index.ts';
import { AUTO_DISPATCH_JOB, AUTO_DISPATCH_MSG } from '../../../src/server/jobs/auto-dispatch.ts';
import type { JobContext } from '../../../src/server/jobs/registry.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { candidatesOf, orderSearch } from '../../../src/server/orders/order-dispatch.ts';
import { EXCEPTION_KIND, EXCEPTION_STATUS } from '../../../src/shared/resources/exception-order-states.ts';
import { WORK_STATUS } from '../../../src/shared/resources/technician.ts';
import { ORDER, ORDER_TIMELINE } from '../../../src/shared/resources/order.ts';
import { booking, ep, fixtures, localTime, S } from './order-support.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof fixtures>>;
const token: Record<string, string> = {};
const db = () => t.database.db;
const TZ = 'Asia/Shanghai';
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['yunying', 'yuangong']) token[u] = await t.login(u);
  f = await fixtures(t);
});
afterAll(async () => t?.close());

/** One firing of the registered handler at `fireTime`: its run message. */
async function fire(fireTime: Date): Promise<string> {
  const job = t.app.jobs.get(AUTO_DISPATCH_JOB)!;
  const ctx = {
    db: t.app.db,
    parameter: null,
    jobId: 'auto-dispatch-test',
    fireTime,
    trigger: 'cron',
    instance: 'test',
    signal: new AbortController().signal,
    log: t.app.log,
    notices: t.app.notices,
  } as unknown as JobContext;
  return String(await job.run(ctx));
}

const orderOf = async (id: string) =>
  (await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, id)))[0]!;
const recordsOf = (id: string) =>
  db()
    .select()
    .from(yyDispatchRecord)
    .where(eq(yyDispatchRecord.orderId, id))
    .orderBy(desc(yyDispatchRecord.createTime));
/** The order's timeline as 运营专员 reads it: action, reason and who, oldest first. */
const timeline = async (id: string) => {
  const r = await t.call('GET', `${ORDER_TIMELINE.path}?id=${id}`, { token: token.yunying });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return (r.body.result as Array<{ action: string; reason: string | null; by: string | null }>).map((e) => [
    e.action,
    e.reason,
    e.by,
  ]);
};
const activeBookings = async (id: string) =>
  (
    await db()
      .select({ technicianId: yyTechnicianBooking.technicianId })
      .from(yyTechnicianBooking)
      .where(and(eq(yyTechnicianBooking.orderId, id), eq(yyTechnicianBooking.active, true)))
  ).map((b) => b.technicianId);

describe('自动派单: the acceptance timeout', () => {
  it('moves an unaccepted order to the next candidate only after the timeout, then escalates to a person', async () => {
    // a paid order far from the seeded bookings
    const added = await t.call('POST', ep.add.path, {
      token: token.yuangong,
      body: booking(f, { appointmentTime: localTime(20, '10:00') }),
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
    const id = o!.id;
    const paid = await t.call('PUT', `${ORDER.decl.path}/pay`, {
      token: token.yunying,
      body: { ids: id, payMethod: '1' },
    });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);

    // exactly two candidates: every other one rests
    const search = await orderSearch(db() as unknown as Db, o!);
    const found = await candidatesOf(db() as unknown as Db, search, id, TZ);
    expect(found.length, 'the order needs two candidates').toBeGreaterThanOrEqual(2);
    const two = found.slice(0, 2).map((c) => c.id);
    const rest = found.slice(2).map((c) => c.id);
    if (rest.length)
      await db()
        .update(yyTechnician)
        .set({ workStatus: WORK_STATUS.resting })
        .where(inArray(yyTechnician.id, rest));
    const timeout = search.settings.acceptTimeoutMinutes;
    expect(timeout).toBeGreaterThan(1);

    // the first run dispatches it
    expect(await fire(new Date())).toMatch(/^自动派单 [1-9]\d* 单/);
    const first = (await orderOf(id)).technicianId!;
    expect(two).toContain(first);
    const [dispatched] = await recordsOf(id);
    expect(dispatched).toMatchObject({ chosenTechnicianId: first, mode: '1' });
    const at = dispatched!.createTime.getTime();

    // a minute before the timeout: it stays with its technician, nothing recorded
    await fire(new Date(at + (timeout - 1) * MINUTE));
    expect((await orderOf(id)).technicianId).toBe(first);
    expect(await recordsOf(id)).toHaveLength(1);
    expect(await activeBookings(id)).toEqual([first]);

    // past the timeout: the other candidate, booked and recorded with the reason
    const second = two.find((x) => x !== first)!;
    await fire(new Date(at + timeout * MINUTE + 1000));
    expect(await orderOf(id)).toMatchObject({ technicianId: second, status: S.pending, acceptTime: null });
    const [moved] = await recordsOf(id);
    expect(moved).toMatchObject({
      chosenTechnicianId: second,
      mode: '1',
      reason: AUTO_DISPATCH_MSG.timeout(timeout),
      createBy: 'system',
    });
    expect(await activeBookings(id)).toEqual([second]);

    // its own timeout runs from this dispatch: not yet a minute before it
    const at2 = moved!.createTime.getTime();
    await fire(new Date(at2 + (timeout - 1) * MINUTE));
    expect((await orderOf(id)).technicianId).toBe(second);

    // past it with nobody untried: unassigned, booking released, recorded, escalated to a person
    await fire(new Date(at2 + timeout * MINUTE + 1000));
    expect(await orderOf(id)).toMatchObject({ technicianId: null, partnerId: null, status: S.pending });
    expect(await activeBookings(id)).toEqual([]);
    const [left] = await recordsOf(id);
    expect(left).toMatchObject({ chosenTechnicianId: null, reason: AUTO_DISPATCH_MSG.exhausted(timeout) });
    const exceptions = await db().select().from(yyExceptionOrder).where(eq(yyExceptionOrder.orderId, id));
    expect(exceptions).toHaveLength(1);
    expect(exceptions[0]).toMatchObject({
      kind: EXCEPTION_KIND.unaccepted,
      status: EXCEPTION_STATUS.open,
      reason: AUTO_DISPATCH_MSG.exhausted(timeout),
    });

    // later runs leave it to the person
    await fire(new Date(at2 + 3 * timeout * MINUTE));
    expect((await orderOf(id)).technicianId).toBeNull();
    expect(await recordsOf(id)).toHaveLength(3);

    // the timeline names the job's three dispatches, as 系统, with their reasons
    expect((await timeline(id)).filter(([, , by]) => by === 'system')).toEqual([
      ['派单', AUTO_DISPATCH_MSG.auto, 'system'],
      ['改派', AUTO_DISPATCH_MSG.timeout(timeout), 'system'],
      ['改派', AUTO_DISPATCH_MSG.exhausted(timeout), 'system'],
    ]);
  });

  it('times an order given its technician without a dispatch record from its last change, and never hands it back to that technician', async () => {
    // a seeded-like order: assigned by hand in the database, no dispatch record
    const added = await t.call('POST', ep.add.path, {
      token: token.yuangong,
      body: booking(f, { appointmentTime: localTime(21, '10:00') }),
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
    const search = await orderSearch(db() as unknown as Db, o!);
    const [best] = await candidatesOf(db() as unknown as Db, search, o!.id, TZ);
    expect(best, 'the order needs a candidate').toBeDefined();
    const changed = new Date();
    await db()
      .update(yyVisitOrder)
      .set({ status: S.pending, technicianId: best!.id, updateTime: changed })
      .where(eq(yyVisitOrder.id, o!.id));
    const timeout = search.settings.acceptTimeoutMinutes;

    await fire(new Date(changed.getTime() + (timeout - 1) * MINUTE));
    expect((await orderOf(o!.id)).technicianId).toBe(best!.id);
    expect(await recordsOf(o!.id)).toHaveLength(0);

    await fire(new Date(changed.getTime() + timeout * MINUTE + 1000));
    const [moved] = await recordsOf(o!.id);
    expect(moved, 'recorded once timed out').toBeDefined();
    expect(moved!.chosenTechnicianId).not.toBe(best!.id);
    expect((await orderOf(o!.id)).technicianId).toBe(moved!.chosenTechnicianId);
  });

  it('reports an order it could not dispatch and still dispatches the others', async () => {
    const ids: string[] = [];
    for (const day of [22, 23]) {
      const added = await t.call('POST', ep.add.path, {
        token: token.yuangong,
        body: booking(f, { appointmentTime: localTime(day, '10:00') }),
      });
      expect(added.body.success, JSON.stringify(added.body)).toBe(true);
      const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
      const paid = await t.call('PUT', `${ORDER.decl.path}/pay`, {
        token: token.yunying,
        body: { ids: o!.id, payMethod: '1' },
      });
      expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
      ids.push(o!.id);
    }
    const [broken, fine] = ids as [string, string];
    // the database refuses any booking of the first order (a fault only this order meets)
    await t.database.db.execute(
      sql.raw(`create function refuse_test_booking() returns trigger language plpgsql as $$
        begin if new.order_id = '${broken}' then raise exception 'booking refused for the test'; end if;
        return new; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_test_booking before insert on yy_technician_booking
          for each row execute function refuse_test_booking()`),
    );
    try {
      await expect(fire(new Date())).rejects.toThrow(/1 单出错未处理（.*booking refused for the test/);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_test_booking on yy_technician_booking'));
      await t.database.db.execute(sql.raw('drop function refuse_test_booking()'));
    }
    expect((await orderOf(broken)).technicianId).toBeNull();
    expect((await orderOf(fine)).technicianId).not.toBeNull();
  });
});
