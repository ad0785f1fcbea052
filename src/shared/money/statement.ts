/**
 * 对账单 periods as pure functions: a local month (`2026-10`) or ISO week (`2026-W43`), each a
 * half-open range of local dates [start, end). Isomorphic (browser, Node, commands).
 */

export const STATEMENT_STATUS = { draft: '0', confirmed: '1', settled: '2' } as const;
export type StatementStatus = (typeof STATEMENT_STATUS)[keyof typeof STATEMENT_STATUS];

export const STATEMENT_STATUSES = [
  { value: STATEMENT_STATUS.draft, text: '草稿' },
  { value: STATEMENT_STATUS.confirmed, text: '已确认' },
  { value: STATEMENT_STATUS.settled, text: '已结算' },
] as const;

export const STATEMENT_PERIOD_TYPES = [
  { value: 'month', text: '按月' },
  { value: 'week', text: '按周' },
] as const;
export type StatementPeriodType = (typeof STATEMENT_PERIOD_TYPES)[number]['value'];

/** The accounts that get statements: technicians and partners (the platform and customers do not). */
export const STATEMENT_ACCOUNTS = [
  { value: 'technician', text: '技师' },
  { value: 'partner', text: '商户' },
] as const;

export interface StatementPeriod {
  type: StatementPeriodType;
  /** `2026-10` or `2026-W43` */
  period: string;
  /** first local date, YYYY-MM-DD */
  start: string;
  /** the local date after the last, YYYY-MM-DD */
  end: string;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** A month `YYYY-MM` or ISO week `YYYY-Www` as its date range, or undefined when it is neither. */
export function parseStatementPeriod(text: string): StatementPeriod | undefined {
  const t = text.trim();
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(t);
  if (month) {
    const y = Number(month[1]);
    const m = Number(month[2]);
    return {
      type: 'month',
      period: t,
      start: ymd(new Date(Date.UTC(y, m - 1, 1))),
      end: ymd(new Date(Date.UTC(y, m, 1))),
    };
  }
  const week = /^(\d{4})-W(\d{2})$/.exec(t);
  if (week) {
    const y = Number(week[1]);
    const w = Number(week[2]);
    // ISO week 1 holds 4 January; weeks start on Monday
    const jan4 = new Date(Date.UTC(y, 0, 4));
    const monday1 = Date.UTC(y, 0, 4 - ((jan4.getUTCDay() + 6) % 7));
    const start = new Date(monday1 + (w - 1) * 7 * 86_400_000);
    const end = new Date(start.getTime() + 7 * 86_400_000);
    if (w < 1 || w > 53 || isoWeekYear(start) !== y) return undefined;
    return { type: 'week', period: `${y}-W${week[2]}`, start: ymd(start), end: ymd(end) };
  }
  return undefined;
}

/** The ISO week-numbering year of a UTC date. */
function isoWeekYear(d: Date): number {
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000);
  return thursday.getUTCFullYear();
}

export const STATEMENT_MSG = {
  period: '期间格式应为YYYY-MM（月）或YYYY-Www（周）',
  locked: '对账单已确认或已结算，不能修改',
  lockedDelete: '已确认或已结算的对账单不能删除',
  noPeriod: '请输入月份（YYYY-MM）或周（YYYY-Www）',
} as const;
