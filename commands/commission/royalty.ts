import { z } from 'zod';
import {
  COMMISSION_TECH_ROYALTY,
  TECH_COMMISSION,
} from '../../src/shared/resources/technician-commission.ts';
import { defineCommand } from '../core/define-command.ts';

interface Royalty {
  technicianName: string;
  begin: string;
  end: string;
  orderCount: number;
  commission: string;
  travelFee: string;
  clawback: string;
  royalty: string;
  total: string;
}

/** `commission royalty <technicianId> [--begin …] [--end …]`: a technician's commission over a period. */
export default defineCommand({
  id: 'commission.royalty',
  examples: ['technician list | head 1 | commission royalty'],
  title: '技师提成汇总',
  category: TECH_COMMISSION.decl.category,
  aliases: ['commission royalty', 'tech royalty'],
  keywords: ['提成汇总', '技师收入', 'getTechRoyalty'],
  permission: COMMISSION_TECH_ROYALTY.permission,
  args: z.object({
    technicianId: z.string().describe('技师id'),
    begin: z.string().optional().describe('开始日期 YYYY-MM-DD（默认本月1日）'),
    end: z.string().optional().describe('结束日期 YYYY-MM-DD（默认本月末）'),
  }),
  positional: ['technicianId'],
  async run(ctx, args) {
    const r = await ctx.api.get<Royalty>(COMMISSION_TECH_ROYALTY.path, args);
    return {
      message: `${r.technicianName} ${r.begin} 至 ${r.end}：${r.orderCount} 单，提成 ${r.royalty} 元，合计 ${r.total} 元`,
      table: {
        columns: [
          { key: 'item', title: '项目' },
          { key: 'amount', title: '金额(元)', format: 'money' },
        ],
        rows: [
          { item: '服务提成', amount: r.commission },
          { item: '车费', amount: r.travelFee },
          { item: '退款扣回', amount: r.clawback },
          { item: '合计', amount: r.total },
        ],
      },
      records: [{ ...r }],
    };
  },
});
