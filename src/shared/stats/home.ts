/**
 * GET /yy/ht/yyBasic/homepageDataStatistics: the figures of 首页 / 分析页 and `stats today`,
 * `stats orders`, under the 上门订单 list's permission and the caller's reach of orders and ledger.
 * Query: `begin`, `end` (local dates YYYY-MM-DD, end inclusive; default the last 30 days to today).
 * The metric definitions are src/shared/stats/metrics.ts.
 */
import type { MetricKey, MetricValue } from './metrics.ts';

/** The contract, declared beside the order resource (wire paths live in declarations). */
export { HOMEPAGE_STATISTICS } from '../resources/order.ts';

/** The longest period one request may name (days). */
export const HOME_MAX_DAYS = 366;
/** The default period: the last 30 days, today included. */
export const HOME_DEFAULT_DAYS = 30;

export const HOME_MSG = {
  date: '日期格式应为YYYY-MM-DD',
  order: '结束日期不能早于开始日期',
  span: `统计区间不能超过${HOME_MAX_DAYS}天`,
} as const;

/** A KPI card: today's value, yesterday's and the same weekday last week's. */
export interface HomeKpi {
  key: MetricKey;
  value: MetricValue;
  yesterday: MetricValue;
  lastWeek: MetricValue;
}

/** A figure of the period. */
export interface HomeFigure {
  key: MetricKey;
  value: MetricValue;
}

export interface HomeTrendDay {
  day: string;
  orders: number;
  completed: number;
  cancelled: number;
  /** decimal text, 元 */
  gmv: string;
}

/** A group of a breakdown: its key (area code, id, status, hour), name, orders and money. */
export interface HomeGroup {
  key: string;
  label: string;
  orders: number;
  completed?: number;
  /** decimal text, 元: GMV (districts, technicians) or the lines' amount (projects) */
  amount?: string;
}

export interface HomeStatistics {
  /** today, local (APP_TIMEZONE) */
  today: string;
  begin: string;
  end: string;
  /** rollup: the maintained day tables; groupBy: an exact GROUP BY (a data rule narrows the caller) */
  source: 'rollup' | 'groupBy';
  kpis: HomeKpi[];
  period: HomeFigure[];
  trend: HomeTrendDay[];
  byStatus: HomeGroup[];
  byDistrict: HomeGroup[];
  topProjects: HomeGroup[];
  topTechnicians: HomeGroup[];
  /** 24 hours, '00'…'23', orders booked in each hour over the period */
  byHour: HomeGroup[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A local date plus `days` (YYYY-MM-DD arithmetic on the calendar, no zone). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a text is a real calendar date YYYY-MM-DD. */
export const isDay = (s: string): boolean => DATE.test(s) && addDays(s, 0) === s;

/** Today in a time zone, YYYY-MM-DD. */
export const todayIn = (tz: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The period a query names, or the message refusing it. */
export function homeRange(
  q: { begin?: unknown; end?: unknown },
  today: string,
): { begin: string; end: string } | { error: string } {
  const end = typeof q.end === 'string' && q.end.trim() ? q.end.trim() : today;
  const begin =
    typeof q.begin === 'string' && q.begin.trim() ? q.begin.trim() : addDays(end, 1 - HOME_DEFAULT_DAYS);
  if (!isDay(begin) || !isDay(end)) return { error: HOME_MSG.date };
  if (end < begin) return { error: HOME_MSG.order };
  if (addDays(begin, HOME_MAX_DAYS) <= end) return { error: HOME_MSG.span };
  return { begin, end };
}
