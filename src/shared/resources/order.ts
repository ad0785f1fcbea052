/**
 * 上门订单 (yy_visit_order): a booking served at the customer's address. The server prices it (the
 * client never sends amounts: `quote` shows the price before saving, `add` computes it again), copies
 * the address and the projects' prices and durations as snapshots, and numbers it by local day
 * (20261126-0001). Its life is a declared state machine (pay, dispatch, the technician's steps,
 * review, cancel with approval, after-sale with refund); the timeline is the state history.
 */
import type { DeclaredContract } from '../contracts.ts';
import { FORM_RULES } from '../validation.ts';
import { SOCKET_KEYS } from '../realtime.ts';
import { auditFields, defineResource, type ResourceField } from './define.ts';
import { ORDER_SOURCES, ORDER_STATUS, ORDER_STATUSES, PAY_METHODS, TRAVEL_MODES } from './order-states.ts';

export * from './order-states.ts';

const PATH = '/yy/yyVisitOrder';
/** the 上门订单 page's route in the menu (seeded there, opened by commands) */
export const ORDER_PAGE_ROUTE = '/yy/order/visit';
/** the codes of the menu seeded as 上门订单 (visitOrder:*), kept */
const DOMAIN = 'visitOrder';

export const ORDER_MSG = {
  notFound: '订单不存在',
  customer: '请选择客户',
  customerMissing: '客户不存在',
  blacklisted: (reason: string | null) =>
    `该客户已被列入黑名单，不能下单${reason ? `（原因：${reason}）` : ''}`,
  frozen: '该客户已被冻结，不能下单',
  noAddress: '该客户没有服务地址，请先为客户添加地址',
  addressMissing: '服务地址不存在或不属于该客户',
  projectMissing: (n: number) => `第${n}个项目不存在或已下架`,
  fareMissing: '服务地址所在城市在预约时段没有启用的车费规则',
  pastAppointment: '预约时间不能早于当前时间',
  locked: '订单已支付或已派单，只能修改备注和加钟',
  lockedExtra: '当前状态不能加钟',
  technicianMissing: '技师不存在或已停用',
  technicianBusy: (orderNo: string) => `该技师在预约时段已有订单（${orderNo}），不能重复派单`,
  technicianTaken: '该技师在预约时段已有订单，不能重复派单',
  forceReason: '强制派单须填写原因',
  forced: (reason: string) => `强制派单：${reason}`,
  wouldDispatch: (orderNo: string, name: string, n: number) =>
    `演练：订单 ${orderNo} 将派给 ${name}（共 ${n} 位候选技师，未派单）`,
  notAssigned: '订单尚未派单，不能接单',
  alreadyAssigned: '订单已派单，如需更换技师请使用改派',
  sameTechnician: '改派的技师与当前技师相同',
  notOverdue: (minutes: number) => `订单下单未满${minutes}分钟，不能按支付超时关闭`,
  refundTooLarge: (max: string) => `退款金额不能超过可退金额 ${max} 元`,
  refundNegative: '退款金额不能为负数',
  minAmount: (min: string) => `订单金额不能低于起订金额 ${min} 元`,
} as const;

/** A line of projects (服务项目 or 加钟): the project and how many; the rest is the server's snapshot. */
function lineFields(): ResourceField[] {
  return [
    {
      key: 'projectId',
      title: '服务项目',
      type: 'ref',
      required: '请选择服务项目',
      reference: {
        resource: 'project',
        label: 'name',
        picker: ORDER_PROJECT_PICKER,
        invalidMessage: '服务项目不存在或已下架',
      },
      list: false,
    },
    { key: 'projectName', title: '项目名称', type: 'string', system: true, list: { width: 160 } },
    { key: 'price', title: '单价(元)', type: 'money', system: true, list: { width: 100 } },
    { key: 'duration', title: '时长(分钟)', type: 'int', system: true, list: { width: 100 } },
    {
      key: 'quantity',
      title: '数量',
      type: 'int',
      required: true,
      rule: { pattern: /^([1-9]|10)$/, message: '数量须为1到10的整数' },
      list: { width: 70 },
    },
    { key: 'amount', title: '金额(元)', type: 'money', system: true, list: { width: 100 } },
    { key: 'sortNo', title: '序号', type: 'int', system: true, list: false, terminal: false },
  ];
}

