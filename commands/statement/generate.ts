import { z } from 'zod';
import {
  STATEMENT,
  STATEMENT_GENERATE,
  STATEMENT_MSG,
  type StatementGenerated,
} from '../../src/shared/resources/statement.ts';
import { defineCommand } from '../core/define-command.ts';

/** The local month before this one (YYYY-MM), the period a toolbar click offers. */
const lastMonth = (now = new Date()) => {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/**
 * `statement generate --month 2026-10 [--dry-run]` (or `--week 2026-W43`): the period's 对账单
 * of every technician and partner from the ledger; drafts are regenerated, confirmed and settled
 * ones kept. `--dry-run` answers the figures and writes nothing.
 */
export default defineCommand({
  id: 'statement.generate',
  examples: ['statement generate --month 2026-10'],
  title: '生成对账单',
  category: STATEMENT.decl.category,
  aliases: ['statement generate', 'generate statements'],
  keywords: ['生成对账单', '对账', '出账', 'shengchengduizhangdan'],
  permission: STATEMENT_GENERATE.permission,
  menus: [{ menu: 'statement.toolbar', group: '3_tools', order: 1, label: '生成对账单' }],
  args: z.object({
    period: z.string().optional().describe('期间：月 YYYY-MM 或周 YYYY-Www'),
    month: z.string().optional().describe('月份 YYYY-MM'),
    week: z.string().optional().describe('ISO 周 YYYY-Www，如 2026-W43'),
    dryRun: z.boolean().optional().describe('只试算，不写入'),
  }),
  positional: ['period'],
  async run(ctx, args) {
    let period = args.period ?? args.month ?? args.week;
    if (!period) {
      const asked = await ctx.prompt(STATEMENT_MSG.noPeriod, { defaultValue: lastMonth() });
      if (!asked) return { message: '已取消' };
      period = asked.trim();
    }
    const r = await ctx.api.post<StatementGenerated>(STATEMENT_GENERATE.path, {
      period,
      dryRun: args.dryRun ?? false,
    });
    const head = r.dryRun ? `试算 ${r.period}（未写入）` : `已生成 ${r.period} 的对账单`;
    return {
      message: `${head}：${r.statements} 张草稿，${r.lines} 条明细（调整 ${r.adjustments} 条），合计 ${r.total} 元；已锁定 ${r.locked} 张未改动`,
      records: [{ ...r }],
    };
  },
});
