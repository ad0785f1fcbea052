import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import type { Page } from '../../src/shared/api.ts';
import { USER_COLUMNS } from './targets.ts';

export default defineCommand({
  id: 'user.list',
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
    page: z.coerce.number().int().min(1).default(1).describe('页码'),
    pageSize: z.coerce.number().int().min(1).max(1000).default(10).describe('每页条数'),
  }),
  async run(ctx, { page, pageSize, ...filters }) {
    const result = await ctx.api.get<Page<Record<string, unknown>>>('/sys/user/list', {
      ...filters,
      pageNo: page,
      pageSize,
      column: 'createTime',
      order: 'desc',
    });
    return {
      message: `共 ${result.total} 条，第 ${result.current}/${Math.max(result.pages, 1)} 页`,
      table: { columns: USER_COLUMNS, rows: result.records },
      records: result.records,
    };
  },
});
