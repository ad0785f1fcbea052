import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'shell.shortcuts',
  examples: ['shell shortcuts'],
  title: '快捷键',
  category: '界面',
  aliases: ['shortcuts', 'keys'],
  keywords: ['键盘', '快捷方式', 'keyboard'],
  keybinding: '?',
  menus: [{ menu: 'shell.userMenu', group: '2_system', order: 5 }],
  async run(ctx) {
    await ctx.open?.('shortcuts.sheet');
  },
});
