import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { requireTargets } from '../grid/targets.ts';
import { DICTS_KEY, findDict } from './keys.ts';

export default defineCommand({
  id: 'dict.edit',
  title: '编辑字典',
  category: '数据字典',
  aliases: ['edit dictionary'],
  keywords: ['编辑', '修改', '字典'],
  permission: PERM.dict.edit,
  menus: [{ menu: 'dict.row', group: '1_edit', order: 1, label: '编辑' }],
  args: z.object({
    id: z.string().optional().describe('字典id或编码；默认表格选中行'),
    dictName: z.string().optional().describe('字典名称'),
    dictCode: z.string().optional().describe('字典编码'),
    description: z.string().optional().describe('描述'),
    type: z.coerce.number().int().optional().describe('值类型（0 字符串，1 数字）'),
  }),
  positional: ['id'],
  async run(ctx, { id, ...fields }) {
    const [target] = requireTargets(ctx, id);
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(given).length === 0 && ctx.open)
      return void (await ctx.open('dict.form', { mode: 'edit', id: target }));
    const current = await findDict(ctx, target!);
    const message = await ctx.api.put<string>('/sys/dict/edit', {
      id: current.id,
      dictName: current.dictName,
      dictCode: current.dictCode,
      description: current.description,
      type: current.type,
      ...given,
    });
    return { message: String(message), invalidate: [[...DICTS_KEY]] };
  },
});
