import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';
import { yyVisitOrder } from './yy-orders.ts';

/*
 * Exception orders (异常订单, /yy/yyExceptionOrder) and the breaches (爽约/违约) recorded against
 * customers and technicians.
 */

/**
 * yy_exception_order: one exception of a visit order (a kind: 接单超时, 技师迟到, …) from its opening
 * to its resolution. At most one open exception per order and kind (partial unique index), so the
 * flagging job and the order's transitions open each once. `partner_id` and `tenant_id` are the
 * order's, copied at the opening, so the partner and tenant row scopes apply without a join.
 */
export const yyExceptionOrder = pgTable(
  'yy_exception_order',
  {
    id: idColumn(),
    orderId: varchar('order_id', { length: 32 })
      .notNull()
      .references(() => yyVisitOrder.id),
    /** 1 接单超时, 2 技师迟到, 3 服务超时, 4 取消待审核, 5 投诉, 6 退款申请 */
    kind: varchar('kind', { length: 2 }).notNull(),
    reason: varchar('reason', { length: 255 }).notNull(),
    /** 1 待处理, 2 处理中, 3 已解决 */
    status: varchar('status', { length: 2 }).notNull(),
    openTime: timestamp('open_time', { withTimezone: true }).notNull().defaultNow(),
    handlerId: varchar('handler_id', { length: 32 }),
    /** 1 改派, 2 退款, 3 致歉, 4 无需处理 */
    resolution: varchar('resolution', { length: 2 }),
    note: varchar('note', { length: 500 }),
    resolveTime: timestamp('resolve_time', { withTimezone: true }),
    partnerId: varchar('partner_id', { length: 32 }),
    tenantId: integer('tenant_id'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_exception_order_open')
      .on(t.orderId, t.kind)
      .where(sql`${t.status} <> '3'`),
    index('idx_yy_exception_order_status').on(t.status, t.openTime),
    index('idx_yy_exception_order_order').on(t.orderId),
    index('idx_yy_exception_order_partner').on(t.partnerId),
  ],
);

/**
 * yy_breach_record: a no-show (爽约, a technician) or a late cancellation with a fee (违约, a
 * customer), one per order and kind. Counted on the customer and the technician.
 */
export const yyBreachRecord = pgTable(
  'yy_breach_record',
  {
    id: idColumn(),
    orderId: varchar('order_id', { length: 32 })
      .notNull()
      .references(() => yyVisitOrder.id),
    /** noShow (technician) | lateCancel (customer) */
    kind: varchar('kind', { length: 16 }).notNull(),
    customerId: varchar('customer_id', { length: 32 }),
    technicianId: varchar('technician_id', { length: 32 }),
    /** the fee charged (a late cancellation), exact */
    fee: numeric('fee', { precision: 15, scale: 2 }),
    note: varchar('note', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_breach_record_order_kind').on(t.orderId, t.kind),
    index('idx_yy_breach_record_customer').on(t.customerId),
    index('idx_yy_breach_record_technician').on(t.technicianId),
  ],
);
