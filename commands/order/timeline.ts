import { z } from 'zod';
import { ORDER, ORDER_TIMELINE } from '../../src/shared/resources/order.ts';
import { defineCommand } from '../core/define-command.ts';
import { targetIds } from '../grid/targets.ts';
import { MSG } from '../../src/shared/api.ts';
import { findByRef } from '../resources/generate.ts';

/** `order timeline <id or number>`: the order's life, oldest first: who did what, when and why. */
export default defineCommand({
  id: 'order.timeline',
  examples: ['order list | head 1 | order timeline'],
  title: '订单时间线',
  category: ORDER.decl.category,
  aliases: ['order timeline'],
  keywords: ['时间线', '订单记录', '订单轨迹', 'timeline'],
  permission: ORDER_TIMELINE.permission,
  menus: [{ menu: 'order.row', group: '9_history', order: 0, label: '时间线' }],
  args: z.object({
    id: z.string().optional().describe('订单id或订单号；默认表格选中行'),
  }),
  positional: ['id'],
  async run(ctx, { id }) {
    const [ref] = targetIds(ctx, id);
    if (!ref) throw new Error(MSG.nothingSelected);
    const order = await findByRef(ctx, ORDER, ref);
    const entries = await ctx.api.get<Array<Record<string, unknown>>>(ORDER_TIMELINE.path, { id: order.id });
    return {
      message: `订单 ${String(order.orderNo)} 共 ${entries.length} 条记录`,
      table: {
        columns: [
          { key: 'time', title: '时间' },
          { key: 'action', title: '操作' },
          { key: 'change', title: '状态' },
          { key: 'byName', title: '操作人' },
          { key: 'reason', title: '原因/备注' },
        ],
        rows: entries,
      },
      records: entries,
    };
  },
});
