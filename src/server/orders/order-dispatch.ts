/**
 * 派单 / 改派 of a visit order through the dispatch module: the order's projects, address and
 * window (`bookingWindow` of its city's settings) handed to `dispatchOrder`, which finds the
 * candidates (radius widening per settings, strategy), books one (the exclusion constraint of
 * yy_technician_booking refuses a double booking) and keeps the record in yy_dispatch_record.
 *
 * A named technician must be a candidate; `force` (with a reason, under the same 派单 / 改派
 * permission) books a named non-candidate anyway (off shift, beyond the radius) and records the
 * candidates found with the reason `强制派单：…`. Even forced, a technician already booked for the
 * window is refused: the constraint has no override.
 */
import { eq } from 'drizzle-orm';
import { DISPATCH_MSG, type DispatchCandidate } from '../../shared/resources/dispatch.ts';
import { ORDER_MSG } from '../../shared/resources/order.ts';
import type { Db } from '../db/client.ts';
import { yyTechnician, yyVisitOrder, yyVisitOrderExtra, yyVisitOrderItem } from '../db/schema/index.ts';
import { findCandidates } from '../dispatch/candidates.ts';
import { dispatchOrder, type DispatchOutcome } from '../dispatch/dispatch.ts';
import { recordDispatch } from '../dispatch/record.ts';
import { bookingWindow, dispatchSettings, type DispatchSettings } from '../dispatch/settings.ts';
import { BizError } from '../lib/http/result.ts';
import { busy, releaseTechnician, reserveTechnician } from './assignment.ts';

/** What a dispatch needs to know of an order. */
export interface DispatchableOrder {
  id: string;
  appointmentTime: Date;
  serviceMinutes: number;
  areaCode: string;
  location: { x: number; y: number } | null;
}

/** The order's search: its projects, location, window and its city's settings. */
export async function orderSearch(tx: Db, o: DispatchableOrder) {
  const lines = [
    ...(await tx
      .select({ p: yyVisitOrderItem.projectId })
      .from(yyVisitOrderItem)
      .where(eq(yyVisitOrderItem.orderId, o.id))),
    ...(await tx
      .select({ p: yyVisitOrderExtra.projectId })
      .from(yyVisitOrderExtra)
      .where(eq(yyVisitOrderExtra.orderId, o.id))),
  ];
  const settings = await dispatchSettings(tx, o.areaCode);
  const { start, end } = bookingWindow(o.appointmentTime, o.serviceMinutes, settings);
  if (!o.location) throw new BizError(DISPATCH_MSG.locationRequired);
  return {
    projectIds: [...new Set(lines.map((l) => l.p))],
    location: o.location,
    start,
    end,
    settings,
    cityCode: o.areaCode,
  };
}

export interface OrderDispatchOptions {
  technicianId?: string | null;
  force?: boolean;
  reason?: string | null;
  by: string;
  timeZone?: string;
  /** the job: no candidate is not an error, the outcome says so */
  automatic?: boolean;
}

/**
 * Dispatch the order inside the caller's transaction and write the technician (and partner) to
 * it. Without a candidate a person's dispatch is refused (`附近没有可派的技师`); the job's answers
 * `technicianId: null` with the record kept.
 */
export async function dispatchVisitOrder(
  tx: Db,
  o: DispatchableOrder,
  opts: OrderDispatchOptions,
): Promise<DispatchOutcome> {
  const s = await orderSearch(tx, o);
  const technicianId = opts.technicianId || undefined;
  let out: DispatchOutcome;
  if (technicianId && opts.force) {
    if (!opts.reason?.trim()) throw new BizError(ORDER_MSG.forceReason);
    const candidates = await candidatesOf(tx, s, o.id, opts.timeZone);
    await reserveTechnician(tx, {
      orderId: o.id,
      technicianId,
      appointment: o.appointmentTime,
      minutes: o.serviceMinutes,
      areaCode: o.areaCode,
    });
    const recordId = await recordDispatch(tx, {
      orderId: o.id,
      cityCode: s.cityCode,
      projectIds: s.projectIds,
      location: s.location,
      start: s.start,
      end: s.end,
      strategy: s.settings.strategy,
      radiusKm: s.settings.radiusKm,
      candidates,
      chosenTechnicianId: technicianId,
      mode: '2',
      reason: candidates.some((c) => c.id === technicianId) ? opts.reason : ORDER_MSG.forced(opts.reason!),
      by: opts.by,
    });
    out = { recordId, technicianId, bookingId: null, radiusKm: s.settings.radiusKm, candidates };
  } else {
    await releaseTechnician(tx, o.id);
    try {
      out = await dispatchOrder(tx, {
        orderId: o.id,
        ...s,
        technicianId,
        reason: opts.reason ?? null,
        by: opts.by,
        timeZone: opts.timeZone,
      });
    } catch (e) {
      if (technicianId && e instanceof BizError && e.message === DISPATCH_MSG.doubleBooked)
        throw await busy(tx, technicianId, s.start, s.end);
      throw e;
    }
    if (!out.technicianId) {
      if (!opts.automatic) throw new BizError(DISPATCH_MSG.noCandidate);
      await tx
        .update(yyVisitOrder)
        .set({ technicianId: null, partnerId: null })
        .where(eq(yyVisitOrder.id, o.id));
      return out;
    }
  }
  await assignOrder(tx, o.id, out.technicianId!);
  return out;
}

/** The candidates of the order's window now, its own booking disregarded (a dry run, a forced pick). */
export async function candidatesOf(
  tx: Db,
  s: Awaited<ReturnType<typeof orderSearch>>,
  orderId: string,
  timeZone?: string,
): Promise<DispatchCandidate[]> {
  return findCandidates(tx, {
    projectIds: s.projectIds,
    location: s.location,
    start: s.start,
    end: s.end,
    radiusKm: s.settings.maxRadiusKm > s.settings.radiusKm ? s.settings.maxRadiusKm : s.settings.radiusKm,
    strategy: s.settings.strategy,
    limit: 20,
    timeZone,
    ignoreOrderId: orderId,
  });
}

/** Write the technician and its partner to the order. */
async function assignOrder(tx: Db, orderId: string, technicianId: string): Promise<void> {
  const [t] = await tx
    .select({ partnerId: yyTechnician.partnerId })
    .from(yyTechnician)
    .where(eq(yyTechnician.id, technicianId));
  await tx
    .update(yyVisitOrder)
    .set({ technicianId, partnerId: t?.partnerId ?? null })
    .where(eq(yyVisitOrder.id, orderId));
}

export type { DispatchSettings };
