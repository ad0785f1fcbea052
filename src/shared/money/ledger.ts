/**
 * 资金流水 as pure functions: what completing an order posts and what a refund takes back, in
 * integer fen. Double entry against the customer: the customer's account is charged what it paid
 * (a negative `payment`), the other accounts receive its shares, so per order the entries of the
 * platform, partner and technician accounts sum to exactly what the customer paid less what was
 * refunded, and all entries of an order sum to zero.
 *
 * Isomorphic (browser, Node, commands).
 */
import { percentOf } from './commission.ts';

export const LEDGER_ACCOUNT = {
  platform: 'platform',
  partner: 'partner',
  technician: 'technician',
  customer: 'customer',
} as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNT)[keyof typeof LEDGER_ACCOUNT];

export const LEDGER_ACCOUNTS = [
  { value: LEDGER_ACCOUNT.platform, text: '平台' },
  { value: LEDGER_ACCOUNT.partner, text: '商户' },
  { value: LEDGER_ACCOUNT.technician, text: '技师' },
  { value: LEDGER_ACCOUNT.customer, text: '客户' },
] as const;

export const LEDGER_KIND = {
  payment: 'payment',
  commission: 'commission',
  travelFee: 'travelFee',
  partnerShare: 'partnerShare',
  platformShare: 'platformShare',
  cancelFee: 'cancelFee',
  refund: 'refund',
  clawback: 'clawback',
  platformBorne: 'platformBorne',
  /** 提现: the technician's balance held by a withdrawal request (−), owed by the platform (+) */
  withdraw: 'withdraw',
  withdrawPayable: 'withdrawPayable',
  /** a rejected withdrawal: both reversed */
  withdrawReturn: 'withdrawReturn',
  /** a withdrawal paid out: the platform's debt settled (reversal of the payable) */
  payout: 'payout',
  /** 物料订单 paid from the balance: the technician (−) buys goods of the platform (+) */
  purchase: 'purchase',
  goodsSale: 'goodsSale',
  /** a cancelled material order: both reversed */
  purchaseRefund: 'purchaseRefund',
  /**
   * 物料订单 deducted on the statement (结算扣款): the technician (−) owes the platform (+) at once, a
   * receivable netted on the technician's next statement; unlike a purchase it may take the balance
   * below zero (the technician then withdraws nothing until earnings cover it)
   */
  deduction: 'deduction',
} as const;
export type LedgerKind = (typeof LEDGER_KIND)[keyof typeof LEDGER_KIND];

export const LEDGER_KINDS = [
  { value: LEDGER_KIND.payment, text: '客户支付' },
  { value: LEDGER_KIND.commission, text: '技师提成' },
  { value: LEDGER_KIND.travelFee, text: '车费' },
  { value: LEDGER_KIND.partnerShare, text: '商户分成' },
  { value: LEDGER_KIND.platformShare, text: '平台分成' },
  { value: LEDGER_KIND.cancelFee, text: '违约金' },
  { value: LEDGER_KIND.refund, text: '退款' },
  { value: LEDGER_KIND.clawback, text: '退款扣回' },
  { value: LEDGER_KIND.platformBorne, text: '平台承担退款' },
  { value: LEDGER_KIND.withdraw, text: '提现' },
  { value: LEDGER_KIND.withdrawPayable, text: '待付提现' },
  { value: LEDGER_KIND.withdrawReturn, text: '提现退回' },
  { value: LEDGER_KIND.payout, text: '提现打款' },
  { value: LEDGER_KIND.purchase, text: '物料采购' },
  { value: LEDGER_KIND.goodsSale, text: '物料销售' },
  { value: LEDGER_KIND.purchaseRefund, text: '物料退款' },
  { value: LEDGER_KIND.deduction, text: '结算扣款' },
] as const;

/** One entry to post: account, kind and signed amount in fen. */
export interface PlannedEntry {
  account: LedgerAccount;
  /** the technician, partner or customer id; null for the platform */
  accountId: string | null;
  kind: LedgerKind;
  fen: number;
  /** the entry this one (partly) reverses */
  reversalOf?: string;
}

