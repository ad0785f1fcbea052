/**
 * Role grants (sys_role_permission) and the grant limit: nobody hands out a permission they do not
 * hold. Members of the `admin` role hold every permission (also rows created after their grants);
 * anyone else holds the rows granted to their roles and department roles, and a button whose codes
 * they all hold through another row (the same right under another menu).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysPermission, sysRole, sysRolePermission, sysUserRole } from '../db/schema/index.ts';
import { ADMIN_ROLE_CODE, ROLE_MSG } from '../../shared/role.ts';
import { BizError } from '../lib/result.ts';
import { grantedPermissionIds, type PermissionRow } from './permissions.ts';

/** What the grant limit looks at of a permission row. */
type Grantable = Pick<PermissionRow, 'id' | 'menuType' | 'perms'>;

/** Whether the user may grant a permission row (the grant limit). */
export type GrantCheck = (row: Grantable) => boolean;

const codesOf = (perms: string | null) =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** A permission as a refusal names it: a button with its code. */
export const permissionName = (p: PermissionRow) =>
  p.menuType === 2 && p.perms ? `${p.name}（${p.perms}）` : p.name;

/** The grant limit of a user: `codes` are the permission codes of their session. */
export async function grantCheck(db: Db, userId: string, codes: ReadonlySet<string>): Promise<GrantCheck> {
  const roles = await db
    .select({ code: sysRole.roleCode })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
  if (roles.some((r) => r.code === ADMIN_ROLE_CODE)) return () => true;
  const held = await grantedPermissionIds(db, userId);
  const ids = new Set(held.map((r) => r.id));
  return (row) => {
    if (ids.has(row.id)) return true;
    const rowCodes = codesOf(row.perms);
    return row.menuType === 2 && rowCodes.length > 0 && rowCodes.every((c) => codes.has(c));
  };
}

/** The live permission rows among `ids` (menus and buttons, del_flag 0). */
export async function livePermissions(db: Db, ids: readonly string[]): Promise<PermissionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(sysPermission)
    .where(and(inArray(sysPermission.id, [...ids]), eq(sysPermission.delFlag, 0)));
}

/** Every live permission row, menus and buttons, by sort_no (the authorisation tree). */
export async function allPermissions(db: Db): Promise<PermissionRow[]> {
  return db
    .select()
    .from(sysPermission)
    .where(eq(sysPermission.delFlag, 0))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** The permission ids granted to a role whose rows are live. */
export async function rolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(and(eq(sysRolePermission.roleId, roleId), eq(sysPermission.delFlag, 0)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  return rows.map((r) => r.id);
}

/** The rows of a role's grants the grant limit refuses (what a new member would gain beyond the caller). */
export async function ungrantableOfRole(db: Db, roleId: string, may: GrantCheck): Promise<PermissionRow[]> {
  const rows = await livePermissions(db, await rolePermissionIds(db, roleId));
  return rows.filter((r) => !may(r));
}

/**
 * Refuse giving a user roles whose rights the caller does not all hold (the grant limit on role
 * membership: user add/edit `selectedroles`, addSysUserRole). `roleIds` are the roles newly given;
 * roles the user already had are not asked about.
 */
export async function assertRolesGrantable(
  db: Db,
  caller: { userId: string; codes: ReadonlySet<string> },
  roleIds: readonly string[],
): Promise<void> {
  if (roleIds.length === 0) return;
  const may = await grantCheck(db, caller.userId, caller.codes);
  for (const roleId of roleIds) {
    const beyond = await ungrantableOfRole(db, roleId, may);
    if (beyond.length === 0) continue;
    const [role] = await db.select({ name: sysRole.roleName }).from(sysRole).where(eq(sysRole.id, roleId));
    throw new BizError(ROLE_MSG.roleGrantLimit(role?.name ?? roleId, beyond.map(permissionName)));
  }
}
