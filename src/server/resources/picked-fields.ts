/**
 * The server half of the picker field types (`user`, `depart`, `category`): the names lists show
 * for the stored ids (`<key>_dictText`), and the refusal of ids naming no live row.
 */
import { and, eq, inArray } from 'drizzle-orm';
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
const SOURCES: Record<PickedType, { table: PgTable; id: PgColumn; name: PgColumn; live?: () => unknown }> = {
  user: { table: sysUser, id: sysUser.id, name: sysUser.realname, live: () => eq(sysUser.delFlag, 0) },
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

/** Refuse ids naming no live row. */
export async function assertPicked(db: Db, f: ResourceField, ids: string[]): Promise<void> {
  if (!isPicked(f.type) || !ids.length) return;
  const unique = [...new Set(ids)];
  if ((await rowsOf(db, f.type, unique)).length !== unique.length)
    throw new BizError(f.invalidMessage ?? RESOURCE_MSG.invalid(f.title));
}
