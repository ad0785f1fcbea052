/**
 * The stats command of a resource declaring `stats` (src/shared/resources/stats.ts):
 * `<name> stats [--dimension …] [--by …] [--measure …]` plus the list's filters, printing one row
 * per group (its label and the measure) as a table, with the rows for the next command of a pipe.
 * Run from a screen without arguments (the toolbar's 统计 button, the palette) it opens the
 * page's chart dialog (`<name>.stats` widget, src/web/resources/resource-stats.tsx).
 */
import { z } from 'zod';
import type { EndpointContract } from '../../src/shared/contracts.ts';
import type { Resource } from '../../src/shared/resources/define.ts';
import { STATS_BY_TEXT, type StatsBy, type StatsResult } from '../../src/shared/resources/stats.ts';
import { formatNumber } from '../../src/shared/format.ts';
import { defineCommand } from '../core/define-command.ts';
import type { CommandDefinition } from '../core/types.ts';

/** The stats command of a resource (none without `stats`); `filters` are the list command's. */
export function statsCommands(r: Resource, filters: Record<string, z.ZodType>): CommandDefinition[] {
  const stats = r.stats;
  if (!stats) return [];
  const { decl } = r;
  const dims = stats.dimensions.map((d) => d.key) as [string, ...string[]];
  const measures = stats.measures.map((m) => m.key) as [string, ...string[]];
  const bys = [...new Set(stats.dimensions.flatMap((d) => d.by))] as StatsBy[];
  const dimHelp = stats.dimensions
    .map((d) => `${d.key} ${d.title}${d.by.length ? `（${d.by.join('/')}）` : ''}`)
    .join('，');
  return [
    defineCommand({
      id: `${decl.name}.stats`,
      title: `${decl.title}统计`,
      category: decl.category,
      ...(decl.english !== decl.name ? { aliases: [`${decl.english} stats`] } : {}),
      keywords: ['统计', '报表', '图表', ...(decl.keywords ?? [])],
      permission: stats.endpoint.permission as string,
      args: z.object({
        dimension: z.enum(dims).optional().describe(`统计维度（默认 ${dims[0]}）：${dimHelp}`),
        ...(bys.length
          ? {
              by: z
                .enum(bys as [StatsBy, ...StatsBy[]])
                .optional()
                .describe(`粒度：${bys.map((b) => `${b} ${STATS_BY_TEXT[b]}`).join('，')}`),
            }
          : {}),
        measure: z
          .enum(measures)
          .optional()
          .describe(
            `指标（默认 ${measures[0]}）：${stats.measures.map((m) => `${m.key} ${m.title}`).join('，')}`,
          ),
        ...filters,
      }),
      positional: ['dimension'],
      // on the page: the toolbar's 统计 button opens the chart dialog
      menus: [{ menu: `${decl.name}.toolbar`, group: '5_stats', order: 1, label: '统计' }],
      async run(ctx, args) {
        const params = Object.fromEntries(
          Object.entries(args).filter(([, v]) => v !== undefined && v !== ''),
        ) as Record<string, unknown>;
        // nothing chosen on a screen (button, palette): the dialog with its selects and chart
        if (Object.keys(params).length === 0 && ctx.open) return void (await ctx.open(`${decl.name}.stats`));
        const result = await ctx.api.get<StatsResult>(stats.endpoint.path, params);
        const by = result.dimension.by ? STATS_BY_TEXT[result.dimension.by] : '';
        const money = result.measure.fn === 'sum';
        return {
          message: `${decl.title}${by}按「${result.dimension.title}」统计「${result.measure.title}」：${formatNumber(result.rows.length)} 组`,
          table: {
            columns: [
              { key: 'label', title: result.dimension.title },
              { key: 'value', title: result.measure.title, format: money ? 'money' : 'number' },
            ],
            rows: result.rows as unknown as Array<Record<string, unknown>>,
          },
          records: result.rows as unknown as Array<Record<string, unknown>>,
        };
      },
    }) as CommandDefinition,
  ];
}

/** The endpoint the stats command calls. */
export function statsCommandEndpoints(r: Resource): Record<string, EndpointContract[]> {
  return r.stats ? { [`${r.decl.name}.stats`]: [r.stats.endpoint] } : {};
}
