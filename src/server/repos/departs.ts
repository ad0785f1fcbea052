import { and, asc, eq, inArray, isNull, like, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysDepart, sysUserDepart } from '../db/schema/index.ts';

export type DepartRow = typeof sysDepart.$inferSelect;

/** Departments a user belongs to, by depart_order. */
export async function userDeparts(db: Db, userId: string): Promise<DepartRow[]> {
  return db
    .select({ d: sysDepart })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.delFlag, '0')))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode))
    .then((rows) => rows.map((r) => r.d));
}

/** userId → comma-joined department names (JeecgBoot's `orgCodeTxt`). */
export async function departNamesByUser(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: sysUserDepart.userId, name: sysDepart.departName })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(inArray(sysUserDepart.userId, userIds))
    .orderBy(asc(sysDepart.orgCode));
  for (const r of rows) out.set(r.userId, out.has(r.userId) ? `${out.get(r.userId)},${r.name}` : r.name);
  return out;
}

/** A department and all its descendants (org_code prefix). */
export async function departSubtreeIds(db: Db, departId: string): Promise<string[]> {
  const [root] = await db.select().from(sysDepart).where(eq(sysDepart.id, departId)).limit(1);
  if (!root) return [];
  const rows = await db
    .select({ id: sysDepart.id })
    .from(sysDepart)
    .where(
      and(
        eq(sysDepart.delFlag, '0'),
        or(eq(sysDepart.id, root.id), like(sysDepart.orgCode, `${root.orgCode.replace(/[\\%_]/g, '\\$&')}%`)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Order of departments among siblings: depart_order, then org_code. */
const SIBLING_ORDER = [asc(sysDepart.departOrder), asc(sysDepart.orgCode)] as const;

/** Live departments under `parentId` (null: the roots, whose parent is null or empty). */
export async function departChildren(db: Db, parentId: string | null): Promise<DepartRow[]> {
  const parent = parentId
    ? eq(sysDepart.parentId, parentId)
    : or(isNull(sysDepart.parentId), eq(sysDepart.parentId, ''));
  return db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.delFlag, '0'), parent))
    .orderBy(...SIBLING_ORDER);
}

/** Live departments matching every condition, flat, in tree-path (org_code) order: a tree search. */
export async function departsWhere(db: Db, conds: SQL[]): Promise<DepartRow[]> {
  return db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.delFlag, '0'), ...conds))
    .orderBy(asc(sysDepart.orgCode));
}

/** Which of `ids` have at least one live child department. */
export async function departIdsWithChildren(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ parentId: sysDepart.parentId })
    .from(sysDepart)
    .where(and(eq(sysDepart.delFlag, '0'), inArray(sysDepart.parentId, ids)));
  return new Set(rows.map((r) => r.parentId).filter((id): id is string => Boolean(id)));
}
