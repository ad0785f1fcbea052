/**
 * The states of a visit order (上门订单) and their texts. Codes are two digits, ordered along the
 * order's life, so a list sorted by state reads from booking to closing.
 */
export const ORDER_STATUS = {
  unpaid: '10',
  pending: '20',
  accepted: '30',
  cancelPending: '35',
  departed: '40',
  arrived: '50',
  serving: '60',
  finished: '70',
  reviewed: '80',
  afterSale: '90',
  afterSaleDone: '91',
  closed: '98',
  cancelled: '99',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUSES = [
  { value: ORDER_STATUS.unpaid, text: '待支付' },
  { value: ORDER_STATUS.pending, text: '待接单' },
  { value: ORDER_STATUS.accepted, text: '已接单' },
  { value: ORDER_STATUS.cancelPending, text: '待取消审核' },
  { value: ORDER_STATUS.departed, text: '技师出发' },
  { value: ORDER_STATUS.arrived, text: '技师到达' },
  { value: ORDER_STATUS.serving, text: '开始服务' },
  { value: ORDER_STATUS.finished, text: '服务完成' },
  { value: ORDER_STATUS.reviewed, text: '用户评价' },
  { value: ORDER_STATUS.afterSale, text: '售后中' },
  { value: ORDER_STATUS.afterSaleDone, text: '售后结束' },
  { value: ORDER_STATUS.closed, text: '已关闭' },
  { value: ORDER_STATUS.cancelled, text: '已取消' },
] as const;

export const orderStatusText = (status: string): string =>
  ORDER_STATUSES.find((s) => s.value === status)?.text ?? status;

/** The states in which an order holds its technician's time (an overlapping order is refused). */
export const ACTIVE_ORDER_STATUSES: readonly string[] = [
  ORDER_STATUS.pending,
  ORDER_STATUS.accepted,
  ORDER_STATUS.cancelPending,
  ORDER_STATUS.departed,
  ORDER_STATUS.arrived,
  ORDER_STATUS.serving,
];

export const TRAVEL_MODES = [
  { value: '1', text: '打车' },
  { value: '2', text: '公交地铁' },
  { value: '3', text: '自驾' },
] as const;

export const ORDER_SOURCES = [
  { value: '1', text: '客服' },
  { value: '2', text: '电话' },
  { value: '3', text: '小程序' },
  { value: '4', text: 'App' },
] as const;

export const PAY_METHODS = [
  { value: '1', text: '微信支付' },
  { value: '2', text: '支付宝' },
  { value: '3', text: '余额' },
  { value: '4', text: '线下收款' },
] as const;
