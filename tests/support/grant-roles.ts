import { expect } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { sysPermission, sysRole, sysRolePermission, sysUser } from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import type { TestApp } from './app.ts';

/**
 * Roles and users for grant-limit tests (delegated administration): a role holding every menu plus
 * the named buttons, written straight into the tables, and a tenant-1 user of it added as admin.
 */
export async function roleWith(t: TestApp, code: string, codes: string[]): Promise<string> {
  const db = t.database.db;
  const id = newId();
  await db.insert(sysRole).values({ id, roleCode: code, roleName: code });
  const rows = codes.length
    ? await db.select({ id: sysPermission.id }).from(sysPermission).where(inArray(sysPermission.perms, codes))
    : [];
  const menus = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(inArray(sysPermission.menuType, [0, 1]));
  await db
    .insert(sysRolePermission)
    .values([...rows, ...menus].map((r) => ({ id: newId(), roleId: id, permissionId: r.id })));
  return id;
}

/** Add a tenant-1 user of `roleId` as admin (password 123456); its id and a signed-in token. */
export async function userWith(t: TestApp, admin: string, username: string, roleId: string) {
  const body = {
    username,
    realname: username,
    password: '123456',
    confirmpassword: '123456',
    selectedroles: roleId,
    relTenantIds: '1',
  };
  const r = await t.call('POST', '/sys/user/add', { token: admin, body });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  const id = (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
  return { id, token: await t.login(username) };
}

/** The id of the permission row with exactly these `perms`. */
export const permId = async (t: TestApp, perms: string) =>
  (await t.database.db.select().from(sysPermission).where(eq(sysPermission.perms, perms)))[0]!.id;

/** The id of a role by code. */
export const roleIdOf = async (t: TestApp, code: string) =>
  (await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, code)))[0]!.id;
