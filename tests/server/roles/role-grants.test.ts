import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import {
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysRole,
  sysRolePermission,
  sysUser,
} from '../../../src/server/db/schema/index.ts';
import { ROLE_MSG, flattenTree, type RoleTreeNode } from '../../../src/shared/role.ts';

let t: TestApp;
let admin: string;
let nodes: RoleTreeNode[];
const PASSWORD = 'Passw0rd!';

const roleId = async (code: string) =>
  (await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, code)))[0]!.id;
const byPerms = (code: string) => nodes.find((n) => n.perms === code)!.key;
const byUrl = (url: string) => nodes.find((n) => n.url === url && n.menuType !== 2)!.key;
const links = (role: string) =>
  t.database.db.select().from(sysRolePermission).where(eq(sysRolePermission.roleId, role));
const save = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/sys/permission/saveRolePermission', { token, body });
async function addRole(code: string, name: string) {
  const r = await t.call('POST', '/sys/role/add', { token: admin, body: { roleCode: code, roleName: name } });
  expect(r.body.success).toBe(true);
  return roleId(code);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const tree = await t.call('GET', '/sys/role/queryTreeList', { token: admin });
  nodes = flattenTree(tree.body.result.treeList);
});
afterAll(async () => t?.close());

describe('GET /sys/role/queryTreeList', () => {
  it('answers every menu and button as TreeModel nodes, buttons under their menu, with all ids', async () => {
    const tree = (await t.call('GET', '/sys/role/queryTreeList', { token: admin })).body.result;
    const count = await t.database.db.$count(sysPermission, eq(sysPermission.delFlag, 0));
    expect(tree.ids).toHaveLength(count);
    expect(nodes).toHaveLength(count);
    const system = tree.treeList.find((n: RoleTreeNode) => n.url === '/isystem');
    expect(system).toMatchObject({ slotTitle: '系统管理', isLeaf: false, menuType: 0, ruleFlag: 0 });
    expect(system).not.toHaveProperty('title');
    const roleMenu = system.children.find((n: RoleTreeNode) => n.url === '/isystem/roleUserList');
    expect(roleMenu.key).toBe(roleMenu.value);
    const authorize = roleMenu.children.find((n: RoleTreeNode) => n.perms === 'role:authorize');
    expect(authorize).toMatchObject({
      slotTitle: '授权',
      menuType: 2,
      isLeaf: true,
      children: null,
      parentId: roleMenu.key,
      scopedSlots: { title: 'hasDatarule' },
    });
    // the administrator may grant everything
    expect(nodes.filter((n) => n.disabled)).toEqual([]);
  });
});

describe('queryRolePermission and saveRolePermission', () => {
  it('saves only the difference: kept links keep their row and data rules, others are not touched', async () => {
    const role = await addRole('diff_role', '差异角色');
    const [a, b, c, d, e] = [
      byUrl('/isystem'),
      byUrl('/isystem/roleUserList'),
      byPerms('role:list'),
      byPerms('role:add'),
      byPerms('role:edit'),
    ];
    const first = await save(admin, { roleId: role, permissionIds: `${a},${b},${c}`, lastpermissionIds: '' });
    expect(first.body).toMatchObject({ success: true, message: '保存成功！' });
    const got = await t.call('GET', '/sys/permission/queryRolePermission', {
      token: admin,
      query: { roleId: role },
    });
    expect(new Set(got.body.result)).toEqual(new Set([a, b, c]));

    const db = t.database.db;
    await db
      .update(sysRolePermission)
      .set({ dataRuleIds: 'rule1,rule2' })
      .where(and(eq(sysRolePermission.roleId, role), eq(sysRolePermission.permissionId, a)));
    // a link neither list names (granted meanwhile by someone else) stays
    await db.insert(sysRolePermission).values({ id: 'other_link', roleId: role, permissionId: e });
    const before = new Map((await links(role)).map((l) => [l.permissionId, l]));

    const second = await save(admin, {
      roleId: role,
      permissionIds: `${a},${d}`,
      lastpermissionIds: `${a},${b},${c}`,
    });
    expect(second.body.success).toBe(true);
    const after = new Map((await links(role)).map((l) => [l.permissionId, l]));
    expect(new Set(after.keys())).toEqual(new Set([a, d, e]));
    expect(after.get(a)).toEqual(before.get(a));
    expect(after.get(a)!.dataRuleIds).toBe('rule1,rule2');
    expect(after.get(e)!.id).toBe('other_link');
  });

  it.each([
    [{ roleId: '', permissionIds: 'x', lastpermissionIds: '' }, '请选择角色'],
    [{ roleId: 'no_such_role', permissionIds: '', lastpermissionIds: '' }, '角色不存在'],
    [{ permissionIds: 'zzzz_missing', lastpermissionIds: '' }, '权限不存在或已删除：zzzz_missing'],
    [{ permissionIds: "x';drop", lastpermissionIds: '' }, '权限id格式不正确'],
    [{ permissionIds: { a: 1 }, lastpermissionIds: '' }, '权限id格式不正确'],
  ])('refuses %j with "%s"', async (body, message) => {
    const role = await roleId('diff_role');
    const before = await links(role);
    const r = await save(admin, { roleId: role, ...body });
    expect(r.body).toMatchObject({ success: false, message });
    expect(await links(role)).toEqual(before);
  });

  it('queryRolePermission refuses a missing or unknown role', async () => {
    const q = (query: Record<string, string>) =>
      t.call('GET', '/sys/permission/queryRolePermission', { token: admin, query });
    expect((await q({})).body).toMatchObject({ success: false, message: '请选择角色' });
    expect((await q({ roleId: 'nope' })).body).toMatchObject({ success: false, message: '角色不存在' });
  });

  it('the admin role holds every permission, also one created after its grants', async () => {
    await t.database.db.insert(sysPermission).values({
      id: 'late_button',
      parentId: byUrl('/isystem/roleUserList'),
      name: '新按钮',
      menuType: 2,
      perms: 'late:button',
    });
    const role = await roleId('diff_role');
    const r = await save(admin, { roleId: role, permissionIds: 'late_button', lastpermissionIds: '' });
    expect(r.body.success).toBe(true);
  });
});

