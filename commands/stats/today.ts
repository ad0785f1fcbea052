import { z } from 'zod';
import { HOMEPAGE_STATISTICS, type HomeStatistics } from '../../src/shared/stats/home.ts';
import { METRICS, changeText, formatMetric } from '../../src/shared/stats/metrics.ts';
import { defineCommand } from '../core/define-command.ts';

/**
 * `stats today`: 首页's KPI cards as a table (today, yesterday, the same weekday last week, the
 * changes) and the last 30 days' rates, with each metric's definition (src/shared/stats/metrics.ts).
 */
export default defineCommand({
  id: 'stats.today',
  examples: ['stats today'],
  title: '今日经营数据',
  category: '首页',
  aliases: ['stats today'],
  keywords: ['今日数据', '经营数据', '统计', 'GMV', '首页', 'kpi', 'jinri'],
  permission: HOMEPAGE_STATISTICS.permission,
  args: z.object({}),
  async run(ctx) {
    const s = await ctx.api.get<HomeStatistics>(HOMEPAGE_STATISTICS.path, {});
    const rows = [
      ...s.kpis.map((k) => ({
        metric: METRICS[k.key].name,
        today: formatMetric(k.key, k.value),
        yesterday: formatMetric(k.key, k.yesterday),
        dayChange: k.key === 'onDuty' ? '—' : changeText(k.value, k.yesterday),
        lastWeek: formatMetric(k.key, k.lastWeek),
        weekChange: k.key === 'onDuty' ? '—' : changeText(k.value, k.lastWeek),
        definition: METRICS[k.key].definition,
      })),
      ...s.period.map((p) => ({
        metric: `${METRICS[p.key].name}（近30天）`,
        today: formatMetric(p.key, p.value),
        yesterday: '',
        dayChange: '',
        lastWeek: '',
        weekChange: '',
        definition: METRICS[p.key].definition,
      })),
    ];
    return {
      message: `${s.today} 订单 ${String(s.kpis[0]?.value ?? 0)} 单，GMV ¥${String(s.kpis[1]?.value ?? '0.00')}`,
      table: {
        columns: [
          { key: 'metric', title: '指标' },
          { key: 'today', title: '今日' },
          { key: 'yesterday', title: '昨日' },
          { key: 'dayChange', title: '较昨日' },
          { key: 'lastWeek', title: '上周同日' },
          { key: 'weekChange', title: '较上周同日' },
          { key: 'definition', title: '口径' },
        ],
        rows,
      },
      records: rows,
    };
  },
});
