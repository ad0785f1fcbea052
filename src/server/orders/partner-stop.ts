/**
 * What stopping a partner (商户 停用) does beyond its state, inside the same transaction (the
 * transition layer holds the partner row `FOR UPDATE`):
 *
 * - its technicians who are 在线 or 服务中 go to 休息 (the declared 休息 action of 技师, recorded
 *   in their history), so nothing is dispatched to them; 休息 and 停用 ones stay as they are, and
 *   starting the partner again brings nobody back online;
 * - its orders assigned but not accepted (待接单 with a technician, no 接单 yet) go back to
 *   dispatch: the booking released, technician and partner cleared, recorded as a 改派 in the
 *   order's timeline (待接单 → 待接单, the order machine's own way back to dispatch), so 派单 or the
 *   自动派单 job gives them to someone else;
 * - orders accepted, under way or in service stay with their technician to be finished.
 *
 * Dispatch never picks a stopped partner's technician whatever the rows say (`findCandidates`,
 * `bookTechnician` under a share lock of the partner row), and a technician of a stopped partner
 * cannot be put back online (technicianServer's guard).
 */
import { sql } from 'drizzle-orm';
import { ORDER, ORDER_STATUS } from '../../shared/resources/order.ts';
import { PARTNER_MSG } from '../../shared/resources/partner.ts';
import { TECHNICIAN, WORK_STATUS, workStatusText } from '../../shared/resources/technician.ts';
import type { TransitionPreview } from '../../shared/resources/transitions.ts';
import type { Db } from '../db/client.ts';
import { releaseBooking } from '../dispatch/booking.ts';
import { recordStateChanges } from '../resources/transitions.ts';

/** The work statuses a 停用 takes offline. */
const WORKING = [WORK_STATUS.online, WORK_STATUS.busy];

interface Affected {
  technicians: Array<{ id: string; name: string; workStatus: string }>;
  orders: Array<{ id: string; orderNo: string; technician: string }>;
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** The technicians and orders a 停用 of the partner would change; `lock`: locked for the change. */
async function affected(tx: Db, partnerId: string, lock: boolean): Promise<Affected> {
  // every technician of the partner is locked, whatever her status: one being put online
  // meanwhile is waited for and then read as she is (a condition on the status would pass over
  // her: its snapshot still says 休息), and one put online after this reads the partner stopped
  const all = rowsOf<{ id: string; name: string; work_status: string }>(
    await tx.execute(sql`
      select t.id, t.name, t.work_status from yy_technician t
      where t.partner_id = ${partnerId}
      order by t.id ${lock ? sql`for update` : sql``}`),
  );
  const technicians = all.filter((t) => (WORKING as readonly string[]).includes(t.work_status));
  const orders = rowsOf<{ id: string; order_no: string; technician: string }>(
    await tx.execute(sql`
      select o.id, o.order_no, t.name as technician from yy_visit_order o
      join yy_technician t on t.id = o.technician_id
      where t.partner_id = ${partnerId} and o.status = ${ORDER_STATUS.pending} and o.accept_time is null
      order by o.id ${lock ? sql`for update of o` : sql``}`),
  );
  return {
    technicians: technicians.map((t) => ({ id: t.id, name: t.name, workStatus: t.work_status })),
    orders: orders.map((o) => ({ id: o.id, orderNo: o.order_no, technician: o.technician })),
  };
}

/** A dry run of the 停用: the counts (the confirmation's sentence) and each row it would change. */
export async function partnerStopPreview(tx: Db, partnerId: string): Promise<TransitionPreview> {
  const a = await affected(tx, partnerId, false);
  return {
    message: PARTNER_MSG.stopEffects(a.technicians.length, a.orders.length),
    columns: [
      { key: 'kind', title: '类别' },
      { key: 'target', title: '对象' },
      { key: 'change', title: '变更' },
    ],
    rows: [
      ...a.technicians.map((t) => ({
        kind: '技师',
        target: t.name,
        change: `${workStatusText(t.workStatus)} → ${workStatusText(WORK_STATUS.resting)}`,
      })),
      ...a.orders.map((o) => ({ kind: '订单', target: o.orderNo, change: `${o.technician} → 待派单` })),
    ],
  };
}

/** Take the stopped partner's technicians offline and its unaccepted orders back to dispatch. */
export async function stopPartner(
  tx: Db,
  p: { partnerId: string; partnerName: string; by: string },
): Promise<{ technicians: number; orders: number }> {
  const a = await affected(tx, p.partnerId, true);
  const now = new Date();
  if (a.technicians.length) {
    await tx.execute(sql`
      update yy_technician set work_status = ${WORK_STATUS.resting}, update_by = ${p.by}, update_time = ${now.toISOString()}::timestamptz
      where id in ${a.technicians.map((t) => t.id)}`);
    await recordStateChanges(
      tx,
      TECHNICIAN.decl.name,
      a.technicians.map((t) => ({
        rowId: t.id,
        action: 'rest',
        from: t.workStatus,
        to: WORK_STATUS.resting,
      })),
      { reason: PARTNER_MSG.technicianStopped(p.partnerName), by: p.by },
    );
  }
  if (a.orders.length) {
    for (const o of a.orders) await releaseBooking(tx, o.id);
    await tx.execute(sql`
      update yy_visit_order set technician_id = null, partner_id = null, update_by = ${p.by}, update_time = ${now.toISOString()}::timestamptz
      where id in ${a.orders.map((o) => o.id)}`);
    await recordStateChanges(
      tx,
      ORDER.decl.name,
      a.orders.map((o) => ({
        rowId: o.id,
        action: 'reassign',
        from: ORDER_STATUS.pending,
        to: ORDER_STATUS.pending,
      })),
      { reason: PARTNER_MSG.orderReturned(p.partnerName), by: p.by },
    );
  }
  return { technicians: a.technicians.length, orders: a.orders.length };
}
