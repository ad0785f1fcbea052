import { z } from 'zod';
import { FARE, FARE_PREVIEW, type FareQuote } from '../../src/shared/resources/fare.ts';
import { defineCommand } from '../core/define-command.ts';

/** 车费试算: what a trip of a given distance costs in a city at a time of day. */
export default defineCommand({
  id: 'fare.preview',
  examples: ['fare preview 330106 10.5 23:10'],
  title: '车费试算',
  category: FARE.decl.category,
  aliases: ['fare preview', 'price fare'],
  keywords: ['试算', '计算车费', '预览', '车费'],
  permission: FARE_PREVIEW.permission,
  menus: [{ menu: 'fare.toolbar', group: '3_tools', order: 1, label: '车费试算' }],
  args: z.object({
    cityCode: z.string().optional().describe('城市：区划代码（如 330100）或名称（如 杭州、浙江省/杭州市）'),
    distance: z.string().optional().describe('距离（公里，最多两位小数）'),
    time: z.string().optional().describe('出发时间 HH:mm（默认现在）'),
  }),
  positional: ['cityCode', 'distance', 'time'],
  async run(ctx, args) {
    // given nothing on screen (toolbar, palette): the 车费试算 dialog asks
    if (!args.cityCode && !args.distance && ctx.open) return void (await ctx.open('fare.preview'));
    const q = await ctx.api.get<FareQuote & { period: string; time: string }>(FARE_PREVIEW.path, args);
    const period = q.period === 'night' ? '夜间' : '白天';
    const how = q.minApplied
      ? `不足最低车费，按最低 ${q.minFare} 元`
      : `起步价 ${q.baseFare} + 里程 ${q.chargeableKm} 公里 ${q.mileageFare}`;
    return {
      message: `车费 ${q.total} 元（${period} ${q.time}，${q.distance} 公里：${how}）`,
      table: {
        columns: [
          { key: 'item', title: '项目' },
          { key: 'amount', title: '金额(元)', format: 'money' },
        ],
        rows: [
          { item: '起步价', amount: q.baseFare },
          { item: `里程费（超出 ${q.chargeableKm} 公里）`, amount: q.mileageFare },
          { item: '最低车费', amount: q.minFare },
          { item: '应付车费', amount: q.total },
        ],
      },
    };
  },
});
