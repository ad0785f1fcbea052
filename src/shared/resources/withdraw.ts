/**
 * 提现 (yy_withdraw): a technician's withdrawal out of the ledger balance. The request holds the
 * amount at once (a 资金流水 entry debiting the technician), so what is available already counts
 * the pending requests; 审核通过 and 确认打款 (with the payment's reference) follow, 驳回 (with a
 * reason) returns the amount. Requests below 技师最低提现金额 (平台配置 technician.minWithdraw) or
 * above the available balance are refused; the database never lets a balance go below zero.
 */
import type { DeclaredContract } from '../contracts.ts';
import { defineResource } from './define.ts';

const PATH = '/yy/yyWithdraw';
const DOMAIN = 'withdraw';

export const WITHDRAW_STATUS = { pending: '1', approved: '2', rejected: '3', paid: '4' } as const;
const S = WITHDRAW_STATUS;

export const WITHDRAW_STATUSES = [
  { value: S.pending, text: '待审核' },
  { value: S.approved, text: '已审核' },
  { value: S.rejected, text: '已驳回' },
  { value: S.paid, text: '已打款' },
] as const;

export const WITHDRAW_MSG = {
  belowMin: (min: string) => `提现金额不能低于最低提现金额${min}元`,
  overBalance: (available: string) => `提现金额超过可用余额（可用${available}元）`,
  amount: '提现金额须为大于0的金额，最多两位小数',
  technicianMissing: '技师不存在',
  notFound: '提现记录不存在',
} as const;

/** GET …/technicianOptions: the technicians a request may name (the caller's reach of 技师列表). */
export const WITHDRAW_TECHNICIAN_PICKER = {
  method: 'GET',
  path: `${PATH}/technicianOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

export const WITHDRAW = defineResource({
  name: 'withdraw',
  title: '提现',
  path: PATH,
  permDomain: DOMAIN,
  operations: ['list', 'add', 'export'],
  component: 'yy/visitFinance/YyWithdrawList',
  category: '上门财务',
  english: 'withdraw',
  keywords: ['提现', '提现管理', '提现审核', '打款', 'withdraw'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '提现记录',
    sheetName: '提现记录',
    filename: '提现记录.xlsx',
    asciiFilename: 'withdrawals.xlsx',
  },
  notFound: WITHDRAW_MSG.notFound,
  commands: { plural: 'withdrawals', addPositional: ['technicianId', 'amount'] },
  page: { actionsWidth: 220 },
  fields: [
    {
      key: 'withdrawNo',
      title: '提现单号',
      type: 'string',
      system: true,
      filter: true,
      list: { width: 170 },
    },
    {
      key: 'technicianId',
      title: '技师',
      type: 'ref',
      reference: { resource: 'technician', label: 'name', picker: WITHDRAW_TECHNICIAN_PICKER },
      required: true,
      sample: '王强怡',
      search: true,
      list: { width: 100 },
    },
    {
      key: 'amount',
      title: '提现金额(元)',
      type: 'money',
      required: true,
      invalidMessage: WITHDRAW_MSG.amount,
      // 技师最低提现金额's default
      sample: '100',
      list: { width: 120 },
    },
    { key: 'payAccount', title: '收款账户', type: 'string', max: 100, list: { width: 180 } },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: WITHDRAW_STATUSES,
      system: true,
      search: true,
      list: { width: 90 },
    },
    { key: 'rejectReason', title: '驳回原因', type: 'string', system: true, list: { width: 180 } },
    { key: 'payReference', title: '打款流水号', type: 'string', system: true, list: { width: 160 } },
    { key: 'auditBy', title: '审核人', type: 'string', system: true, list: { width: 90 } },
    { key: 'auditTime', title: '审核时间', type: 'datetime', system: true, list: false },
    { key: 'payTime', title: '打款时间', type: 'datetime', system: true, list: { width: 160 } },
    { key: 'remark', title: '备注', type: 'string', max: 255, list: { width: 160 } },
    { key: 'partnerId', title: '商户id', type: 'string', system: true, list: false, terminal: false },
    { key: 'createTime', title: '申请时间', type: 'datetime', system: true, list: { width: 160 } },
  ],
  states: {
    field: 'status',
    label: 'withdrawNo',
    transitions: {
      approve: { title: '审核通过', from: [S.pending], to: S.approved, preview: true },
      reject: { title: '驳回', from: [S.pending, S.approved], to: S.rejected, reason: 'required' },
      pay: {
        title: '确认打款',
        from: [S.approved],
        to: S.paid,
        english: 'paid',
        params: [
          {
            key: 'payReference',
            title: '打款流水号',
            type: 'string',
            required: '请输入打款流水号',
            max: 64,
          },
        ],
      },
    },
  },
});
