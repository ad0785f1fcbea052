/**
 * PostgreSQL views a resource sits on (`view: true` in its declaration), described as tables for
 * reads: a view is selected from exactly as a table is, and nothing here is ever written. They live
 * outside schema/index.ts on purpose: drizzle-kit diffs that module and would create a table for
 * each; a view is created by a hand-written migration (`drizzle-kit generate --custom`).
 */
import { boolean, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** yy_technician_summary (migration 0021): one row per technician, their open services and price range. */
export const yyTechnicianSummary = pgTable('yy_technician_summary', {
  /** the technician's id */
  id: varchar('id', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  partnerId: varchar('partner_id', { length: 32 }),
  level: varchar('level', { length: 10 }).notNull(),
  workStatus: varchar('work_status', { length: 2 }).notNull(),
  /** services enabled on a project on sale */
  openServices: integer('open_services').notNull(),
  /** every service, open or not */
  allServices: integer('all_services').notNull(),
  minPrice: numeric('min_price', { precision: 15, scale: 2 }),
  maxPrice: numeric('max_price', { precision: 15, scale: 2 }),
  createTime: timestamp('create_time', { withTimezone: true }),
});

/** yy_tech_finance (migration wallet_triggers): per technician and local month, from the ledger. */
export const yyTechFinance = pgTable('yy_tech_finance', {
  /** md5 of technician and month */
  id: varchar('id', { length: 32 }).primaryKey(),
  technicianId: varchar('technician_id', { length: 32 }).notNull(),
  technicianName: varchar('technician_name', { length: 50 }),
  partnerId: varchar('partner_id', { length: 32 }),
  /** YYYY-MM, local */
  month: varchar('month', { length: 7 }).notNull(),
  income: numeric('income', { precision: 15, scale: 2 }).notNull(),
  commission: numeric('commission', { precision: 15, scale: 2 }).notNull(),
  withdrawals: numeric('withdrawals', { precision: 15, scale: 2 }).notNull(),
  purchases: numeric('purchases', { precision: 15, scale: 2 }).notNull(),
  net: numeric('net', { precision: 15, scale: 2 }).notNull(),
  balance: numeric('balance', { precision: 15, scale: 2 }).notNull(),
});

/** yy_visit_finance (migration 0033): per local month and district, the ledger's figures of the orders there. */
export const yyVisitFinance = pgTable('yy_visit_finance', {
  id: varchar('id', { length: 32 }).primaryKey(),
  month: varchar('month', { length: 7 }).notNull(),
  areaCode: varchar('area_code', { length: 12 }).notNull(),
  tenantId: integer('tenant_id'),
  orderCount: integer('order_count').notNull(),
  paidAmount: numeric('paid_amount', { precision: 15, scale: 2 }).notNull(),
  serviceAmount: numeric('service_amount', { precision: 15, scale: 2 }).notNull(),
  travelAmount: numeric('travel_amount', { precision: 15, scale: 2 }).notNull(),
  refundAmount: numeric('refund_amount', { precision: 15, scale: 2 }).notNull(),
  platformAmount: numeric('platform_amount', { precision: 15, scale: 2 }).notNull(),
  partnerAmount: numeric('partner_amount', { precision: 15, scale: 2 }).notNull(),
  technicianAmount: numeric('technician_amount', { precision: 15, scale: 2 }).notNull(),
});

/** yy_statement_entry (migration 0040): every line of every statement (对账单明细). */
export const yyStatementEntry = pgTable('yy_statement_entry', {
  /** md5 of statement and entry */
  id: varchar('id', { length: 32 }).primaryKey(),
  statementId: varchar('statement_id', { length: 32 }).notNull(),
  entryId: varchar('entry_id', { length: 32 }).notNull(),
  createTime: timestamp('create_time', { withTimezone: true }),
  kind: varchar('kind', { length: 16 }).notNull(),
  orderNo: varchar('order_no', { length: 20 }),
  amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
  memo: varchar('memo', { length: 255 }),
  adjustment: boolean('adjustment').notNull(),
  partnerId: varchar('partner_id', { length: 32 }),
  tenantId: integer('tenant_id'),
});
