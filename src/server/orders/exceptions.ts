/**
 * Exception orders (异常订单) and breaches (爽约/违约), as plain functions of a transaction: the
 * order's transitions open and resolve exceptions in their own transaction, the flagging job opens
 * the time-based kinds in one statement per kind. At most one exception per order and kind is
 * open (partial unique index `uq_yy_exception_order_open`), so every opening is idempotent.
 */
import { sql } from 'drizzle-orm';
import {
  EXCEPTION_KIND,
  EXCEPTION_STATUS,
  type ExceptionKind,
} from '../../shared/resources/exception-order-states.ts';
import { ORDER_STATUS } from '../../shared/resources/order-states.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../lib/query/ids.ts';
import { settingValue } from './settings.ts';

const RESOLVED = EXCEPTION_STATUS.resolved;

/** Open an exception of `kind` on the order unless one is open; answers whether one was opened. */
export async function openException(
  tx: Db,
  o: { orderId: string; kind: ExceptionKind; reason: string; by: string },
): Promise<boolean> {
  const res = await tx.execute(sql`
    insert into yy_exception_order (id, order_id, kind, reason, status, open_time, partner_id, tenant_id, create_by)
    select ${newId()}, o.id, ${o.kind}, ${o.reason.slice(0, 255)}, ${EXCEPTION_STATUS.open}, now(),
           o.partner_id, o.tenant_id, ${o.by}
      from yy_visit_order o where o.id = ${o.orderId}
    on conflict (order_id, kind) where status <> ${sql.raw(`'${RESOLVED}'`)} do nothing
    returning id`);
  return rowsOf(res).length > 0;
}

/** Resolve the order's open exception of `kind`, if any (the order's own transition settled it). */
export async function resolveException(
  tx: Db,
  o: { orderId: string; kind: ExceptionKind; resolution: string; note: string; by: string },
): Promise<void> {
  await tx.execute(sql`
    update yy_exception_order
       set status = ${RESOLVED}, resolution = ${o.resolution}, note = ${o.note.slice(0, 500)},
           resolve_time = now(), handler_id = coalesce(handler_id, ${o.by}),
           update_by = ${o.by}, update_time = now()
     where order_id = ${o.orderId} and kind = ${o.kind} and status <> ${RESOLVED}`);
}

/** Record a breach (爽约 of a technician, 违约 of a customer) once per order and kind. */
export async function recordBreach(
  tx: Db,
  o: {
    orderId: string;
    kind: 'noShow' | 'lateCancel';
    customerId?: string | null;
    technicianId?: string | null;
    fee?: string | null;
    note?: string | null;
    by: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into yy_breach_record (id, order_id, kind, customer_id, technician_id, fee, note, create_by)
    values (${newId()}, ${o.orderId}, ${o.kind}, ${o.customerId ?? null}, ${o.technicianId ?? null},
            ${o.fee ?? null}, ${o.note?.slice(0, 255) ?? null}, ${o.by})
    on conflict (order_id, kind) do nothing`);
}

/** The time-based kinds, each with its orders' condition and reason; `$n` is the setting's minutes. */
const TIMED: ReadonlyArray<{
  kind: ExceptionKind;
  setting: string;
  where: (n: number) => ReturnType<typeof sql>;
  reason: (n: number) => string;
}> = [
  {
    kind: EXCEPTION_KIND.unaccepted,
    setting: 'exception.acceptMinutes',
    where: (n) =>
      sql`o.status = ${ORDER_STATUS.pending} and coalesce(o.pay_time, o.create_time) < now() - make_interval(mins => ${n})`,
    reason: (n) => `订单支付后超过${n}分钟仍无技师接单`,
  },
  {
    kind: EXCEPTION_KIND.late,
    setting: 'exception.lateMinutes',
    where: (n) =>
      sql`o.status in (${ORDER_STATUS.accepted}, ${ORDER_STATUS.departed}) and o.appointment_time < now() - make_interval(mins => ${n})`,
    reason: (n) => `预约时间已过${n}分钟，技师仍未到达`,
  },
  {
    kind: EXCEPTION_KIND.overrun,
    setting: 'exception.overrunMinutes',
    where: (n) =>
      sql`o.status = ${ORDER_STATUS.serving} and o.end_time < now() - make_interval(mins => ${n})`,
    reason: (n) => `服务超过预计结束时间${n}分钟仍未完成`,
  },
];

/**
 * Open the time-based exceptions due now (接单超时, 技师迟到, 服务超时): one set-based statement per
 * kind; an order with one open of the kind is skipped, so running it again opens nothing.
 * Answers how many of each kind were opened.
 */
export async function flagExceptions(db: Db, by = 'system'): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TIMED) {
    const n = Number(await settingValue(db, t.setting));
    const res = await db.execute(sql`
      insert into yy_exception_order (id, order_id, kind, reason, status, open_time, partner_id, tenant_id, create_by)
      select md5(random()::text || o.id), o.id, ${t.kind}, ${t.reason(n)}, ${EXCEPTION_STATUS.open}, now(),
             o.partner_id, o.tenant_id, ${by}
        from yy_visit_order o
       where ${t.where(n)}
         and not exists (select 1 from yy_exception_order e
                          where e.order_id = o.id and e.kind = ${t.kind} and e.status <> ${RESOLVED})
      on conflict (order_id, kind) where status <> ${sql.raw(`'${RESOLVED}'`)} do nothing
      returning id`);
    out[t.kind] = rowsOf(res).length;
  }
  return out;
}

/** The rows of an `execute` on either driver (node-postgres answers { rows }, PGlite too). */
function rowsOf(res: unknown): unknown[] {
  if (Array.isArray(res)) return res;
  return ((res as { rows?: unknown[] }).rows ?? []) as unknown[];
}
