/**
 * 上门财务 · 财务明细 (view yy_visit_finance): per local month and district (区县 of the order's
 * address) the orders paid, the service amount, travel fees, refunds and the platform, partner and
 * technician shares, all summed from the ledger. Read only; beside it the statistics of a period
 * (`getMassageDataStatistics`), the per-district summary (`courtySummary`) and 分账 (`divideCash`:
 * a settled period's statements become payouts, once).
 */
import type { DeclaredContract } from '../contracts.ts';
import { defineResource } from './define.ts';

const PATH = '/yy/yyVisitFinance';

export const VISIT_FINANCE = defineResource({
  name: 'visitFinance',
  title: '财务明细',
  path: PATH,
  view: true,
  permActions: { divideCash: '分账' },
  component: 'yy/visitFinance/YyVisitFinanceList',
  category: '上门财务',
  english: 'visit finance',
  keywords: ['财务明细', '上门财务', '区县汇总', '分账', 'caiwumingxi'],
  defaultSort: { field: 'month', order: 'desc' },
  sheet: {
    title: '财务明细',
    sheetName: '财务明细',
    filename: '财务明细.xlsx',
    asciiFilename: 'visit-finance.xlsx',
    totals: [
      'paidAmount',
      'serviceAmount',
      'travelAmount',
      'refundAmount',
      'platformAmount',
      'partnerAmount',
      'technicianAmount',
    ],
  },
  notFound: '财务记录不存在',
  commands: { plural: 'visit finances' },
  fields: [
    { key: 'month', title: '月份', type: 'string', search: true, filter: true, list: { width: 90 } },
    { key: 'areaCode', title: '区县', type: 'area', search: true, list: { width: 180 } },
    { key: 'orderCount', title: '订单数', type: 'int', list: { width: 80 } },
    { key: 'paidAmount', title: '实收金额(元)', type: 'money', list: { width: 120 } },
    { key: 'serviceAmount', title: '服务金额(元)', type: 'money', list: { width: 120 } },
    { key: 'travelAmount', title: '车费(元)', type: 'money', list: { width: 100 } },
    { key: 'refundAmount', title: '退款(元)', type: 'money', list: { width: 100 } },
    { key: 'platformAmount', title: '平台分成(元)', type: 'money', list: { width: 120 } },
    { key: 'partnerAmount', title: '商户分成(元)', type: 'money', list: { width: 120 } },
    { key: 'technicianAmount', title: '技师收入(元)', type: 'money', list: { width: 120 } },
  ],
});

/**
 * GET …/getMassageDataStatistics?month=YYYY-MM (or begin=&end=, local dates, end inclusive): the
 * period's figures over the caller's reach, one object.
 */
export const VISIT_FINANCE_STATISTICS = {
  method: 'GET',
  path: `${PATH}/getMassageDataStatistics`,
  permission: VISIT_FINANCE.perms.list,
} as const satisfies DeclaredContract;

/** GET …/courtySummary?month= (or begin=&end=): the same figures per district (区县). */
export const VISIT_FINANCE_DISTRICTS = {
  method: 'GET',
  path: `${PATH}/courtySummary`,
  permission: VISIT_FINANCE.perms.list,
} as const satisfies DeclaredContract;

/**
 * GET …/divideCash?period=YYYY-MM|YYYY-Www (`month=` too): every settled statement of the period
 * not paid out yet becomes one payout (unique per statement): a repeated or concurrent call pays
 * nothing twice.
 */
export const VISIT_FINANCE_DIVIDE = {
  method: 'GET',
  path: `${PATH}/divideCash`,
  permission: VISIT_FINANCE.perms.divideCash,
} as const satisfies DeclaredContract;

/** The figures of a period (and of a district in courtySummary); money as decimal text. */
export interface VisitFinanceFigures {
  areaCode?: string;
  areaName?: string;
  orderCount: number;
  paidAmount: string;
  serviceAmount: string;
  travelAmount: string;
  refundAmount: string;
  platformAmount: string;
  partnerAmount: string;
  technicianAmount: string;
}

/** What divideCash answers: the payouts this call made, and those of the period in all. */
export interface DivideCashResult {
  period: string;
  paid: number;
  paidAmount: string;
  totalPayouts: number;
  totalAmount: string;
  /** statements of the period not settled yet (not paid out) */
  unsettled: number;
  /**
   * settled statements of the period that net to zero or less (结算扣款 above the earnings): no
   * payout; what they owe stays in the account's balance and later earnings recover it
   */
  owing: number;
}

export const VISIT_FINANCE_MSG = {
  range: '请输入月份（month=YYYY-MM）或开始、结束日期（begin=YYYY-MM-DD&end=YYYY-MM-DD）',
  date: '日期格式应为YYYY-MM-DD',
  order: '结束日期不能早于开始日期',
} as const;
