import { z } from 'zod';
import {
  DISPATCH_CANDIDATES,
  DISPATCH_MSG,
  DISPATCH_RECORD,
  DISPATCH_STRATEGIES,
  type CandidatesAnswer,
} from '../../src/shared/resources/dispatch.ts';
import { PROJECT } from '../../src/shared/resources/project.ts';
import { defineCommand } from '../core/define-command.ts';
import { refsOf, rowsByRef } from '../resources/lookup.ts';

const strategyText = (s: string) => DISPATCH_STRATEGIES.find((x) => x.value === s)?.text ?? s;

/**
 * 候选技师: who could serve a visit of these projects at this place and time (nothing is booked),
 * best first, with distance, rating, the day's bookings and score.
 */
export default defineCommand({
  id: 'dispatch.candidates',
  examples: ['dispatch candidates --project 全身推拿 --at "2031-03-05 15:00" --lng 120.13 --lat 30.26'],
  title: '候选技师',
  category: DISPATCH_RECORD.decl.category,
  aliases: ['dispatch candidates', 'candidates'],
  keywords: ['派单', '附近技师', '可派技师', 'houxuan'],
  permission: DISPATCH_CANDIDATES.permission,
  requires: [PROJECT.perms.list],
  args: z.object({
    project: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe('服务项目id或名称（多个用逗号分隔）'),
    at: z.string().optional().describe('预约时间 yyyy-MM-dd HH:mm'),
    lng: z.coerce.number().optional().describe('服务地址经度'),
    lat: z.coerce.number().optional().describe('服务地址纬度'),
    duration: z.coerce.number().optional().describe('服务时长（分钟，默认各项目时长之和）'),
    city: z.string().optional().describe('城市区划代码（按该城市的派单配置）'),
    strategy: z
      .enum(DISPATCH_STRATEGIES.map((s) => s.value) as [string, ...string[]])
      .optional()
      .describe('派单策略：distance 距离优先、rating 评分优先、load 今日单量最少'),
    radius: z.coerce.number().optional().describe('派单半径（公里，默认按配置）'),
    limit: z.coerce.number().optional().describe('最多列出几位（默认 20）'),
  }),
  async run(ctx, args) {
    const refs = refsOf(args.project);
    if (!refs.length) throw new Error(DISPATCH_MSG.projectsRequired);
    if (!args.at) throw new Error(DISPATCH_MSG.at);
    if (args.lng === undefined || args.lat === undefined) throw new Error(DISPATCH_MSG.locationRequired);
    const projects = await rowsByRef(ctx, PROJECT, refs);
    const query: Record<string, string> = {
      projectIds: projects.map((p) => p.id).join(','),
      at: args.at,
      lng: String(args.lng),
      lat: String(args.lat),
    };
    if (args.duration !== undefined) query.duration = String(args.duration);
    if (args.city) query.cityCode = args.city;
    if (args.strategy) query.strategy = args.strategy;
    if (args.radius !== undefined) query.radiusKm = String(args.radius);
    if (args.limit !== undefined) query.limit = String(args.limit);
    const a = await ctx.api.get<CandidatesAnswer>(DISPATCH_CANDIDATES.path, query);
    const head = `${a.window.start} 至 ${a.window.end}，半径 ${a.radiusKm} 公里，${strategyText(a.strategy)}`;
    return {
      message: a.candidates.length
        ? `${head}：${a.candidates.length} 位候选技师`
        : `${head}：${DISPATCH_MSG.noCandidate}`,
      table: {
        columns: [
          { key: 'rank', title: '排名' },
          { key: 'name', title: '技师' },
          { key: 'distanceKm', title: '距离(公里)' },
          { key: 'rating', title: '评分' },
          { key: 'todayLoad', title: '当日单量' },
          { key: 'score', title: '得分' },
          { key: 'id', title: 'id' },
        ],
        rows: a.candidates.map((c, i) => ({ rank: i + 1, ...c })),
      },
    };
  },
});
