/**
 * 自动派单 on the scheduler (once per cluster, its run history in sys_quartz_job_log): when
 * `dispatch.autoDispatch` is on, 待接单 orders without a technician are dispatched to the best
 * candidate; an order assigned but not accepted within its city's `acceptTimeoutMinutes` of its
 * latest dispatch (of its last change when it has no dispatch record) goes to the next candidate
 * not tried yet (its booking released, the new one booked and recorded, in one transaction); when
 * the candidates run out it is left unassigned for a person: the record says why and a 接单超时
 * exception order is opened. Time is the run's fire time; orders whose appointment has passed are
 * left to the exception flagging. Each order is locked with SKIP LOCKED, so a person's 派单 on it
 * is never waited for.
 */
import { and, desc, eq, gt, isNull, isNotNull, sql } from 'drizzle-orm';
import { EXCEPTION_KIND } from '../../shared/resources/exception-order-states.ts';
import { ORDER, ORDER_STATUS } from '../../shared/resources/order.ts';
import type { Db } from '../db/client.ts';
import { yyDispatchRecord, yyVisitOrder } from '../db/schema/index.ts';
import { bookTechnician, releaseBooking } from '../dispatch/booking.ts';
import { recordDispatch } from '../dispatch/record.ts';
import { dispatchSettings } from '../dispatch/settings.ts';
import { BizError } from '../lib/http/result.ts';
import { openException } from '../orders/exceptions.ts';
import { rootMessage } from '../lib/query/errors.ts';
import { recordStateChanges } from '../resources/transitions.ts';
import {
  candidatesOf,
  dispatchVisitOrder,
  orderSearch,
  type DispatchableOrder,
} from '../orders/order-dispatch.ts';
import type { JobContext, JobRegistry } from './registry.ts';

export const AUTO_DISPATCH_JOB = 'care.jobs.AutoDispatchJob';

/** The reasons the job records. */
export const AUTO_DISPATCH_MSG = {
  timeout: (minutes: number) => `技师${minutes}分钟内未接单，改派下一位候选技师`,
  exhausted: (minutes: number) => `候选技师均未在${minutes}分钟内接单，待人工派单`,
  off: '自动派单未开启（平台配置 dispatch.autoDispatch）',
  auto: '自动派单',
  done: (n: number, next: number, left: number) => `自动派单 ${n} 单，超时改派 ${next} 单，转人工 ${left} 单`,
  failed: (done: string, n: number, first: string) => `${done}；${n} 单出错未处理（${first}）`,
} as const;

const BATCH = 200;

type Locked = DispatchableOrder & {
  technicianId: string | null;
  updateTime: Date | null;
  createTime: Date | null;
};

/** Lock one 待接单 order for the job, or nothing when someone else holds it or it moved on. */
async function lockOrder(tx: Db, id: string): Promise<Locked | undefined> {
  const [o] = await tx
    .select({
      id: yyVisitOrder.id,
      appointmentTime: yyVisitOrder.appointmentTime,
      serviceMinutes: yyVisitOrder.serviceMinutes,
      areaCode: yyVisitOrder.areaCode,
      location: yyVisitOrder.location,
      technicianId: yyVisitOrder.technicianId,
      status: yyVisitOrder.status,
      acceptTime: yyVisitOrder.acceptTime,
      updateTime: yyVisitOrder.updateTime,
      createTime: yyVisitOrder.createTime,
    })
    .from(yyVisitOrder)
    .where(eq(yyVisitOrder.id, id))
    .for('update', { skipLocked: true });
  return o && o.status === ORDER_STATUS.pending && !o.acceptTime ? o : undefined;
}

/** The technicians an order was given to automatically or by hand, and when it was last given. */
async function tried(tx: Db, orderId: string) {
  const records = await tx
    .select({ chosen: yyDispatchRecord.chosenTechnicianId, at: yyDispatchRecord.createTime })
    .from(yyDispatchRecord)
    .where(eq(yyDispatchRecord.orderId, orderId))
    .orderBy(desc(yyDispatchRecord.createTime));
  return { ids: new Set(records.flatMap((r) => (r.chosen ? [r.chosen] : []))), last: records[0]?.at };
}

/**
 * The next candidate of a timed-out order (release + book + record), or unassigned for a person
 * (the record says why, a 接单超时 exception order is opened). The timeout runs from the order's
 * latest dispatch, or from its last change when it was given its technician without a record.
 */
