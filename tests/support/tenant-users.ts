import { expect } from 'vitest';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  sysPermission,
  sysPermissionDataRule,
  sysRole,
  sysRolePermission,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { PERM } from '../../src/shared/permissions.ts';
import type { TestApp } from './app.ts';

/**
 * A role holding every menu and button except `without` (by default `tenant:all`: its users reach
 * their own tenants only). Written straight into the tables (the role screens are another issue's).
 * Returns the role id.
 */
export async function roleWithout(t: TestApp, code: string, without: string[] = []): Promise<string> {
  const db = t.database.db;
  const roleId = newId();
  await db.insert(sysRole).values({ id: roleId, roleCode: code, roleName: code, createBy: 'admin' });
  const excluded = [PERM.tenant.all, ...without];
  const perms = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(notInArray(sysPermission.perms, excluded)));
  const nulls = await db
    .select({ id: sysPermission.id, perms: sysPermission.perms })
    .from(sysPermission)
    .where(inArray(sysPermission.menuType, [0, 1]));
  const ids = new Set([...perms.map((p) => p.id), ...nulls.map((p) => p.id)]);
  await db
    .insert(sysRolePermission)
    .values([...ids].map((permissionId) => ({ id: newId(), roleId, permissionId })));
  return roleId;
}

/** Add a user through the API as `admin` (password 123456 accepted at once) and return its id. */
export async function addUser(
  t: TestApp,
  admin: string,
  username: string,
  opts: { roleId?: string; tenants?: string | null; phone?: string } = {},
): Promise<string> {
  const r = await t.call('POST', '/sys/user/add', {
    token: admin,
    body: {
      username,
      realname: `用户${username}`,
      password: '123456',
      confirmpassword: '123456',
      selectedroles: opts.roleId ?? '',
      selecteddeparts: '',
      ...(opts.phone ? { phone: opts.phone } : {}),
      ...(opts.tenants !== undefined ? { relTenantIds: opts.tenants } : {}),
    },
  });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
  const found = await t.call('GET', '/sys/user/list', { token: admin, query: { username } });
  return found.body.result.records[0].id as string;
}

/** Sign in a user added by `addUser`. */
export const loginAdded = (t: TestApp, username: string) => t.login(username);

/** Give `roleId` a data rule `id != hidden` on the menu of `component` (the role must hold the menu). */
export async function hideByRule(t: TestApp, roleId: string, component: string, hidden: string) {
  const db = t.database.db;
  const [menu] = await db.select().from(sysPermission).where(eq(sysPermission.component, component));
  if (!menu) throw new Error(`no menu of ${component}`);
  const ruleId = newId();
  await db.insert(sysPermissionDataRule).values({
    id: ruleId,
    permissionId: menu.id,
    ruleName: `hide ${hidden}`,
    ruleColumn: 'id',
    ruleConditions: '!=',
    ruleValue: hidden,
  });
  await db.update(sysPermission).set({ ruleFlag: 1 }).where(eq(sysPermission.id, menu.id));
  const granted = await db
    .update(sysRolePermission)
    .set({ dataRuleIds: ruleId })
    .where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, menu.id)))
    .returning();
  if (!granted.length) throw new Error(`the role does not hold ${component}`);
}
