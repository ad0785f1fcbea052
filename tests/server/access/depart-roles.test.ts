import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import {
  sysDepart,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysUser,
} from '../../../src/server/db/schema/index.ts';

/**
 * Department permissions and department roles (jeecg-api.md §4.3, §6.4): grants saved by difference,
 * a department given only what the caller holds, a role only what its department was given, members
 * only users of the department, and members holding their department roles' grants on the next
 * request (the process cache dropped by the triggers of migration 0012).
 */
let t: TestApp;
let admin: string;
let staff: string;
let staffId: string;
let outsiderId: string;
let departId: string;
const PASSWORD = 'Passw0rd!';
const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

const permId = async (perms: string) =>
  (await t.database.db.select().from(sysPermission).where(eq(sysPermission.perms, perms)))[0]!.id;
const menuId = async (url: string) =>
  (await t.database.db.select().from(sysPermission).where(eq(sysPermission.url, url)))[0]!.id;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: Parameters<TestApp['call']>[2] = {},
) => t.call(method, path, { token: admin, ...opts });
const newUser = async (username: string) => {
  const body = { username, realname: username, password: PASSWORD, confirmpassword: PASSWORD };
  expect((await call('POST', '/sys/user/add', { body })).body.success).toBe(true);
  return (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staffId = await newUser('drole_staff');
  outsiderId = await newUser('drole_outsider');
  staff = await t.login('drole_staff', PASSWORD);
  departId = (await t.database.db.select().from(sysDepart).where(eq(sysDepart.departName, '运营部')))[0]!.id;
  const body = { depId: departId, userIdList: [staffId] };
  expect((await call('POST', '/sys/user/editSysDepartWithUser', { body })).body.success).toBe(true);
});
afterAll(async () => t?.close());

describe('department permissions', () => {
  it('saves by difference and reads back the ids', async () => {
    const [list, menu] = [await permId('position:list'), await menuId('/isystem/position')];
    let r = await call('POST', '/sys/permission/saveDepartPermission', {
      body: { departId, permissionIds: `${menu},${list}`, lastpermissionIds: '' },
    });
    expect(r.body).toMatchObject({ success: true, message: '保存成功！' });
    r = await call('GET', '/sys/permission/queryDepartPermission', { query: { departId } });
    expect(r.body.success).toBe(true);
    expect([...r.body.result].sort()).toEqual([menu, list].sort());
    // the tree of the department's roles holds exactly those, the menu above its button, no title
    r = await call('GET', '/sys/sysDepartPermission/queryTreeListForDeptRole', { query: { departId } });
    expect(r.body.result.ids.sort()).toEqual([menu, list].sort());
    const [root] = r.body.result.treeList;
    expect(root).toMatchObject({ key: menu, value: menu, slotTitle: '职务管理', isLeaf: false });
    expect(root.title).toBeUndefined();
    expect(root.children).toEqual([expect.objectContaining({ key: list, isLeaf: true, children: null })]);
  });

  it('the grantable tree holds what the caller holds (the administrator: the position menu among them)', async () => {
    const r = await call('GET', '/sys/sysDepartPermission/grantableTree');
    expect(r.body.success).toBe(true);
    expect(r.body.result.ids).toContain(await permId('position:list'));
    expect(r.body.result.treeList[0]).toHaveProperty('title');
  });

  it('refuses bad input, an unknown department or permission, and callers without depart:authorize', async () => {
    const list = await permId('position:list');
    expect(
      (await call('POST', '/sys/permission/saveDepartPermission', { body: { permissionIds: list } })).body,
    ).toMatchObject({ success: false, message: '请选择部门' });
    expect(
      (
        await call('POST', '/sys/permission/saveDepartPermission', {
          body: { departId, permissionIds: "x' or 1=1" },
        })
      ).body,
    ).toMatchObject({ success: false, message: '所选权限不存在' });
    expect(
      (
        await call('POST', '/sys/permission/saveDepartPermission', {
          body: { departId, permissionIds: 'nope' },
        })
      ).body,
    ).toMatchObject({ success: false, message: '所选权限不存在' });
    expect(
      (await call('GET', '/sys/permission/queryDepartPermission', { query: { departId: 'nope' } })).body,
    ).toMatchObject({ success: false, message: '未找到对应实体' });
    const body = { departId, permissionIds: list };
    expect(
      (await t.call('POST', '/sys/permission/saveDepartPermission', { token: staff, body })).body,
    ).toEqual(expect.objectContaining(NO_AUTH));
    expect((await t.call('GET', '/sys/sysDepartPermission/grantableTree', { token: staff })).body).toEqual(
      expect.objectContaining(NO_AUTH),
    );
  });
});

