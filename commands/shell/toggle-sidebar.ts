import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'shell.toggleSidebar',
  examples: ['shell toggleSidebar'],
  title: '展开/收起侧边栏',
  category: '界面',
  aliases: ['toggle sidebar'],
  keybinding: 'Mod+B',
  async run(ctx) {
    await ctx.open?.('sidebar.toggle');
  },
});
