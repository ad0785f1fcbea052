import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { permId, roleIdOf, roleWith, userWith } from '../../support/grant-roles.ts';
import {
  sysPermission,
  sysRolePermission,
  sysUser,
  sysUserRole,
} from '../../../src/server/db/schema/index.ts';
import { ROLE_MSG } from '../../../src/shared/role.ts';
import { DATA_RULE_MSG } from '../../../src/shared/data-rule.ts';

/**
 * Review of #11, findings 2 and the data-rule suspicion: a holder of role:authorize / role:edit
 * may change, fill or empty only roles whose rights they all hold; the admin role only admin-role
 * members; nobody lifts the data rules binding them.
 */
let t: TestApp;
let admin: string;
let d: { id: string; token: string };
let dRole: string;
let adminRole: string;
const as = (m: 'GET' | 'POST' | 'DELETE', p: string, o: Parameters<TestApp['call']>[2] = {}) =>
  t.call(m, p, { token: d.token, ...o });
const grantsOf = async (roleId: string) =>
  (await t.database.db.select().from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId))).length;
const isMember = async (username: string, roleId: string) => {
  const [u] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, username));
  const rows = await t.database.db
    .select()
    .from(sysUserRole)
    .where(and(eq(sysUserRole.userId, u!.id), eq(sysUserRole.roleId, roleId)));
  return rows.length > 0;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dRole = await roleWith(t, 'esc_role_admin', ['role:list', 'role:edit', 'role:authorize', 'user:list']);
  d = await userWith(t, admin, 'esc_roles', dRole);
  adminRole = await roleIdOf(t, 'admin');
});
afterAll(async () => t?.close());

describe('the admin role (finding 2)', () => {
  it('is neither stripped, nor joined, nor emptied by a non-admin role administrator', async () => {
    const had = (await as('GET', '/sys/permission/queryRolePermission', { query: { roleId: adminRole } }))
      .body.result as string[];
    const before = await grantsOf(adminRole);
    const strip = await as('POST', '/sys/permission/saveRolePermission', {
      body: { roleId: adminRole, permissionIds: '', lastpermissionIds: had.join(',') },
    });
    expect(strip.body).toMatchObject({ success: false, message: ROLE_MSG.adminRoleOnly });
    expect(await grantsOf(adminRole)).toBe(before);

    const join = await as('POST', '/sys/user/addSysUserRole', {
      body: { roleId: adminRole, userIdList: [d.id] },
    });
    expect(join.body).toMatchObject({ success: false, message: ROLE_MSG.adminRoleOnly });
    expect(await isMember('esc_roles', adminRole)).toBe(false);

    const out = await as('DELETE', '/sys/user/deleteUserRole', {
      query: {
        roleId: adminRole,
        userId: (await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0]!.id,
      },
    });
    expect(out.body).toMatchObject({ success: false, message: ROLE_MSG.adminRoleOnly });
    expect(await isMember('admin', adminRole)).toBe(true);
  });

  it('admin-role members still change the admin role and its members', async () => {
    const menu = (
      await t.database.db.select().from(sysPermission).where(eq(sysPermission.url, '/isystem/position'))
    )[0]!.id;
    const off = await t.call('POST', '/sys/permission/saveRolePermission', {
      token: admin,
      body: { roleId: adminRole, permissionIds: '', lastpermissionIds: menu },
    });
    expect(off.body.success, JSON.stringify(off.body)).toBe(true);
    const on = await t.call('POST', '/sys/permission/saveRolePermission', {
      token: admin,
      body: { roleId: adminRole, permissionIds: menu, lastpermissionIds: '' },
    });
    expect(on.body.success).toBe(true);
  });
});

describe('roles holding rights beyond the caller (finding 2)', () => {
  it('refuses removing grants or members of a role holding a right the caller lacks', async () => {
    const big = await roleWith(t, 'esc_big', ['user:delete']);
    await userWith(t, admin, 'esc_big_member', big);
    const del = await permId(t, 'user:delete');
    const strip = await as('POST', '/sys/permission/saveRolePermission', {
      body: { roleId: big, permissionIds: '', lastpermissionIds: del },
    });
    expect(strip.body.success).toBe(false);
    expect(strip.body.message).toContain('不能修改权限超出您自身的角色');
    expect(strip.body.message).toContain('user:delete');
    const memberId = (
      await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'esc_big_member'))
    )[0]!.id;
    const out = await as('DELETE', '/sys/user/deleteUserRoleBatch', {
      query: { roleId: big, userIds: memberId },
    });
    expect(out.body.success).toBe(false);
    expect(await isMember('esc_big_member', big)).toBe(true);
  });

  it('changes, fills and empties a role within the caller’s rights', async () => {
    const small = await roleWith(t, 'esc_small', ['user:list']);
    const list = await permId(t, 'user:list');
    const off = await as('POST', '/sys/permission/saveRolePermission', {
      body: { roleId: small, permissionIds: '', lastpermissionIds: list },
    });
    expect(off.body).toMatchObject({ success: true, message: ROLE_MSG.saved });
    const on = await as('POST', '/sys/permission/saveRolePermission', {
      body: { roleId: small, permissionIds: list, lastpermissionIds: '' },
    });
    expect(on.body.success).toBe(true);
    const m = await userWith(t, admin, 'esc_small_member', await roleWith(t, 'esc_tiny', []));
    expect(
      (await as('POST', '/sys/user/addSysUserRole', { body: { roleId: small, userIdList: [m.id] } })).body
        .success,
    ).toBe(true);
    expect(
      (await as('DELETE', '/sys/user/deleteUserRole', { query: { roleId: small, userId: m.id } })).body
        .success,
    ).toBe(true);
  });
});

describe('data rules of one’s own role (suspicion)', () => {
  it('refuses lifting a data rule of a role the caller belongs to; other roles within reach are fine', async () => {
    const menu = (
      await t.database.db.select().from(sysPermission).where(eq(sysPermission.url, '/isystem/position'))
    )[0]!.id;
    const added = await t.call('POST', '/sys/permission/addPermissionRule', {
      token: admin,
      body: {
        permissionId: menu,
        ruleName: '本人创建',
        ruleColumn: 'create_by',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const rules = (
      await t.call('GET', '/sys/permission/getPermRuleListByPermId', {
        token: admin,
        query: { permissionId: menu },
      })
    ).body.result as Array<{ id: string }>;
    const ruleId = rules[0]!.id;
    const put = await t.call('POST', '/sys/role/datarule', {
      token: admin,
      body: { permissionId: menu, roleId: dRole, dataRuleIds: ruleId },
    });
    expect(put.body.success, JSON.stringify(put.body)).toBe(true);

    const lift = await as('POST', '/sys/role/datarule', {
      body: { permissionId: menu, roleId: dRole, dataRuleIds: '' },
    });
    expect(lift.body).toMatchObject({ success: false, message: DATA_RULE_MSG.looser(['本人创建']) });
    const shown = await t.call('GET', `/sys/role/datarule/${menu}/${dRole}`, { token: admin });
    expect(shown.body.result.drChecked).toBe(ruleId);

    const onAdmin = await as('POST', '/sys/role/datarule', {
      body: { permissionId: menu, roleId: adminRole, dataRuleIds: ruleId },
    });
    expect(onAdmin.body).toMatchObject({ success: false, message: ROLE_MSG.adminRoleOnly });

    const other = await roleWith(t, 'esc_rules_other', []);
    const set = await as('POST', '/sys/role/datarule', {
      body: { permissionId: menu, roleId: other, dataRuleIds: ruleId },
    });
    expect(set.body.success, JSON.stringify(set.body)).toBe(true);
  });
});