describe('department roles', () => {
  let roleId: string;

  it('adds, lists, edits a role; refuses a duplicate code, bad input and callers without rights', async () => {
    let r = await call('POST', '/sys/sysDepartRole/add', {
      body: { departId, roleName: '职务查看', roleCode: 'pos_viewer', description: '只读' },
    });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    r = await call('GET', '/sys/sysDepartRole/list', {
      query: { deptId: departId, pageNo: '1', pageSize: '10' },
    });
    expect(r.body.result.total).toBe(1);
    expect(r.body.result.records[0]).toMatchObject({
      departId,
      roleName: '职务查看',
      roleCode: 'pos_viewer',
    });
    roleId = r.body.result.records[0].id;
    expect(
      (
        await call('POST', '/sys/sysDepartRole/add', {
          body: { departId, roleName: 'x', roleCode: 'pos_viewer' },
        })
      ).body,
    ).toMatchObject({ success: false, message: '该部门下角色编码已存在' });
    expect(
      (await call('POST', '/sys/sysDepartRole/add', { body: { departId, roleCode: 'a b' } })).body,
    ).toMatchObject({ success: false, message: '请输入部门角色名称' });
    expect(
      (await call('POST', '/sys/sysDepartRole/add', { body: { departId, roleName: 'x', roleCode: 'a b' } }))
        .body,
    ).toMatchObject({ success: false, message: '角色编码只能包含字母、数字、下划线和中划线' });
    r = await call('PUT', '/sys/sysDepartRole/edit', {
      body: { id: roleId, roleName: '职务只读', roleCode: 'pos_viewer' },
    });
    expect(r.body.success).toBe(true);
    expect(
      (await call('GET', '/sys/sysDepartRole/queryById', { query: { id: roleId } })).body.result,
    ).toMatchObject({
      roleName: '职务只读',
    });
    expect(
      (await call('GET', '/sys/sysDepartRole/getDeptRoleList', { query: { departId } })).body.result,
    ).toHaveLength(1);
    const noRights = await t.call('POST', '/sys/sysDepartRole/add', {
      token: staff,
      body: { departId, roleName: 'x', roleCode: 'y' },
    });
    expect(noRights.body).toEqual(expect.objectContaining(NO_AUTH));
  });

  it('grants a role only permissions of its department', async () => {
    const outside = await permId('user:add');
    let r = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      body: { roleId, permissionIds: outside, lastpermissionIds: '' },
    });
    expect(r.body).toMatchObject({ success: false, message: '所选权限不在该部门的权限范围内' });
    const ids = `${await menuId('/isystem/position')},${await permId('position:list')}`;
    r = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      body: { roleId, permissionIds: ids, lastpermissionIds: '' },
    });
    expect(r.body).toMatchObject({ success: true, message: '保存成功！' });
    r = await call('GET', '/sys/sysDepartPermission/queryDeptRolePermission', { query: { roleId } });
    expect(r.body.result).toHaveLength(2);
    r = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      body: { permissionIds: ids },
    });
    expect(r.body).toMatchObject({ success: false, message: '部门角色不存在' });
  });

  it('members are users of the department only; a member holds the role’s grants on the next request', async () => {
    expect((await t.call('GET', '/sys/position/list', { token: staff })).body).toEqual(
      expect.objectContaining(NO_AUTH),
    );
    let r = await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId, userIds: [outsiderId] } });
    expect(r.body).toMatchObject({ success: false, message: '所选用户不属于该部门' });
    r = await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId, userIds: [] } });
    expect(r.body).toMatchObject({ success: false, message: '请选择一条记录！' });
    r = await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId, userIds: [staffId] } });
    expect(r.body).toMatchObject({ success: true, message: '添加成功!' });
    r = await call('GET', '/sys/sysDepartRole/userList', { query: { roleId } });
    expect(r.body.result.records.map((u: { username: string }) => u.username)).toEqual(['drole_staff']);
    // the staff session was cached before: the grant applies on its very next request
    expect((await t.call('GET', '/sys/position/list', { token: staff })).body.success).toBe(true);
    const menu = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: staff });
    expect(menu.body.result.auth.map((a: { action: string }) => a.action)).toContain('position:list');
    r = await call('GET', '/sys/sysDepartRole/getDeptRoleByUserId', { query: { userId: staffId, departId } });
    expect(r.body.result).toEqual([expect.objectContaining({ userId: staffId, droleId: roleId })]);
  });

  it('taking the permission from the department takes it from its roles and their members', async () => {
    const menu = await menuId('/isystem/position');
    const r = await call('POST', '/sys/permission/saveDepartPermission', {
      body: { departId, permissionIds: menu, lastpermissionIds: '' },
    });
    expect(r.body.success).toBe(true);
    const left = await t.database.db
      .select()
      .from(sysDepartRolePermission)
      .where(eq(sysDepartRolePermission.roleId, roleId));
    expect(left.map((x) => x.permissionId)).toEqual([menu]);
    expect((await t.call('GET', '/sys/position/list', { token: staff })).body).toEqual(
      expect.objectContaining(NO_AUTH),
    );
    // given back for the next cases
    const ids = `${menu},${await permId('position:list')}`;
    await call('POST', '/sys/permission/saveDepartPermission', { body: { departId, permissionIds: ids } });
    await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      body: { roleId, permissionIds: ids },
    });
    expect((await t.call('GET', '/sys/position/list', { token: staff })).body.success).toBe(true);
  });

  it('deptRoleUserAdd replaces the roles shown; removeUsers and leaving the department drop membership', async () => {
    let r = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      body: { userId: staffId, newRoleId: '', oldRoleId: roleId },
    });
    expect(r.body.success).toBe(true);
    expect((await t.call('GET', '/sys/position/list', { token: staff })).body.success).toBe(false);
    r = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      body: { userId: outsiderId, newRoleId: roleId, oldRoleId: '' },
    });
    expect(r.body).toMatchObject({ success: false, message: '所选用户不属于该部门' });
    await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      body: { userId: staffId, newRoleId: roleId },
    });
    expect((await t.call('GET', '/sys/position/list', { token: staff })).body.success).toBe(true);
    r = await call('DELETE', '/sys/sysDepartRole/removeUsers', { query: { roleId, userIds: staffId } });
    expect(r.body.success).toBe(true);
    expect((await t.call('GET', '/sys/position/list', { token: staff })).body.success).toBe(false);
    await call('POST', '/sys/sysDepartRole/addUsers', { body: { roleId, userIds: [staffId] } });
    r = await call('DELETE', '/sys/user/deleteUserInDepart', { query: { depId: departId, userId: staffId } });
    expect(r.body.success).toBe(true);
    expect(
      await t.database.db.select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.userId, staffId)),
    ).toEqual([]);
    expect((await t.call('GET', '/sys/position/list', { token: staff })).body.success).toBe(false);
  });

  it('deletes a role with its members and grants; refuses an unknown one', async () => {
    expect((await call('DELETE', '/sys/sysDepartRole/delete', { query: { id: 'nope' } })).body).toMatchObject(
      {
        success: false,
        message: '部门角色不存在',
      },
    );
    expect((await call('DELETE', '/sys/sysDepartRole/delete', { query: { id: roleId } })).body.success).toBe(
      true,
    );
    expect(await t.database.db.select().from(sysDepartRole).where(eq(sysDepartRole.id, roleId))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(sysDepartRolePermission)
        .where(eq(sysDepartRolePermission.roleId, roleId)),
    ).toEqual([]);
  });
});
