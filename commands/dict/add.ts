import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { DICTS_KEY } from './keys.ts';

export default defineCommand({
  id: 'dict.add',
  title: '新增字典',
  category: '数据字典',
  aliases: ['add dictionary', 'new dictionary'],
  keywords: ['新增', '添加', '字典'],
  permission: PERM.dict.add,
  menus: [{ menu: 'dict.toolbar', group: '1_create', order: 1, label: '新增' }],
  args: z.object({
    dictCode: z.string().optional().describe('字典编码（字母、数字、下划线、中划线）'),
    dictName: z.string().optional().describe('字典名称'),
    description: z.string().optional().describe('描述'),
    type: z.coerce.number().int().optional().describe('值类型（0 字符串，1 数字）'),
  }),
  positional: ['dictCode', 'dictName'],
  async run(ctx, args) {
    if (!args.dictCode && ctx.open) return void (await ctx.open('dict.form', { mode: 'add' }));
    const message = await ctx.api.post<string>('/sys/dict/add', args);
    return { message: String(message), invalidate: [[...DICTS_KEY]] };
  },
});
