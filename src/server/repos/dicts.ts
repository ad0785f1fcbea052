import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { CacheEpochs } from '../lib/access/cache-epochs.ts';
import { sysDict, sysDictItem } from '../db/schema/index.ts';

/** DictModel as JeecgBoot serialises it: value plus text under three names. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
  color?: string | null;
}

const toModel = (r: { value: string; text: string; color: string | null }): DictModel => ({
  value: r.value,
  text: r.text,
  title: r.text,
  label: r.text,
  color: r.color,
});

/** Every dictionary's items, per database an app serves (not its transactions), while unchanged. */
const dictCaches = new WeakMap<Db, { epochs: CacheEpochs; items: Record<string, DictModel[]> | null }>();

/**
 * Keep the dictionary items of `db` in process (issue #14: a list page translates its codes without
 * a statement), dropped when `sys_dict` or `sys_dict_item` change on any instance (`epochs`).
 */
export function cacheDictItems(db: Db, epochs: CacheEpochs): void {
  const cache: { epochs: CacheEpochs; items: Record<string, DictModel[]> | null } = { epochs, items: null };
  epochs.onDrop('dict', () => (cache.items = null));
  dictCaches.set(db, cache);
}

/** Items of the given dictionaries (enabled items only), ordered by sort_order. */
export async function dictItems(db: Db, codes?: string[]): Promise<Record<string, DictModel[]>> {
  if (codes && codes.length === 0) return {};
  const cache = dictCaches.get(db);
  if (!cache) return loadDictItems(db, codes);
  let all = cache.items;
  if (!all) {
    const generation = cache.epochs.since('dict');
    all = await loadDictItems(db);
    if (cache.epochs.unchanged('dict', generation)) cache.items = all;
  }
  const out: Record<string, DictModel[]> = {};
  for (const code of codes ?? Object.keys(all)) if (all[code]) out[code] = all[code].map((m) => ({ ...m }));
  return out;
}

async function loadDictItems(db: Db, codes?: string[]): Promise<Record<string, DictModel[]>> {
  const rows = await db
    .select({
      code: sysDict.dictCode,
      value: sysDictItem.itemValue,
      text: sysDictItem.itemText,
      color: sysDictItem.itemColor,
    })
    .from(sysDictItem)
    .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
    .where(
      and(
        eq(sysDict.delFlag, 0),
        eq(sysDictItem.status, 1),
        codes ? inArray(sysDict.dictCode, codes) : undefined,
      ),
    )
    .orderBy(asc(sysDict.dictCode), asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue));
  const out: Record<string, DictModel[]> = {};
  for (const r of rows) (out[r.code] ??= []).push(toModel(r));
  return out;
}

/** value → text lookup per dictionary code. */
export type DictLookup = (code: string, value: unknown) => string | undefined;

export async function dictLookup(db: Db, codes: string[]): Promise<DictLookup> {
  const items = await dictItems(db, codes);
  const maps = new Map(
    Object.entries(items).map(([c, list]) => [c, new Map(list.map((i) => [i.value, i.text]))]),
  );
  return (code, value) => (value == null ? undefined : maps.get(code)?.get(String(value)));
}

/**
 * `<field>_dictText` of JeecgBoot's aspect: multi-values ("1,2") are translated item by item and
 * re-joined with ","; untranslatable values are kept as they are.
 */
export function dictText(lookup: (value: string) => string | undefined, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value)
    .split(',')
    .map((v) => lookup(v) ?? v)
    .join(',');
}
