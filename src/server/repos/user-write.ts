import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysDepart, sysPosition, sysRole, sysUser, sysUserDepart, sysUserRole } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import { newId } from '../lib/query/ids.ts';
import { hashPassword } from '../lib/access/password.ts';
import { revokeUserTokens } from './tokens.ts';

/** The unique fields of sys_user with the message shown when a value is taken. */
const UNIQUE_FIELDS = [
  { key: 'username', column: sysUser.username, message: '用户账号已存在' },
  { key: 'phone', column: sysUser.phone, message: '手机号已存在' },
  { key: 'email', column: sysUser.email, message: '邮箱已存在' },
  { key: 'workNo', column: sysUser.workNo, message: '工号已存在' },
] as const;

export type UniqueKey = (typeof UNIQUE_FIELDS)[number]['key'];

/** The first unique field whose value another user (deleted ones included) already holds. */
export async function findTaken(
  db: Db,
  values: Partial<Record<UniqueKey, string | null | undefined>>,
  exceptId?: string,
): Promise<string | undefined> {
  for (const f of UNIQUE_FIELDS) {
    const v = values[f.key];
    if (!v) continue;
    const [row] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(f.column, v), exceptId ? ne(sysUser.id, exceptId) : undefined))
      .limit(1);
    if (row) return f.message;
  }
  return undefined;
}

/** Refuse unknown role or department ids instead of silently linking nothing. */
export async function assertLinksExist(db: Db, roleIds: string[], departIds: string[]): Promise<void> {
  if (roleIds.length) {
    const found = await db.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, roleIds));
    if (found.length !== new Set(roleIds).size) throw new BizError('所选角色不存在');
  }
  if (departIds.length) {
    const found = await db
      .select({ id: sysDepart.id })
      .from(sysDepart)
      .where(inArray(sysDepart.id, departIds));
    if (found.length !== new Set(departIds).size) throw new BizError('所选部门不存在');
  }
}

/** Refuse position codes (the user's 职务) that name no position. */
export async function assertPostsExist(db: Db, codes: string[]): Promise<void> {
  if (!codes.length) return;
  const found = await db
    .select({ code: sysPosition.code })
    .from(sysPosition)
    .where(inArray(sysPosition.code, codes));
  if (found.length !== new Set(codes).size) throw new BizError('所选职务不存在');
}

/** Replace a user's roles and departments (inside the caller's transaction). */
export async function replaceLinks(db: Db, userId: string, links: { roles?: string[]; departs?: string[] }) {
  if (links.roles) {
    await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    const roles = [...new Set(links.roles)];
    if (roles.length)
      await db.insert(sysUserRole).values(roles.map((roleId) => ({ id: newId(), userId, roleId })));
  }
  if (links.departs) {
    await db.delete(sysUserDepart).where(eq(sysUserDepart.userId, userId));
    const departs = [...new Set(links.departs)];
    if (departs.length)
      await db.insert(sysUserDepart).values(departs.map((depId) => ({ id: newId(), userId, depId })));
  }
}

/** Condition matching live users by ids. */
export const liveUsersIn = (ids: string[]): SQL => and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0))!;

/** Set a user's password (argon2id) and sign out all of their sessions. */
/**
 * Replace a password and sign the account out everywhere. `mustChange`: someone other than the
 * owner chose it (admin reset), so the owner must replace it at the next login.
 */
export async function setPassword(
  db: Db,
  userId: string,
  plain: string,
  by: string,
  opts: { mustChange: boolean },
): Promise<void> {
  await db
    .update(sysUser)
    .set({
      password: await hashPassword(plain),
      salt: null,
      mustChangePassword: opts.mustChange,
      updateBy: by,
      updateTime: new Date(),
    })
    .where(eq(sysUser.id, userId));
  await revokeUserTokens(db, [userId]);
}
