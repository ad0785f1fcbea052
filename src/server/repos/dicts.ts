import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
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

/** Items of the given dictionaries (enabled items only), ordered by sort_order. */
export async function dictItems(db: Db, codes?: string[]): Promise<Record<string, DictModel[]>> {
  if (codes && codes.length === 0) return {};
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
