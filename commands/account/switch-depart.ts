import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'account.switchDepart',
  examples: ['account switchDepart'],
  page: true,
  title: '切换部门',
  menus: [{ menu: 'shell.userMenu', group: '2_system', order: 3 }],
  category: '账户',
  aliases: ['switch department'],
  keywords: ['部门选择'],
  args: z.object({ orgCode: z.string().optional().describe('部门编码；不填则打开部门选择') }),
  positional: ['orgCode'],
  async run(ctx, { orgCode }) {
    if (!orgCode) {
      if (ctx.open) return void (await ctx.open('account.switchDepart'));
      const { list } = await invoke<{ list: Array<{ orgCode: string; departName: string }> }>(
        ctx.api,
        ENDPOINTS.self.departs,
      );
      if (!list.length) throw new Error('您尚未设置部门信息!');
      return {
        table: {
          columns: [
            { key: 'orgCode', title: '部门编码' },
            { key: 'departName', title: '部门名称' },
          ],
          rows: list,
        },
      };
    }
    const { userInfo } = await invoke<{ userInfo: Record<string, unknown> }>(
      ctx.api,
      ENDPOINTS.self.selectDepart,
      {
        orgCode,
        username: ctx.keys.username,
      },
    );
    await ctx.open?.('session.userInfo', { userInfo });
    return { message: `已切换到部门 ${orgCode}` };
  },
});
