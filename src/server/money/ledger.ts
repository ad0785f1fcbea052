/**
 * Posting to 资金流水 (yy_ledger_entry), inside the caller's transaction:
 *
 * - `postOrderCompletion`: when an order completes (服务完成), its payment and shares, by the rule in
 *   force and the partner's 分成比例 at that moment (src/shared/money/ledger.ts `planCompletion`).
 * - `postOrderRefund`: a refund after completion reverses the payment by the refund and claws the
 *   shares back in proportion to what is left of them (the amounts posted: rates frozen at
 *   posting), or books it to the platform when the platform bears refunds (平台配置).
 * - `postCancelFee`: an approved late cancellation keeps a fee: the payment, its refund and the
 *   fee to the platform.
 *
 * Every entry carries an idempotency key: posting the same key with the same body again is a no-op,
 * with another body it is refused (BizError). The database refuses changes and over-reversals.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { fromFen, toFen } from '../../shared/format.ts';
import {
  LEDGER_ACCOUNT,
  LEDGER_KIND,
  planCompletion,
  planRefund,
  type LedgerAccount,
  type LedgerKind,
  type PlannedEntry,
} from '../../shared/money/ledger.ts';
import { LEDGER_MSG } from '../../shared/resources/ledger.ts';
import type { Db } from '../db/client.ts';
import { yyLedgerEntry, yyPartner, yyVisitOrder } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import { newId } from '../lib/query/ids.ts';
import { settingValue } from '../orders/settings.ts';
import { orderCommission, ruleText, type OrderRow } from './commission.ts';

const fen = (v: unknown) => toFen(v ?? '0') ?? 0;

/** The platform setting: refunds after completion are borne by the platform (no claw-back). */
export const PLATFORM_BEARS_REFUND = 'finance.platformBearsRefund';

/**
 * What an entry is about: a visit order, or (id and number null) a technician's own movement (a
 * withdrawal, a purchase), which still names the technician and partner for lists and reach.
 */
export type EntrySource = Pick<OrderRow, 'technicianId' | 'partnerId' | 'tenantId'> & {
  id: string | null;
  orderNo: string | null;
};

/** One entry to post with its key and context. */
export interface EntryInput extends PlannedEntry {
  key: string;
  order: EntrySource;
  ruleId?: string | null;
  memo?: string | null;
  by: string;
}

const bodyOf = (e: EntryInput) =>
  JSON.stringify([
    e.account,
    e.accountId ?? null,
    e.kind,
    fromFen(e.fen),
    e.order.id,
    e.reversalOf ?? null,
    e.ruleId ?? null,
  ]);
const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Post entries in one statement (one balance update). Keys posted before with the same body are
 * skipped; a key posted with another body refuses the whole posting. Answers how many were new.
 */
export async function postEntries(tx: Db, entries: readonly EntryInput[]): Promise<number> {
  if (!entries.length) return 0;
  const rows = entries.map((e) => ({
    id: newId(),
    entryKey: e.key,
    bodyHash: hash(bodyOf(e)),
    account: e.account,
    accountId: e.accountId,
    kind: e.kind,
    amount: fromFen(e.fen),
    orderId: e.order.id,
    orderNo: e.order.orderNo,
    technicianId: e.order.technicianId,
    partnerId: e.order.partnerId,
    ruleId: e.ruleId ?? null,
    memo: e.memo?.slice(0, 255) ?? null,
    reversalOf: e.reversalOf ?? null,
    tenantId: e.order.tenantId,
    createBy: e.by,
  }));
  // keys posted before: the same body is skipped, another refused (before the insert, whose
  // reversal check would otherwise see a repeated reversal as taking its entry twice)
  const stored = await tx
    .select({ key: yyLedgerEntry.entryKey, bodyHash: yyLedgerEntry.bodyHash })
    .from(yyLedgerEntry)
    .where(
      inArray(
        yyLedgerEntry.entryKey,
        rows.map((r) => r.entryKey),
      ),
    );
  const refuseChanged = (found: typeof stored) => {
    for (const s of found) {
      const r = rows.find((x) => x.entryKey === s.key);
      if (r && s.bodyHash !== r.bodyHash) throw new BizError(LEDGER_MSG.keyReused(r.entryKey));
    }
  };
  refuseChanged(stored);
  const known = new Set(stored.map((s) => s.key));
  const fresh = rows.filter((r) => !known.has(r.entryKey));
  if (!fresh.length) return 0;
  const inserted = await tx
    .insert(yyLedgerEntry)
    .values(fresh)
    .onConflictDoNothing({ target: yyLedgerEntry.entryKey })
    .returning({ key: yyLedgerEntry.entryKey })
    .catch((e: unknown) => {
      // the database's reversal and balance checks (migrations money_ledger_triggers, wallet_triggers): said in Chinese
      const text = `${String((e as Error).message)} ${String((e as { cause?: Error }).cause?.message ?? '')}`;
      if (/ledger reversal/.test(text)) throw new BizError(LEDGER_MSG.overReversed);
      throw /ledger balance/.test(text) ? new BizError(LEDGER_MSG.insufficient) : e;
    });
  if (inserted.length < fresh.length) {
    // a concurrent posting of the same keys committed first: the same rule applies
    const raced = new Set(inserted.map((r) => r.key));
    refuseChanged(
      await tx
        .select({ key: yyLedgerEntry.entryKey, bodyHash: yyLedgerEntry.bodyHash })
        .from(yyLedgerEntry)
        .where(
          inArray(
            yyLedgerEntry.entryKey,
            fresh.filter((r) => !raced.has(r.entryKey)).map((r) => r.entryKey),
          ),
        ),
    );
  }
  return inserted.length;
}

