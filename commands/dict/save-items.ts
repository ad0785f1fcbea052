import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { DICTS_KEY, DICT_ITEM_COLUMNS, findDict } from './keys.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

const rowsArg = z.union([z.array(z.record(z.string(), z.unknown())), z.string()]).transform((v, c) => {
  if (Array.isArray(v)) return v;
  try {
    const parsed: unknown = JSON.parse(v);
    if (Array.isArray(parsed)) return parsed as Array<Record<string, unknown>>;
  } catch {
    // reported below
  }
  c.addIssue({ code: 'custom', message: '行数据必须是 JSON 数组' });
  return z.NEVER;
});

export default defineCommand({
  id: 'dict.saveItems',
  title: '保存字典项',
  category: '数据字典',
  aliases: ['save dictionary items'],
  keywords: ['字典项', '保存', '字典配置'],
  permission: PERM.dict.edit,
  // the dictionary is looked up in the dictionary list
  requires: [PERM.dict.list],
  args: z.object({
    dict: z.string().describe('字典id或编码'),
    rows: rowsArg.describe('字典项（JSON 数组）：带 id 的行更新，不带 id 的行新增'),
    deleteIds: z.string().optional().describe('删除的字典项id，逗号分隔'),
  }),
  positional: ['dict', 'rows'],
  async run(ctx, { dict, rows, deleteIds }) {
    const target = await findDict(ctx, dict);
    // all or nothing: the server checks every row with the grid's own rules first
    const saved = await invoke<Array<Record<string, unknown>>>(ctx.api, ENDPOINTS.dictItem.saveBatch, {
      dictId: target.id,
      rows,
      deleteIds: deleteIds ?? '',
    });
    return {
      message: `保存成功！${target.dictName} 共 ${saved.length} 项`,
      table: { columns: DICT_ITEM_COLUMNS, rows: saved },
      records: saved,
      invalidate: [[...DICTS_KEY]],
    };
  },
});
