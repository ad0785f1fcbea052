import { z } from 'zod';
import type { Page } from '../../src/shared/api.ts';
import { GOODS, GOODS_MSG, GOODS_STATUS } from '../../src/shared/resources/goods.ts';
import { defineCommand } from '../core/define-command.ts';
import { eachRow } from '../grid/each-row.ts';
import { requireTargets } from '../grid/targets.ts';
import { openStatusForm } from '../resources/status-form.ts';

interface GoodsRow {
  id: string;
  name: string;
  status: string;
}

const ep = GOODS.endpoints;
const text = (v: string) => GOODS_STATUS.find((s) => s.value === v)?.text ?? v;

/**
 * 商品上下架: `goods status <ids> 下架`, through the declared shelve / unshelve actions, one call
 * per item (progress, Ctrl+C, --dry-run).
 */
export default defineCommand({
  id: 'goods.status',
  examples: ['goods list | head 1 | goods status 下架'],
  title: '商品上下架',
  category: GOODS.decl.category,
  aliases: ['set goods status'],
  keywords: ['上架', '下架', '商品状态'],
  permission: ep.edit.permission as string,
  requires: [ep.list.permission as string],
  menus: [{ menu: 'goods.toolbar', group: '5_status', order: 1, label: '批量上下架' }],
  args: z.object({
    ids: z.string().optional().describe('商品id，逗号分隔；默认管道输入或表格选中行'),
    status: z.enum(['上架', '下架', '1', '0']).optional().describe('上架 或 下架'),
    dryRun: z.boolean().optional().describe('只列出将要改变的商品，不执行'),
  }),
  positional: ['ids', 'status'],
  prepare(ctx, { ids }) {
    requireTargets(ctx, ids);
  },
  async run(ctx, { ids, status, dryRun }) {
    const wanted = requireTargets(ctx, ids);
    // on screen without a status (toolbar): the 修改状态 dialog asks for it
    if (!status && ctx.open) return openStatusForm(ctx, GOODS, wanted, 'skip');
    if (!status) throw new Error(GOODS_MSG.statusRequired);
    const value = status === '上架' || status === '1' ? '1' : '0';
    // the declared action to that status (shelve / unshelve)
    const action = GOODS.states!.actions.find((a) => a.transition.to === value)!;
    const page = await ctx.api.get<Page<GoodsRow>>(ep.list.path, {
      id: wanted.join(','),
      pageSize: wanted.length,
    });
    const rows = wanted.map((id) => {
      const found = page.records.find((r) => r.id === id);
      if (!found) throw new Error(`${GOODS.notFound}: ${id}`);
      return found;
    });
    const result = await eachRow(
      ctx,
      rows
        .filter((r) => r.status !== value)
        .map((r) => ({
          target: r.name,
          change: `${text(r.status)} → ${text(value)}`,
          apply: () => ctx.api.put(action.endpoint.path, { ids: r.id }),
        })),
      { dryRun, verb: text(value), unit: '商品' },
    );
    return { ...result, invalidate: [[...GOODS.queryKey]] };
  },
});
