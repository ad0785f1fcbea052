import { z } from 'zod';
import {
  DISPATCH_EXPLAIN,
  DISPATCH_MSG,
  DISPATCH_RECORD,
  type DispatchExplanation,
} from '../../src/shared/resources/dispatch.ts';
import { defineCommand } from '../core/define-command.ts';

/**
 * 派单解释: why an order went to its technician: the candidates of its (latest) dispatch with
 * distances and scores, and who the same search finds now.
 */
export default defineCommand({
  id: 'dispatch.explain',
  examples: ['dispatch list | head 1 | dispatch explain'],
  title: '派单解释',
  category: DISPATCH_RECORD.decl.category,
  aliases: ['dispatch explain', 'explain dispatch'],
  keywords: ['派单原因', '为什么派给', 'jieshi'],
  permission: DISPATCH_EXPLAIN.permission,
  menus: [{ menu: 'dispatch.row', group: '3_tools', order: 1, label: '派单解释' }],
  args: z.object({
    id: z.string().optional().describe('订单id或派单记录id'),
  }),
  positional: ['id'],
  async run(ctx, args) {
    const id = args.id?.trim();
    if (!id) throw new Error(DISPATCH_MSG.recordNotFound);
    const e = await ctx.api.get<DispatchExplanation>(DISPATCH_EXPLAIN.path, { id });
    const now = new Map(e.replay.map((c, i) => [c.id, i + 1]));
    return {
      message: e.summary,
      table: {
        columns: [
          { key: 'rank', title: '排名' },
          { key: 'chosen', title: '派给' },
          { key: 'name', title: '技师' },
          { key: 'distanceKm', title: '距离(公里)' },
          { key: 'rating', title: '评分' },
          { key: 'todayLoad', title: '当日单量' },
          { key: 'score', title: '得分' },
          { key: 'now', title: '现在排名' },
        ],
        rows: e.candidates.map((c, i) => ({
          rank: i + 1,
          chosen: c.id === e.record.chosenTechnicianId ? '✓' : '',
          ...c,
          now: now.get(c.id) ?? '—',
        })),
      },
    };
  },
});
