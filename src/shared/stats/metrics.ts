/**
 * The business metrics of the dashboards (首页 / 分析页, `stats` commands,
 * `/yy/ht/yyBasic/homepageDataStatistics`), defined once: each metric's Chinese name, the
 * one-sentence definition shown as its tooltip, and the arithmetic over the day cells the server
 * reads (from the rollups, or an exact GROUP BY: the same cells either way). Money is integer fen,
 * rates are integer basis points (万分比), never floats.
 *
 * Orders count by their local booking day (下单日) and their current state; money of the ledger
 * (资金流水) by its local posting day (记账日). Isomorphic (browser, Node, commands).
 */
import { fromFen, toFen } from '../format.ts';
import { ORDER_STATUS } from '../resources/order-states.ts';

/**
 * The dimensions of the order cells (yy_stat_order_daily.dim). `booked` (migration 0049) is by local
 * appointment day, not booking day: per technician (key) the orders that book the technician's time
 * (a technician assigned, not unpaid, closed or cancelled), amount their service minutes —
 * 技师利用率's booked minutes.
 */
export type OrderDim =
  'total' | 'hour' | 'district' | 'technician' | 'project' | 'dispatch' | 'first' | 'booked';
/** The dimensions of the ledger cells (yy_stat_ledger_daily.dim). */
export type LedgerDim = 'total' | 'district' | 'technician';

/** Orders of a day and key in one state: count, paid and refunded amounts (decimal text). */
export interface OrderCell {
  day: string;
  dim: OrderDim;
  key: string;
  /** total: the order's state; district, technician: COMPLETED_CLASS or ''; '' for the others */
  status: string;
  n: number;
  amount: string;
  refund: string;
}

/** Ledger entries of a day, key and kind: count and signed sum (decimal text). */
export interface LedgerCell {
  day: string;
  dim: LedgerDim;
  key: string;
  kind: string;
  n: number;
  amount: string;
}

/** Reached an end of its life as served: 服务完成, 用户评价, 售后中, 售后结束. */
export const COMPLETED_STATUSES: readonly string[] = [
  ORDER_STATUS.finished,
  ORDER_STATUS.reviewed,
  ORDER_STATUS.afterSale,
  ORDER_STATUS.afterSaleDone,
];
/**
 * The status the district and technician cells keep: this for a completed order, '' for any other
 * (two cells per key instead of thirteen; the trigger's yy_stat_status_class, migration 0043).
 */
export const COMPLETED_CLASS = 'c';

/** Dispatch times are kept to the minute under this many minutes, to 10 minutes above. */
export const DISPATCH_MINUTE_LIMIT = 120;
/** Dispatch times at or above this many minutes (24 hours) count as this. */
export const DISPATCH_CAP = 1440;

/** Never paid: 待支付 and 已关闭 (closed unpaid) are bookings, not orders to serve. */
export const UNPAID_STATUSES: readonly string[] = [ORDER_STATUS.unpaid, ORDER_STATUS.closed];

/** Orders that book no technician's time (技师利用率; the 'booked' cells of migration 0049). */
export const NOT_BOOKED_STATUSES: readonly string[] = [
  ORDER_STATUS.unpaid,
  ORDER_STATUS.closed,
  ORDER_STATUS.cancelled,
];

export type MetricKey =
  | 'orders'
  | 'gmv'
  | 'completed'
  | 'cancelled'
  | 'refunds'
  | 'onDuty'
  | 'newCustomers'
  | 'completionRate'
  | 'cancellationRate'
  | 'dispatchP50'
  | 'dispatchP95'
  | 'repeatRate'
  | 'averageTicket'
  | 'utilisation';

/** How a metric's value reads: a count, money (decimal text, 元), a rate (basis points), minutes. */
export type MetricUnit = 'count' | 'money' | 'rate' | 'minutes';

export interface MetricDefinition {
  key: MetricKey;
  /** the figure's Chinese name */
  name: string;
  /** one sentence: what is counted, from what, by which day (the figure's tooltip) */
  definition: string;
  unit: MetricUnit;
}

