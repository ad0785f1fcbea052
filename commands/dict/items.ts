import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { DICT_ITEMS_MAX } from '../../src/shared/dict-admin.ts';
import { requireTargets } from '../grid/targets.ts';
import type { Page } from '../../src/shared/api.ts';
import { DICT_ITEM_COLUMNS, findDict } from './keys.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'dict.items',
  examples: ['dict items sex'],
  title: '字典配置',
  category: '数据字典',
  aliases: ['dictionary items', 'dict items'],
  keywords: ['字典项', '配置', '字典值'],
  permission: PERM.dict.list,
  menus: [{ menu: 'dict.row', group: '2_items', order: 1, label: '字典配置' }],
  args: z.object({
    id: z.string().optional().describe('字典id或编码；默认表格选中行'),
  }),
  positional: ['id'],
  async run(ctx, { id }) {
    const [target] = requireTargets(ctx, id);
    const dict = await findDict(ctx, target!);
    // on screen: the editable item grid; in the terminal: the items as a table
    if (ctx.open) return void (await ctx.open('dict.items', { dict }));
    const page = await invoke<Page<Record<string, unknown>>>(ctx.api, ENDPOINTS.dictItem.list, {
      dictId: dict.id,
      pageSize: DICT_ITEMS_MAX,
    });
    return {
      message: `${dict.dictName}（${dict.dictCode}）共 ${page.total} 项`,
      table: { columns: DICT_ITEM_COLUMNS, rows: page.records },
      records: page.records,
    };
  },
});
