import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  DICT_MSG,
  NUMERIC_ITEM_VALUE,
  dictItemGridRules,
  dictItemRowSchema,
  type DictItemRow,
} from '../../shared/dict-admin.ts';
import { firstIssue } from '../../shared/user.ts';
import { validateRows } from '../../shared/grid-rules.ts';
import type { Db } from '../db/client.ts';
import { sysDict, sysDictItem } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { dictDecorator, type EntityList } from '../lib/query/entity-list.ts';
import type { EntityFields } from '../lib/query/query-generator.ts';
import { BizError } from '../lib/http/result.ts';
import { formatDateTime } from '../lib/http/time.ts';

export type DictRow = typeof sysDict.$inferSelect;
export type DictItemRowDb = typeof sysDictItem.$inferSelect;

/** Allow-list of SysDictItem properties usable as filters (the item list is always in sort order). */
export const DICT_ITEM_FIELDS: EntityFields = {
  id: { column: sysDictItem.id, type: 'string' },
  dictId: { column: sysDictItem.dictId, type: 'string' },
  itemText: { column: sysDictItem.itemText, type: 'string' },
  itemValue: { column: sysDictItem.itemValue, type: 'string' },
  description: { column: sysDictItem.description, type: 'string' },
  sortOrder: { column: sysDictItem.sortOrder, type: 'int' },
  status: { column: sysDictItem.status, type: 'int' },
};

/** SysDictItem JSON (jeecg-api.md §6.5). */
export function dictItemJson(i: DictItemRowDb, tz: string) {
  return {
    id: i.id,
    dictId: i.dictId,
    itemText: i.itemText,
    itemValue: i.itemValue,
    itemColor: i.itemColor,
    description: i.description,
    sortOrder: i.sortOrder,
    status: i.status,
    createBy: i.createBy,
    createTime: formatDateTime(i.createTime, tz),
    updateBy: i.updateBy,
    updateTime: formatDateTime(i.updateTime, tz),
  };
}

/** GET /sys/dictItem/list: items by `sortOrder`, with `status_dictText`. */
export const DICT_ITEM_LIST: EntityList<typeof sysDictItem, ReturnType<typeof dictItemJson>> = {
  table: sysDictItem,
  fields: DICT_ITEM_FIELDS,
  defaultSort: { column: 'sortOrder', order: 'asc' },
  tieBreaker: sysDictItem.id,
  decorator: dictDecorator(dictItemJson, { status: 'dict_item_status' }),
};

/** A live (not logically deleted) dictionary. */
export async function findDict(db: Db, id: string): Promise<DictRow | undefined> {
  const [d] = await db
    .select()
    .from(sysDict)
    .where(and(eq(sysDict.id, id), eq(sysDict.delFlag, 0)))
    .limit(1);
  return d;
}

export async function findDictItem(db: Db, id: string): Promise<DictItemRowDb | undefined> {
  const [i] = await db.select().from(sysDictItem).where(eq(sysDictItem.id, id)).limit(1);
  return i;
}

/** Items of a dictionary in list order. */
export async function itemsOfDict(db: Db, dictId: string): Promise<DictItemRowDb[]> {
  return db
    .select()
    .from(sysDictItem)
    .where(eq(sysDictItem.dictId, dictId))
    .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.id));
}

/** The value fits the dictionary: an integer when its type is 1 (numeric values). */
export function assertValueFitsDict(dict: DictRow, value: string, prefix = (m: string) => m): void {
  if (dict.type === 1 && !NUMERIC_ITEM_VALUE.test(value))
    throw new BizError(prefix(DICT_MSG.itemValueNotNumber));
}

