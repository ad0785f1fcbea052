import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { openWidget } from '../grid/widget.ts';

export default defineCommand({
  id: 'tab.close',
  examples: ['tab close'],
  page: true,
  title: '关闭页签',
  category: '页签',
  aliases: ['tab close'],
  args: z.object({ key: z.string().optional().describe('页签（完整路径）；默认当前页签') }),
  positional: ['key'],
  async run(ctx, { key }) {
    await openWidget(ctx, 'tabs.op', { op: 'close', key });
  },
});