const MEMO: Record<string, string> = {
  payment: '客户支付',
  travelFee: '车费归技师',
  partnerShare: '商户分成',
  platformShare: '平台分成',
};

/** The order as stored (locked by the caller's transition). */
export async function orderRow(tx: Db, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  return order;
}

/**
 * The entries of an order's completion at `at`: idempotent (keys `order:<id>:<kind>`), so a
 * repeated completion, or a refund completing the postings of an order finished before the
 * ledger existed, posts nothing twice.
 */
export async function postOrderCompletion(
  tx: Db,
  orderId: string,
  opts: { at: Date; tz: string; by: string },
): Promise<number> {
  const order = await orderRow(tx, orderId);
  if (!order.technicianId) throw new Error(`order ${order.orderNo} has no technician`);
  const c = await orderCommission(tx, order, opts.at, opts.tz);
  const [partner] = order.partnerId
    ? await tx
        .select({ ratio: yyPartner.shareRatio, name: yyPartner.name })
        .from(yyPartner)
        .where(eq(yyPartner.id, order.partnerId))
    : [];
  const plan = planCompletion({
    paidFen: fen(order.paidAmount),
    fareFen: fen(order.fareAmount),
    commissionFen: c.fen,
    customerId: order.customerId,
    technicianId: order.technicianId,
    partnerId: partner ? order.partnerId : null,
    partnerRatio: partner?.ratio ?? null,
  });
  return postEntries(
    tx,
    plan.map((e) => ({
      ...e,
      key: `order:${order.id}:${e.kind}`,
      order,
      ruleId: e.kind === LEDGER_KIND.commission ? (c.rule?.id ?? null) : null,
      memo:
        e.kind === LEDGER_KIND.commission
          ? ruleText(c.rule, c.target)
          : e.kind === LEDGER_KIND.partnerShare
            ? `商户分成 ${partner?.ratio ?? '0'}%`
            : MEMO[e.kind],
      by: opts.by,
    })),
  );
}

interface PostedEntry {
  id: string;
  account: LedgerAccount;
  accountId: string | null;
  kind: LedgerKind;
  fen: number;
  /** what earlier reversals took from it (fen, opposite sign) */
  reversedFen: number;
}

/** The order's original entries with what their reversals took. */
async function postedEntries(tx: Db, orderId: string): Promise<PostedEntry[]> {
  const rows = await tx
    .select({
      id: yyLedgerEntry.id,
      account: yyLedgerEntry.account,
      accountId: yyLedgerEntry.accountId,
      kind: yyLedgerEntry.kind,
      amount: yyLedgerEntry.amount,
      reversed: sql<string>`coalesce((select sum(r.amount) from yy_ledger_entry r where r.reversal_of = ${yyLedgerEntry.id}), 0)::text`,
    })
    .from(yyLedgerEntry)
    .where(and(eq(yyLedgerEntry.orderId, orderId), isNull(yyLedgerEntry.reversalOf)))
    .orderBy(yyLedgerEntry.entryKey);
  return rows.map((r) => ({
    id: r.id,
    account: r.account as LedgerAccount,
    accountId: r.accountId,
    kind: r.kind as LedgerKind,
    fen: fen(r.amount),
    reversedFen: fen(r.reversed),
  }));
}

