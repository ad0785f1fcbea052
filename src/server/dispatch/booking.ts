import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { yyTechnicianBooking } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { hasPostgresCode } from '../lib/query/errors.ts';
import { BizError } from '../lib/http/result.ts';
import { DISPATCH_MSG } from '../../shared/resources/dispatch.ts';
import { PARTNER_STATUS } from '../../shared/resources/partner.ts';

/** What `bookTechnician` holds: the window already includes the travel buffer and the gap. */
export interface BookingRequest {
  orderId: string;
  technicianId: string;
  start: Date;
  end: Date;
}

/**
 * SQLSTATEs of a lost race for a technician: the exclusion violation, and the deadlock two
 * concurrent inserts of overlapping bookings can run into (each waits for the other's tuple;
 * PostgreSQL aborts one, the other goes on and holds the time).
 */
const LOST_RACE = new Set(['23P01', '40P01']);

/** Whether an error (or what it wraps) says the technician was booked by someone else. */
export function isDoubleBooking(e: unknown): boolean {
  return hasPostgresCode(e, ...LOST_RACE);
}

/**
 * Whether the technician's partner is stopped (not 正常): read under a share lock of the partner
 * row, so a 停用 running meanwhile is waited for (it holds the row `FOR UPDATE`) and a 停用 that
 * comes later waits for this booking's commit and then finds the order to take back.
 */
async function partnerStopped(tx: Db, technicianId: string): Promise<boolean> {
  const res = (await tx.execute(sql`
    select p.status from yy_partner p
    where p.id = (select t.partner_id from yy_technician t where t.id = ${technicianId})
    for share of p`)) as unknown as { rows: Array<{ status: string }> };
  const status = res.rows[0]?.status;
  return status !== undefined && status !== PARTNER_STATUS.active;
}

/**
 * Hold `technicianId` for `orderId` over [start, end). The database refuses an overlap with another
 * active booking of the technician (the exclusion constraint of yy_technician_booking), also when
 * many transactions race: the loser gets `该技师在此时段已有预约` as a BizError. A technician whose
 * partner is stopped is refused (`该技师所属商户已停用，不能派单`), whatever the caller checked
 * before. The insert runs in a savepoint of `tx`, so the caller's transaction survives a refusal
 * (and may try the next candidate). Returns the booking's id.
 */
export async function bookTechnician(tx: Db, req: BookingRequest): Promise<string> {
  if (!(req.end.getTime() > req.start.getTime())) throw new BizError(DISPATCH_MSG.window);
  const id = newId();
  let stopped = false;
  try {
    await tx.transaction(async (sp) => {
      // a deadlock with a concurrent 停用 of the partner (it locks the partner, then the orders)
      // ends here as the refusal below: the 停用 goes on
      stopped = await partnerStopped(sp as unknown as Db, req.technicianId).catch((e: unknown) => {
        if (hasPostgresCode(e, '40P01')) return true;
        throw e;
      });
      if (stopped) throw new BizError(DISPATCH_MSG.partnerStopped);
      await sp.insert(yyTechnicianBooking).values({
        id,
        technicianId: req.technicianId,
        orderId: req.orderId,
        during:
          sql`tstzrange(${req.start.toISOString()}::timestamptz, ${req.end.toISOString()}::timestamptz, '[)')` as unknown as string,
      });
    });
  } catch (e) {
    if (stopped) throw new BizError(DISPATCH_MSG.partnerStopped);
    if (isDoubleBooking(e)) throw new BizError(DISPATCH_MSG.doubleBooked);
    throw e;
  }
  return id;
}

/**
 * Release the active bookings of an order (cancelled, reassigned, finished early): they stay as
 * history, inactive, and no longer hold the technician. Returns how many were released.
 */
export async function releaseBooking(tx: Db, orderId: string): Promise<number> {
  const released = await tx
    .update(yyTechnicianBooking)
    .set({ active: false, releaseTime: sql`now()` })
    .where(and(eq(yyTechnicianBooking.orderId, orderId), eq(yyTechnicianBooking.active, true)))
    .returning({ id: yyTechnicianBooking.id });
  return released.length;
}
