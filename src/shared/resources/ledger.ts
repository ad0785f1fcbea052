/**
 * 资金流水 (yy_ledger_entry): the append-only ledger. Completing an order posts its entries in the
 * same transaction (customer payment, technician commission and travel fee, partner and platform
 * shares); refunds post reversals naming the entries they take back. Read and exported only: no
 * endpoint, command or SQL changes or removes an entry (the table's trigger refuses it).
 */
import type { DeclaredContract } from '../contracts.ts';
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '../money/ledger.ts';
import { defineResource } from './define.ts';

export * from '../money/ledger.ts';

const PATH = '/yy/yyLedger';

/** List parameters that are no field: the technician (id or name) and the local month (YYYY-MM). */
export const LEDGER_PARAM = { technician: 'technician', month: 'month' } as const;

export const LEDGER = defineResource({
  name: 'ledger',
  title: '资金流水',
  path: PATH,
  operations: ['list', 'export'],
  appendOnly: true,
  component: 'yy/visitFinance/YyLedgerList',
  category: '上门财务',
  english: 'ledger',
  keywords: ['资金流水', '流水', '账目', '分账', 'ledger'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '资金流水',
    sheetName: '资金流水',
    filename: '资金流水.xlsx',
    asciiFilename: 'ledger.xlsx',
  },
  notFound: '流水不存在',
  listArgs: {
    technician: { param: LEDGER_PARAM.technician, help: '技师（id 或姓名）：该技师订单的流水' },
    month: { param: LEDGER_PARAM.month, help: '月份 YYYY-MM（按记账时间）' },
    account: { param: 'account', help: '账户：platform 平台，partner 商户，technician 技师，customer 客户' },
    kind: { param: 'kind', help: '类型，如 技师提成、退款扣回' },
    orderNo: { param: 'orderNo', help: '订单号' },
  },
  page: {
    search: [{ key: LEDGER_PARAM.month, label: '月份(YYYY-MM)' }],
  },
  fields: [
    { key: 'createTime', title: '记账时间', type: 'datetime', system: true, list: { width: 160 } },
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
      key: 'account',
      title: '账户',
      type: 'enum',
      options: LEDGER_ACCOUNTS,
      system: true,
      search: true,
      list: { width: 70 },
    },
    { key: 'accountName', title: '户名', type: 'string', computed: true, list: { width: 120 } },
    {
      key: 'kind',
      title: '类型',
      type: 'enum',
      options: LEDGER_KINDS,
      system: true,
      search: true,
      list: { width: 100 },
    },
    { key: 'amount', title: '金额(元)', type: 'money', system: true, list: { width: 100 } },
    { key: 'technicianName', title: '技师', type: 'string', computed: true, list: { width: 90 } },
    { key: 'memo', title: '摘要', type: 'string', system: true, list: { width: 240 } },
    { key: 'reversalOf', title: '冲正原记录', type: 'string', system: true, list: false },
    { key: 'entryKey', title: '幂等键', type: 'string', system: true, list: false, terminal: false },
    {
      key: 'accountId',
      title: '账户id',
      type: 'string',
      system: true,
      filter: true,
      list: false,
      terminal: false,
    },
    { key: 'orderId', title: '订单id', type: 'string', system: true, list: false, terminal: false },
    {
      key: 'technicianId',
      title: '技师id',
      type: 'string',
      system: true,
      filter: true,
      list: false,
      terminal: false,
    },
    { key: 'partnerId', title: '商户id', type: 'string', system: true, list: false, terminal: false },
    { key: 'ruleId', title: '提成规则id', type: 'string', system: true, list: false, terminal: false },
    { key: 'createBy', title: '记账人', type: 'string', system: true, list: false },
  ],
  stats: {
    dimensions: [{ field: 'createTime', title: '记账时间' }, { field: 'account' }, { field: 'kind' }],
    measures: [
      { key: 'count', title: '笔数', fn: 'count' },
      { key: 'amount', title: '金额(元)', fn: 'sum', field: 'amount' },
    ],
  },
});

/** GET …/balances?account=: the balances per account derived from the entries (and the cached ones). */
export const LEDGER_BALANCES = {
  method: 'GET',
  path: `${PATH}/balances`,
  permission: LEDGER.perms.list,
} as const satisfies DeclaredContract;

export const LEDGER_MSG = {
  keyReused: (key: string) => `幂等键 ${key} 已用于不同的记账内容，拒绝记账`,
  overReversed: '冲正金额不能超过原记录',
  insufficient: '技师可用余额不足',
  month: '月份格式应为YYYY-MM',
} as const;
