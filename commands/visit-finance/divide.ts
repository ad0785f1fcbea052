import { z } from 'zod';
import {
  VISIT_FINANCE,
  VISIT_FINANCE_DIVIDE,
  type DivideCashResult,
} from '../../src/shared/resources/visit-finance.ts';
import { defineCommand } from '../core/define-command.ts';

/**
 * `visitFinance divide --month 2026-10`: 分账 — the period's settled 对账单 become payouts, each
 * once (a repeated run pays nothing twice).
 */
export default defineCommand({
  id: 'visitFinance.divide',
  examples: ['visitFinance divide 2026-10'],
  title: '分账',
  category: VISIT_FINANCE.decl.category,
  aliases: ['visitFinance divide', 'finance divide', 'divide cash'],
  keywords: ['分账', '打款', '结算分账', 'fenzhang', 'divideCash'],
  permission: VISIT_FINANCE_DIVIDE.permission,
  menus: [{ menu: 'visitFinance.toolbar', group: '3_tools', order: 1, label: '分账' }],
  args: z.object({
    month: z.string().describe('已结算对账单的月份 YYYY-MM（或周 YYYY-Www）'),
  }),
  positional: ['month'],
  async run(ctx, { month }) {
    const r = await ctx.api.get<DivideCashResult>(VISIT_FINANCE_DIVIDE.path, { period: month });
    return {
      message: `${r.period} 分账：本次 ${r.paid} 笔 ${r.paidAmount} 元；累计 ${r.totalPayouts} 笔 ${r.totalAmount} 元；未结算 ${r.unsettled} 张${r.owing ? `；净额不为正、无需打款 ${r.owing} 张` : ''}`,
      records: [{ ...r }],
    };
  },
});
