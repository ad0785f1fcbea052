import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'account.center',
  examples: ['account center'],
  title: '个人中心',
  menus: [{ menu: 'shell.userMenu', group: '1_account', order: 1 }],
  category: '账户',
  aliases: ['profile', 'account center'],
  async run(ctx) {
    await ctx.navigate('/account/center');
  },
});
