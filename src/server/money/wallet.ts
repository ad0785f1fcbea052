/**
 * The technicians' wallet in 资金流水, inside the caller's transaction:
 *
 * - `availableFen`: a technician's balance (the cached balance, kept by the entries' trigger),
 *   its row locked `FOR UPDATE`, so concurrent debits of one technician are decided one after the
 *   other; pending withdrawals are already debited, so it is what may still be taken.
 * - withdrawals (提现): the request holds the amount (technician `withdraw` −, platform
 *   `withdrawPayable` +); 驳回 reverses both (`withdrawReturn`); 打款 settles the platform's debt
 *   (`payout`, a reversal of the payable: the database refuses paying a rejected one or twice).
 * - purchases (物料订单, paid from the balance): technician `purchase` −, platform `goodsSale` +;
 *   取消 reverses both (`purchaseRefund`).
 *
 * Each entry has a fixed idempotency key per request (`withdraw:<id>:…`, `material:<id>:…`); the
 * database refuses a withdrawal or purchase taking a balance below zero (migration wallet_triggers).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { toFen } from '../../shared/format.ts';
import {
  LEDGER_ACCOUNT,
  LEDGER_KIND,
  type LedgerAccount,
  type LedgerKind,
} from '../../shared/money/ledger.ts';
import type { Db } from '../db/client.ts';
import { yyLedgerEntry, yyTechnician } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { postEntries, type EntryInput, type EntrySource } from './ledger.ts';

/** A technician's balance in fen, its cache row locked until the transaction ends. */
export async function availableFen(tx: Db, technicianId: string): Promise<number> {
  const r = (await tx.execute(sql`
    select balance::text as balance from yy_ledger_balance
     where account = ${LEDGER_ACCOUNT.technician} and account_key = ${technicianId}
     for update`)) as unknown as { rows: Array<{ balance: string }> };
  return toFen(r.rows[0]?.balance ?? '0') ?? 0;
}

/** The technician's partner (null: none, or no such technician). */
export async function technicianPartner(tx: Db, technicianId: string): Promise<string | null> {
  const [t] = await tx
    .select({ partnerId: yyTechnician.partnerId })
    .from(yyTechnician)
    .where(eq(yyTechnician.id, technicianId));
  return t?.partnerId ?? null;
}

/** A request's number: prefix, local date, ten random hex digits (20 characters). */
export function walletNo(prefix: 'TX' | 'WL', at: Date, tz: string): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(at)
    .replace(/-/g, '');
  return `${prefix}${day}${newId().slice(0, 10).toUpperCase()}`;
}

interface Movement {
  /** the withdrawal's or material order's id and number */
  id: string;
  no: string;
  technicianId: string;
  partnerId: string | null;
  fen: number;
  by: string;
  /**
   * the tenant of the entries (资金流水 is tenant-owned): the requester's at the request, the
   * request's entries' afterwards
   */
  tenantId?: number | null;
}

const sourceOf = (m: Movement): EntrySource => ({
  id: null,
  orderNo: null,
  technicianId: m.technicianId,
  partnerId: m.partnerId,
  tenantId: m.tenantId ?? null,
});

const entry = (
  m: Movement,
  key: string,
  account: LedgerAccount,
  kind: LedgerKind,
  fen: number,
  memo: string,
  reversalOf?: string,
): EntryInput => ({
  key,
  account,
  accountId: account === LEDGER_ACCOUNT.platform ? null : m.technicianId,
  kind,
  fen,
  order: sourceOf(m),
  memo,
  by: m.by,
  ...(reversalOf ? { reversalOf } : {}),
});

/** The ids of posted entries by key (those reversed later), and the tenant they were posted in. */
async function idsByKey(tx: Db, keys: string[]): Promise<Map<string, string> & { tenantId?: number | null }> {
  const rows = await tx
    .select({ id: yyLedgerEntry.id, key: yyLedgerEntry.entryKey, tenantId: yyLedgerEntry.tenantId })
    .from(yyLedgerEntry)
    .where(inArray(yyLedgerEntry.entryKey, keys));
  return Object.assign(new Map(rows.map((r) => [r.key, r.id])), { tenantId: rows[0]?.tenantId ?? null });
}

/** Post a pair and, later, reverse one or both of it: the keys of a request. */
const keys = (kind: 'withdraw' | 'material', id: string) => ({
  debit: `${kind}:${id}:debit`,
  credit: `${kind}:${id}:credit`,
  returnDebit: `${kind}:${id}:return-debit`,
  returnCredit: `${kind}:${id}:return-credit`,
  payout: `${kind}:${id}:payout`,
});

/** 提现 requested: the technician's balance held, the platform owing it. */
export function postWithdrawHold(tx: Db, m: Movement): Promise<number> {
  const k = keys('withdraw', m.id);
  return postEntries(tx, [
    entry(m, k.debit, LEDGER_ACCOUNT.technician, LEDGER_KIND.withdraw, -m.fen, `提现申请 ${m.no}`),
    entry(m, k.credit, LEDGER_ACCOUNT.platform, LEDGER_KIND.withdrawPayable, m.fen, `待付提现 ${m.no}`),
  ]);
}

