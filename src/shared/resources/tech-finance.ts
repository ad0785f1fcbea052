/**
 * 技师财务统计 (view yy_tech_finance): per technician and local month, from the technician
 * account's 资金流水 entries — income (commission, travel fees, less claw-backs), commission,
 * withdrawals, purchases (paid from the balance or deducted on the statement), the month's net and the balance at its end. Read
 * only and exported; partner staff see their partner's technicians.
 */
import { defineResource } from './define.ts';

export const TECH_FINANCE = defineResource({
  name: 'techFinance',
  title: '技师财务统计',
  path: '/yy/yyTechFinance',
  view: true,
  component: 'yy/mall/YyTechFinanceList',
  category: '物料商城',
  english: 'tech finance',
  keywords: ['技师财务', '财务统计', '技师收入', '提现统计', 'tech finance'],
  defaultSort: { field: 'month', order: 'desc' },
  sheet: {
    title: '技师财务统计',
    sheetName: '技师财务统计',
    filename: '技师财务统计.xlsx',
    asciiFilename: 'tech-finance.xlsx',
  },
  notFound: '统计记录不存在',
  commands: { plural: 'tech finances' },
  fields: [
    { key: 'month', title: '月份', type: 'string', search: true, filter: true, list: { width: 90 } },
    {
      key: 'technicianName',
      title: '技师',
      type: 'string',
      search: true,
      filter: true,
      list: { width: 100 },
    },
    { key: 'income', title: '收入(元)', type: 'money', list: { width: 110 } },
    { key: 'commission', title: '提成(元)', type: 'money', list: { width: 110 } },
    { key: 'withdrawals', title: '提现(元)', type: 'money', list: { width: 110 } },
    { key: 'purchases', title: '物料采购(元)', type: 'money', list: { width: 120 } },
    { key: 'net', title: '本月净额(元)', type: 'money', list: { width: 120 } },
    { key: 'balance', title: '月末余额(元)', type: 'money', list: { width: 120 } },
    { key: 'technicianId', title: '技师id', type: 'string', filter: true, list: false, terminal: false },
    { key: 'partnerId', title: '商户id', type: 'string', list: false, terminal: false },
  ],
});
