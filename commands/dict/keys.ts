import type { CommandContext } from '../core/types.ts';
import { DICT } from '../../src/shared/resources/dict.ts';
import { findByRef } from '../resources/generate.ts';

/**
 * The query key prefix of the item reads (`['dicts', 'items', id]`); the item commands invalidate
 * it after a write. The dictionary list itself is the resource's (`DICT.queryKey`).
 */
export const DICTS_KEY = ['dicts'] as const;

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

/** The dictionary named by `ref` (its id, or its code as typed in the terminal), exactly; else 未找到对应字典. */
export const findDict = (ctx: CommandContext, ref: string): Promise<DictRecord> =>
  findByRef<DictRecord>(ctx, DICT, ref);
