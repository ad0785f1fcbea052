import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/*
 * Money (技师提成, 资金流水): the commission rules, the append-only ledger and its cached balances.
 * Money is numeric(15,2) (read as text), never a float.
 */

/** yy_technician_commission: a rule paying technicians for completed orders (src/shared/money/commission.ts). */
export const yyTechnicianCommission = pgTable(
  'yy_technician_commission',
  {
    id: idColumn(),
    name: varchar('name', { length: 50 }).notNull(),
    /** 1 技师+项目, 2 技师, 3 项目, 4 技师等级, 5 通用 (the rank: lower wins) */
    scope: varchar('scope', { length: 2 }).notNull(),
    technicianId: varchar('technician_id', { length: 32 }),
    projectId: varchar('project_id', { length: 32 }),
    techLevel: varchar('tech_level', { length: 10 }),
    /** 1 固定金额, 2 百分比, 3 按小时, 4 阶梯 */
    type: varchar('type', { length: 2 }).notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }),
    rate: numeric('rate', { precision: 5, scale: 2 }),
    tiers: varchar('tiers', { length: 255 }),
    /** higher first within a scope; empty counts as 0 */
    priority: integer('priority').default(0),
    beginDate: date('begin_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** empty counts as enabled */
    enabled: boolean('enabled').default(true),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [
    index('idx_yy_technician_commission_scope').on(t.scope, t.technicianId, t.projectId),
    check(
      'ck_yy_technician_commission_amounts',
      sql`coalesce(${t.amount}, 0) >= 0 and coalesce(${t.rate}, 0) between 0 and 100`,
    ),
  ],
);

/**
 * yy_ledger_entry: 资金流水, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). Each entry
 * names its effect by `entry_key` (unique): a posting repeated with the same key and body is
 * skipped, with another body refused. A reversal names the entry it (partly) takes back; a
 * trigger keeps the reversals of an entry within it.
 */
export const yyLedgerEntry = pgTable(
  'yy_ledger_entry',
  {
    id: idColumn(),
    /** the idempotency key of the posting, e.g. `order:<id>:commission` */
    entryKey: varchar('entry_key', { length: 120 }).notNull(),
    /** sha-256 of the entry's body: the same key with another body is refused */
    bodyHash: varchar('body_hash', { length: 64 }).notNull(),
    /** platform | partner | technician | customer */
    account: varchar('account', { length: 16 }).notNull(),
    /** the partner, technician or customer; null for the platform */
    accountId: varchar('account_id', { length: 32 }),
    kind: varchar('kind', { length: 16 }).notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    orderId: varchar('order_id', { length: 32 }),
    orderNo: varchar('order_no', { length: 20 }),
    /** the order's technician and partner (every entry of the order: lists, partner staff's reach) */
    technicianId: varchar('technician_id', { length: 32 }),
    partnerId: varchar('partner_id', { length: 32 }),
    /** the commission rule applied (commission entries) */
    ruleId: varchar('rule_id', { length: 32 }),
    memo: varchar('memo', { length: 255 }),
    reversalOf: varchar('reversal_of', { length: 32 }),
    tenantId: integer('tenant_id'),
    /**
     * posting order (identity): a statement holds its period's entries up to a horizon of it, so
     * its lines are read from the ledger instead of being copied (src/server/money/statements.ts)
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_ledger_entry_key').on(t.entryKey),
    index('idx_yy_ledger_entry_order').on(t.orderId),
    index('idx_yy_ledger_entry_account').on(t.account, t.accountId, t.createTime),
    index('idx_yy_ledger_entry_technician').on(t.technicianId, t.createTime),
    index('idx_yy_ledger_entry_reversal').on(t.reversalOf),
    index('idx_yy_ledger_entry_create_time').on(t.createTime),
    check('ck_yy_ledger_entry_amount', sql`${t.amount} <> 0 or ${t.kind} = 'payment'`),
  ],
);

/**
 * yy_ledger_balance: the cached balance per account, kept by a trigger on yy_ledger_entry (in the
 * posting transaction). Always re-derivable from the entries; the balance job compares them.
 * The platform's account key is ''.
 */
export const yyLedgerBalance = pgTable(
  'yy_ledger_balance',
  {
    account: varchar('account', { length: 16 }).notNull(),
    accountKey: varchar('account_key', { length: 32 }).notNull(),
    balance: numeric('balance', { precision: 15, scale: 2 }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.accountKey] })],
);

