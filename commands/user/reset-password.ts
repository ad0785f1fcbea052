import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { RULE_MESSAGES } from '../../src/shared/validation.ts';
import { requireSome, targetUserIds } from './targets.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'user.resetPassword',
  examples: ['user resetPassword yuangong --password Demo@54321'],
  title: '重置密码',
  category: '用户管理',
  aliases: ['reset password'],
  keywords: ['密码'],
  permission: PERM.user.resetPassword,
  // the user is read first (queryById), a username looked up in the user list
  requires: [PERM.user.list],
  menus: [{ menu: 'user.row', group: '3_more', order: 1 }],
  args: z.object({
    id: z.string().optional().describe('用户id或账号；默认表格选中行'),
    password: z.string().optional().describe('新密码（不填则询问）'),
  }),
  positional: ['id'],
  async run(ctx, { id, password }) {
    const [target] = requireSome(await targetUserIds(ctx, id));
    const user = await invoke<{ username: string }>(ctx.api, ENDPOINTS.user.queryById, { id: target });
    const pwd = password ?? (await ctx.prompt(`为 ${user.username} 设置新密码`, { secret: true }));
    if (!pwd) throw new Error(RULE_MESSAGES.newPasswordRequired);
    const message = await invoke<string>(ctx.api, ENDPOINTS.user.changePassword, {
      username: user.username,
      password: pwd,
      confirmpassword: pwd,
    });
    return { message: String(message) };
  },
});
