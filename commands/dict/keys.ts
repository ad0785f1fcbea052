import type { CommandContext } from '../core/types.ts';
import type { Page } from '../../src/shared/api.ts';
import { DICT_MSG } from '../../src/shared/dict-admin.ts';

/** The query key prefix of every dictionary read; commands invalidate it after a write. */
export const DICTS_KEY = ['dicts'] as const;

/** Columns the terminal shows for dictionaries. */
export const DICT_COLUMNS = [
  { key: 'dictName', title: '字典名称' },
  { key: 'dictCode', title: '字典编码' },
  { key: 'description', title: '描述' },
  { key: 'createTime', title: '创建时间' },
];

/** Columns the terminal shows for dictionary items. */
export const DICT_ITEM_COLUMNS = [
  { key: 'itemText', title: '名称' },
  { key: 'itemValue', title: '数据值' },
  { key: 'sortOrder', title: '排序' },
  { key: 'status_dictText', title: '状态' },
];

/** A dictionary as the list answers it. */
export interface DictRecord {
  id: string;
  dictName: string;
  dictCode: string;
  type?: number | null;
  [key: string]: unknown;
}

/**
 * The dictionary named by `ref` (its id, or its code as typed in the terminal). The list reads
 * its filters in the search-input modes (`!v`, `*v*`, `a,b`…), so only a record whose id or code
 * is exactly `ref` counts. Throws the server's 未找到对应字典 wording when neither matches.
 */
export async function findDict(ctx: CommandContext, ref: string): Promise<DictRecord> {
  for (const key of ['id', 'dictCode'] as const) {
    const page = await ctx.api.get<Page<DictRecord>>('/sys/dict/list', { [key]: ref, pageSize: 1 });
    const found = page.records[0];
    if (found && found[key] === ref) return found;
  }
  throw new Error(DICT_MSG.dictNotFound);
}
