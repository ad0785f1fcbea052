import { z } from 'zod';
import { HOMEPAGE_STATISTICS, type HomeGroup, type HomeStatistics } from '../../src/shared/stats/home.ts';
import { defineCommand } from '../core/define-command.ts';

const BY = {
  day: '日期',
  status: '状态',
  district: '区县',
  project: '项目',
  technician: '技师',
  hour: '时段',
} as const;
type By = keyof typeof BY;

/** The groups of a breakdown, from the one statistics answer. */
function groupsOf(s: HomeStatistics, by: By): HomeGroup[] {
  switch (by) {
    case 'day':
      return s.trend.map((d) => ({
        key: d.day,
        label: d.day,
        orders: d.orders,
        completed: d.completed,
        amount: d.gmv,
      }));
    case 'status':
      return s.byStatus;
    case 'district':
      return s.byDistrict;
    case 'project':
      return s.topProjects;
    case 'technician':
      return s.topTechnicians;
    case 'hour':
      return s.byHour;
  }
}

/**
 * `stats orders --by district --from 2026-11-01 --to 2026-11-27`: the period's orders grouped by
 * day, status, 区县, project (top 10), technician (top 10) or hour, as 分析页 draws them.
 */
export default defineCommand({
  id: 'stats.orders',
  examples: ['stats orders --by district', 'stats orders --by day --from 2026-11-01 --to 2026-11-07'],
  title: '订单统计',
  category: '首页',
  aliases: ['stats orders'],
  keywords: ['订单统计', '按区县', '按日期', '分析', 'dingdantongji'],
  permission: HOMEPAGE_STATISTICS.permission,
  args: z.object({
    by: z
      .enum(Object.keys(BY) as [By, ...By[]])
      .default('day')
      .describe('分组：day 日期、status 状态、district 区县、project 项目、technician 技师、hour 时段'),
    from: z.string().optional().describe('开始日期 YYYY-MM-DD（默认结束日期前29天）'),
    to: z.string().optional().describe('结束日期 YYYY-MM-DD（含，默认今天）'),
  }),
  async run(ctx, { by, from, to }) {
    const s = await ctx.api.get<HomeStatistics>(HOMEPAGE_STATISTICS.path, {
      ...(from ? { begin: from } : {}),
      ...(to ? { end: to } : {}),
    });
    const rows = groupsOf(s, by).map((g) => ({ ...g }));
    const money = by === 'project' ? '项目金额(元)' : 'GMV(元)';
    return {
      message: `${s.begin} 至 ${s.end} 按${BY[by]}：${rows.length} 组，订单 ${rows.reduce((n, r) => n + r.orders, 0)} 单`,
      table: {
        columns: [
          { key: 'label', title: BY[by] },
          { key: 'orders', title: '订单数', format: 'number' },
          ...(rows.some((r) => r.completed !== undefined)
            ? [{ key: 'completed', title: '已完成', format: 'number' as const }]
            : []),
          ...(rows.some((r) => r.amount !== undefined)
            ? [{ key: 'amount', title: money, format: 'money' as const }]
            : []),
        ],
        rows,
      },
      records: rows,
    };
  },
});
