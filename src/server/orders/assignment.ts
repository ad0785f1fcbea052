/**
 * Reserving a technician's time for an order: the one place an order takes a technician (派单,
 * 改派). For now it locks the technician's row (`SELECT … FOR UPDATE`), so two reservations of one
 * technician run one after the other, and refuses an active order of that technician whose window
 * overlaps; the dispatch module (technician shifts, `yy_technician_booking` with its exclusion
 * constraint) replaces this body with `bookTechnician` / `releaseBooking`.
 */
import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES, ORDER_MSG } from '../../shared/resources/order.ts';
import { WORK_STATUS } from '../../shared/resources/technician.ts';
import type { Db } from '../db/client.ts';
import { yyTechnician, yyVisitOrder } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';

export interface Reservation {
  orderId: string;
  technicianId: string;
  start: Date;
  end: Date;
}

/** Reserve `technicianId` for the order's window, or refuse: answers the technician's partner. */
export async function reserveTechnician(
  tx: Db,
  { orderId, technicianId, start, end }: Reservation,
): Promise<{ partnerId: string | null }> {
  const [technician] = await tx
    .select({ id: yyTechnician.id, partnerId: yyTechnician.partnerId, workStatus: yyTechnician.workStatus })
    .from(yyTechnician)
    .where(eq(yyTechnician.id, technicianId))
    .for('update');
  if (!technician || technician.workStatus === WORK_STATUS.disabled)
    throw new BizError(ORDER_MSG.technicianMissing);
  const [clash] = await tx
    .select({ orderNo: yyVisitOrder.orderNo })
    .from(yyVisitOrder)
    .where(
      and(
        eq(yyVisitOrder.technicianId, technicianId),
        ne(yyVisitOrder.id, orderId),
        inArray(yyVisitOrder.status, [...ACTIVE_ORDER_STATUSES]),
        lt(yyVisitOrder.appointmentTime, end),
        gt(yyVisitOrder.endTime, start),
      ),
    )
    .limit(1);
  if (clash) throw new BizError(ORDER_MSG.technicianBusy(clash.orderNo));
  return { partnerId: technician.partnerId };
}

/**
 * Give the order's time back (cancelled, closed, reassigned away). Nothing to do while the order's
 * own state says whether it holds the time; the booking module deletes its booking row here.
 */
export async function releaseTechnician(_tx: Db, _orderId: string): Promise<void> {}
