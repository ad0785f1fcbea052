import { defineCommand } from '../core/define-command.ts';
import { currentGrid, openWidget } from './widget.ts';

/** Export the current list (its filters and sort, or the ticked rows) as .xlsx. */
export default defineCommand({
  id: 'grid.export',
  examples: ['export'],
  page: true,
  title: '导出',
  category: '表格',
  aliases: ['export'],
  keywords: ['导出', 'Excel', 'xlsx', '下载'],
  menus: [{ menu: 'grid.toolbar', group: '3_io', order: 1 }],
  when: (k) => Boolean(k.grid?.exportUrl),
  async run(ctx) {
    const grid = currentGrid(ctx);
    const selected = await openWidget<number>(ctx, 'grid.export');
    return { message: selected ? `已导出选中的 ${selected} 条${grid.title}` : `已导出${grid.title}` };
  },
});
