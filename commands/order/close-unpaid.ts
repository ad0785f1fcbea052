import { z } from 'zod';
import { ORDER, ORDER_UNPAID_OVERDUE } from '../../src/shared/resources/order.ts';
import { defineCommand } from '../core/define-command.ts';
import { eachRow } from '../grid/each-row.ts';
import { targetIds } from '../grid/targets.ts';

interface Overdue {
  id: string;
  orderNo: string;
  totalAmount: string;
  ageMinutes: number;
}

const action = ORDER.states!.actions.find((a) => a.name === 'closeUnpaid')!;

/** `30m`, `2h`, `1d` or bare minutes → minutes. */
export function parseOlder(text: string): number {
  const m = /^(\d{1,6})\s*(m|min|h|d)?$/i.exec(text.trim());
  if (!m) throw new Error('--older 格式应为 30m、2h、1d 或分钟数');
  const unit = (m[2] ?? 'm').toLowerCase();
  return Number(m[1]) * (unit === 'h' ? 60 : unit === 'd' ? 1440 : 1);
}

/**
 * `order close-unpaid [ids] [--older 30m] [--dry-run]`: close unpaid orders through the declared
 * 支付超时关闭 action, one call per order (progress, Ctrl+C); without ids, every unpaid order in reach
 * booked longer ago than --older (default the platform's 未支付订单自动关闭). The server refuses an
 * order younger than that setting.
 */
export default defineCommand({
  id: 'order.closeUnpaid',
  examples: ['order closeUnpaid --older 30m'],
  title: '支付超时关闭订单',
  category: ORDER.decl.category,
  aliases: ['order close-unpaid', 'close-unpaid order'],
  keywords: ['支付超时', '关闭未支付', '超时关闭', 'close unpaid'],
  permission: action.endpoint.permission as string,
  requires: [ORDER.perms.list],
  dangerous: true,
  confirm: (args) =>
    args.ids
      ? '确定按支付超时关闭所选订单吗?'
      : `确定关闭下单超过 ${args.older ?? '设定时间'} 仍未支付的订单吗?`,
  menus: [{ menu: 'order.row', group: '5_status', order: 2, label: '支付超时关闭' }],
  when: (k) => !k.row || action.transition.from.includes(String(k.row.status)),
  args: z.object({
    ids: z.string().optional().describe('订单id，逗号分隔；不填则按 --older 查找超时未支付的订单'),
    older: z
      .string()
      .optional()
      .describe('下单超过多久，如 30m、2h、1d；默认平台配置的未支付订单自动关闭时间'),
    reason: z.string().max(255).optional().describe('关闭原因'),
    dryRun: z.boolean().optional().describe('只列出将要关闭的订单，不执行'),
  }),
  positional: ['ids'],
  async run(ctx, { ids, older, reason, dryRun }) {
    const named = targetIds(ctx, ids);
    let rows: Array<{ id: string; orderNo: string }>;
    if (named.length) {
      rows = named.map((id) => ({ id, orderNo: id }));
    } else {
      const query = older === undefined ? {} : { olderMinutes: parseOlder(older) };
      rows = await ctx.api.get<Overdue[]>(ORDER_UNPAID_OVERDUE.path, query);
    }
    const result = await eachRow(
      ctx,
      rows.map((r) => ({
        target: r.orderNo,
        change: '待支付 → 已关闭',
        apply: () => ctx.api.put(action.endpoint.path, { ids: r.id, reason: reason ?? '支付超时，批量关闭' }),
      })),
      { dryRun, verb: '关闭', unit: '订单' },
    );
    return { ...result, invalidate: [[...ORDER.queryKey]] };
  },
});
