import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { permId, roleWith, userWith } from '../../support/grant-roles.ts';
import { sysDepart, sysDepartRoleUser } from '../../../src/server/db/schema/index.ts';
import { DEPART_ROLE_MSG } from '../../../src/shared/depart-role.ts';

/**
 * Review of #11, findings 1 and 10: department roles give their members rights, so a department
 * administrator gives, changes or takes members out of only department roles whose rights they
 * all hold, and grants a department or department role only what they hold; a user deleted for
 * good leaves no department role membership behind.
 */
let t: TestApp;
let admin: string;
let departId: string;
let boss: string;
let del: string;
let list: string;
const call = (m: 'GET' | 'POST' | 'DELETE', p: string, o: Parameters<TestApp['call']>[2] = {}) =>
  t.call(m, p, { token: admin, ...o });
const ok = (r: { body: { success: boolean } }) => expect(r.body.success, JSON.stringify(r.body)).toBe(true);
const members = async (droleId: string) =>
  (await t.database.db.select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, droleId))).map(
    (m) => m.userId,
  );
const deptRole = async (roleCode: string, perms: string) => {
  ok(await call('POST', '/sys/sysDepartRole/add', { body: { departId, roleName: roleCode, roleCode } }));
  const roles = (await call('GET', '/sys/sysDepartRole/getDeptRoleList', { query: { departId } })).body
    .result as Array<{ id: string; roleCode: string }>;
  const id = roles.find((r) => r.roleCode === roleCode)!.id;
  ok(
    await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      body: { roleId: id, permissionIds: perms, lastpermissionIds: '' },
    }),
  );
  return id;
};
const intoDepart = async (userId: string) =>
  ok(
    await call('POST', '/sys/user/editSysDepartWithUser', {
      body: { depId: departId, userIdList: [userId] },
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  departId = (await t.database.db.select().from(sysDepart).where(eq(sysDepart.departName, '运营部')))[0]!.id;
  del = await permId(t, 'user:delete');
  list = await permId(t, 'depart:list');
  ok(
    await call('POST', '/sys/permission/saveDepartPermission', {
      body: { departId, permissionIds: `${del},${list}`, lastpermissionIds: '' },
    }),
  );
  boss = await deptRole('esc_boss', del);
});
afterAll(async () => t?.close());

describe('department role membership (finding 1)', () => {
  it('refuses joining a department role holding a right the caller lacks (the reviewer’s escalation)', async () => {
    const d = await userWith(
      t,
      admin,
      'esc_dep',
      await roleWith(t, 'esc_dep_role', ['depart:list', 'depart:edit']),
    );
    const victim = await userWith(t, admin, 'esc_victim', await roleWith(t, 'esc_victim_role', []));
    ok(
      await t.call('POST', '/sys/user/editSysDepartWithUser', {
        token: d.token,
        body: { depId: departId, userIdList: [d.id] },
      }),
    );
    const join = await t.call('POST', '/sys/sysDepartRole/addUsers', {
      token: d.token,
      body: { roleId: boss, userIds: [d.id] },
    });
    expect(join.body.success).toBe(false);
    expect(join.body.message).toContain('不能修改权限超出您自身的部门角色');
    expect(join.body.message).toContain('user:delete');
    const perUser = await t.call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      token: d.token,
      body: { userId: d.id, newRoleId: boss, oldRoleId: '' },
    });
    expect(perUser.body.success).toBe(false);
    expect(await members(boss)).not.toContain(d.id);
    const kill = await t.call('DELETE', '/sys/user/delete', { token: d.token, query: { id: victim.id } });
    expect(kill.body.success).toBe(false);

    // taking members out of such a role is refused too, per role and per user
    await intoDepart(victim.id);
    ok(await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId: boss, userIds: [victim.id] } }));
    const out = await t.call('DELETE', '/sys/sysDepartRole/removeUsers', {
      token: d.token,
      query: { roleId: boss, userIds: victim.id },
    });
    expect(out.body.success).toBe(false);
    const outPerUser = await t.call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      token: d.token,
      body: { userId: victim.id, newRoleId: '', oldRoleId: boss },
    });
    expect(outPerUser.body.success).toBe(false);
    expect(await members(boss)).toContain(victim.id);

    // a department role within the caller's rights: joined and left
    const lite = await deptRole('esc_lite', list);
    ok(
      await t.call('POST', '/sys/sysDepartRole/addUsers', {
        token: d.token,
        body: { roleId: lite, userIds: [d.id] },
      }),
    );
    ok(
      await t.call('DELETE', '/sys/sysDepartRole/removeUsers', {
        token: d.token,
        query: { roleId: lite, userIds: d.id },
      }),
    );
    ok(
      await t.call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
        token: d.token,
        body: { userId: d.id, newRoleId: lite, oldRoleId: '' },
      }),
    );
    expect(await members(lite)).toContain(d.id);
  });
});