export interface CompletionInput {
  paidFen: number;
  /** the order's travel fare (goes to the technician, at most what was paid) */
  fareFen: number;
  /** the commission the rule gives (clamped to the service amount) */
  commissionFen: number;
  customerId: string;
  technicianId: string;
  partnerId: string | null;
  /** the partner's 分成比例 (percent of what is left after the technician's), frozen here */
  partnerRatio: string | null;
}

/**
 * The entries completing an order posts: payment (−paid, customer), travel fee and commission
 * (technician), the partner's share of the rest by its ratio, the platform the remainder. Entries
 * of 0 fen are left out (never the payment).
 */
export function planCompletion(i: CompletionInput): PlannedEntry[] {
  const paid = Math.max(i.paidFen, 0);
  const travel = Math.min(Math.max(i.fareFen, 0), paid);
  const service = paid - travel;
  const commission = Math.min(Math.max(i.commissionFen, 0), service);
  const rest = service - commission;
  const partner = i.partnerId && i.partnerRatio ? Math.min(percentOf(rest, i.partnerRatio), rest) : 0;
  const A = LEDGER_ACCOUNT;
  const K = LEDGER_KIND;
  const all: PlannedEntry[] = [
    { account: A.customer, accountId: i.customerId, kind: K.payment, fen: -paid },
    { account: A.technician, accountId: i.technicianId, kind: K.travelFee, fen: travel },
    { account: A.technician, accountId: i.technicianId, kind: K.commission, fen: commission },
    { account: A.partner, accountId: i.partnerId, kind: K.partnerShare, fen: partner },
    { account: A.platform, accountId: null, kind: K.platformShare, fen: rest - partner },
  ];
  return all.filter((e, n) => n === 0 || e.fen !== 0);
}

/**
 * `total` fen shared among `weights` in proportion (largest remainder): the parts sum to exactly
 * `total` and none exceeds its weight (0 ≤ total ≤ Σ weights, weights ≥ 0).
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total < 0 || total > sum) throw new Error(`apportion: ${total} outside 0…${sum}`);
  if (sum === 0) return weights.map(() => 0);
  const T = BigInt(total);
  const S = BigInt(sum);
  const exact = weights.map((w) => BigInt(w) * T);
  const parts = exact.map((x) => Number(x / S));
  let left = total - parts.reduce((a, b) => a + b, 0);
  // the largest remainders first (ties: the earlier weight), one fen each
  const order = exact
    .map((x, n) => ({ n, rem: x % S }))
    .sort((a, b) => (b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.n - b.n));
  for (const { n, rem } of order) {
    if (left <= 0) break;
    if (rem === 0n) continue;
    parts[n]! += 1;
    left -= 1;
  }
  return parts;
}

/** A posted share of an order that a refund may take back: its id and what is left of it. */
export interface Reversible {
  id: string;
  account: LedgerAccount;
  accountId: string | null;
  kind: LedgerKind;
  /** the posted amount less what earlier reversals took (fen, ≥ 0) */
  leftFen: number;
}

/**
 * The entries of a refund of `refundFen` after completion: the customer's payment reversed by the
 * refund, and either the shares clawed back in proportion to what is left of them (rates frozen at
 * posting: the amounts posted, never today's rules) or, when the platform bears refunds, one
 * platform entry for the whole refund.
 */
export function planRefund(
  refundFen: number,
  payment: { id: string; accountId: string | null; leftFen: number },
  shares: readonly Reversible[],
  platformBears: boolean,
): PlannedEntry[] {
  if (refundFen <= 0) return [];
  if (refundFen > payment.leftFen) throw new Error('refund exceeds what is left of the payment');
  const out: PlannedEntry[] = [
    {
      account: LEDGER_ACCOUNT.customer,
      accountId: payment.accountId,
      kind: LEDGER_KIND.refund,
      fen: refundFen,
      reversalOf: payment.id,
    },
  ];
  if (platformBears)
    return [
      ...out,
      { account: LEDGER_ACCOUNT.platform, accountId: null, kind: LEDGER_KIND.platformBorne, fen: -refundFen },
    ];
  const parts = apportion(
    refundFen,
    shares.map((s) => s.leftFen),
  );
  shares.forEach((s, n) => {
    if (parts[n])
      out.push({
        account: s.account,
        accountId: s.accountId,
        kind: LEDGER_KIND.clawback,
        fen: -parts[n]!,
        reversalOf: s.id,
      });
  });
  return out;
}