describe('the grant limit', () => {
  let deleg: string;
  let delegRole: string;

  beforeAll(async () => {
    delegRole = await addRole('delegate', '授权专员');
    const grants = [
      byUrl('/isystem'),
      byUrl('/isystem/roleUserList'),
      byPerms('role:list'),
      byPerms('role:edit'),
      byPerms('role:authorize'),
    ];
    await save(admin, { roleId: delegRole, permissionIds: grants.join(','), lastpermissionIds: '' });
    const body = {
      username: 'deleg',
      realname: '授权专员',
      password: PASSWORD,
      confirmpassword: PASSWORD,
      selectedroles: delegRole,
      // the seeded users' tenant: deleg reaches them (tenant isolation)
      relTenantIds: '1',
    };
    expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
    deleg = await t.login('deleg', PASSWORD);
  });

  it('marks in the tree what the caller may not grant', async () => {
    const tree = (await t.call('GET', '/sys/role/queryTreeList', { token: deleg })).body.result;
    const mine = flattenTree(tree.treeList);
    expect(mine.find((n) => n.perms === 'user:add')?.disabled).toBe(true);
    expect(mine.find((n) => n.perms === 'role:list')?.disabled).toBeUndefined();
  });

  it('refuses to grant a permission the caller does not hold, naming it, and changes nothing', async () => {
    const target = await addRole('limited', '受限角色');
    const r = await save(deleg, {
      roleId: target,
      permissionIds: `${byPerms('role:list')},${byPerms('user:add')}`,
      lastpermissionIds: '',
    });
    expect(r.body).toMatchObject({ success: false, message: '不能授予您自己没有的权限：添加（user:add）' });
    expect(await links(target)).toEqual([]);
    const held = await save(deleg, {
      roleId: target,
      permissionIds: byPerms('role:list'),
      lastpermissionIds: '',
    });
    expect(held.body.success).toBe(true);
    expect((await links(target)).map((l) => l.permissionId)).toEqual([byPerms('role:list')]);
  });

  it('counts a permission held through a department role as held', async () => {
    const target = await roleId('limited');
    const [me] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'deleg'));
    const userAdd = byPerms('user:add');
    const refused = await save(deleg, { roleId: target, permissionIds: userAdd, lastpermissionIds: '' });
    expect(refused.body.success).toBe(false);
    await t.database.db
      .insert(sysDepartRoleUser)
      .values({ id: 'dru_deleg', userId: me!.id, droleId: 'drole_x' });
    await t.database.db
      .insert(sysDepartRolePermission)
      .values({ id: 'drp_deleg', departId: 'dep_x', roleId: 'drole_x', permissionId: userAdd });
    const held = await save(deleg, { roleId: target, permissionIds: userAdd, lastpermissionIds: '' });
    expect(held.body).toMatchObject({ success: true });
    await save(admin, { roleId: target, permissionIds: '', lastpermissionIds: userAdd });
    await t.database.db.delete(sysDepartRolePermission).where(eq(sysDepartRolePermission.id, 'drp_deleg'));
  });

  it('refuses adding users to a role holding rights the caller lacks', async () => {
    const adminRole = await roleId('admin');
    const r = await t.call('POST', '/sys/user/addSysUserRole', {
      token: deleg,
      body: { roleId: adminRole, userIdList: ['deleg'] },
    });
    expect(r.body.success).toBe(false);
    // the admin role holds everything, also rights created later: only its members give it
    expect(r.body.message).toBe(ROLE_MSG.adminRoleOnly);
    const ok = await t.call('POST', '/sys/user/addSysUserRole', {
      token: deleg,
      body: { roleId: await roleId('limited'), userIdList: ['yuangong'] },
    });
    expect(ok.body).toMatchObject({ success: true, message: '添加成功!' });
  });

  it('refuses giving a user, through the user form, a role with rights the caller lacks', async () => {
    const perms = [byUrl('/isystem/user'), byPerms('user:list'), byPerms('user:add'), byPerms('user:edit')];
    await save(admin, { roleId: delegRole, permissionIds: perms.join(','), lastpermissionIds: '' });
    // a user holding nothing beyond the delegate (one holding more is refused altogether: escalation-users.test.ts)
    const created = await t.call('POST', '/sys/user/add', {
      token: admin,
      body: {
        username: 'plain',
        realname: '普通',
        password: PASSWORD,
        confirmpassword: PASSWORD,
        relTenantIds: '1',
      },
    });
    expect(created.body.success).toBe(true);
    const [target] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'plain'));
    const adminRole = await roleId('admin');
    const edit = (selectedroles: string) =>
      t.call('PUT', '/sys/user/edit', {
        token: deleg,
        body: { id: target!.id, realname: '员工', selectedroles },
      });
    const refused = await edit(adminRole);
    expect(refused.body).toMatchObject({ success: false, message: ROLE_MSG.adminRoleOnly });
    const beyondRole = await addRole('beyond', '越权角色');
    await save(admin, { roleId: beyondRole, permissionIds: byPerms('user:delete'), lastpermissionIds: '' });
    const beyond = await edit(beyondRole);
    expect(beyond.body.message).toMatch(/^角色“越权角色”拥有您没有的权限（.+），不能为其添加用户$/);
    const add = await t.call('POST', '/sys/user/add', {
      token: deleg,
      body: {
        username: 'sneaky',
        realname: '越权',
        password: PASSWORD,
        confirmpassword: PASSWORD,
        selectedroles: adminRole,
      },
    });
    expect(add.body.message).toBe(ROLE_MSG.adminRoleOnly);
    const [sneaky] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'sneaky'));
    expect(sneaky).toBeUndefined();
    // a role whose rights the caller holds may be given; roles the user already had are not asked about
    expect((await edit(await roleId('limited'))).body.success).toBe(true);
    // an admin-role member is edited by admin-role members only, even keeping their roles
    const [adminUser] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    const keep = await t.call('PUT', '/sys/user/edit', {
      token: deleg,
      body: { id: adminUser!.id, realname: '管理员', selectedroles: adminRole },
    });
    expect(keep.body).toMatchObject({ success: false, message: ROLE_MSG.userLimit('admin', '编辑', []) });
  });

  it('a revoked permission is refused on the very next request, a granted one allowed', async () => {
    const list = () => t.call('GET', '/sys/role/list', { token: deleg });
    expect((await list()).body.success).toBe(true);
    const id = byPerms('role:list');
    const revoke = await save(admin, { roleId: delegRole, permissionIds: '', lastpermissionIds: id });
    expect(revoke.body.success).toBe(true);
    expect((await list()).body).toMatchObject({ success: false, code: 510 });
    await save(admin, { roleId: delegRole, permissionIds: id, lastpermissionIds: '' });
    expect((await list()).body.success).toBe(true);
  });

  it('removing the caller from the role takes its rights away on the next request', async () => {
    const tree = () => t.call('GET', '/sys/role/queryTreeList', { token: deleg });
    expect((await tree()).body.success).toBe(true);
    const users = await t.call('GET', '/sys/user/userRoleList', {
      token: admin,
      query: { roleId: delegRole },
    });
    const userId = users.body.result.records[0].id;
    const r = await t.call('DELETE', '/sys/user/deleteUserRole', {
      token: admin,
      query: { roleId: delegRole, userId },
    });
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await tree()).body).toMatchObject({ success: false, code: 510 });
  });
});
