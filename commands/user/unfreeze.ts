import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { USER_STATUS } from '../../src/shared/user.ts';
import { USERS_KEY, requireSome, targetUserIds } from './targets.ts';

export default defineCommand({
  id: 'user.unfreeze',
  title: '解冻用户',
  category: '用户管理',
  aliases: ['unfreeze user', 'unlock user'],
  keywords: ['解冻'],
  permission: PERM.user.freeze,
  menus: [
    { menu: 'user.toolbar', group: '5_status', order: 2 },
    { menu: 'user.row', group: '5_status', order: 2 },
  ],
  args: z.object({ ids: z.string().optional().describe('用户id或账号，逗号分隔；默认管道输入或表格选中行') }),
  positional: ['ids'],
  async run(ctx, { ids }) {
    const targets = requireSome(await targetUserIds(ctx, ids));
    const message = await ctx.api.put<string>('/sys/user/frozenBatch', {
      ids: targets.join(','),
      status: USER_STATUS.normal,
    });
    return { message: `${String(message)}（解冻 ${targets.length} 个用户）`, invalidate: [[...USERS_KEY]] };
  },
});
