import { z } from 'zod';
import {
  COMMISSION_PREVIEW,
  COMMISSION_SCOPES,
  COMMISSION_TYPES,
  TECH_COMMISSION,
  type CommissionPreview,
} from '../../src/shared/resources/technician-commission.ts';
import { MSG } from '../../src/shared/api.ts';
import { defineCommand } from '../core/define-command.ts';
import { targetIds } from '../grid/targets.ts';

const textOf = (list: ReadonlyArray<{ value: string; text: string }>, v: string) =>
  list.find((x) => x.value === v)?.text ?? v;

/** `commission preview <order>`: which 技师提成 rule applies to the order and what it pays. */
export default defineCommand({
  id: 'commission.preview',
  examples: ['order list --status 服务完成 | head 1 | commission preview'],
  title: '提成试算',
  category: TECH_COMMISSION.decl.category,
  aliases: ['commission preview', 'preview commission'],
  keywords: ['提成试算', '提成预览', '适用规则', '技师提成'],
  permission: COMMISSION_PREVIEW.permission,
  menus: [{ menu: 'order.row', group: '9_history', order: 1, label: '提成试算' }],
  args: z.object({
    order: z.string().optional().describe('订单号或订单id；默认表格选中行'),
  }),
  positional: ['order'],
  async run(ctx, { order }) {
    const [ref] = targetIds(ctx, order);
    if (!ref) throw new Error(MSG.nothingSelected);
    const p = await ctx.api.get<CommissionPreview>(COMMISSION_PREVIEW.path, { orderId: ref });
    const rows = p.candidates.map((r, i) => ({
      rank: i + 1,
      applies: i === 0 ? '✓' : '',
      name: r.name,
      scope: textOf(COMMISSION_SCOPES, r.scope),
      type: textOf(COMMISSION_TYPES, r.type),
      priority: r.priority,
    }));
    return {
      message: `${p.message}${p.posted !== null ? `（已入账 ${p.posted} 元）` : ''}`,
      table: {
        columns: [
          { key: 'rank', title: '顺序' },
          { key: 'applies', title: '适用' },
          { key: 'name', title: '规则' },
          { key: 'scope', title: '适用范围' },
          { key: 'type', title: '提成方式' },
          { key: 'priority', title: '优先级' },
        ],
        rows,
      },
      records: [{ ...p }],
    };
  },
});
