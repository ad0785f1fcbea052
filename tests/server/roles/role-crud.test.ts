import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { sysRole, sysRolePermission, sysUserRole } from '../../../src/server/db/schema/index.ts';

let t: TestApp;
let admin: string;
let staff: string;
const NO_AUTH = { success: false, code: 510 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staff = await t.login('yuangong');
});
afterAll(async () => t?.close());

const add = (body: unknown, token = admin) => t.call('POST', '/sys/role/add', { token, body });
const roleOf = async (code: string) =>
  (await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, code)))[0];

describe('role list, add, edit', () => {
  it('adds a role stamped with its creator, and lists it by roleName and roleCode', async () => {
    const r = await add({ roleName: '客服主管', roleCode: 'kefu_lead', description: '管理客服' });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await roleOf('kefu_lead')).toMatchObject({ roleName: '客服主管', createBy: 'admin' });
    const byName = await t.call('GET', '/sys/role/list', { token: admin, query: { roleName: '*客服*' } });
    expect(byName.body.result.records.map((x: { roleCode: string }) => x.roleCode)).toEqual(['kefu_lead']);
    const byCode = await t.call('GET', '/sys/role/list', { token: admin, query: { roleCode: 'kefu_lead' } });
    expect(byCode.body.result).toMatchObject({ total: 1, records: [{ roleName: '客服主管' }] });
    const all = await t.call('GET', '/sys/role/list', { token: admin, query: { pageSize: '50' } });
    expect(all.body.result.total).toBeGreaterThanOrEqual(5);
  });

  it.each([
    [{ roleCode: 'r_x' }, '请输入角色名称!'],
    [{ roleName: '甲', roleCode: 'r_x' }, '长度在 2 到 30 个字符'],
    [{ roleName: '某角色' }, '请输入角色编码!'],
    [{ roleName: '某角色', roleCode: '1abc' }, '角色编码须以字母开头，只允许字母、数字、下划线'],
    [{ roleName: '某角色', roleCode: 'a-b' }, '角色编码须以字母开头，只允许字母、数字、下划线'],
    [{ roleName: '某角色', roleCode: 'admin' }, '角色编码已存在'],
  ])('refuses %j with "%s"', async (body, message) => {
    expect((await add(body)).body).toMatchObject({ success: false, message });
  });

  it('queryById answers the role; edit changes name and description but never the code', async () => {
    const role = (await roleOf('kefu_lead'))!;
    const got = await t.call('GET', '/sys/role/queryById', { token: admin, query: { id: role.id } });
    expect(got.body.result).toMatchObject({ id: role.id, roleCode: 'kefu_lead', roleName: '客服主管' });
    const edit = await t.call('PUT', '/sys/role/edit', {
      token: admin,
      body: { id: role.id, roleName: '客服经理', roleCode: 'kefu_lead', description: '' },
    });
    expect(edit.body).toMatchObject({ success: true, message: '修改成功!' });
    expect(await roleOf('kefu_lead')).toMatchObject({
      roleName: '客服经理',
      description: null,
      updateBy: 'admin',
    });
    const rename = await t.call('PUT', '/sys/role/edit', {
      token: admin,
      body: { id: role.id, roleCode: 'admin2' },
    });
    expect(rename.body).toMatchObject({ success: false, message: '角色编码保存后不能修改' });
    const missing = await t.call('GET', '/sys/role/queryById', { token: admin, query: { id: 'nope' } });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('checkRoleCode tells a taken code from a free one, the role itself excepted', async () => {
    const role = (await roleOf('kefu_lead'))!;
    const check = (query: Record<string, string>) =>
      t.call('GET', '/sys/role/checkRoleCode', { token: admin, query });
    expect((await check({ roleCode: 'kefu_lead' })).body).toMatchObject({
      success: false,
      message: '角色编码已存在',
    });
    expect((await check({ roleCode: 'kefu_lead', id: role.id })).body).toMatchObject({ success: true });
    expect((await check({ roleCode: 'free_code' })).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect((await check({})).body).toMatchObject({ success: false, message: '请输入角色编码!' });
  });

  it('queryall keeps answering every role for the user form', async () => {
    const r = await t.call('GET', '/sys/role/queryall', { token: admin });
    expect(r.body.result.map((x: { roleCode: string }) => x.roleCode)).toContain('kefu_lead');
  });
});

describe('role delete', () => {
  it('removes the role with its user links and grants in one go', async () => {
    await add({ roleName: '临时角色', roleCode: 'temp_role' });
    const role = (await roleOf('temp_role'))!;
    const tree = await t.call('GET', '/sys/role/queryTreeList', { token: admin });
    const someId = tree.body.result.ids[0];
    await t.call('POST', '/sys/permission/saveRolePermission', {
      token: admin,
      body: { roleId: role.id, permissionIds: someId, lastpermissionIds: '' },
    });
    await t.call('POST', '/sys/user/addSysUserRole', {
      token: admin,
      body: { roleId: role.id, userIdList: ['yuangong'] },
    });
    const db = t.database.db;
    expect(await db.select().from(sysUserRole).where(eq(sysUserRole.roleId, role.id))).toHaveLength(1);
    const r = await t.call('DELETE', '/sys/role/delete', { token: admin, query: { id: role.id } });
    expect(r.body).toMatchObject({ success: true, message: '删除角色成功' });
    expect(await roleOf('temp_role')).toBeUndefined();
    expect(await db.select().from(sysUserRole).where(eq(sysUserRole.roleId, role.id))).toEqual([]);
    expect(await db.select().from(sysRolePermission).where(eq(sysRolePermission.roleId, role.id))).toEqual(
      [],
    );
  });

  it('deleteBatch is all or nothing, and never takes the admin role', async () => {
    await add({ roleName: '甲角色', roleCode: 'batch_a' });
    await add({ roleName: '乙角色', roleCode: 'batch_b' });
    const a = (await roleOf('batch_a'))!;
    const b = (await roleOf('batch_b'))!;
    const adminRole = (await roleOf('admin'))!;
    const withAdmin = await t.call('DELETE', '/sys/role/deleteBatch', {
      token: admin,
      query: { ids: `${a.id},${adminRole.id}` },
    });
    expect(withAdmin.body).toMatchObject({ success: false, message: '不能删除管理员角色（admin）' });
    const withUnknown = await t.call('DELETE', '/sys/role/deleteBatch', {
      token: admin,
      query: { ids: `${a.id},unknown_id` },
    });
    expect(withUnknown.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await roleOf('batch_a')).toBeDefined();
    const ok = await t.call('DELETE', '/sys/role/deleteBatch', {
      token: admin,
      query: { ids: `${a.id},${b.id},` },
    });
    expect(ok.body).toMatchObject({ success: true, message: '删除角色成功!' });
    expect(await roleOf('batch_a')).toBeUndefined();
    expect(await roleOf('batch_b')).toBeUndefined();
    const none = await t.call('DELETE', '/sys/role/delete', { token: admin, query: {} });
    expect(none.body).toMatchObject({ success: false, message: '请选择一条记录！' });
  });
});

describe('without the role permissions', () => {
  it.each([
    ['GET', '/sys/role/list', {}],
    ['GET', '/sys/role/queryById', { id: 'x' }],
    ['POST', '/sys/role/add', {}],
    ['PUT', '/sys/role/edit', {}],
    ['DELETE', '/sys/role/delete', { id: 'x' }],
    ['DELETE', '/sys/role/deleteBatch', { ids: 'x' }],
    ['GET', '/sys/role/checkRoleCode', { roleCode: 'x' }],
    ['GET', '/sys/role/queryTreeList', {}],
    ['GET', '/sys/permission/queryRolePermission', { roleId: 'x' }],
    ['POST', '/sys/permission/saveRolePermission', {}],
    ['GET', '/sys/user/userRoleList', { roleId: 'x' }],
    ['POST', '/sys/user/addSysUserRole', {}],
    ['DELETE', '/sys/user/deleteUserRole', { roleId: 'x', userId: 'y' }],
    ['DELETE', '/sys/user/deleteUserRoleBatch', { roleId: 'x', userIds: 'y' }],
  ] as const)('%s %s is refused with 510', async (method, path, query) => {
    const r = await t.call(method, path, {
      token: staff,
      query: { ...query },
      ...(method === 'POST' || method === 'PUT' ? { body: { roleName: '越权', roleCode: 'sneaky' } } : {}),
    });
    expect(r.body).toMatchObject(NO_AUTH);
    expect(await roleOf('sneaky')).toBeUndefined();
  });
});
