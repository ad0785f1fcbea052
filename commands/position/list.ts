import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import type { Page } from '../../src/shared/api.ts';
import { POSITION_COLUMNS } from './keys.ts';

export default defineCommand({
  id: 'position.list',
  title: '查询职务',
  category: '职务管理',
  aliases: ['positions', 'list positions'],
  keywords: ['职务列表', '岗位'],
  permission: PERM.position.list,
  args: z.object({
    code: z.string().optional().describe('职务编码（支持 *模糊*、!不等于）'),
    name: z.string().optional().describe('职务名称（支持 *模糊*）'),
    postRank: z.string().optional().describe('职级（字典 position_rank 的值）'),
    page: z.coerce.number().int().min(1).default(1).describe('页码'),
    pageSize: z.coerce.number().int().min(1).max(1000).default(10).describe('每页条数'),
  }),
  async run(ctx, { page, pageSize, ...filters }) {
    const result = await ctx.api.get<Page<Record<string, unknown>>>('/sys/position/list', {
      ...filters,
      pageNo: page,
      pageSize,
      column: 'createTime',
      order: 'desc',
    });
    return {
      message: `共 ${result.total} 条，第 ${result.current}/${Math.max(result.pages, 1)} 页`,
      table: { columns: POSITION_COLUMNS, rows: result.records },
      records: result.records,
    };
  },
});
