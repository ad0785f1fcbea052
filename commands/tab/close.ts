import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'tab.close',
  title: '关闭页签',
  category: '页签',
  aliases: ['tab close'],
  args: z.object({ key: z.string().optional().describe('页签（完整路径）；默认当前页签') }),
  positional: ['key'],
  async run(ctx, { key }) {
    await ctx.open?.('tabs.op', { op: 'close', key });
  },
});