/** 提现 rejected: the amount back to the technician, the platform's debt cancelled. */
export async function postWithdrawReturn(tx: Db, m: Movement, reason: string | undefined): Promise<number> {
  const k = keys('withdraw', m.id);
  const ids = await idsByKey(tx, [k.debit, k.credit]);
  m = { ...m, tenantId: ids.tenantId };
  const why = reason ? `：${reason}` : '';
  return postEntries(tx, [
    entry(
      m,
      k.returnDebit,
      LEDGER_ACCOUNT.technician,
      LEDGER_KIND.withdrawReturn,
      m.fen,
      `提现驳回 ${m.no}${why}`,
      ids.get(k.debit),
    ),
    entry(
      m,
      k.returnCredit,
      LEDGER_ACCOUNT.platform,
      LEDGER_KIND.withdrawReturn,
      -m.fen,
      `提现驳回 ${m.no}`,
      ids.get(k.credit),
    ),
  ]);
}

/** 提现 paid out: the platform's debt settled, with the payment's reference. */
export async function postWithdrawPayout(tx: Db, m: Movement, reference: string): Promise<number> {
  const k = keys('withdraw', m.id);
  const ids = await idsByKey(tx, [k.credit]);
  m = { ...m, tenantId: ids.tenantId };
  return postEntries(tx, [
    entry(
      m,
      k.payout,
      LEDGER_ACCOUNT.platform,
      LEDGER_KIND.payout,
      -m.fen,
      `提现打款 ${m.no}，流水号 ${reference}`,
      ids.get(k.credit),
    ),
  ]);
}

/** 物料订单 paid from the balance: the technician pays the platform. */
export function postPurchase(tx: Db, m: Movement): Promise<number> {
  const k = keys('material', m.id);
  return postEntries(tx, [
    entry(m, k.debit, LEDGER_ACCOUNT.technician, LEDGER_KIND.purchase, -m.fen, `物料采购 ${m.no}`),
    entry(m, k.credit, LEDGER_ACCOUNT.platform, LEDGER_KIND.goodsSale, m.fen, `物料销售 ${m.no}`),
  ]);
}

/**
 * 物料订单 deducted on the statement (结算扣款): the technician owes the platform at once (a
 * receivable, not a payment: the balance may go below zero, the database refuses only withdrawals
 * and purchases doing so). Dated now, the entry is a line of the technician's statement of this
 * period, or, that one being locked already, an adjustment on the next one generated: exactly
 * once, as every entry (its key). The order is marked charged when that statement is confirmed.
 */
export function postDeduction(tx: Db, m: Movement): Promise<number> {
  const k = keys('material', m.id);
  return postEntries(tx, [
    entry(m, k.debit, LEDGER_ACCOUNT.technician, LEDGER_KIND.deduction, -m.fen, `物料结算扣款 ${m.no}`),
    entry(m, k.credit, LEDGER_ACCOUNT.platform, LEDGER_KIND.goodsSale, m.fen, `物料销售 ${m.no}`),
  ]);
}

/** A cancelled 物料订单 (paid from the balance or deducted on the statement): both entries reversed. */
export async function postPurchaseRefund(tx: Db, m: Movement, reason: string | undefined): Promise<number> {
  const k = keys('material', m.id);
  const ids = await idsByKey(tx, [k.debit, k.credit]);
  // an order whose payment was never posted has nothing to reverse
  if (!ids.get(k.debit)) return 0;
  m = { ...m, tenantId: ids.tenantId };
  const why = reason ? `：${reason}` : '';
  return postEntries(tx, [
    entry(
      m,
      k.returnDebit,
      LEDGER_ACCOUNT.technician,
      LEDGER_KIND.purchaseRefund,
      m.fen,
      `物料订单取消 ${m.no}${why}`,
      ids.get(k.debit),
    ),
    entry(
      m,
      k.returnCredit,
      LEDGER_ACCOUNT.platform,
      LEDGER_KIND.purchaseRefund,
      -m.fen,
      `物料订单取消 ${m.no}`,
      ids.get(k.credit),
    ),
  ]);
}

/**
 * Take `n` of a goods' stock: one statement, `stock >= n` in its WHERE (a concurrent taker waits
 * for the row and re-checks), so the stock never goes below zero. Answers whether it was taken.
 */
export async function takeStock(tx: Db, goodsId: string, n: number): Promise<boolean> {
  const r = (await tx.execute(sql`
    update yy_goods set stock = stock - ${n}, update_time = now()
     where id = ${goodsId} and stock >= ${n} returning stock`)) as unknown as { rows: unknown[] };
  return r.rows.length > 0;
}

/** Put `n` back into a goods' stock (a cancelled order). */
export async function restoreStock(tx: Db, goodsId: string, n: number): Promise<void> {
  await tx.execute(sql`update yy_goods set stock = stock + ${n}, update_time = now() where id = ${goodsId}`);
}

export type { Movement };