/** GET …/customerOptions: the customers the caller reaches, for the booking form's picker. */
export const ORDER_CUSTOMER_PICKER = {
  method: 'GET',
  path: `${PATH}/customerOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

/**
 * GET …/addressOptions?customerId=: the saved addresses of a customer the caller reaches (default
 * first, marked `isDefault`), each as one line of text under `detail`; none without a customer.
 */
export const ORDER_ADDRESS_PICKER = {
  method: 'GET',
  path: `${PATH}/addressOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

/** GET …/projectOptions: the projects on sale, for the lines' picker. */
export const ORDER_PROJECT_PICKER = {
  method: 'GET',
  path: `${PATH}/projectOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

/** GET …/technicianOptions: the technicians the caller reaches that are not stopped (派单). */
export const ORDER_TECHNICIAN_PICKER = {
  method: 'GET',
  path: `${PATH}/technicianOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

/** GET …/partnerOptions: the partners the caller's orders may name (filters, super query). */
export const ORDER_PARTNER_PICKER = {
  method: 'GET',
  path: `${PATH}/partnerOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

/** 项目明细: the order's project lines. */
export const ORDER_ITEM = defineResource({
  name: 'orderItem',
  title: '项目明细',
  path: `${PATH}Item`,
  operations: ['list'],
  permDomain: DOMAIN,
  category: '上门订单',
  english: 'order item',
  defaultSort: { field: 'sortNo', order: 'asc' },
  sheet: {
    title: '项目明细',
    sheetName: '项目明细',
    filename: '项目明细.xlsx',
    asciiFilename: 'order-items.xlsx',
  },
  fields: lineFields(),
});

/** 加钟明细: the order's 加钟 lines. */
export const ORDER_EXTRA = defineResource({
  name: 'orderExtra',
  title: '加钟明细',
  path: `${PATH}Extra`,
  operations: ['list'],
  permDomain: DOMAIN,
  category: '上门订单',
  english: 'order extra',
  defaultSort: { field: 'sortNo', order: 'asc' },
  sheet: {
    title: '加钟明细',
    sheetName: '加钟明细',
    filename: '加钟明细.xlsx',
    asciiFilename: 'order-extras.xlsx',
  },
  fields: lineFields(),
});

const LINE_MESSAGES = (what: string) => ({
  invalid: `${what}格式不正确`,
  tooMany: `${what}最多10项`,
  row: (n: number, message: string) => `第${n}个${what}：${message}`,
});

const S = ORDER_STATUS;

/** 派单 / 改派: the technician (none: the best candidate), and whether to force a non-candidate. */
const dispatchParams: ResourceField[] = [
  {
    key: 'technicianId',
    title: '技师',
    type: 'ref',
    help: '技师（不填则自动派给最合适的候选技师）',
    reference: { resource: 'technician', label: 'name', picker: ORDER_TECHNICIAN_PICKER },
  },
  {
    key: 'force',
    title: '强制派单',
    type: 'boolean',
    help: '强制派给不在候选之列的技师（须填写原因）',
  },
];

export const ORDER = defineResource({
  name: 'order',
  title: '订单',
  path: PATH,
  permDomain: DOMAIN,
  operations: ['list', 'add', 'edit', 'export'],
  component: 'yy/order/YyVisitOrderList',
  category: '上门订单',
  english: 'order',
  // saved and changed orders reach open lists and 监控页's live board on every instance
  socketKey: SOCKET_KEYS.order,
  keywords: ['上门订单', '预约', '下单', 'booking', 'visit order'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '上门订单',
    sheetName: '上门订单',
    filename: '上门订单.xlsx',
    asciiFilename: 'visit-orders.xlsx',
  },
  notFound: ORDER_MSG.notFound,
  messages: { added: '下单成功！', edited: '订单已修改' },
  commands: {
    examples: {
      edit: ['order list | head 1 | order edit --remark 示例'],
      // an order some technician holds (a 待接单 one may be undispatched: that is 派单's)
      reassign: ['order list --status 已接单 | head 1 | order reassign --reason 示例'],
      // a customer by nickname, the lines' projects by name
      add: [
        `order add 悦客6810 '2030-01-01 10:00:00' --travel-mode 打车 --distance 5 --source 客服 --item-list '[{"projectId":"全身推拿","quantity":1}]'`,
      ],
    },
    addPositional: ['customerId', 'appointmentTime'],
    ref: { field: 'orderNo', notFound: ORDER_MSG.notFound },
  },
  page: { actionsWidth: 240 },
  children: [
    {
      key: 'itemList',
      title: '服务项目',
      resource: ORDER_ITEM,
      max: 10,
      messages: LINE_MESSAGES('服务项目'),
    },
    { key: 'extraList', title: '加钟', resource: ORDER_EXTRA, max: 10, messages: LINE_MESSAGES('加钟项目') },
  ],
  fields: [
    {
      key: 'orderNo',
      title: '订单号',
      type: 'string',
      system: true,
      search: true,
      filter: true,
      list: { width: 140 },
    },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: ORDER_STATUSES,
      system: true,
      search: true,
      list: { width: 100 },
    },
    {
      key: 'customerId',
      title: '客户',
      type: 'ref',
      required: ORDER_MSG.customer,
      sample: '悦客6810',
      reference: {
        resource: 'customer',
        label: 'nickname',
        picker: ORDER_CUSTOMER_PICKER,
        invalidMessage: ORDER_MSG.customerMissing,
      },
      search: true,
      list: { width: 110 },
    },
    {
      // one of the customer's saved addresses (its default preselected), copied to the order
      key: 'addressId',
      title: '服务地址',
      type: 'ref',
      reference: {
        resource: 'customerAddress',
        label: 'detail',
        picker: ORDER_ADDRESS_PICKER,
        invalidMessage: ORDER_MSG.addressMissing,
        within: { field: 'customerId', column: 'userId' },
      },
      list: false,
      export: false,
      import: false,
      search: false,
      filter: false,
      superQuery: false,
      terminal: false,
      help: '客户地址id（默认客户的默认地址）',
    },
    { key: 'contact', title: '联系人', type: 'string', system: true, list: { width: 90 } },
    {
      key: 'mobile',
      title: '联系电话',
      type: 'string',
      system: true,
      filter: true,
      rule: FORM_RULES.mobile,
      list: { width: 120 },
    },
    { key: 'areaCode', title: '服务区域', type: 'area', system: true, search: true, list: { width: 180 } },
    { key: 'detail', title: '详细地址', type: 'string', system: true, list: { width: 200 }, terminal: false },
    { key: 'location', title: '经纬度', type: 'location', system: true, list: false, terminal: false },
    {
      key: 'appointmentTime',
      title: '预约时间',
      type: 'datetime',
      required: '请选择预约时间',
      list: { width: 160 },
    },
    {
      key: 'serviceMinutes',
      title: '服务时长(分钟)',
      type: 'int',
      system: true,
      list: { width: 110 },
      terminal: false,
    },
    { key: 'endTime', title: '预计结束', type: 'datetime', system: true, list: false, terminal: false },
    {
      key: 'technicianId',
      title: '技师',
      type: 'ref',
      system: true,
      reference: { resource: 'technician', label: 'name', picker: ORDER_TECHNICIAN_PICKER },
      search: true,
      list: { width: 90 },
    },
    {
      key: 'partnerId',
      title: '商户',
      type: 'ref',
      system: true,
      reference: { resource: 'partner', label: 'name', picker: ORDER_PARTNER_PICKER },
      list: { width: 130 },
      terminal: false,
    },
    {
      key: 'travelMode',
      title: '出行方式',
      type: 'enum',
      options: TRAVEL_MODES,
      required: true,
      list: { width: 90 },
      terminal: false,
    },
    {
      key: 'distance',
      title: '距离(公里)',
      type: 'number',
      required: '请输入距离',
      invalidMessage: '距离须为0到1000之间的数字，最多两位小数',
      list: { width: 100 },
      terminal: false,
    },
    {
      key: 'projectAmount',
      title: '项目金额(元)',
      type: 'money',
      system: true,
      list: { width: 110 },
      terminal: false,
    },
    {
      key: 'extraAmount',
      title: '加钟金额(元)',
      type: 'money',
      system: true,
      list: { width: 110 },
      terminal: false,
    },
    {
      key: 'fareAmount',
      title: '车费(元)',
      type: 'money',
      system: true,
      list: { width: 90 },
      terminal: false,
    },
    { key: 'discountAmount', title: '优惠(元)', type: 'money', list: { width: 90 }, terminal: false },
    { key: 'totalAmount', title: '订单金额(元)', type: 'money', system: true, list: { width: 110 } },
    {
      key: 'payMethod',
      title: '支付方式',
      type: 'enum',
      options: PAY_METHODS,
      system: true,
      search: true,
      list: { width: 90 },
      terminal: false,
    },
    {
      key: 'paidAmount',
      title: '实付(元)',
      type: 'money',
      system: true,
      list: { width: 90 },
      terminal: false,
    },
    { key: 'payTime', title: '支付时间', type: 'datetime', system: true, list: false, terminal: false },
    { key: 'payReference', title: '支付流水号', type: 'string', system: true, list: false, terminal: false },
    {
      key: 'refundAmount',
      title: '已退款(元)',
      type: 'money',
      system: true,
      list: { width: 100 },
      terminal: false,
    },
    { key: 'cancelFee', title: '违约金(元)', type: 'money', system: true, list: false, terminal: false },
    {
      key: 'cancelFrom',
      title: '申请取消时状态',
      type: 'enum',
      options: ORDER_STATUSES,
      system: true,
      list: false,
      export: false,
      terminal: false,
    },
    { key: 'acceptTime', title: '接单时间', type: 'datetime', system: true, list: false, terminal: false },
    { key: 'finishTime', title: '完成时间', type: 'datetime', system: true, list: false, terminal: false },
    {
      key: 'source',
      title: '订单来源',
      type: 'enum',
      options: ORDER_SOURCES,
      required: true,
      search: true,
      list: { width: 90 },
      terminal: false,
    },
    { key: 'rating', title: '评分', type: 'int', system: true, list: { width: 70 }, terminal: false },
    { key: 'remark', title: '备注', type: 'text', max: 500, list: false, terminal: false },
    ...auditFields({ createBy: { list: { width: 90 } }, createTime: { list: { width: 160 } } }),
  ],
  stats: {
    dimensions: [
      { field: 'createTime', title: '下单时间' },
      { field: 'status' },
      { field: 'source' },
      { field: 'areaCode' },
      { field: 'technicianId' },
    ],
    measures: [
      { key: 'count', title: '订单数', fn: 'count' },
      { key: 'total', title: '订单金额(元)', fn: 'sum', field: 'totalAmount' },
      { key: 'paid', title: '实付金额(元)', fn: 'sum', field: 'paidAmount' },
    ],
  },
  states: {
    field: 'status',
    label: 'orderNo',
    transitions: {
      pay: {
        title: '支付',
        from: [S.unpaid],
        to: S.pending,
        toolbar: false,
        params: [
          {
            key: 'payMethod',
            title: '支付方式',
            type: 'enum',
            options: PAY_METHODS,
            required: '请选择支付方式',
          },
          { key: 'payReference', title: '支付流水号', type: 'string', max: 64 },
        ],
      },
      closeUnpaid: {
        title: '支付超时关闭',
        from: [S.unpaid],
        to: S.closed,
        reason: 'optional',
        english: 'close-unpaid',
        // commands/order/close-unpaid.ts: the ids named, or every unpaid order older than --older
        command: false,
      },
      assign: {
        title: '派单',
        from: [S.pending],
        to: S.pending,
        reason: 'optional',
        toolbar: false,
        english: 'dispatch',
        params: dispatchParams,
        // --dry-run: the candidates and who would be chosen; --explain: the dispatch record
        preview: true,
        explain: 'dispatch.explain',
      },
      reassign: {
        title: '改派',
        from: [S.pending, S.accepted],
        to: S.pending,
        reason: 'required',
        toolbar: false,
        params: dispatchParams,
        preview: true,
        explain: 'dispatch.explain',
      },
      accept: { title: '接单', from: [S.pending], to: S.accepted, toolbar: false },
      depart: { title: '出发', from: [S.accepted], to: S.departed, toolbar: false },
      arrive: { title: '到达', from: [S.departed], to: S.arrived, toolbar: false },
      start: { title: '开始服务', from: [S.arrived], to: S.serving, toolbar: false },
      finish: { title: '服务完成', from: [S.serving], to: S.finished, toolbar: false },
      review: {
        title: '评价',
        from: [S.finished],
        to: S.reviewed,
        reason: 'optional',
        toolbar: false,
        params: [
          {
            key: 'rating',
            title: '评分',
            type: 'int',
            required: '请选择评分',
            options: [1, 2, 3, 4, 5].map((n) => ({ value: String(n), text: `${n}星` })),
            invalidMessage: '评分须为1到5星',
          },
        ],
      },
      cancel: { title: '取消', from: [S.unpaid, S.pending], to: S.cancelled, reason: 'required' },
      requestCancel: {
        title: '申请取消',
        from: [S.accepted, S.departed],
        to: S.cancelPending,
        reason: 'required',
        toolbar: false,
        english: 'request-cancel',
      },
      approveCancel: {
        title: '同意取消',
        from: [S.cancelPending],
        to: S.cancelled,
        reason: 'optional',
        toolbar: false,
        english: 'approve-cancel',
      },
      // the order returns to the state the request came from (server half's `target`)
      rejectCancel: {
        title: '驳回取消',
        from: [S.cancelPending],
        to: S.accepted,
        reason: 'required',
        toolbar: false,
        english: 'reject-cancel',
      },
      afterSale: {
        title: '申请售后',
        from: [S.finished, S.reviewed],
        to: S.afterSale,
        reason: 'required',
        toolbar: false,
        english: 'after-sale',
      },
      finishAfterSale: {
        title: '售后结束',
        from: [S.afterSale],
        to: S.afterSaleDone,
        reason: 'optional',
        toolbar: false,
        english: 'finish-after-sale',
        params: [
          {
            key: 'refundAmount',
            title: '退款金额(元)',
            type: 'money',
            required: '请输入退款金额（不退款填0）',
          },
        ],
      },
    },
  },
});

/** POST …/quote: the price of an order as `add` would compute it, nothing saved. */
export const ORDER_QUOTE = {
  method: 'POST',
  path: `${PATH}/quote`,
  permission: ORDER.perms.add,
} as const satisfies DeclaredContract;

/** GET …/timeline?id=: the order's history oldest first, with who, when and why. */
export const ORDER_TIMELINE = {
  method: 'GET',
  path: `${PATH}/timeline`,
  permission: ORDER.perms.list,
} as const satisfies DeclaredContract;

/** GET …/statusCounts: the orders per state in the caller's reach, with the list's filters (the tabs). */
/**
 * GET /yy/ht/yyBasic/homepageDataStatistics: 首页 / 分析页's figures over the caller's reach of
 * orders and ledger (src/shared/stats/home.ts, src/server/stats/home.ts), under the list's code.
 */
export const HOMEPAGE_STATISTICS = {
  method: 'GET',
  path: '/yy/ht/yyBasic/homepageDataStatistics',
  permission: ORDER.perms.list,
} as const satisfies DeclaredContract;

export const ORDER_STATUS_COUNTS = {
  method: 'GET',
  path: `${PATH}/statusCounts`,
  permission: ORDER.perms.list,
} as const satisfies DeclaredContract;

/**
 * GET …/unpaidOverdue?olderMinutes=: the unpaid orders in the caller's reach booked longer ago
 * than that (default `order.unpaidCloseMinutes`), oldest first: what `order close-unpaid` closes.
 */
export const ORDER_UNPAID_OVERDUE = {
  method: 'GET',
  path: `${PATH}/unpaidOverdue`,
  permission: ORDER.perms.closeUnpaid,
} as const satisfies DeclaredContract;
