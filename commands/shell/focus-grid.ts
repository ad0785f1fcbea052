import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'shell.focusGrid',
  examples: ['shell focusGrid'],
  title: '跳到表格',
  category: '界面',
  aliases: ['focus grid'],
  keywords: ['表格', '列表', 'grid'],
  keybinding: 'Alt+G',
  async run(ctx) {
    await ctx.open?.('focus.grid');
  },
});
