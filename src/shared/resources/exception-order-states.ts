/** The kinds, states and resolutions of an exception order (异常订单), and their texts. */

export const EXCEPTION_KIND = {
  unaccepted: '1',
  late: '2',
  overrun: '3',
  cancelPending: '4',
  complaint: '5',
  refund: '6',
} as const;
export type ExceptionKind = (typeof EXCEPTION_KIND)[keyof typeof EXCEPTION_KIND];

export const EXCEPTION_KINDS = [
  { value: EXCEPTION_KIND.unaccepted, text: '接单超时' },
  { value: EXCEPTION_KIND.late, text: '技师迟到' },
  { value: EXCEPTION_KIND.overrun, text: '服务超时' },
  { value: EXCEPTION_KIND.cancelPending, text: '取消待审核' },
  { value: EXCEPTION_KIND.complaint, text: '投诉' },
  { value: EXCEPTION_KIND.refund, text: '退款申请' },
] as const;

export const EXCEPTION_STATUS = { open: '1', handling: '2', resolved: '3' } as const;

export const EXCEPTION_STATUSES = [
  { value: EXCEPTION_STATUS.open, text: '待处理' },
  { value: EXCEPTION_STATUS.handling, text: '处理中' },
  { value: EXCEPTION_STATUS.resolved, text: '已解决' },
] as const;

export const EXCEPTION_RESOLUTION = { reassign: '1', refund: '2', apology: '3', none: '4' } as const;

export const EXCEPTION_RESOLUTIONS = [
  { value: EXCEPTION_RESOLUTION.reassign, text: '改派' },
  { value: EXCEPTION_RESOLUTION.refund, text: '退款' },
  { value: EXCEPTION_RESOLUTION.apology, text: '致歉' },
  { value: EXCEPTION_RESOLUTION.none, text: '无需处理' },
] as const;

/** A review at or below this many stars opens a complaint. */
export const COMPLAINT_MAX_RATING = 2;

export const exceptionKindText = (kind: string): string =>
  EXCEPTION_KINDS.find((k) => k.value === kind)?.text ?? kind;
