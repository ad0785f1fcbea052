import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { listPage, pagingArgs } from '../grid/page-list.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { USER_COLUMNS } from './targets.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';

export default defineCommand({
  id: 'user.list',
  examples: ['user list --status 1'],
  title: '查询用户',
  category: '用户管理',
  aliases: ['users', 'list users'],
  keywords: ['用户列表'],
  permission: PERM.user.list,
  args: z.object({
    username: z.string().optional().describe('账号（支持 *模糊*、!不等于）'),
    realname: z.string().optional().describe('姓名（支持 *模糊*）'),
    status: z.enum(['1', '2']).optional().describe('状态：1 正常，2 冻结'),
    sex: z.enum(['1', '2']).optional().describe('性别：1 男，2 女'),
    ...pagingArgs,
  }),
  async run(ctx, args) {
    return listPage(ctx, ENDPOINTS.user.list.path, USER_COLUMNS, args);
  },
});
