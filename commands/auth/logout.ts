import { defineCommand } from '../core/define-command.ts';

export default defineCommand({
  id: 'auth.logout',
  title: '退出登录',
  menus: [{ menu: 'shell.userMenu', group: '9_exit', order: 1 }],
  category: '账户',
  aliases: ['logout', 'sign out'],
  keywords: ['注销'],
  dangerous: true,
  confirm: '真的要注销登录吗 ?',
  async run(ctx) {
    // the server logout may fail (expired token…): the local session is cleared regardless (spec §4)
    await ctx.api.post('/sys/logout').catch(() => undefined);
    await ctx.open?.('session.logout');
    return { message: '退出登录成功！' };
  },
});
