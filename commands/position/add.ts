import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { POSITIONS_KEY } from './keys.ts';

export default defineCommand({
  id: 'position.add',
  title: '新增职务',
  category: '职务管理',
  aliases: ['add position', 'new position'],
  keywords: ['新增', '添加', '岗位'],
  permission: PERM.position.add,
  menus: [{ menu: 'position.toolbar', group: '1_create', order: 1, label: '新增' }],
  args: z.object({
    code: z.string().optional().describe('职务编码（字母、数字、下划线、中划线）'),
    name: z.string().optional().describe('职务名称'),
    postRank: z.string().optional().describe('职级（字典 position_rank 的值）'),
  }),
  positional: ['code', 'name', 'postRank'],
  async run(ctx, args) {
    if (!args.code && ctx.open) return void (await ctx.open('position.form', { mode: 'add' }));
    const message = await ctx.api.post<string>('/sys/position/add', args);
    return { message: String(message), invalidate: [[...POSITIONS_KEY]] };
  },
});
