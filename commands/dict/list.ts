import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { listPage, pagingArgs } from '../grid/page-list.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { DICT_COLUMNS } from './keys.ts';

export default defineCommand({
  id: 'dict.list',
  title: '查询字典',
  category: '数据字典',
  aliases: ['dicts', 'list dictionaries'],
  keywords: ['字典列表', '数据字典'],
  permission: PERM.dict.list,
  args: z.object({
    dictName: z.string().optional().describe('字典名称（支持 *模糊*）'),
    dictCode: z.string().optional().describe('字典编码（支持 *模糊*、!不等于）'),
    ...pagingArgs,
  }),
  async run(ctx, args) {
    return listPage(ctx, '/sys/dict/list', DICT_COLUMNS, args);
  },
});
