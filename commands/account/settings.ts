import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'account.settings',
  examples: ['account settings'],
  title: '账户设置',
  menus: [{ menu: 'shell.userMenu', group: '1_account', order: 2 }],
  category: '账户',
  aliases: ['account settings'],
  async run(ctx) {
    await ctx.navigate('/account/settings/base');
  },
});