export const METRICS: Record<MetricKey, MetricDefinition> = {
  orders: {
    key: 'orders',
    name: '订单数',
    definition: '按下单日统计的上门订单数，含待支付、已关闭和已取消的订单。',
    unit: 'count',
  },
  gmv: {
    key: 'gmv',
    name: 'GMV',
    definition:
      '按记账日统计的服务实收金额：完成订单入账的客户实付金额，扣除车费、退款（含售后退款冲正），单位元。',
    unit: 'money',
  },
  completed: {
    key: 'completed',
    name: '已完成',
    definition: '按下单日统计、当前状态为服务完成、用户评价、售后中或售后结束的订单数。',
    unit: 'count',
  },
  cancelled: {
    key: 'cancelled',
    name: '已取消',
    definition: '按下单日统计、当前状态为已取消的订单数（不含未支付而关闭的订单）。',
    unit: 'count',
  },
  refunds: {
    key: 'refunds',
    name: '退款金额',
    definition: '按下单日统计的订单已退款金额合计（取消退款与售后退款），单位元。',
    unit: 'money',
  },
  onDuty: {
    key: 'onDuty',
    name: '在岗技师',
    definition: '此刻工作状态为在线或服务中的技师人数（实时，不随日期变化）。',
    unit: 'count',
  },
  newCustomers: {
    key: 'newCustomers',
    name: '新客户',
    definition: '首笔订单（按下单时间最早的一笔）在当日下单的客户数。',
    unit: 'count',
  },
  completionRate: {
    key: 'completionRate',
    name: '完成率',
    definition: '已完成订单数 ÷ 有效订单数（下单数减去待支付与已关闭），按下单日统计。',
    unit: 'rate',
  },
  cancellationRate: {
    key: 'cancellationRate',
    name: '取消率',
    definition: '已取消订单数 ÷ 有效订单数（下单数减去待支付与已关闭），按下单日统计。',
    unit: 'rate',
  },
  dispatchP50: {
    key: 'dispatchP50',
    name: '派单时长P50',
    definition:
      '从支付进入待接单到技师已接单的分钟数的中位数（2小时内按分钟、24小时内按10分钟向下取整，按下单日统计）。',
    unit: 'minutes',
  },
  dispatchP95: {
    key: 'dispatchP95',
    name: '派单时长P95',
    definition: '从支付进入待接单到技师已接单的分钟数的95分位（取整同P50，超过24小时记为1440）。',
    unit: 'minutes',
  },
  repeatRate: {
    key: 'repeatRate',
    name: '复购率',
    definition: '复购订单占比：期间订单中，客户此前已下过单的订单数 ÷ 订单数。',
    unit: 'rate',
  },
  averageTicket: {
    key: 'averageTicket',
    name: '客单价',
    definition: 'GMV ÷ 入账订单数（期间内完成入账的订单），单位元。',
    unit: 'money',
  },
  utilisation: {
    key: 'utilisation',
    name: '技师利用率',
    definition:
      '预约服务时长 ÷ 排班时长：按预约日统计、已分配技师且未取消（不含待支付、已关闭）的订单服务分钟数，除以未停用技师在期间内按每周排班（休息日不计、调整日按调整时间）的排班分钟数。',
    unit: 'rate',
  },
};

/** The KPI cards of 分析页 and `stats today`, in order. */
export const KPI_KEYS: readonly MetricKey[] = [
  'orders',
  'gmv',
  'completed',
  'cancelled',
  'refunds',
  'onDuty',
  'newCustomers',
];

/** The rates and times of a period, under the cards. */
export const PERIOD_KEYS: readonly MetricKey[] = [
  'completionRate',
  'cancellationRate',
  'dispatchP50',
  'dispatchP95',
  'repeatRate',
  'averageTicket',
  'utilisation',
];

/** A metric's value: count and minutes numbers, money decimal text, rates basis points; null: no data. */
export type MetricValue = number | string | null;

/** The raw sums of a set of days, from which every metric is derived. */
export interface Totals {
  orders: number;
  unpaid: number;
  completed: number;
  cancelled: number;
  refundFen: number;
  firstOrders: number;
  paymentFen: number;
  travelFen: number;
  ledgerRefundFen: number;
  /** payment entries posted (orders completed and settled) */
  settled: number;
  /** minutes → orders accepted after that many minutes */
  dispatch: Map<number, number>;
}

const fen = (v: string): number => toFen(v) ?? 0;