describe('department members', () => {
  it('moves into or out of a department only users whose rights the caller all holds', async () => {
    const d = await userWith(
      t,
      admin,
      'esc_mover',
      await roleWith(t, 'esc_mover_role', ['depart:list', 'depart:edit']),
    );
    const strong = await userWith(
      t,
      admin,
      'esc_strong',
      await roleWith(t, 'esc_strong_role', ['user:delete']),
    );
    const plain = await userWith(t, admin, 'esc_plain', await roleWith(t, 'esc_plain_role', []));
    const inDepart = async (userId: string) =>
      (
        (await call('GET', '/sys/user/departUserList', { query: { depId: departId, pageSize: '200' } })).body
          .result.records as Array<{ id: string }>
      ).some((u) => u.id === userId);

    const moveIn = (token: string, userId: string) =>
      t.call('POST', '/sys/user/editSysDepartWithUser', {
        token,
        body: { depId: departId, userIdList: [userId] },
      });
    const refusedIn = await moveIn(d.token, strong.id);
    expect(refusedIn.body).toMatchObject({ success: false });
    expect(refusedIn.body.message).toContain('不能移入部门');
    expect(await inDepart(strong.id)).toBe(false);
    ok(await moveIn(d.token, plain.id));
    expect(await inDepart(plain.id)).toBe(true);

    // the administrator puts the stronger user in the department, and in a department role
    ok(await moveIn(admin, strong.id));
    ok(await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId: boss, userIds: [strong.id] } }));
    const refusedOut = await t.call('DELETE', '/sys/user/deleteUserInDepart', {
      token: d.token,
      query: { depId: departId, userId: strong.id },
    });
    expect(refusedOut.body).toMatchObject({ success: false });
    expect(refusedOut.body.message).toContain('不能移出部门');
    expect(await inDepart(strong.id)).toBe(true);
    expect(await members(boss)).toContain(strong.id);
    const batch = await t.call('DELETE', '/sys/user/deleteUserInDepartBatch', {
      token: d.token,
      query: { depId: departId, userIds: `${plain.id},${strong.id}` },
    });
    expect(batch.body).toMatchObject({ success: false });
    expect(await inDepart(plain.id)).toBe(true);

    ok(
      await t.call('DELETE', '/sys/user/deleteUserInDepart', {
        token: d.token,
        query: { depId: departId, userId: plain.id },
      }),
    );
    expect(await inDepart(plain.id)).toBe(false);
  });
});

describe('department and department role grants (finding 1)', () => {
  it('grants a department role only rights the caller holds, and changes no role holding more', async () => {
    const d = await userWith(
      t,
      admin,
      'esc_auth',
      await roleWith(t, 'esc_auth_role', ['depart:list', 'depart:edit', 'depart:authorize']),
    );
    const lite = await deptRole('esc_lite2', '');
    const give = await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      token: d.token,
      body: { roleId: lite, permissionIds: del, lastpermissionIds: '' },
    });
    expect(give.body).toMatchObject({ success: false, message: DEPART_ROLE_MSG.notHeld });
    const strip = await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      token: d.token,
      body: { roleId: boss, permissionIds: '', lastpermissionIds: del },
    });
    expect(strip.body.success).toBe(false);
    expect(strip.body.message).toContain('不能修改权限超出您自身的部门角色');
    ok(
      await t.call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
        token: d.token,
        body: { roleId: lite, permissionIds: list, lastpermissionIds: '' },
      }),
    );
  });

  it('changes no department holding rights beyond the caller, gives a department only what they hold', async () => {
    const d = await userWith(
      t,
      admin,
      'esc_auth2',
      await roleWith(t, 'esc_auth2_role', ['depart:list', 'depart:authorize']),
    );
    const narrow = await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: d.token,
      body: { departId, permissionIds: list, lastpermissionIds: `${del},${list}` },
    });
    expect(narrow.body.success).toBe(false);
    expect(narrow.body.message).toContain('不能修改权限超出您自身的部门授权');
    const other = (await t.database.db.select().from(sysDepart).where(eq(sysDepart.departName, '财务部')))[0]!
      .id;
    const give = await t.call('POST', '/sys/permission/saveDepartPermission', {
      token: d.token,
      body: { departId: other, permissionIds: del, lastpermissionIds: '' },
    });
    expect(give.body).toMatchObject({ success: false, message: DEPART_ROLE_MSG.notHeld });
    ok(
      await t.call('POST', '/sys/permission/saveDepartPermission', {
        token: d.token,
        body: { departId: other, permissionIds: list, lastpermissionIds: '' },
      }),
    );
  });
});

describe('deleteRecycleBin (finding 10)', () => {
  it('removes the user’s department role memberships', async () => {
    const u = await userWith(t, admin, 'esc_gone', await roleWith(t, 'esc_gone_role', []));
    await intoDepart(u.id);
    ok(await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId: boss, userIds: [u.id] } }));
    ok(await call('DELETE', '/sys/user/delete', { query: { id: u.id } }));
    ok(await call('DELETE', '/sys/user/deleteRecycleBin', { query: { userIds: u.id } }));
    const left = await t.database.db
      .select()
      .from(sysDepartRoleUser)
      .where(eq(sysDepartRoleUser.userId, u.id));
    expect(left).toEqual([]);
  });
});
