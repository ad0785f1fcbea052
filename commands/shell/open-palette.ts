import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'shell.openPalette',
  examples: ['shell openPalette'],
  title: '打开命令面板',
  category: '界面',
  aliases: ['command palette', 'palette'],
  keywords: ['搜索', '命令'],
  keybinding: 'Mod+K',
  async run(ctx) {
    await ctx.open?.('palette');
  },
});
