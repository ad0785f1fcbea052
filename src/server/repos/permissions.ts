import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysPermission, sysRolePermission, sysUserRole } from '../db/schema/index.ts';

export type PermissionRow = typeof sysPermission.$inferSelect;

/** Every non-deleted sys_permission row granted to the user through roles, by sort_no. */
export async function grantedPermissionRows(db: Db, userId: string): Promise<PermissionRow[]> {
  const granted = db
    .selectDistinct({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
    .where(eq(sysUserRole.userId, userId));
  return db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), inArray(sysPermission.id, granted)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** All active button rows (menu_type 2): the `allAuth` list. */
export async function allButtonRows(db: Db): Promise<PermissionRow[]> {
  return db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), eq(sysPermission.menuType, 2)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** Permission codes a user holds: perms of enabled button rows granted through roles. */
export async function userPermissionCodes(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ perms: sysPermission.perms })
    .from(sysPermission)
    .innerJoin(sysRolePermission, eq(sysRolePermission.permissionId, sysPermission.id))
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
    .where(
      and(
        eq(sysUserRole.userId, userId),
        eq(sysPermission.delFlag, 0),
        eq(sysPermission.menuType, 2),
        ne(sysPermission.status, '0'),
      ),
    );
  const codes = new Set<string>();
  for (const r of rows) for (const c of (r.perms ?? '').split(',')) if (c.trim()) codes.add(c.trim());
  return codes;
}
