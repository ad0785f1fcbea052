import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysRolePermission,
  sysUserRole,
} from '../db/schema/index.ts';

export type PermissionRow = typeof sysPermission.$inferSelect;

/**
 * Ids of the permissions granted to a user: through their roles, and through their department
 * roles (JeecgBoot's `queryByUser` unions both).
 */
export function grantedPermissionIds(db: Db, userId: string) {
  return union(
    db
      .select({ id: sysRolePermission.permissionId })
      .from(sysRolePermission)
      .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
      .where(eq(sysUserRole.userId, userId)),
    db
      .select({ id: sysDepartRolePermission.permissionId })
      .from(sysDepartRolePermission)
      .innerJoin(sysDepartRoleUser, eq(sysDepartRoleUser.droleId, sysDepartRolePermission.roleId))
      .where(eq(sysDepartRoleUser.userId, userId)),
  );
}

/** Every non-deleted sys_permission row granted to the user (roles and department roles), by sort_no. */
export async function grantedPermissionRows(db: Db, userId: string): Promise<PermissionRow[]> {
  const granted = grantedPermissionIds(db, userId);
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

/** Permission codes a user holds: perms of enabled button rows granted through roles or department roles. */
export async function userPermissionCodes(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ perms: sysPermission.perms })
    .from(sysPermission)
    .where(
      and(
        inArray(sysPermission.id, grantedPermissionIds(db, userId)),
        eq(sysPermission.delFlag, 0),
        eq(sysPermission.menuType, 2),
        ne(sysPermission.status, '0'),
      ),
    );
  const codes = new Set<string>();
  for (const r of rows) for (const c of (r.perms ?? '').split(',')) if (c.trim()) codes.add(c.trim());
  return codes;
}
