import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from '../grid/widget.ts';

export default defineCommand({
  id: 'tab.refresh',
  page: true,
  examples: ['tab refresh'],
  title: '刷新页签',
  menus: [{ menu: 'tab.context', group: '1', order: 1, label: '刷新' }],
  category: '页签',
  aliases: ['tab refresh'],
  args: z.object({ key: z.string().optional().describe('页签（完整路径）；默认当前页签') }),
  positional: ['key'],
  async run(ctx, { key }) {
    await openWidget(ctx, 'tabs.op', { op: 'refresh', key });
  },
});