async function next(tx: Db, o: Locked, timeZone: string, now: Date): Promise<'next' | 'left' | 'waiting'> {
  const s = await orderSearch(tx, o);
  const before = await tried(tx, o.id);
  const minutes = s.settings.acceptTimeoutMinutes;
  const since = before.last ?? o.updateTime ?? o.createTime;
  if (since && now.getTime() - since.getTime() < minutes * 60_000) return 'waiting';
  // the technician who let it time out is tried, recorded or not
  if (o.technicianId) before.ids.add(o.technicianId);
  await releaseBooking(tx, o.id);
  const candidates = (await candidatesOf(tx, s, o.id, timeZone)).filter((c) => !before.ids.has(c.id));
  let chosen: string | null = null;
  for (const c of candidates)
    try {
      await bookTechnician(tx, { orderId: o.id, technicianId: c.id, start: s.start, end: s.end });
      chosen = c.id;
      break;
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
    }
  await recordDispatch(tx, {
    orderId: o.id,
    cityCode: s.cityCode,
    projectIds: s.projectIds,
    location: s.location,
    start: s.start,
    end: s.end,
    strategy: s.settings.strategy,
    radiusKm: s.settings.maxRadiusKm,
    candidates,
    chosenTechnicianId: chosen,
    mode: '1',
    reason: chosen ? AUTO_DISPATCH_MSG.timeout(minutes) : AUTO_DISPATCH_MSG.exhausted(minutes),
    by: 'system',
  });
  await tx
    .update(yyVisitOrder)
    .set({
      technicianId: chosen,
      partnerId: chosen ? sql`(select partner_id from yy_technician where id = ${chosen})` : null,
      updateBy: 'system',
      updateTime: new Date(),
    })
    .where(eq(yyVisitOrder.id, o.id));
  await recordStateChanges(
    tx,
    ORDER.decl.name,
    [{ rowId: o.id, action: 'reassign', from: ORDER_STATUS.pending, to: ORDER_STATUS.pending }],
    {
      reason: chosen ? AUTO_DISPATCH_MSG.timeout(minutes) : AUTO_DISPATCH_MSG.exhausted(minutes),
      by: 'system',
    },
  );
  if (!chosen)
    await openException(tx, {
      orderId: o.id,
      kind: EXCEPTION_KIND.unaccepted,
      reason: AUTO_DISPATCH_MSG.exhausted(minutes),
      by: 'system',
    });
  return chosen ? 'next' : 'left';
}

/** One run of the job at `now` (its fire time): answers what it did (the run history's message). */
export async function autoDispatch(db: Db, timeZone: string, now: Date = new Date()): Promise<string> {
  if (!(await dispatchSettings(db)).autoDispatch) return AUTO_DISPATCH_MSG.off;
  let dispatched = 0;
  let moved = 0;
  let left = 0;
  // unassigned, and not left for a person by an earlier run
  const open = await db
    .select({ id: yyVisitOrder.id })
    .from(yyVisitOrder)
    .where(
      and(
        eq(yyVisitOrder.status, ORDER_STATUS.pending),
        isNull(yyVisitOrder.technicianId),
        isNotNull(yyVisitOrder.location),
        gt(yyVisitOrder.appointmentTime, now),
        sql`not exists (select 1 from yy_dispatch_record r where r.order_id = ${yyVisitOrder.id}
          and r.mode = '1' and r.chosen_technician_id is null)`,
      ),
    )
    .orderBy(yyVisitOrder.appointmentTime)
    .limit(BATCH);
  // one order's failure is counted and reported; the others are still dispatched
  const errors: string[] = [];
  const each = async (work: (tx: Db) => Promise<void>) => {
    try {
      await db.transaction((t) => work(t as unknown as Db));
    } catch (e) {
      errors.push(rootMessage(e));
    }
  };
  for (const { id } of open)
    await each(async (tx) => {
      const o = await lockOrder(tx, id);
      if (!o || o.technicianId) return;
      const out = await dispatchVisitOrder(tx, o, { by: 'system', timeZone, automatic: true });
      if (out.technicianId) {
        dispatched++;
        await recordStateChanges(
          tx,
          ORDER.decl.name,
          [{ rowId: o.id, action: 'assign', from: ORDER_STATUS.pending, to: ORDER_STATUS.pending }],
          { reason: AUTO_DISPATCH_MSG.auto, by: 'system' },
        );
      } else left++;
    });
  const waiting = await db
    .select({ id: yyVisitOrder.id })
    .from(yyVisitOrder)
    .where(
      and(
        eq(yyVisitOrder.status, ORDER_STATUS.pending),
        isNotNull(yyVisitOrder.technicianId),
        isNull(yyVisitOrder.acceptTime),
        isNotNull(yyVisitOrder.location),
        gt(yyVisitOrder.appointmentTime, now),
      ),
    )
    .orderBy(yyVisitOrder.appointmentTime)
    .limit(BATCH);
  for (const { id } of waiting)
    await each(async (tx) => {
      const o = await lockOrder(tx, id);
      if (!o?.technicianId) return;
      const r = await next(tx, o, timeZone, now);
      if (r === 'next') moved++;
      if (r === 'left') left++;
    });
  const done = AUTO_DISPATCH_MSG.done(dispatched, moved, left);
  // the run history shows a failed run, with what the run still did
  if (errors.length) throw new Error(AUTO_DISPATCH_MSG.failed(done, errors.length, errors[0]!));
  return done;
}

/** Register the dispatch jobs. */
export function registerDispatchJobs(registry: JobRegistry, timeZone: string): JobRegistry {
  return registry.register({
    className: AUTO_DISPATCH_JOB,
    title: '自动派单：派出待接单订单，接单超时改派下一位候选技师',
    run: (ctx: JobContext) => autoDispatch(ctx.db, timeZone, ctx.fireTime),
  });
}
