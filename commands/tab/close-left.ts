import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from '../grid/widget.ts';

export default defineCommand({
  id: 'tab.closeLeft',
  examples: ['tab closeLeft'],
  page: true,
  title: '关闭左侧页签',
  menus: [{ menu: 'tab.context', group: '1', order: 2, label: '关闭左侧' }],
  category: '页签',
  aliases: ['tab closeLeft'],
  args: z.object({ key: z.string().optional().describe('页签（完整路径）；默认当前页签') }),
  positional: ['key'],
  async run(ctx, { key }) {
    await openWidget(ctx, 'tabs.op', { op: 'closeLeft', key });
  },
});
