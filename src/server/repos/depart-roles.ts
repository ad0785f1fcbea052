/**
 * Department permissions and department roles (sys_depart_permission, sys_depart_role[_user|
 * _permission]): small queries and the writes that keep them consistent (a role's grants within its
 * department's, a role's members within its department's users).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysUserDepart,
} from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';

export type DepartRoleRow = typeof sysDepartRole.$inferSelect;
export type PermissionTreeRow = Pick<
  typeof sysPermission.$inferSelect,
  'id' | 'parentId' | 'name' | 'icon' | 'ruleFlag' | 'isLeaf' | 'menuType' | 'perms'
>;

export async function findDepartRole(db: Db, id: string): Promise<DepartRoleRow | undefined> {
  const [row] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, id)).limit(1);
  return row;
}

/** Permission ids granted to a department. */
export async function departPermissionIds(db: Db, departId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sysDepartPermission.permissionId })
    .from(sysDepartPermission)
    .where(eq(sysDepartPermission.departId, departId));
  return rows.map((r) => r.id);
}

/** Permission ids granted to a department role. */
export async function departRolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sysDepartRolePermission.permissionId })
    .from(sysDepartRolePermission)
    .where(eq(sysDepartRolePermission.roleId, roleId));
  return rows.map((r) => r.id);
}

/** The live sys_permission rows of these ids, as the tree needs them, by sort_no. */
export async function permissionTreeRows(db: Db, ids?: readonly string[]): Promise<PermissionTreeRow[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select({
      id: sysPermission.id,
      parentId: sysPermission.parentId,
      name: sysPermission.name,
      icon: sysPermission.icon,
      ruleFlag: sysPermission.ruleFlag,
      isLeaf: sysPermission.isLeaf,
      menuType: sysPermission.menuType,
      perms: sysPermission.perms,
    })
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), ids ? inArray(sysPermission.id, [...ids]) : undefined))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** Ids of the department's users (members of its roles must be among them). */
export async function departUserIds(db: Db, departId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: sysUserDepart.userId })
    .from(sysUserDepart)
    .where(eq(sysUserDepart.depId, departId));
  return new Set(rows.map((r) => r.id));
}

/**
 * Save a department's grants by difference. Taking a permission from the department takes it from
 * the department's roles too (a role never holds more than its department may hand out).
 */
export async function saveDepartPermissions(db: Db, departId: string, added: string[], removed: string[]) {
  await db.transaction(async (tx) => {
    if (removed.length) {
      await tx
        .delete(sysDepartPermission)
        .where(
          and(eq(sysDepartPermission.departId, departId), inArray(sysDepartPermission.permissionId, removed)),
        );
      await tx
        .delete(sysDepartRolePermission)
        .where(
          and(
            eq(sysDepartRolePermission.departId, departId),
            inArray(sysDepartRolePermission.permissionId, removed),
          ),
        );
    }
    if (added.length)
      await tx
        .insert(sysDepartPermission)
        .values(added.map((permissionId) => ({ id: newId(), departId, permissionId })))
        .onConflictDoNothing();
  });
}

/** Save a department role's grants by difference. */
export async function saveDepartRolePermissions(
  db: Db,
  role: DepartRoleRow,
  added: string[],
  removed: string[],
  ip: string,
) {
  await db.transaction(async (tx) => {
    if (removed.length)
      await tx
        .delete(sysDepartRolePermission)
        .where(
          and(
            eq(sysDepartRolePermission.roleId, role.id),
            inArray(sysDepartRolePermission.permissionId, removed),
          ),
        );
    if (added.length)
      await tx
        .insert(sysDepartRolePermission)
        .values(
          added.map((permissionId) => ({
            id: newId(),
            departId: role.departId,
            roleId: role.id,
            permissionId,
            operateIp: ip.slice(0, 100),
          })),
        )
        .onConflictDoNothing();
  });
}

/** Delete department roles with their members and grants. */
export async function deleteDepartRoles(db: Db, ids: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, ids));
    await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, ids));
    await tx.delete(sysDepartRole).where(inArray(sysDepartRole.id, ids));
  });
}

/** Everything of departments being deleted: their grants, roles, role members and role grants. */
export async function deleteDepartAuth(tx: Db, departIds: string[]) {
  const roles = tx
    .select({ id: sysDepartRole.id })
    .from(sysDepartRole)
    .where(inArray(sysDepartRole.departId, departIds));
  await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, roles));
  await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.departId, departIds));
  await tx.delete(sysDepartRole).where(inArray(sysDepartRole.departId, departIds));
  await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.departId, departIds));
}

/** Users leaving a department leave its roles too. */
export async function leaveDepartRoles(tx: Db, departId: string, userIds: string[]) {
  const roles = tx
    .select({ id: sysDepartRole.id })
    .from(sysDepartRole)
    .where(eq(sysDepartRole.departId, departId));
  await tx
    .delete(sysDepartRoleUser)
    .where(and(inArray(sysDepartRoleUser.droleId, roles), inArray(sysDepartRoleUser.userId, userIds)));
}
