import { z } from 'zod';
import { EXCEPTION_ORDER } from '../../src/shared/resources/exception-order.ts';
import { ORDER, ORDER_PAGE_ROUTE, ORDER_TIMELINE } from '../../src/shared/resources/order.ts';
import { MSG } from '../../src/shared/api.ts';
import { defineCommand } from '../core/define-command.ts';
import { targetIds } from '../grid/targets.ts';
import { findByRef } from '../resources/generate.ts';

/**
 * `exception order <id>`: the order of an exception — its timeline (who did what, when, why); in
 * the browser it opens 上门订单 as well.
 */
export default defineCommand({
  id: 'exceptionOrder.order',
  examples: ['exceptionOrder list | head 1 | exceptionOrder order'],
  title: '查看异常订单的订单',
  category: EXCEPTION_ORDER.decl.category,
  aliases: ['exception order', 'exception open-order'],
  keywords: ['打开订单', '查看订单', '订单时间线'],
  permission: EXCEPTION_ORDER.perms.list,
  requires: [ORDER_TIMELINE.permission],
  menus: [{ menu: 'exceptionOrder.row', group: '9_history', order: 1, label: '查看订单' }],
  args: z.object({ id: z.string().optional().describe('异常订单id；默认表格选中行') }),
  positional: ['id'],
  async run(ctx, { id }) {
    const [ref] = targetIds(ctx, id);
    if (!ref) throw new Error(MSG.nothingSelected);
    const ex = await findByRef(ctx, EXCEPTION_ORDER, ref);
    const entries = await ctx.api.get<Array<Record<string, unknown>>>(ORDER_TIMELINE.path, {
      id: ex.orderId,
    });
    if (ctx.open) await ctx.navigate(ORDER_PAGE_ROUTE);
    return {
      message: `订单 ${String(ex.orderNo)}（${String(ex.kind_dictText ?? '')}）共 ${entries.length} 条记录`,
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
      invalidate: [[...ORDER.queryKey]],
    };
  },
});
