import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { requireTargets } from '../grid/targets.ts';
import { POSITIONS_KEY } from './keys.ts';

export default defineCommand({
  id: 'position.edit',
  title: '编辑职务',
  category: '职务管理',
  aliases: ['edit position'],
  keywords: ['编辑', '修改', '岗位'],
  permission: PERM.position.edit,
  menus: [{ menu: 'position.row', group: '1_edit', order: 1, label: '编辑' }],
  args: z.object({
    id: z.string().optional().describe('职务id；默认表格选中行'),
    name: z.string().optional().describe('职务名称'),
    postRank: z.string().optional().describe('职级（字典 position_rank 的值）'),
  }),
  positional: ['id'],
  async run(ctx, { id, ...fields }) {
    const [target] = requireTargets(ctx, id);
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(given).length === 0 && ctx.open)
      return void (await ctx.open('position.form', { mode: 'edit', id: target }));
    const current = await ctx.api.get<Record<string, unknown>>('/sys/position/queryById', { id: target });
    const message = await ctx.api.put<string>('/sys/position/edit', {
      id: target,
      code: current.code,
      name: current.name,
      postRank: current.postRank,
      companyId: current.companyId,
      ...given,
    });
    return { message: String(message), invalidate: [[...POSITIONS_KEY]] };
  },
});
