import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

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

/*
 * The partner-free cells summed per calendar month (migration 0050): a period's whole months are
 * read as one row per month and key instead of one per day (the breakdowns of a 90-day period:
 * three months or so plus the odd days). Kept from yy_stat_order_daily_tenant and
 * yy_stat_ledger_daily_tenant by their statement-level triggers, in the same transaction.
 */

/** yy_stat_order_monthly_tenant: yy_stat_order_daily_tenant summed per month (`month`: its 1st). */
export const yyStatOrderMonthlyTenant = pgTable(
  'yy_stat_order_monthly_tenant',
  {
    month: date('month', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 12 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    tenantKey: integer('tenant_key').notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
    refund: numeric('refund', { precision: 17, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.dim, t.key, t.tenantKey, t.status] })],
);

/** yy_stat_ledger_monthly_tenant: yy_stat_ledger_daily_tenant summed per month (`month`: its 1st). */
export const yyStatLedgerMonthlyTenant = pgTable(
  'yy_stat_ledger_monthly_tenant',
  {
    month: date('month', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 12 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    tenantKey: integer('tenant_key').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.dim, t.key, t.tenantKey, t.kind] })],
);

/*
 * What the triggers of a transaction add to the day cells, waiting for its commit (migration
 * 0050): the triggers append here (no cell locked while the transaction runs), and a deferred
 * trigger folds the transaction's rows into yy_stat_order_daily / yy_stat_ledger_daily at commit,
 * every table's cells in key order in one statement — so concurrent writers lock cells in one
 * order whatever their statements were, and never deadlock over them. Empty between transactions.
 */

/** yy_stat_pending_order: order cells of a running transaction (`xid`), folded at its commit. */
export const yyStatPendingOrder = pgTable(
  'yy_stat_pending_order',
  {
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    day: date('day', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 12 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    tenantKey: integer('tenant_key').notNull(),
    partnerKey: varchar('partner_key', { length: 32 }).notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
    refund: numeric('refund', { precision: 17, scale: 2 }).notNull(),
  },
  (t) => [index('idx_yy_stat_pending_order_xid').on(t.xid)],
);

/** yy_stat_pending_ledger: ledger cells of a running transaction (`xid`), folded at its commit. */
export const yyStatPendingLedger = pgTable(
  'yy_stat_pending_ledger',
  {
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    day: date('day', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 12 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    tenantKey: integer('tenant_key').notNull(),
    partnerKey: varchar('partner_key', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 17, scale: 2 }).notNull(),
  },
  (t) => [index('idx_yy_stat_pending_ledger_xid').on(t.xid)],
);
