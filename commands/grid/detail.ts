import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { currentGrid, openWidget } from './widget.ts';
import { NOTHING_SELECTED } from './targets.ts';

/** 详细信息 of a row of the current list: every column, read-only (row action 详情). */
export default defineCommand({
  id: 'grid.detail',
  examples: ['grid detail'],
  page: true,
  title: '查看详情',
  category: '表格',
  aliases: ['detail', 'show'],
  keywords: ['详情', '详细信息', '查看'],
  menus: [{ menu: 'grid.row', group: '0_view', order: 1, label: '详情' }],
  args: z.object({ id: z.string().optional().describe('行 id；默认表格选中的第一行') }),
  positional: ['id'],
  when: (k) => Boolean(k.grid),
  async run(ctx, { id }) {
    currentGrid(ctx);
    const target = id ?? ctx.keys.selection?.[0];
    if (!target) throw new Error(NOTHING_SELECTED);
    await openWidget(ctx, 'grid.detail', { id: target });
  },
});
