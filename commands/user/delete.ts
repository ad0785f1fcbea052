import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { USERS_KEY, requireSome, targetUserIds } from './targets.ts';

export default defineCommand({
  id: 'user.delete',
  title: '删除用户',
  category: '用户管理',
  aliases: ['delete user', 'remove user'],
  keywords: ['删除', '批量删除'],
  permission: PERM.user.delete,
  dangerous: true,
  confirm: '是否删除选中数据?',
  menus: [
    { menu: 'user.toolbar', group: '9_danger', order: 1 },
    { menu: 'user.row', group: '9_danger', order: 1 },
  ],
  args: z.object({ ids: z.string().optional().describe('用户id或账号，逗号分隔；默认管道输入或表格选中行') }),
  positional: ['ids'],
  async prepare(ctx, { ids }) {
    requireSome(await targetUserIds(ctx, ids));
  },
  async run(ctx, { ids }) {
    const targets = requireSome(await targetUserIds(ctx, ids));
    const message = await ctx.api.delete<string>('/sys/user/deleteBatch', { ids: targets.join(',') });
    return { message: String(message), invalidate: [[...USERS_KEY]] };
  },
});
