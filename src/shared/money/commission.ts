/**
 * 技师提成 rules as pure functions: which rule applies to an order (the most specific scope wins:
 * technician + project, technician, project, technician level, generic; then the higher priority;
 * then the newest) and what it pays, in integer fen, rounded half away from zero. The server
 * (src/server/money) and the seed's SQL follow the same rules; never a float.
 *
 * Isomorphic (browser, Node, commands).
 */
import { toFen } from '../format.ts';

/** Scopes, most specific first: the value is the rank (lower wins). */
export const COMMISSION_SCOPE = {
  techProject: '1',
  technician: '2',
  project: '3',
  level: '4',
  generic: '5',
} as const;

export const COMMISSION_SCOPES = [
  { value: COMMISSION_SCOPE.techProject, text: '技师+项目' },
  { value: COMMISSION_SCOPE.technician, text: '技师' },
  { value: COMMISSION_SCOPE.project, text: '项目' },
  { value: COMMISSION_SCOPE.level, text: '技师等级' },
  { value: COMMISSION_SCOPE.generic, text: '通用' },
] as const;

export const COMMISSION_TYPE = {
  fixed: '1',
  percent: '2',
  hourly: '3',
  tiered: '4',
} as const;

export const COMMISSION_TYPES = [
  { value: COMMISSION_TYPE.fixed, text: '固定金额' },
  { value: COMMISSION_TYPE.percent, text: '服务金额百分比' },
  { value: COMMISSION_TYPE.hourly, text: '按小时' },
  { value: COMMISSION_TYPE.tiered, text: '按月完成单量阶梯' },
] as const;

export const COMMISSION_MSG = {
  technician: '该适用范围须选择技师',
  project: '该适用范围须选择服务项目',
  level: '该适用范围须选择技师等级',
  amount: '固定金额或按小时的规则须填写金额',
  rate: '百分比规则须填写提成比例',
  tiers: '阶梯须写成「起始单量:比例」并以逗号分隔，如 1:30,21:35,51:40（起始单量从1递增，比例0到100）',
  dates: '失效日期不能早于生效日期',
  negative: '金额不能为负数',
  none: '没有适用的提成规则',
} as const;

/** A rule as stored (amounts and rates as decimal text). */
export interface CommissionRule {
  id: string;
  name?: string | null;
  scope: string;
  technicianId?: string | null;
  projectId?: string | null;
  techLevel?: string | null;
  type: string;
  /** fixed amount, or the amount per hour (yuan text) */
  amount?: string | null;
  /** percent of the service amount (0–100, two places) */
  rate?: string | null;
  /** tiered: `from:rate` pairs, e.g. `1:30,21:35,51:40` (the month's Nth completed order on) */
  tiers?: string | null;
  priority?: number | null;
  /** YYYY-MM-DD, inclusive; empty: open */
  beginDate?: string | null;
  endDate?: string | null;
  enabled?: boolean | null;
  /** creation time in ms (the newest wins a tie) */
  createdAt?: number | null;
}

/** What a rule is applied to: one completed (or about to be) order. */
export interface CommissionTarget {
  technicianId: string;
  /** the order's main project (its first project line) */
  projectId: string | null;
  techLevel: string | null;
  /** the local date of completion, YYYY-MM-DD */
  date: string;
  /** the service amount in fen: what the customer paid less the travel fare */
  serviceFen: number;
  /** the service's minutes (projects and 加钟) */
  minutes: number;
  /** the technician's completed orders in the month of `date`, this one included */
  monthCount: number;
}

/** `num / den` rounded half away from zero, exact on integers of any size (den > 0). */
export function divRound(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new Error('divRound: the divisor must be positive');
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const q = (abs * 2n + den) / (den * 2n);
  return neg ? -q : q;
}

/** `fen × percent / 100` rounded half away from zero (percent: decimal text, ≤ two places). */
export function percentOf(fen: number, percent: string): number {
  const hundredths = toFen(percent);
  if (hundredths === undefined) throw new Error(`not a percent: ${percent}`);
  return Number(divRound(BigInt(fen) * BigInt(hundredths), 10_000n));
}

export interface Tier {
  from: number;
  rate: string;
}

/** The tiers of a rule (ascending `from`, the first from 1), or undefined when malformed. */
export function parseTiers(text: string | null | undefined): Tier[] | undefined {
  if (!text || !text.trim()) return undefined;
  const tiers: Tier[] = [];
  for (const part of text.split(/[,，]/)) {
    const m = /^\s*(\d{1,6})\s*[:：]\s*(\d{1,3}(?:\.\d{1,2})?)\s*$/.exec(part);
    if (!m) return undefined;
    const from = Number(m[1]);
    const rate = m[2]!;
    if (toFen(rate)! > 10_000) return undefined;
    if (tiers.length ? from <= tiers[tiers.length - 1]!.from : from !== 1) return undefined;
    tiers.push({ from, rate });
  }
  return tiers;
}

