import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { permId, roleWith, userWith } from '../../support/grant-roles.ts';
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRolePermission,
  sysPermission,
  sysRolePermission,
  sysUser,
} from '../../../src/server/db/schema/index.ts';
import { DATA_RULE_MSG } from '../../../src/shared/data-rule.ts';
import { ROLE_MSG } from '../../../src/shared/role.ts';
import { newId } from '../../../src/server/lib/query/ids.ts';

/**
 * Data rules granted to a department and to a department role (jeecg-api.md §4.4,
 * /sys/sysDepartPermission/datarule and /sys/sysDepartRole/datarule): the rules offered, those held
 * (`drChecked`), the refusals, the grant limit, and a rule held through a department role narrowing
 * the member's list on the next request.
 */
let t: TestApp;
let admin: string;
let departId: string;
let otherDepart: string;
let positionMenu: string;
let userMenu: string;
let listButton: string;
const rule: Record<string, string> = {};
const PASSWORD = 'Passw0rd!';
const NO_AUTH = { success: false, code: 510 };

type Opts = Parameters<TestApp['call']>[2];
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, opts: Opts = {}) =>
  t.call(method, path, { token: admin, ...opts });
const ok = (r: { body: { success: boolean } }) => expect(r.body.success, JSON.stringify(r.body)).toBe(true);
const menuId = async (url: string) =>
  (await t.database.db.select().from(sysPermission).where(eq(sysPermission.url, url)))[0]!.id;
const departOf = async (name: string) =>
  (await t.database.db.select().from(sysDepart).where(eq(sysDepart.departName, name)))[0]!.id;

const departRules = (permissionId: string, depart = departId, token = admin) =>
  call('GET', `/sys/sysDepartPermission/datarule/${permissionId}/${depart}`, { token });
const saveDepartRules = (
  dataRuleIds: string,
  permissionId = positionMenu,
  token = admin,
  depart = departId,
) =>
  call('POST', '/sys/sysDepartPermission/datarule', {
    token,
    body: { permissionId, departId: depart, dataRuleIds },
  });
const roleRules = (roleId: string, permissionId = positionMenu, token = admin) =>
  call('GET', `/sys/sysDepartRole/datarule/${permissionId}/${departId}/${roleId}`, { token });
const saveRoleRules = (
  roleId: string,
  dataRuleIds: string,
  opts: { permissionId?: string; token?: string; depart?: string } = {},
) =>
  call('POST', '/sys/sysDepartRole/datarule', {
    token: opts.token ?? admin,
    body: {
      permissionId: opts.permissionId ?? positionMenu,
      departId: opts.depart ?? departId,
      roleId,
      dataRuleIds,
    },
  });
/** give the department these menus besides those it holds */
const grantDepart = async (ids: string[], depart = departId) => {
  const held = (await call('GET', '/sys/permission/queryDepartPermission', { query: { departId: depart } }))
    .body.result as string[];
  return call('POST', '/sys/permission/saveDepartPermission', {
    body: {
      departId: depart,
      permissionIds: [...new Set([...held, ...ids])].join(','),
      lastpermissionIds: '',
    },
  });
};
const departRole = async (roleCode: string, perms: string[]) => {
  ok(await call('POST', '/sys/sysDepartRole/add', { body: { departId, roleName: roleCode, roleCode } }));
  const roles = (await call('GET', '/sys/sysDepartRole/getDeptRoleList', { query: { departId } })).body
    .result as Array<{ id: string; roleCode: string }>;
  const id = roles.find((r) => r.roleCode === roleCode)!.id;
  ok(
    await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      body: { roleId: id, permissionIds: perms.join(','), lastpermissionIds: '' },
    }),
  );
  return id;
};
const stored = async (roleId: string) =>
  (
    await t.database.db
      .select({ ids: sysDepartRolePermission.dataRuleIds })
      .from(sysDepartRolePermission)
      .where(
        and(
          eq(sysDepartRolePermission.roleId, roleId),
          eq(sysDepartRolePermission.permissionId, positionMenu),
        ),
      )
  )[0]?.ids;
const authEpoch = async () =>
  Number(
    (
      (await t.database.rawQuery('SELECT auth FROM care_cache_epoch WHERE id = 1', [])).rows[0] as {
        auth: string;
      }
    ).auth,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  departId = await departOf('运营部');
  otherDepart = await departOf('财务部');
  positionMenu = await menuId('/isystem/position');
  userMenu = await menuId('/isystem/user');
  listButton = await permId(t, 'position:list');
  const add = async (permissionId: string, ruleName: string, ruleColumn: string, ruleValue: string) => {
    ok(
      await call('POST', '/sys/permission/addPermissionRule', {
        body: { permissionId, ruleName, ruleColumn, ruleConditions: '=', ruleValue },
      }),
    );
    const list = (await call('GET', '/sys/permission/getPermRuleListByPermId', { query: { permissionId } }))
      .body.result as Array<{ id: string; ruleName: string }>;
    rule[ruleName] = list.find((r) => r.ruleName === ruleName)!.id;
  };
  await add(positionMenu, '只看B1', 'code', 'DRD_B1');
  await add(positionMenu, '只看A1', 'code', 'DRD_A1');
  await add(userMenu, '用户规则', 'username', 'x');
  for (const code of ['DRD_A1', 'DRD_B1'])
    ok(await call('POST', '/sys/position/add', { body: { code, name: `职务${code}`, postRank: '1' } }));
});
afterAll(async () => t?.close());

