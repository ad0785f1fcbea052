/**
 * The server half of the picker field types (`user`, `depart`, `category`): the names lists show
 * for the stored ids (`<key>_dictText`), names (as a sheet holds them) turned back into ids, and
 * the refusal of entries naming no live row.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceField, ResourceFieldType } from '../../shared/resources/define.ts';
import { RESOURCE_MSG } from '../../shared/resources/field-rules.ts';
import type { Db } from '../db/client.ts';
import { sysCategory, sysDepart, sysUser } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';

type PickedType = 'user' | 'depart' | 'category';

export const isPicked = (t: ResourceFieldType): t is PickedType =>
  t === 'user' || t === 'depart' || t === 'category';

/** Each type's table, id, shown name and liveness. */
const SOURCES: Record<
  PickedType,
  { table: PgTable; id: PgColumn; name: PgColumn; alt?: PgColumn; live?: () => unknown }
> = {
  user: {
    table: sysUser,
    id: sysUser.id,
    name: sysUser.realname,
    alt: sysUser.username,
    live: () => eq(sysUser.delFlag, 0),
  },
  depart: {
    table: sysDepart,
    id: sysDepart.id,
    name: sysDepart.departName,
    live: () => eq(sysDepart.delFlag, '0'),
  },
  category: { table: sysCategory, id: sysCategory.id, name: sysCategory.name },
};

async function rowsOf(db: Db, type: PickedType, ids: string[]) {
  const s = SOURCES[type];
  if (!ids.length) return [];
  return db
    .select({ id: s.id, name: s.name })
    .from(s.table)
    .where(and(inArray(s.id, ids), s.live?.() as never));
}

/** The names of the ids of a picker field (ids of no live row are left out). */
export async function pickedTexts(db: Db, f: ResourceField, ids: string[]): Promise<Map<string, string>> {
  if (!isPicked(f.type)) return new Map();
  const rows = await rowsOf(db, f.type, [...new Set(ids.filter(Boolean))]);
  return new Map(rows.map((r) => [String(r.id), String(r.name ?? r.id)]));
}

/**
 * The ids of a picker field's entries: an entry is a live row's id, or the name a list and an
 * export show for it (a user's username too) when exactly one live row has it. Refuses the rest.
 */
export async function resolvePicked(db: Db, f: ResourceField, entries: string[]): Promise<string[]> {
  if (!isPicked(f.type) || !entries.length) return entries;
  const unique = [...new Set(entries)];
  const found = new Set((await rowsOf(db, f.type, unique)).map((r) => String(r.id)));
  const named = unique.filter((e) => !found.has(e));
  const byName = new Map<string, string>();
  if (named.length) {
    const s = SOURCES[f.type];
    const names = [s.name, ...(s.alt ? [s.alt] : [])];
    const rows = await db
      .select({ id: s.id, name: s.name, ...(s.alt ? { alt: s.alt } : {}) })
      .from(s.table)
      .where(and(or(...names.map((c) => inArray(c, named))), s.live?.() as never));
    for (const e of named) {
      const ids = new Set(
        rows.filter((r) => r.name === e || (r as { alt?: unknown }).alt === e).map((r) => String(r.id)),
      );
      if (ids.size === 1) byName.set(e, [...ids][0]!);
    }
  }
  if (named.some((e) => !byName.has(e)))
    throw new BizError(f.invalidMessage ?? RESOURCE_MSG.invalid(f.title));
  return [...new Set(entries.map((e) => byName.get(e) ?? e))];
}
