import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'shell.switchLayout',
  examples: ['shell switchLayout topmenu'],
  title: '切换导航布局',
  category: '界面',
  aliases: ['switch layout'],
  keywords: ['侧边菜单', '顶部菜单'],
  args: z.object({
    layout: z.enum(['sidemenu', 'topmenu']).describe('布局：sidemenu 侧边菜单，topmenu 顶部菜单'),
  }),
  positional: ['layout'],
  async run(ctx, { layout }) {
    await ctx.open?.('settings.set', { layout });
    return { message: layout === 'sidemenu' ? '已切换为侧边菜单布局' : '已切换为顶部菜单布局' };
  },
});