/** The rate of the tier reached by the month's `count`th completed order. */
export function tierRate(tiers: readonly Tier[], count: number): string {
  let rate = tiers[0]!.rate;
  for (const t of tiers) if (count >= t.from) rate = t.rate;
  return rate;
}

/** Why a rule cannot be saved (scope needs its keys, type its amounts, dates in order), or undefined. */
export function commissionRuleProblem(r: Partial<CommissionRule>): string | undefined {
  const S = COMMISSION_SCOPE;
  if ((r.scope === S.techProject || r.scope === S.technician) && !r.technicianId)
    return COMMISSION_MSG.technician;
  if ((r.scope === S.techProject || r.scope === S.project) && !r.projectId) return COMMISSION_MSG.project;
  if (r.scope === S.level && !r.techLevel) return COMMISSION_MSG.level;
  if (r.type === COMMISSION_TYPE.fixed || r.type === COMMISSION_TYPE.hourly) {
    const fen = r.amount === null || r.amount === undefined || r.amount === '' ? undefined : toFen(r.amount);
    if (fen === undefined) return COMMISSION_MSG.amount;
    if (fen < 0) return COMMISSION_MSG.negative;
  }
  if (r.type === COMMISSION_TYPE.percent && (r.rate === null || r.rate === undefined || r.rate === ''))
    return COMMISSION_MSG.rate;
  if (r.type === COMMISSION_TYPE.tiered && !parseTiers(r.tiers)) return COMMISSION_MSG.tiers;
  if (r.beginDate && r.endDate && r.endDate < r.beginDate) return COMMISSION_MSG.dates;
  return undefined;
}

/** Whether a rule's scope covers the target. */
function covers(r: CommissionRule, t: CommissionTarget): boolean {
  const S = COMMISSION_SCOPE;
  switch (r.scope) {
    case S.techProject:
      return r.technicianId === t.technicianId && r.projectId === t.projectId;
    case S.technician:
      return r.technicianId === t.technicianId;
    case S.project:
      return r.projectId === t.projectId;
    case S.level:
      return !!t.techLevel && r.techLevel === t.techLevel;
    case S.generic:
      return true;
    default:
      return false;
  }
}

/** Whether a rule is in force on a date (enabled, within its validity, both ends inclusive). */
export const inForce = (r: CommissionRule, date: string): boolean =>
  r.enabled !== false && (!r.beginDate || r.beginDate <= date) && (!r.endDate || r.endDate >= date);

/**
 * The rules that apply to the target, the winner first: the most specific scope, then the higher
 * priority, then the newest (then the greater id, so the order is total).
 */
export function rankRules(rules: readonly CommissionRule[], t: CommissionTarget): CommissionRule[] {
  return rules
    .filter((r) => inForce(r, t.date) && covers(r, t))
    .sort(
      (a, b) =>
        a.scope.localeCompare(b.scope) ||
        (b.priority ?? 0) - (a.priority ?? 0) ||
        (b.createdAt ?? 0) - (a.createdAt ?? 0) ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
}

/** The rule that applies, or undefined. */
export const resolveRule = (rules: readonly CommissionRule[], t: CommissionTarget) => rankRules(rules, t)[0];

/**
 * What a rule pays for the target in fen, within 0 … the service amount (a commission never takes
 * more than the service brought in).
 */
export function commissionFen(r: CommissionRule, t: CommissionTarget): number {
  let fen: number;
  switch (r.type) {
    case COMMISSION_TYPE.fixed:
      fen = toFen(r.amount ?? '0') ?? 0;
      break;
    case COMMISSION_TYPE.percent:
      fen = percentOf(t.serviceFen, r.rate ?? '0');
      break;
    case COMMISSION_TYPE.hourly:
      fen = Number(divRound(BigInt(toFen(r.amount ?? '0') ?? 0) * BigInt(t.minutes), 60n));
      break;
    case COMMISSION_TYPE.tiered: {
      const tiers = parseTiers(r.tiers);
      fen = tiers ? percentOf(t.serviceFen, tierRate(tiers, t.monthCount)) : 0;
      break;
    }
    default:
      fen = 0;
  }
  return Math.min(Math.max(fen, 0), Math.max(t.serviceFen, 0));
}

/** The rule applying to the target and its amount (0 fen without a rule). */
export function computeCommission(
  rules: readonly CommissionRule[],
  t: CommissionTarget,
): { rule: CommissionRule | undefined; fen: number } {
  const rule = resolveRule(rules, t);
  return { rule, fen: rule ? commissionFen(rule, t) : 0 };
}
