import { defineCommand } from '../core/define-command.ts';
import { currentGrid } from './widget.ts';

/** Reload the current list from the server. */
export default defineCommand({
  id: 'grid.refresh',
  page: true,
  examples: ['grid refresh'],
  title: '刷新表格',
  category: '表格',
  aliases: ['reload'],
  keywords: ['刷新', '重新加载'],
  keybinding: 'Alt+R',
  when: (k) => Boolean(k.grid),
  async run(ctx) {
    return { invalidate: [currentGrid(ctx).queryKey] };
  },
});
