import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { listPage, pagingArgs } from '../grid/page-list.ts';
import { PERM } from '../../src/shared/permissions.ts';
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
    ...pagingArgs,
  }),
  async run(ctx, args) {
    return listPage(ctx, '/sys/position/list', POSITION_COLUMNS, args);
  },
});