/** Sums the cells of the days `inDay` accepts (total, dispatch and first order cells; ledger totals). */
export function totalsOf(
  orders: readonly OrderCell[],
  ledger: readonly LedgerCell[],
  inDay: (day: string) => boolean = () => true,
): Totals {
  const t: Totals = {
    orders: 0,
    unpaid: 0,
    completed: 0,
    cancelled: 0,
    refundFen: 0,
    firstOrders: 0,
    paymentFen: 0,
    travelFen: 0,
    ledgerRefundFen: 0,
    settled: 0,
    dispatch: new Map(),
  };
  for (const c of orders) {
    if (!inDay(c.day)) continue;
    if (c.dim === 'total') {
      t.orders += c.n;
      t.refundFen += fen(c.refund);
      if (UNPAID_STATUSES.includes(c.status)) t.unpaid += c.n;
      if (COMPLETED_STATUSES.includes(c.status)) t.completed += c.n;
      if (c.status === ORDER_STATUS.cancelled) t.cancelled += c.n;
    } else if (c.dim === 'first') t.firstOrders += c.n;
    else if (c.dim === 'dispatch') {
      const m = Number(c.key);
      t.dispatch.set(m, (t.dispatch.get(m) ?? 0) + c.n);
    }
  }
  for (const c of ledger) {
    if (!inDay(c.day) || c.dim !== 'total') continue;
    if (c.kind === 'payment') {
      t.paymentFen -= fen(c.amount);
      t.settled += c.n;
    } else if (c.kind === 'travelFee') t.travelFen += fen(c.amount);
    else if (c.kind === 'refund') t.ledgerRefundFen += fen(c.amount);
  }
  return t;
}

/** What one ledger cell adds to GMV, in fen (payments add what was paid, travel fees and refunds take away). */
export function gmvPart(c: LedgerCell): number {
  const f = fen(c.amount);
  return c.kind === 'payment' ? -f : c.kind === 'travelFee' || c.kind === 'refund' ? -f : 0;
}

/** GMV in fen: service amount paid less travel fees and refunds. */
export const gmvFen = (t: Totals): number => t.paymentFen - t.travelFen - t.ledgerRefundFen;

/** `a ÷ b` in basis points, rounded half up (integers only); null when b is 0. */
export function rateBp(a: number, b: number): number | null {
  if (b <= 0) return null;
  return Math.floor((a * 20000 + b) / (2 * b));
}

/** The p-th percentile (0 < p ≤ 100) of a minutes histogram: the smallest m with ⌈p·N/100⌉ at or below it. */
export function percentile(hist: Map<number, number>, p: number): number | null {
  let total = 0;
  for (const n of hist.values()) total += n;
  if (total <= 0) return null;
  const rank = Math.ceil((p * total) / 100);
  let seen = 0;
  for (const m of [...hist.keys()].sort((a, b) => a - b)) {
    seen += hist.get(m)!;
    if (seen >= rank) return m;
  }
  return null;
}

/** Technicians' booked and shift minutes of a set of days (utilisation's parts). */
export interface TechnicianHours {
  bookedMinutes: number;
  shiftMinutes: number;
}

/**
 * Every metric of a set of days (onDuty is live: given by the caller; utilisation from the
 * technicians' booked and shift minutes, null without them).
 */
export function metricsOf(
  t: Totals,
  onDuty: number | null,
  hours?: TechnicianHours,
): Record<MetricKey, MetricValue> {
  const effective = t.orders - t.unpaid;
  const gmv = gmvFen(t);
  return {
    orders: t.orders,
    gmv: fromFen(gmv),
    completed: t.completed,
    cancelled: t.cancelled,
    refunds: fromFen(t.refundFen),
    onDuty,
    newCustomers: t.firstOrders,
    completionRate: rateBp(t.completed, effective),
    cancellationRate: rateBp(t.cancelled, effective),
    dispatchP50: percentile(t.dispatch, 50),
    dispatchP95: percentile(t.dispatch, 95),
    repeatRate: rateBp(t.orders - t.firstOrders, t.orders),
    averageTicket: t.settled > 0 ? fromFen(Math.floor((2 * gmv + t.settled) / (2 * t.settled))) : null,
    utilisation: hours ? rateBp(hours.bookedMinutes, hours.shiftMinutes) : null,
  };
}

/** A metric's value as text (元, %, 分钟), '—' for no data. */
export function formatMetric(key: MetricKey, v: MetricValue): string {
  if (v === null || v === undefined) return '—';
  switch (METRICS[key].unit) {
    case 'money':
      return `¥${String(v)}`;
    case 'rate':
      return `${(Number(v) / 100).toFixed(2)}%`;
    case 'minutes':
      return `${v}分钟`;
    default:
      return String(v);
  }
}

/**
 * The change of `now` against `before` as text: `+12.50%`, `-3.00%`, `持平`; '—' when either is
 * missing or the base is 0 (percent of numbers or of money decimal text, exact to the basis point).
 */
export function changeText(now: MetricValue, before: MetricValue): string {
  if (now === null || before === null) return '—';
  const a = typeof now === 'string' ? (toFen(now) ?? 0) : now;
  const b = typeof before === 'string' ? (toFen(before) ?? 0) : before;
  if (a === b) return '持平';
  if (b === 0) return '—';
  const bp = rateBp(Math.abs(a - b), Math.abs(b))!;
  return `${a > b ? '+' : '-'}${(bp / 100).toFixed(2)}%`;
}
