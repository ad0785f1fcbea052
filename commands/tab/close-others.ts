import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from '../grid/widget.ts';

export default defineCommand({
  id: 'tab.closeOthers',
  examples: ['tab closeOthers'],
  page: true,
  title: '关闭其他页签',
  menus: [{ menu: 'tab.context', group: '1', order: 4, label: '关闭其他' }],
  category: '页签',
  aliases: ['tab closeOthers'],
  args: z.object({ key: z.string().optional().describe('页签（完整路径）；默认当前页签') }),
  positional: ['key'],
  async run(ctx, { key }) {
    await openWidget(ctx, 'tabs.op', { op: 'closeOthers', key });
  },
});