/**
 * yy_statement: 对账单 of one technician or partner account for one period (a local month or ISO
 * week): 草稿 (regenerated at will) → 已确认 → 已结算 (payment reference and time). A confirmed or
 * settled statement is locked: a trigger refuses changing its totals or deleting it, and any change
 * of its lines. Its id is derived from (period type, period start, account, account id), so a
 * regenerated draft keeps it.
 */
export const yyStatement = pgTable(
  'yy_statement',
  {
    id: idColumn(),
    /** month | week */
    periodType: varchar('period_type', { length: 8 }).notNull(),
    /** `2026-10` or `2026-W43` */
    period: varchar('period', { length: 10 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** exclusive */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** technician | partner */
    account: varchar('account', { length: 16 }).notNull(),
    accountId: varchar('account_id', { length: 32 }).notNull(),
    /** the partner the account belongs to (a partner's own id): partner staff's reach */
    partnerId: varchar('partner_id', { length: 32 }),
    /** 0 草稿, 1 已确认, 2 已结算 */
    status: varchar('status', { length: 2 }).notNull().default('0'),
    lineCount: integer('line_count').notNull(),
    orderCount: integer('order_count').notNull(),
    /** the period's own entries */
    periodAmount: numeric('period_amount', { precision: 15, scale: 2 }).notNull(),
    /** entries of earlier locked periods carried here */
    adjustmentAmount: numeric('adjustment_amount', { precision: 15, scale: 2 }).notNull(),
    totalAmount: numeric('total_amount', { precision: 15, scale: 2 }).notNull(),
    generateTime: timestamp('generate_time', { withTimezone: true }).notNull(),
    confirmTime: timestamp('confirm_time', { withTimezone: true }),
    payRef: varchar('pay_ref', { length: 64 }),
    payTime: timestamp('pay_time', { withTimezone: true }),
    remark: varchar('remark', { length: 255 }),
    /**
     * What the statement holds of its own period, frozen at generation (null: a statement written
     * before, whose lines are all rows of yy_statement_line): the account's entries posted in
     * [starts_at, ends_at) with `seq` up to `seq_hi`, except `seq_skip` (entries of the period that
     * another statement carries as adjustments, posted after an earlier lock of this one).
     */
    seqHi: bigint('seq_hi', { mode: 'number' }),
    seqSkip: bigint('seq_skip', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    tenantId: integer('tenant_id'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_statement_account_period').on(t.account, t.accountId, t.periodType, t.periodStart),
    index('idx_yy_statement_period').on(t.periodType, t.periodStart, t.status),
    check('ck_yy_statement_status', sql`${t.status} in ('0', '1', '2')`),
    check('ck_yy_statement_settled', sql`${t.status} <> '2' or ${t.payRef} is not null`),
  ],
);

/**
 * yy_statement_line: a ledger entry a statement holds that is not read by its horizon: an
 * adjustment (an entry of an earlier, locked period carried here), and every line of a statement
 * written before horizons (`seq_hi` null). An entry is on at most one statement per period type
 * (unique; triggers refuse an adjustment line its own period's statement holds by its horizon).
 */
export const yyStatementLine = pgTable(
  'yy_statement_line',
  {
    statementId: varchar('statement_id', { length: 32 }).notNull(),
    entryId: varchar('entry_id', { length: 32 }).notNull(),
    periodType: varchar('period_type', { length: 8 }).notNull(),
    adjustment: boolean('adjustment').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.statementId, t.entryId] }),
    uniqueIndex('uq_yy_statement_line_entry').on(t.entryId, t.periodType),
  ],
);

/**
 * yy_payout: 分账 of one settled statement, at most once (unique statement): a repeated or
 * concurrent divideCash pays nothing twice. Only a positive total is paid out: a statement whose
 * 结算扣款 exceed its earnings owes the difference, which stays in the account's ledger balance
 * (below zero) and is recovered from later earnings, never paid as a negative payout.
 */
export const yyPayout = pgTable(
  'yy_payout',
  {
    id: idColumn(),
    statementId: varchar('statement_id', { length: 32 }).notNull(),
    period: varchar('period', { length: 10 }).notNull(),
    account: varchar('account', { length: 16 }).notNull(),
    accountId: varchar('account_id', { length: 32 }).notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    payRef: varchar('pay_ref', { length: 64 }),
    tenantId: integer('tenant_id'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_payout_statement').on(t.statementId),
    index('idx_yy_payout_period').on(t.period),
    // a statement that nets to zero or less pays nothing: what it owes stays in the balance
    check('ck_yy_payout_amount', sql`${t.amount} > 0`),
  ],
);
