import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import type { Page } from '../../src/shared/api.ts';
import { DICT_ITEMS_MAX } from '../../src/shared/dict-admin.ts';
import { DICTS_KEY, DICT_ITEM_COLUMNS, findDict } from './keys.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

/** Rows given as the grid's JSON, or as `名称=数据值` words (kept as text, read in `run`). */
const rowsArg = z.union([z.array(z.record(z.string(), z.unknown())), z.string()]).transform((v, c) => {
  if (Array.isArray(v)) return v;
  if (!v.trim().startsWith('[') && /=/.test(v)) return v;
  try {
    const parsed: unknown = JSON.parse(v);
    if (Array.isArray(parsed)) return parsed as Array<Record<string, unknown>>;
  } catch {
    // reported below
  }
  c.addIssue({ code: 'custom', message: '行数据必须是 JSON 数组，或 名称=数据值' });
  return z.NEVER;
});

type Item = Record<string, unknown> & { id: string; itemText: string; itemValue: string };

/**
 * 保存字典项 (the 字典配置 grid's save, all or nothing): rows as the grid's JSON (with id: update,
 * without: new), or as `名称=数据值` words — an item holding that value gets the name (its other
 * fields kept), another value is added. `--delete-ids` takes ids, values or names. `--dry-run`:
 * the server checks the rows as the save would and says what it would write.
 */
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
    rows: rowsArg.describe('字典项：名称=数据值，逗号分隔；或 JSON 数组（带 id 的行更新，不带 id 的行新增）'),
    deleteIds: z.string().optional().describe('删除的字典项（id、数据值或名称），逗号分隔'),
    dryRun: z
      .boolean()
      .optional()
      .describe('由服务端按保存时的规则检查，列出将新增、更新、删除的项数，不保存'),
  }),
  positional: ['dict', 'rows'],
  examples: ['dict saveItems priority 非常紧急=H,加急=U'],
  async run(ctx, { dict, rows, deleteIds, dryRun }) {
    const target = await findDict(ctx, dict);
    const typed = typeof rows === 'string' || /[^\s,，]/.test(deleteIds ?? '');
    const items = typed
      ? (
          await invoke<Page<Item>>(ctx.api, ENDPOINTS.dictItem.list, {
            dictId: target.id,
            pageSize: DICT_ITEMS_MAX,
          })
        ).records
      : [];
    const sent =
      typeof rows === 'string'
        ? rows
            .split(/[\s,，]+/)
            .filter(Boolean)
            .map((word) => {
              const at = word.indexOf('=');
              if (at <= 0) throw new Error(`无法识别「${word}」：字典项写作 名称=数据值`);
              const [itemText, itemValue] = [word.slice(0, at), word.slice(at + 1)];
              const held = items.find((i) => i.itemValue === itemValue);
              return held ? { ...held, itemText } : { itemText, itemValue };
            })
        : rows;
    const deleting = (deleteIds ?? '')
      .split(/[,，]/)
      .map((w) => w.trim())
      .filter(Boolean)
      .map((w) => {
        if (!typed) return w;
        const hit = items.find((i) => i.id === w) ?? items.find((i) => i.itemValue === w || i.itemText === w);
        if (!hit) throw new Error(`未找到字典项「${w}」`);
        return hit.id;
      });
    // all or nothing: the server checks every row with the grid's own rules first
    const body = { dictId: target.id, rows: sent, deleteIds: deleting.join(',') };
    if (dryRun) {
      const plan = await invoke<{ inserts: number; updates: number; deletes: number }>(
        ctx.api,
        ENDPOINTS.dictItem.saveBatch,
        { ...body, dryRun: true },
      );
      return {
        message: `演练：${target.dictName} 将新增 ${plan.inserts} 项、更新 ${plan.updates} 项、删除 ${plan.deletes} 项（已由服务端按保存规则检查，未保存）`,
        table: { columns: DICT_ITEM_COLUMNS, rows: sent as Array<Record<string, unknown>> },
      };
    }
    const saved = await invoke<Array<Record<string, unknown>>>(ctx.api, ENDPOINTS.dictItem.saveBatch, body);
    return {
      message: `保存成功！${target.dictName} 共 ${saved.length} 项`,
      table: { columns: DICT_ITEM_COLUMNS, rows: saved },
      records: saved,
      invalidate: [[...DICTS_KEY]],
    };
  },
});
