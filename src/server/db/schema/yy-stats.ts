import { bigint, date, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/*
 * Dashboard rollups (首页 / 分析页, `stats` commands): per local day the orders and the ledger,
 * maintained by statement-level triggers on yy_visit_order, yy_visit_order_item and
 * yy_ledger_entry in the writing transaction (migration 0043), so the figures never scan the
 * orders. Each row is one (day, dimension, key) cell; `dim` names the dimension:
 * total (key ''), hour ('00'…'23', of the booking), district (the order's area code), technician
 * (id, '' unassigned), project (order lines, status ''), dispatch (minutes 支付 → 已接单, capped at
 * 1440, status ''), first (a customer's first order, key '' status ''). The metric definitions over
 * these cells live in src/shared/stats/metrics.ts.
 */

/** yy_stat_order_daily: orders by local booking day, dimension, tenant, partner and current status. */
export const yyStatOrderDaily = pgTable(
  'yy_stat_order_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 12 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    /** 0: no tenant */
    tenantKey: integer('tenant_key').notNull(),
    /** '': no partner */
    partnerKey: varchar('partner_key', { length: 32 }).notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** orders: paid_amount; project: the lines' amount */
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
    /** orders: refund_amount */
    refund: numeric('refund', { precision: 17, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dim, t.key, t.tenantKey, t.partnerKey, t.status] })],
);

/** yy_stat_customer_first: each customer's first order (booking time, then id) as counted above. */
export const yyStatCustomerFirst = pgTable('yy_stat_customer_first', {
  customerId: varchar('customer_id', { length: 32 }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  tenantKey: integer('tenant_key').notNull(),
  partnerKey: varchar('partner_key', { length: 32 }).notNull(),
});

/** yy_stat_ledger_daily: ledger entries by local posting day, dimension, tenant, partner and kind. */
export const yyStatLedgerDaily = pgTable(
  'yy_stat_ledger_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** total (key ''), district (the order's area code), technician (id, '' none) */
    dim: varchar('dim', { length: 12 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    tenantKey: integer('tenant_key').notNull(),
    partnerKey: varchar('partner_key', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dim, t.key, t.tenantKey, t.partnerKey, t.kind] })],
);

/*
 * The same cells without the partner key (migration 0048), for a caller who sees every partner:
 * a few rows per day and key instead of one per partner. Kept from yy_stat_order_daily and
 * yy_stat_ledger_daily by their own statement-level triggers, in the same transaction.
 */

/** yy_stat_order_daily_tenant: yy_stat_order_daily summed over the partners. */
export const yyStatOrderDailyTenant = pgTable(
  'yy_stat_order_daily_tenant',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 12 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    tenantKey: integer('tenant_key').notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
    refund: numeric('refund', { precision: 17, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dim, t.key, t.tenantKey, t.status] })],
);

/** yy_stat_ledger_daily_tenant: yy_stat_ledger_daily summed over the partners. */
export const yyStatLedgerDailyTenant = pgTable(
  'yy_stat_ledger_daily_tenant',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 12 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    tenantKey: integer('tenant_key').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dim, t.key, t.tenantKey, t.kind] })],
);
