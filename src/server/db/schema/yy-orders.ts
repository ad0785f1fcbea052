import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  point,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/*
 * Visit orders (上门订单, /yy/yyVisitOrder): the order with its address snapshot, its project and
 * 加钟 lines (price and duration snapshots), the daily order-number counter and the refunds. Money
 * is numeric(15,2) (read as text), never a float.
 */

/** yy_visit_order: one booking served at the customer's address; `status` is a declared state machine. */
export const yyVisitOrder = pgTable(
  'yy_visit_order',
  {
    id: idColumn(),
    /** readable number: local date + daily sequence (20261126-0001), from yy_order_no_seq */
    orderNo: varchar('order_no', { length: 20 }).notNull(),
    customerId: varchar('customer_id', { length: 32 }).notNull(),
    /** the 客户地址 the snapshot was copied from (the address may change or go later) */
    addressId: varchar('address_id', { length: 32 }),
    contact: varchar('contact', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    areaCode: varchar('area_code', { length: 12 }).notNull(),
    detail: varchar('detail', { length: 200 }).notNull(),
    /** x longitude, y latitude */
    location: point('location', { mode: 'xy' }),
    appointmentTime: timestamp('appointment_time', { withTimezone: true }).notNull(),
    /** appointment + the lines' durations: the technician's busy window is [appointment, end) */
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    serviceMinutes: integer('service_minutes').notNull(),
    technicianId: varchar('technician_id', { length: 32 }),
    partnerId: varchar('partner_id', { length: 32 }),
    travelMode: varchar('travel_mode', { length: 2 }).notNull(),
    distance: numeric('distance', { precision: 8, scale: 2 }).notNull(),
    fareAmount: numeric('fare_amount', { precision: 15, scale: 2 }).notNull(),
    projectAmount: numeric('project_amount', { precision: 15, scale: 2 }).notNull(),
    extraAmount: numeric('extra_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    discountAmount: numeric('discount_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 15, scale: 2 }).notNull(),
    payMethod: varchar('pay_method', { length: 2 }),
    paidAmount: numeric('paid_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    payTime: timestamp('pay_time', { withTimezone: true }),
    payReference: varchar('pay_reference', { length: 64 }),
    refundAmount: numeric('refund_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    cancelFee: numeric('cancel_fee', { precision: 15, scale: 2 }),
    /** the state a cancel request came from (its rejection returns there) */
    cancelFrom: varchar('cancel_from', { length: 2 }),
    acceptTime: timestamp('accept_time', { withTimezone: true }),
    finishTime: timestamp('finish_time', { withTimezone: true }),
    /** 1 客服, 2 电话, 3 小程序, 4 App */
    source: varchar('source', { length: 2 }).notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    rating: integer('rating'),
    remark: varchar('remark', { length: 500 }),
    tenantId: integer('tenant_id'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_visit_order_no').on(t.orderNo),
    index('idx_yy_visit_order_status').on(t.status, t.createTime),
    index('idx_yy_visit_order_create_time').on(t.createTime),
    index('idx_yy_visit_order_customer').on(t.customerId),
    // a customer's first order (the dashboards' 新客户, migration 0043's triggers)
    index('idx_yy_visit_order_customer_first').on(t.customerId, t.createTime, t.id),
    index('idx_yy_visit_order_technician').on(t.technicianId, t.appointmentTime),
    // 技师利用率's booked minutes of a period (src/server/stats/utilisation.ts): a range, not a scan
    index('idx_yy_visit_order_appointment').on(t.appointmentTime),
    index('idx_yy_visit_order_partner').on(t.partnerId),
    check('ck_yy_visit_order_amounts', sql`${t.totalAmount} >= 0 and ${t.refundAmount} <= ${t.paidAmount}`),
  ],
);

/**
 * yy_visit_order_status_count: how many orders are in each state, per tenant and partner, kept
 * equal to `SELECT tenant_id, partner_id, status, count(*) FROM yy_visit_order GROUP BY 1, 2, 3` by
 * statement-level triggers on yy_visit_order (migration 0026: every insert, update, delete and
 * truncate, in the same transaction, whoever writes: the app, the seed, hand-written SQL). The
 * status tabs read it instead of counting a million orders. No tenant is `tenant_key` 0, no
 * partner `partner_key` ''. Rows at 0 stay (the next order of that key reuses them).
 */
export const yyVisitOrderStatusCount = pgTable(
  'yy_visit_order_status_count',
  {
    tenantKey: integer('tenant_key').notNull(),
    partnerKey: varchar('partner_key', { length: 32 }).notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantKey, t.partnerKey, t.status] })],
);

const lineColumns = () => ({
  id: idColumn(),
  orderId: varchar('order_id', { length: 32 })
    .notNull()
    .references(() => yyVisitOrder.id, { onDelete: 'cascade' }),
  projectId: varchar('project_id', { length: 32 }).notNull(),
  /** snapshots at booking: a later price or name change leaves the order as it was */
  projectName: varchar('project_name', { length: 100 }).notNull(),
  price: numeric('price', { precision: 15, scale: 2 }).notNull(),
  duration: integer('duration').notNull(),
  quantity: integer('quantity').notNull(),
  amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
  sortNo: integer('sort_no').notNull().default(0),
  ...auditColumns(),
});

/** yy_visit_order_item: the order's project lines. */
export const yyVisitOrderItem = pgTable('yy_visit_order_item', lineColumns(), (t) => [
  index('idx_yy_visit_order_item_order').on(t.orderId),
]);

/** yy_visit_order_extra: the order's 加钟 lines (more time, added at booking or during the service). */
export const yyVisitOrderExtra = pgTable('yy_visit_order_extra', lineColumns(), (t) => [
  index('idx_yy_visit_order_extra_order').on(t.orderId),
]);

/**
 * yy_order_no_seq: the last order number of each local day. A booking takes the next one with
 * `INSERT … ON CONFLICT (day) DO UPDATE … RETURNING`, so concurrent bookings never share a number.
 */
export const yyOrderNoSeq = pgTable('yy_order_no_seq', {
  day: date('day', { mode: 'string' }).primaryKey(),
  last: integer('last').notNull(),
});

/**
 * yy_order_refund: every refund of an order through the payment provider. One per order and kind
 * (a cancellation, an after-sale): the unique index makes a retried or raced refund happen once.
 */
export const yyOrderRefund = pgTable(
  'yy_order_refund',
  {
    id: idColumn(),
    orderId: varchar('order_id', { length: 32 })
      .notNull()
      .references(() => yyVisitOrder.id),
    /** cancel | afterSale */
    kind: varchar('kind', { length: 16 }).notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    /** the provider's idempotency key: the same for every retry of this refund */
    refundNo: varchar('refund_no', { length: 64 }).notNull(),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** pending (recorded, provider not yet answered) | done */
    status: varchar('status', { length: 16 }).notNull(),
    providerRef: varchar('provider_ref', { length: 64 }),
    reason: varchar('reason', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_order_refund_kind').on(t.orderId, t.kind),
    uniqueIndex('uq_yy_order_refund_no').on(t.refundNo),
    check('ck_yy_order_refund_amount', sql`${t.amount} > 0`),
  ],
);
