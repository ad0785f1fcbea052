import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from '../grid/widget.ts';

export default defineCommand({
  id: 'tab.closeRight',
  examples: ['tab closeRight'],
  page: true,
  title: '关闭右侧页签',
  menus: [{ menu: 'tab.context', group: '1', order: 3, label: '关闭右侧' }],
  category: '页签',
  aliases: ['tab closeRight'],
  args: z.object({ key: z.string().optional().describe('页签（完整路径）；默认当前页签') }),
  positional: ['key'],
  async run(ctx, { key }) {
    await openWidget(ctx, 'tabs.op', { op: 'closeRight', key });
  },
});
