import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { serverHarness } from './server-harness.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { permId, roleIdOf, roleWith, userWith } from '../support/grant-roles.ts';
import { sysDepart, sysDepartRoleUser, sysRolePermission } from '../../src/server/db/schema/index.ts';
import { ROLE_MSG } from '../../src/shared/role.ts';

/**
 * The grant limit through the terminal (review of #11, findings 1–3): the role, department role and
 * user commands call the guarded endpoints, so a delegate's commands are refused as their calls are.
 */
let t: TestApp;
let h: Awaited<ReturnType<typeof serverHarness>>;
let self: string;
let boss: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login('admin');
  const codes = [
    'role:list',
    'role:edit',
    'role:authorize',
    'user:list',
    'user:resetPassword',
    'depart:list',
    'depart:edit',
  ];
  self = (await userWith(t, admin, 'esc_cmd', await roleWith(t, 'esc_cmd_role', codes))).id;
  const departId = (
    await t.database.db.select().from(sysDepart).where(eq(sysDepart.departName, '运营部'))
  )[0]!.id;
  const del = await permId(t, 'user:delete');
  const call = (m: 'GET' | 'POST', p: string, body?: unknown, query?: Record<string, string>) =>
    t.call(m, p, { token: admin, body, query });
  await call('POST', '/sys/permission/saveDepartPermission', {
    departId,
    permissionIds: del,
    lastpermissionIds: '',
  });
  await call('POST', '/sys/sysDepartRole/add', { departId, roleName: '老板', roleCode: 'esc_cmd_boss' });
  boss = (await call('GET', '/sys/sysDepartRole/getDeptRoleList', undefined, { departId })).body.result[0].id;
  await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
    roleId: boss,
    permissionIds: del,
    lastpermissionIds: '',
  });
  await call('POST', '/sys/user/editSysDepartWithUser', { depId: departId, userIdList: [self] });
  h = await serverHarness('esc_cmd', { app: t });
  h.state.answer = true;
});
afterAll(async () => h?.close());

describe('a delegate’s commands', () => {
  it('role revoke and role add-users on the admin role are refused', async () => {
    const adminRole = await roleIdOf(t, 'admin');
    const del = await permId(t, 'user:delete');
    const revoke = await h.terminal('role revoke admin user:delete --yes');
    expect(revoke.out).toContain(ROLE_MSG.adminRoleOnly);
    const kept = await t.database.db
      .select()
      .from(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, adminRole), eq(sysRolePermission.permissionId, del)));
    expect(kept).toHaveLength(1);
    const join = await h.terminal('role add-users admin esc_cmd --yes');
    expect(join.out).toContain(ROLE_MSG.adminRoleOnly);
  });

  it('dept role users into a department role holding more is refused', async () => {
    const r = await h.terminal(`dept role users ${boss} ${self}`);
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain('不能修改权限超出您自身的部门角色');
    const rows = await t.database.db
      .select()
      .from(sysDepartRoleUser)
      .where(eq(sysDepartRoleUser.droleId, boss));
    expect(rows).toEqual([]);
  });

  it('user reset-password of the admin is refused', async () => {
    const r = await h.terminal('user reset-password admin --password Takeover1!');
    expect(r.results[0]?.status).toBe('error');
    expect(r.out).toContain(ROLE_MSG.userLimit('admin', '重置其密码', []));
    expect(await t.login('admin')).toBeTruthy();
  });
});