/** Refuse a value another item of the same dictionary has. */
export async function assertItemValueFree(
  db: Db,
  dictId: string,
  value: string,
  exceptId?: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: sysDictItem.id })
    .from(sysDictItem)
    .where(
      and(
        eq(sysDictItem.dictId, dictId),
        eq(sysDictItem.itemValue, value),
        exceptId ? ne(sysDictItem.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new BizError(DICT_MSG.itemValueTaken);
}

/**
 * Check the editable grid's rows against the dictionary and each other (messages name the row:
 * 第n行：…): every field valid, ids belong to this dictionary and are not also deleted, values
 * unique among the rows and the items that stay.
 */
async function checkBatch(dict: DictRow, existing: DictItemRowDb[], rawRows: unknown[], deleteIds: string[]) {
  // the grid's own cell rules first, so that a row is refused with the message the grid shows
  const objects = rawRows.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : {}));
  const [cellError] = await validateRows(objects, Object.values(dictItemGridRules(dict.type === 1)));
  if (cellError) throw new BizError(DICT_MSG.row(cellError.index + 1, cellError.message));
  const byId = new Map(existing.map((i) => [i.id, i]));
  const deleting = new Set(deleteIds.filter((id) => byId.has(id)));
  const rows: DictItemRow[] = rawRows.map((raw, i) => {
    const at = (m: string) => DICT_MSG.row(i + 1, m);
    const parsed = dictItemRowSchema.safeParse(raw ?? {});
    if (!parsed.success) throw new BizError(at(firstIssue(parsed.error)));
    const row = parsed.data;
    if (row.id && (!byId.has(row.id) || deleting.has(row.id))) throw new BizError(at(DICT_MSG.notFound));
    assertValueFitsDict(dict, row.itemValue, at);
    return row;
  });
  const inRows = new Set(rows.map((r) => r.id).filter(Boolean));
  const kept = new Set(
    existing.filter((i) => !inRows.has(i.id) && !deleting.has(i.id)).map((i) => i.itemValue),
  );
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    if (seen.has(row.itemValue)) throw new BizError(DICT_MSG.row(i + 1, DICT_MSG.itemValueDuplicate));
    if (kept.has(row.itemValue)) throw new BizError(DICT_MSG.row(i + 1, DICT_MSG.itemValueTaken));
    seen.add(row.itemValue);
  });
  return { rows, byId, deleting: [...deleting] };
}

/** What a batch will do, for permission checks before it runs. */
export interface BatchPlan {
  inserts: number;
  updates: number;
  deletes: number;
  /** Save in one transaction; resolves with the ids of the rows it inserted or changed. */
  run(): Promise<string[]>;
}

/** The stored fields of an item that the grid edits. */
const EDITED = ['itemText', 'itemValue', 'itemColor', 'description', 'sortOrder', 'status'] as const;

/** An existing item as `r` leaves it: rows without `sortOrder` or `status` keep theirs. */
const editedFields = (r: DictItemRow, old: DictItemRowDb) => ({
  itemText: r.itemText,
  itemValue: r.itemValue,
  itemColor: r.itemColor ?? null,
  description: r.description ?? null,
  sortOrder: r.sortOrder ?? old.sortOrder,
  status: r.status ?? old.status,
});

/**
 * Plan saving the editable item grid of `dict` in one transaction: delete `deleteIds`, update rows
 * with an id, insert rows without one. Rows without `sortOrder` keep theirs (new rows: their
 * 1-based position). Rows sent back unchanged (the grid sends them all) are not written again.
 * Values may be swapped between rows (a temporary value avoids the unique index).
 */
export async function planItemBatch(
  db: Db,
  dict: DictRow,
  rawRows: unknown[],
  deleteIds: string[],
  by: string,
): Promise<BatchPlan> {
  const existing = await itemsOfDict(db, dict.id);
  const { rows, byId, deleting } = await checkBatch(dict, existing, rawRows, deleteIds);
  const updates = rows.filter((r) => r.id);
  const changed = updates
    .map((r) => ({ id: r.id!, old: byId.get(r.id!)!, next: editedFields(r, byId.get(r.id!)!) }))
    .filter(({ old, next }) => EDITED.some((k) => (old[k] ?? null) !== next[k]));
  const inserts = rows
    .filter((r) => !r.id)
    .map((r) => ({
      id: newId(),
      dictId: dict.id,
      itemText: r.itemText,
      itemValue: r.itemValue,
      itemColor: r.itemColor,
      description: r.description,
      sortOrder: r.sortOrder ?? rows.indexOf(r) + 1,
      status: r.status ?? 1,
      createBy: by,
    }));
  const run = async () => {
    await db.transaction(async (tx) => {
      if (deleting.length)
        await tx
          .delete(sysDictItem)
          .where(and(eq(sysDictItem.dictId, dict.id), inArray(sysDictItem.id, deleting)));
      for (const { id } of changed.filter(({ old, next }) => old.itemValue !== next.itemValue))
        await tx
          .update(sysDictItem)
          .set({ itemValue: `\u0001${id}` })
          .where(eq(sysDictItem.id, id));
      const now = new Date();
      for (const { id, next } of changed)
        await tx
          .update(sysDictItem)
          .set({ ...next, updateBy: by, updateTime: now })
          .where(eq(sysDictItem.id, id));
      if (inserts.length) await tx.insert(sysDictItem).values(inserts);
    });
    return [...changed.map((c) => c.id), ...inserts.map((r) => r.id)];
  };
  return { inserts: inserts.length, updates: updates.length, deletes: deleting.length, run };
}
