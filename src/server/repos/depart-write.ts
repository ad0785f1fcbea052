import { and, count, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { deleteDepartAuth } from './depart-roles.ts';
import type { Db } from '../db/client.ts';
import { sysDepart, sysUser, sysUserDepart } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import { escapeLike } from '../lib/query/query-generator.ts';
import { DEPART_MSG, nextOrgCode, orgTypeOf } from '../../shared/depart.ts';
import type { DepartRow } from './departs.ts';

/** Serialise org code generation across instances (PostgreSQL advisory lock, released at commit). */
export const lockOrgCodes = (tx: Db) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('sys_depart.org_code'))`);

export async function findDepart(db: Db, id: string): Promise<DepartRow | undefined> {
  const [d] = await db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.id, id), eq(sysDepart.delFlag, '0')))
    .limit(1);
  return d;
}

const siblingsOf = (parentId: string | null) =>
  parentId ? eq(sysDepart.parentId, parentId) : or(isNull(sysDepart.parentId), eq(sysDepart.parentId, ''));

/** The org code and org type a new child of `parent` (null: a root) gets, as JeecgBoot generates them. */
export async function newOrgCode(
  db: Db,
  parent: DepartRow | null,
): Promise<{ orgCode: string; orgType: string }> {
  const parentCode = parent?.orgCode ?? '';
  // siblings' codes are the parent's plus one level: the highest of that length is the last one
  const [last] = await db
    .select({ code: sysDepart.orgCode })
    .from(sysDepart)
    .where(
      and(
        siblingsOf(parent?.id ?? null),
        sql`length(${sysDepart.orgCode}) = ${parentCode.length + 3}`,
        like(sysDepart.orgCode, `${escapeLike(parentCode)}%`),
      ),
    )
    .orderBy(desc(sysDepart.orgCode))
    .limit(1);
  try {
    return { orgCode: nextOrgCode(parentCode, last?.code), orgType: orgTypeOf(parent?.id ?? null) };
  } catch (e) {
    throw new BizError(e instanceof Error ? e.message : String(e));
  }
}

/** A department and every descendant (org code prefix), live ones. */
export async function subtreeOf(db: Db, root: DepartRow): Promise<DepartRow[]> {
  return db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.delFlag, '0'), like(sysDepart.orgCode, `${escapeLike(root.orgCode)}%`)));
}

/** Live users linked to each department. */
export async function userCounts(db: Db, departIds: string[]): Promise<Map<string, number>> {
  if (departIds.length === 0) return new Map();
  const rows = await db
    .select({ depId: sysUserDepart.depId, n: count() })
    .from(sysUserDepart)
    .innerJoin(sysUser, eq(sysUser.id, sysUserDepart.userId))
    .where(and(inArray(sysUserDepart.depId, departIds), eq(sysUser.delFlag, 0)))
    .groupBy(sysUserDepart.depId);
  return new Map(rows.map((r) => [r.depId, Number(r.n)]));
}

/**
 * Delete departments that have no child department and no live user; refuses the whole batch
 * otherwise, naming the first department in the way. Links of deleted users go with them.
 */
export async function deleteDeparts(db: Db, ids: string[]): Promise<void> {
  const departs = await db
    .select()
    .from(sysDepart)
    .where(and(inArray(sysDepart.id, ids), eq(sysDepart.delFlag, '0')));
  if (departs.length !== new Set(ids).size) throw new BizError(DEPART_MSG.notFound);
  // a child blocks its parent unless the same batch deletes it too
  const deleting = new Set(ids);
  const children = await db
    .select({ id: sysDepart.id, parentId: sysDepart.parentId })
    .from(sysDepart)
    .where(and(eq(sysDepart.delFlag, '0'), inArray(sysDepart.parentId, ids)));
  for (const d of departs)
    if (children.some((c) => c.parentId === d.id && !deleting.has(c.id)))
      throw new BizError(DEPART_MSG.hasChildren(d.departName));
  const users = await userCounts(db, ids);
  for (const d of departs) {
    const n = users.get(d.id) ?? 0;
    if (n > 0) throw new BizError(DEPART_MSG.hasUsers(d.departName, n));
  }
  await db.transaction(async (tx) => {
    await tx.delete(sysUserDepart).where(inArray(sysUserDepart.depId, ids));
    await deleteDepartAuth(tx, ids);
    await tx.delete(sysDepart).where(inArray(sysDepart.id, ids));
  });
}

/**
 * Move a department under `parent` (null: make it a root): it gets the next code among its new
 * siblings and every descendant's code is rewritten by prefix. Refuses a move into its own subtree.
 */
export async function moveDepart(db: Db, depart: DepartRow, parent: DepartRow | null, by: string) {
  if (parent && parent.orgCode.startsWith(depart.orgCode)) throw new BizError(DEPART_MSG.moveIntoOwnTree);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockOrgCodes(tx);
    const { orgCode, orgType } = await newOrgCode(tx, parent);
    const old = depart.orgCode;
    await tx
      .update(sysDepart)
      .set({ parentId: parent?.id ?? null, orgType, updateBy: by, updateTime: new Date() })
      .where(eq(sysDepart.id, depart.id));
    // rewrite the subtree's codes by prefix: the new prefix is fresh, so no code collides
    await tx
      .update(sysDepart)
      .set({ orgCode: sql`${orgCode} || substr(${sysDepart.orgCode}, ${old.length + 1})` })
      .where(like(sysDepart.orgCode, `${escapeLike(old)}%`));
    // users whose current department code pointed into the subtree follow it
    await tx
      .update(sysUser)
      .set({ orgCode: sql`${orgCode} || substr(${sysUser.orgCode}, ${old.length + 1})` })
      .where(like(sysUser.orgCode, `${escapeLike(old)}%`));
  });
}