describe('department data rules', () => {
  it('lists the menu’s rules with those the department holds, and stores the chosen ones', async () => {
    const departMenu = await menuId('/isystem/depart');
    expect((await departRules(departMenu)).body).toMatchObject({
      success: false,
      message: DATA_RULE_MSG.noRules,
    });
    // the department does not hold the menu yet
    expect((await saveDepartRules(rule['只看B1']!)).body).toMatchObject({
      success: false,
      message: DATA_RULE_MSG.departGrantFirst,
    });
    ok(await grantDepart([positionMenu, listButton]));
    const shown = (await departRules(positionMenu)).body.result;
    expect(shown.datarule.map((r: { ruleName: string }) => r.ruleName).sort()).toEqual(['只看A1', '只看B1']);
    expect(shown.drChecked).toBeUndefined();
    expect((await saveDepartRules(rule['用户规则']!)).body).toMatchObject({
      message: DATA_RULE_MSG.foreignRule,
    });
    expect((await saveDepartRules(`${rule['只看B1']},`)).body).toMatchObject({
      success: true,
      message: DATA_RULE_MSG.saved,
    });
    expect((await departRules(positionMenu)).body.result.drChecked).toBe(rule['只看B1']);
    const [row] = await t.database.db
      .select()
      .from(sysDepartPermission)
      .where(
        and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, positionMenu)),
      );
    expect(row!.dataRuleIds).toBe(rule['只看B1']);
    // another department holds nothing of it
    expect((await departRules(positionMenu, otherDepart)).body.result.drChecked).toBeUndefined();
  });
});

describe('department role data rules', () => {
  it('offers only the rules the department holds on the menu, and stores the chosen ones', async () => {
    const role = await departRole('drd_clerk', [positionMenu, listButton]);
    ok(await saveDepartRules(''));
    expect((await roleRules(role)).body).toMatchObject({ success: false, message: DATA_RULE_MSG.noRules });
    ok(await saveDepartRules(rule['只看B1']!));
    const shown = (await roleRules(role)).body.result;
    expect(shown.datarule.map((r: { id: string }) => r.id)).toEqual([rule['只看B1']]);
    expect(shown.drChecked).toBeUndefined();
    expect((await saveRoleRules(role, rule['只看A1']!)).body).toMatchObject({
      success: false,
      message: DATA_RULE_MSG.outsideDepart,
    });
    expect((await saveRoleRules(role, rule['用户规则']!)).body).toMatchObject({
      message: DATA_RULE_MSG.foreignRule,
    });
    // the role does not hold the user menu; nor is it a role of 财务部
    expect((await saveRoleRules(role, '', { permissionId: userMenu })).body).toMatchObject({
      message: DATA_RULE_MSG.grantFirst,
    });
    expect((await saveRoleRules(role, '', { depart: otherDepart })).body).toMatchObject({
      message: DATA_RULE_MSG.grantFirst,
    });
    expect((await saveRoleRules('no-such-role', '')).body).toMatchObject({
      message: DATA_RULE_MSG.grantFirst,
    });
    // named with another department (holding other rules of the menu), the role is offered nothing
    ok(await grantDepart([positionMenu, listButton], otherDepart));
    ok(await saveDepartRules(rule['只看A1']!, positionMenu, admin, otherDepart));
    const elsewhere = await call('GET', `/sys/sysDepartRole/datarule/${positionMenu}/${otherDepart}/${role}`);
    expect(elsewhere.body).toMatchObject({ success: false, message: DATA_RULE_MSG.noRules });
    ok(await saveDepartRules('', positionMenu, admin, otherDepart));
    ok(await saveRoleRules(role, rule['只看B1']!));
    expect((await roleRules(role)).body.result.drChecked).toBe(rule['只看B1']);
    expect(await stored(role)).toBe(rule['只看B1']);
    ok(await saveRoleRules(role, ''));
    expect(await stored(role)).toBeNull();
  });

  it('a rule granted through a department role narrows the member’s list on the next request', async () => {
    const role = await departRole('drd_viewer', [positionMenu, listButton]);
    const body = { username: 'drd_member', realname: '成员', password: PASSWORD, confirmpassword: PASSWORD };
    ok(await call('POST', '/sys/user/add', { body }));
    const [member] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'drd_member'));
    ok(
      await call('POST', '/sys/user/editSysDepartWithUser', {
        body: { depId: departId, userIdList: [member!.id] },
      }),
    );
    ok(await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId: role, userIds: [member!.id] } }));
    const token = await t.login('drd_member', PASSWORD);
    const codes = async () => {
      const r = await call('GET', '/sys/position/list', { token, query: { code: 'DRD_*', pageSize: '50' } });
      ok(r);
      return (r.body.result.records as Array<{ code: string }>).map((x) => x.code).sort();
    };
    expect(await codes()).toEqual(['DRD_A1', 'DRD_B1']);
    const before = await authEpoch();
    ok(await saveRoleRules(role, rule['只看B1']!));
    // the write bumped the counter every instance checks before trusting its cache
    expect(await authEpoch()).toBeGreaterThan(before);
    expect(await codes()).toEqual(['DRD_B1']);
    ok(await saveRoleRules(role, ''));
    expect(await codes()).toEqual(['DRD_A1', 'DRD_B1']);
    // the department's own rules bind nobody (JeecgBoot applies rules held through roles only): the
    // department still holds 只看B1 and the member of it sees both
    expect((await departRules(positionMenu)).body.result.drChecked).toBe(rule['只看B1']);
  });
});

