import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'shell.openSettings',
  examples: ['shell openSettings'],
  title: '系统设置',
  menus: [{ menu: 'shell.userMenu', group: '2_system', order: 1 }],
  category: '界面',
  aliases: ['settings', 'preferences'],
  keywords: ['主题', '布局', '多页签'],
  async run(ctx) {
    await ctx.open?.('settings.drawer');
  },
});
