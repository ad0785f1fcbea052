import type { Db } from '../db/client.ts';
import { BizError } from '../lib/http/result.ts';
import { DISPATCH_MSG, type DispatchCandidate } from '../../shared/resources/dispatch.ts';
import { bookTechnician, releaseBooking } from './booking.ts';
import { findCandidates } from './candidates.ts';
import { radiusSteps, type DispatchSettings } from './settings.ts';
import { recordDispatch } from './record.ts';

/** One dispatch of an order: what the order's assign transition passes. */
export interface DispatchRequest {
  orderId: string;
  projectIds: readonly string[];
  location: { x: number; y: number };
  /** the booking window (`bookingWindow`: appointment − travel buffer … end + gap) */
  start: Date;
  end: Date;
  /** the city's settings (`dispatchSettings(db, cityCode)`) */
  settings: DispatchSettings;
  cityCode?: string | null;
  /** a manual assignment: this technician, who must be among the candidates */
  technicianId?: string;
  reason?: string | null;
  /** who dispatches (username; 'system' for the job) */
  by: string;
  timeZone?: string;
  /** how many candidates to keep in the record (default 20) */
  limit?: number;
}

export interface DispatchOutcome {
  recordId: string;
  technicianId: string | null;
  bookingId: string | null;
  radiusKm: number;
  candidates: DispatchCandidate[];
}

/**
 * Dispatch an order inside the caller's transaction: find candidates within the city's radius,
 * widening it step by step up to the maximum while nobody is found; book the given technician (a
 * manual assignment: refused unless a candidate) or the best candidate, falling to the next one
 * when a concurrent dispatch booked the technician first; and keep the record of it all. With no
 * candidate the record says so and `technicianId` is null (the caller escalates).
 */
export async function dispatchOrder(tx: Db, r: DispatchRequest): Promise<DispatchOutcome> {
  const s = r.settings;
  let candidates: DispatchCandidate[] = [];
  let radiusKm = s.radiusKm;
  for (const radius of radiusSteps(s)) {
    radiusKm = radius;
    candidates = await findCandidates(tx, {
      projectIds: r.projectIds,
      location: r.location,
      start: r.start,
      end: r.end,
      radiusKm: radius,
      strategy: s.strategy,
      limit: r.limit ?? 20,
      timeZone: r.timeZone,
      ignoreOrderId: r.orderId,
    });
    // a manual choice widens until it is found; an automatic one until anyone is
    if (r.technicianId ? candidates.some((c) => c.id === r.technicianId) : candidates.length) break;
  }
  if (r.technicianId && !candidates.some((c) => c.id === r.technicianId))
    throw new BizError(DISPATCH_MSG.notCandidate);
  const order = r.technicianId ? candidates.filter((c) => c.id === r.technicianId) : candidates;
  let chosen: string | null = null;
  let bookingId: string | null = null;
  for (const c of order) {
    try {
      bookingId = await bookTechnician(tx, {
        orderId: r.orderId,
        technicianId: c.id,
        start: r.start,
        end: r.end,
      });
      chosen = c.id;
      break;
    } catch (e) {
      // booked by a concurrent dispatch meanwhile: a manual choice fails, an automatic one moves on
      if (r.technicianId || !(e instanceof BizError)) throw e;
    }
  }
  const recordId = await recordDispatch(tx, {
    orderId: r.orderId,
    cityCode: r.cityCode ?? null,
    projectIds: r.projectIds,
    location: r.location,
    start: r.start,
    end: r.end,
    strategy: s.strategy,
    radiusKm,
    candidates,
    chosenTechnicianId: chosen,
    mode: r.technicianId ? '2' : '1',
    reason: r.reason ?? (chosen ? null : DISPATCH_MSG.noCandidate),
    by: r.by,
  });
  return { recordId, technicianId: chosen, bookingId, radiusKm, candidates };
}

/**
 * Reassign an order (改派) inside the caller's transaction: its bookings are released and the
 * named technician (or, without one, the best candidate) is booked and recorded with the reason.
 * A refusal throws and the caller's transaction rolls the release back with it.
 */
export async function reassignOrder(
  tx: Db,
  r: DispatchRequest & { reason: string },
): Promise<DispatchOutcome> {
  await releaseBooking(tx, r.orderId);
  const out = await dispatchOrder(tx, r);
  if (!out.technicianId) throw new BizError(DISPATCH_MSG.noCandidate);
  return out;
}