describe('refusals', () => {
  it('without a token (401), without depart:authorize (510), naming a tenant not the caller’s (401)', async () => {
    const role = await departRole('drd_refused', [positionMenu]);
    const none = await t.call('GET', `/sys/sysDepartPermission/datarule/${positionMenu}/${departId}`);
    expect(none.status).toBe(401);
    const noBody = await t.call('POST', '/sys/sysDepartRole/datarule', { body: { roleId: role } });
    expect(noBody.status).toBe(401);
    const lister = await userWith(
      t,
      admin,
      'drd_lister',
      await roleWith(t, 'drd_lister_role', ['depart:list']),
    );
    expect((await departRules(positionMenu, departId, lister.token)).body).toMatchObject(NO_AUTH);
    expect((await saveDepartRules('', positionMenu, lister.token)).body).toMatchObject(NO_AUTH);
    expect((await roleRules(role, positionMenu, lister.token)).body).toMatchObject(NO_AUTH);
    expect((await saveRoleRules(role, '', { token: lister.token })).body).toMatchObject(NO_AUTH);
    const foreign = await t.call('GET', `/sys/sysDepartPermission/datarule/${positionMenu}/${departId}`, {
      token: lister.token,
      headers: { 'tenant-id': '99' },
    });
    expect(foreign.status).toBe(401);
  });
});

describe('the grant limit', () => {
  it('refuses a menu the caller lacks, loosening a rule binding them, and holders beyond them', async () => {
    const db = t.database.db;
    const delegateRole = await roleWith(t, 'drd_delegate_role', [
      'depart:list',
      'depart:edit',
      'depart:authorize',
      'position:list',
    ]);
    const delegate = await userWith(t, admin, 'drd_delegate', delegateRole);
    const role = await departRole('drd_limited', [positionMenu, listButton]);
    ok(await saveDepartRules(rule['只看B1']!, positionMenu, delegate.token));
    ok(await saveRoleRules(role, rule['只看B1']!, { token: delegate.token }));
    // a menu the delegate does not hold
    await db
      .delete(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, delegateRole), eq(sysRolePermission.permissionId, userMenu)));
    ok(await grantDepart([userMenu]));
    expect((await saveDepartRules('', userMenu, delegate.token)).body).toMatchObject({
      success: false,
      message: DATA_RULE_MSG.menuNotHeld,
    });
    // (held again: a department holding a menu the delegate lacks is not theirs to change at all)
    await db.insert(sysRolePermission).values({ id: newId(), roleId: delegateRole, permissionId: userMenu });
    // a rule that binds the delegate on the menu stays with whatever they grant
    await db
      .update(sysRolePermission)
      .set({ dataRuleIds: rule['只看B1'] })
      .where(
        and(eq(sysRolePermission.roleId, delegateRole), eq(sysRolePermission.permissionId, positionMenu)),
      );
    const looser = { success: false, message: DATA_RULE_MSG.looser(['只看B1']) };
    expect((await saveDepartRules(rule['只看A1']!, positionMenu, delegate.token)).body).toMatchObject(looser);
    expect((await saveRoleRules(role, '', { token: delegate.token })).body).toMatchObject(looser);
    ok(await saveDepartRules(`${rule['只看A1']},${rule['只看B1']}`, positionMenu, delegate.token));
    // a department role, then a department, holding a right the delegate lacks is not theirs to change
    const del = await permId(t, 'user:delete');
    ok(await grantDepart([del]));
    ok(
      await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
        body: {
          roleId: role,
          permissionIds: [positionMenu, listButton, del].join(','),
          lastpermissionIds: '',
        },
      }),
    );
    const roleBeyond = await saveRoleRules(role, rule['只看B1']!, { token: delegate.token });
    expect(roleBeyond.body).toMatchObject({ success: false });
    expect(roleBeyond.body.message).toContain(ROLE_MSG.departRoleEditLimit('drd_limited', []).split('（')[0]);
    const departBeyond = await saveDepartRules(rule['只看B1']!, positionMenu, delegate.token);
    expect(departBeyond.body).toMatchObject({ success: false });
    expect(departBeyond.body.message).toContain('不能修改权限超出您自身的部门授权');
    // the administrator is not limited
    ok(await saveDepartRules('', positionMenu));
  });
});
