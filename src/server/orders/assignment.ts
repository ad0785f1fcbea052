/**
 * Reserving a technician's time for an order: the one place an order takes a technician (派单,
 * 改派, 加钟). The order's window (`bookingWindow`: appointment − travel buffer … end + gap, by the
 * settings of the address's city) is held by a row of yy_technician_booking; its exclusion
 * constraint is the one guarantee against double booking, also when many requests race. A lost
 * race is refused in Chinese, naming the order that holds the technician when it can be read.
 */
import { and, eq, sql } from 'drizzle-orm';
import { DISPATCH_MSG } from '../../shared/resources/dispatch.ts';
import { ORDER_MSG } from '../../shared/resources/order.ts';
import { WORK_STATUS } from '../../shared/resources/technician.ts';
import type { Db } from '../db/client.ts';
import { yyTechnician, yyTechnicianBooking, yyVisitOrder } from '../db/schema/index.ts';
import { bookTechnician, releaseBooking } from '../dispatch/booking.ts';
import { bookingWindow, dispatchSettings } from '../dispatch/settings.ts';
import { BizError } from '../lib/http/result.ts';

export interface Reservation {
  orderId: string;
  technicianId: string;
  /** the appointment and the service's minutes (the booking adds the travel buffer and the gap) */
  appointment: Date;
  minutes: number;
  /** the service address's division (its city's dispatch settings) */
  areaCode?: string | null;
}

/** The booking window of an order's visit, by the settings of its city. */
export async function orderWindow(
  db: Db,
  o: { appointment: Date; minutes: number; areaCode?: string | null },
): Promise<{ start: Date; end: Date }> {
  return bookingWindow(o.appointment, o.minutes, await dispatchSettings(db, o.areaCode));
}

/**
 * Reserve `technicianId` for the order's window, or refuse; answers the technician's partner. The
 * order's own bookings are released first (a 改派, a longer 加钟), so within the caller's
 * transaction it is all or nothing: a refusal rolls the release back with it.
 */
export async function reserveTechnician(tx: Db, r: Reservation): Promise<{ partnerId: string | null }> {
  const [technician] = await tx
    .select({ id: yyTechnician.id, partnerId: yyTechnician.partnerId, workStatus: yyTechnician.workStatus })
    .from(yyTechnician)
    .where(eq(yyTechnician.id, r.technicianId));
  if (!technician || technician.workStatus === WORK_STATUS.disabled)
    throw new BizError(ORDER_MSG.technicianMissing);
  const { start, end } = await orderWindow(tx, r);
  await releaseBooking(tx, r.orderId);
  try {
    await bookTechnician(tx, { orderId: r.orderId, technicianId: r.technicianId, start, end });
  } catch (e) {
    if (e instanceof BizError && e.message !== DISPATCH_MSG.partnerStopped)
      throw await busy(tx, r.technicianId, start, end);
    throw e;
  }
  return { partnerId: technician.partnerId };
}

/** The refusal of a technician already booked: names the order holding the time when visible. */
export async function busy(tx: Db, technicianId: string, start: Date, end: Date): Promise<BizError> {
  const [clash] = await tx
    .select({ orderNo: yyVisitOrder.orderNo })
    .from(yyTechnicianBooking)
    .innerJoin(yyVisitOrder, eq(yyVisitOrder.id, yyTechnicianBooking.orderId))
    .where(
      and(
        eq(yyTechnicianBooking.technicianId, technicianId),
        eq(yyTechnicianBooking.active, true),
        sql`${yyTechnicianBooking.during} && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .limit(1);
  // the winner of a race may not have committed yet: then only the constraint knows
  return new BizError(clash ? ORDER_MSG.technicianBusy(clash.orderNo) : ORDER_MSG.technicianTaken);
}

/** Give the order's time back (cancelled, closed, reassigned away): its bookings turn inactive. */
export async function releaseTechnician(tx: Db, orderId: string): Promise<void> {
  await releaseBooking(tx, orderId);
}
