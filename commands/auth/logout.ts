import { defineCommand } from '../core/define-command.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'auth.logout',
  examples: ['logout'],
  page: true,
  title: '退出登录',
  menus: [{ menu: 'shell.userMenu', group: '9_exit', order: 1 }],
  category: '账户',
  aliases: ['logout', 'sign out'],
  keywords: ['注销'],
  dangerous: true,
  confirm: '真的要注销登录吗 ?',
  async run(ctx) {
    // the server logout may fail (expired token…): the local session is cleared regardless (spec §4)
    await invoke(ctx.api, ENDPOINTS.auth.logout).catch(() => undefined);
    await ctx.open?.('session.logout');
    return { message: '退出登录成功！' };
  },
});