/**
 * A refund of `refundFen` after completion (售后), keyed by the refund (`refund:<order>:<kind>:…`).
 * An order completed before the ledger existed gets its completion posted first.
 */
export async function postOrderRefund(
  tx: Db,
  orderId: string,
  refundKind: string,
  refundFen: number,
  opts: { tz: string; by: string; reason?: string | null },
): Promise<number> {
  if (refundFen <= 0) return 0;
  // this refund posted already (a retry): nothing more, whatever is left now
  const [done] = await tx
    .select({ id: yyLedgerEntry.id })
    .from(yyLedgerEntry)
    .where(sql`${yyLedgerEntry.entryKey} like ${`refund:${orderId}:${refundKind}:%`}`)
    .limit(1);
  if (done) return 0;
  let posted = await postedEntries(tx, orderId);
  const order = await orderRow(tx, orderId);
  if (!posted.some((e) => e.kind === LEDGER_KIND.payment)) {
    await postOrderCompletion(tx, orderId, { at: order.finishTime ?? new Date(), tz: opts.tz, by: opts.by });
    posted = await postedEntries(tx, orderId);
  }
  const payment = posted.find((e) => e.kind === LEDGER_KIND.payment)!;
  const platformBears = (await settingValue(tx, PLATFORM_BEARS_REFUND)) === 'true';
  const plan = planRefund(
    refundFen,
    { id: payment.id, accountId: payment.accountId, leftFen: -payment.fen - payment.reversedFen },
    posted
      .filter((e) => e.account !== LEDGER_ACCOUNT.customer && e.fen > 0)
      .map((e) => ({ ...e, leftFen: e.fen + e.reversedFen })),
    platformBears,
  );
  const reason = opts.reason ? `：${opts.reason}` : '';
  return postEntries(
    tx,
    plan.map((e) => ({
      ...e,
      key: `refund:${orderId}:${refundKind}:${e.kind}:${e.reversalOf ?? 'platform'}`,
      order,
      memo:
        e.kind === LEDGER_KIND.refund
          ? `退款 ${fromFen(refundFen)} 元${reason}`
          : e.kind === LEDGER_KIND.platformBorne
            ? `平台承担退款 ${fromFen(refundFen)} 元`
            : `退款扣回（按原分成比例）`,
      by: opts.by,
    })),
  );
}

/** An approved cancellation keeping `feeFen`: the payment, its refund and the fee to the platform. */
export async function postCancelFee(
  tx: Db,
  orderId: string,
  feeFen: number,
  opts: { by: string },
): Promise<number> {
  const order = await orderRow(tx, orderId);
  const paid = fen(order.paidAmount);
  const fee = Math.min(Math.max(feeFen, 0), paid);
  if (fee <= 0) return 0;
  const payment: EntryInput = {
    key: `order:${order.id}:${LEDGER_KIND.payment}`,
    account: LEDGER_ACCOUNT.customer,
    accountId: order.customerId,
    kind: LEDGER_KIND.payment,
    fen: -paid,
    order,
    memo: MEMO.payment,
    by: opts.by,
  };
  await postEntries(tx, [payment]);
  const [p] = await tx
    .select({ id: yyLedgerEntry.id })
    .from(yyLedgerEntry)
    .where(eq(yyLedgerEntry.entryKey, payment.key));
  const entries: EntryInput[] = [
    {
      key: `order:${order.id}:${LEDGER_KIND.cancelFee}`,
      account: LEDGER_ACCOUNT.platform,
      accountId: null,
      kind: LEDGER_KIND.cancelFee,
      fen: fee,
      order,
      memo: `取消违约金 ${fromFen(fee)} 元`,
      by: opts.by,
    },
  ];
  if (paid - fee > 0)
    entries.unshift({
      key: `refund:${order.id}:cancel:${LEDGER_KIND.refund}:${p!.id}`,
      account: LEDGER_ACCOUNT.customer,
      accountId: order.customerId,
      kind: LEDGER_KIND.refund,
      fen: paid - fee,
      reversalOf: p!.id,
      order,
      memo: `取消退款 ${fromFen(paid - fee)} 元（扣违约金 ${fromFen(fee)} 元）`,
      by: opts.by,
    });
  return postEntries(tx, entries);
}
