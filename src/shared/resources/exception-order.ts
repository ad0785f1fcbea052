/**
 * 异常订单 (yy_exception_order): an order that needs an operator. One row per exception of an
 * order (a kind, at most one open per order and kind), opened by the order's own transitions
 * (申请取消, 申请售后, a low review) or by the flagging job (接单超时, 技师迟到, 服务超时), and handled
 * by declared transitions: 认领 / 指派处理人, then 解决 with a resolution and a note.
 */
import type { DeclaredContract } from '../contracts.ts';
import { defineResource } from './define.ts';
import {
  EXCEPTION_KINDS,
  EXCEPTION_RESOLUTIONS,
  EXCEPTION_STATUS,
  EXCEPTION_STATUSES,
} from './exception-order-states.ts';

export * from './exception-order-states.ts';

const PATH = '/yy/yyExceptionOrder';
/** the codes of the menu seeded as 异常订单 (exceptionOrder:*), kept */
const DOMAIN = 'exceptionOrder';
const S = EXCEPTION_STATUS;

export const EXCEPTION_MSG = {
  notFound: '异常订单不存在',
  handlerMissing: '处理人不存在或已停用',
  sameHandler: '该异常订单已由此人处理',
} as const;

/** GET …/statusCounts: the exceptions per state in the caller's reach, with the list's filters (the tabs). */
export const EXCEPTION_STATUS_COUNTS = {
  method: 'GET',
  path: `${PATH}/statusCounts`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

export const EXCEPTION_ORDER = defineResource({
  name: 'exceptionOrder',
  title: '异常订单',
  path: PATH,
  permDomain: DOMAIN,
  operations: ['list', 'export'],
  component: 'yy/order/YyExceptionOrderList',
  category: '上门订单',
  english: 'exception',
  keywords: ['异常订单', '投诉', '超时', '迟到', '退款申请', 'exception order'],
  defaultSort: { field: 'openTime', order: 'desc' },
  sheet: {
    title: '异常订单',
    sheetName: '异常订单',
    filename: '异常订单.xlsx',
    asciiFilename: 'exception-orders.xlsx',
  },
  notFound: EXCEPTION_MSG.notFound,
  page: { actionsWidth: 200 },
  fields: [
    {
      key: 'kind',
      title: '异常类型',
      type: 'enum',
      options: EXCEPTION_KINDS,
      system: true,
      search: true,
      list: { width: 100 },
    },
    {
      key: 'status',
      title: '处理状态',
      type: 'enum',
      options: EXCEPTION_STATUSES,
      system: true,
      search: true,
      list: { width: 90 },
    },
    // the order's number, customer, technician and partner (exceptionOrderServer.computed)
    { key: 'orderNo', title: '订单号', type: 'string', computed: true, filter: true, list: { width: 140 } },
    { key: 'orderId', title: '订单id', type: 'string', system: true, list: false, terminal: false },
    { key: 'reason', title: '异常原因', type: 'string', system: true, list: { width: 260 } },
    { key: 'customerName', title: '客户', type: 'string', computed: true, list: { width: 100 } },
    { key: 'technicianName', title: '技师', type: 'string', computed: true, list: { width: 90 } },
    { key: 'partnerName', title: '商户', type: 'string', computed: true, list: { width: 130 } },
    { key: 'openTime', title: '发生时间', type: 'datetime', system: true, list: { width: 160 } },
    // minutes from the opening to now (or to the resolution)
    { key: 'ageMinutes', title: '已持续(分钟)', type: 'int', computed: true, list: { width: 110 } },
    { key: 'handlerId', title: '处理人', type: 'string', system: true, filter: true, list: { width: 90 } },
    {
      key: 'resolution',
      title: '处理结果',
      type: 'enum',
      options: EXCEPTION_RESOLUTIONS,
      system: true,
      search: true,
      list: { width: 90 },
    },
    { key: 'note', title: '处理说明', type: 'string', system: true, list: { width: 200 } },
    { key: 'resolveTime', title: '解决时间', type: 'datetime', system: true, list: false },
    { key: 'partnerId', title: '商户id', type: 'string', system: true, list: false, terminal: false },
  ],
  states: {
    field: 'status',
    label: 'orderNo',
    transitions: {
      claim: { title: '认领', from: [S.open], to: S.handling },
      assignHandler: {
        title: '指派处理人',
        from: [S.open, S.handling],
        to: S.handling,
        reason: 'optional',
        english: 'assign-handler',
        params: [{ key: 'handler', title: '处理人', type: 'string', required: '请输入处理人账号', max: 32 }],
      },
      resolve: {
        title: '解决',
        from: [S.open, S.handling],
        to: S.resolved,
        reason: 'required',
        params: [
          {
            key: 'resolution',
            title: '处理结果',
            type: 'enum',
            options: EXCEPTION_RESOLUTIONS,
            required: '请选择处理结果',
          },
        ],
      },
    },
  },
});
