import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../../support/tenant-users.ts';
import { sysRole, sysUser } from '../../../src/server/db/schema/index.ts';

let t: TestApp;
let admin: string;
let role: string;
const userId = async (username: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
const members = async (query: Record<string, string> = {}) =>
  (await t.call('GET', '/sys/user/userRoleList', { token: admin, query: { roleId: role, ...query } })).body;
const names = (body: { result: { records: Array<{ username: string }> } }) =>
  body.result.records.map((u) => u.username).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await t.call('POST', '/sys/role/add', { token: admin, body: { roleCode: 'crew', roleName: '班组' } });
  role = (await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'crew')))[0]!.id;
});
afterAll(async () => t?.close());

describe('the users of a role', () => {
  it('adds users by id or username (twice is harmless) and lists them, paged and filtered', async () => {
    expect(names(await members())).toEqual([]);
    const add = await t.call('POST', '/sys/user/addSysUserRole', {
      token: admin,
      body: { roleId: role, userIdList: [await userId('yunying'), 'caiwu'] },
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功!' });
    const again = await t.call('POST', '/sys/user/addSysUserRole', {
      token: admin,
      body: { roleId: role, userIdList: ['caiwu', 'yuangong'] },
    });
    expect(again.body.success).toBe(true);
    expect(names(await members())).toEqual(['caiwu', 'yuangong', 'yunying']);
    expect(names(await members({ username: 'yun' }))).toEqual(['yunying']);
    const page = await members({ pageNo: '2', pageSize: '2' });
    expect(page.result).toMatchObject({ total: 3, current: 2 });
    expect(page.result.records).toHaveLength(1);
    expect(page.result.records[0]).toHaveProperty('realname');
    expect(page.result.records[0]).not.toHaveProperty('password');
  });

  it.each([
    [{ userIdList: ['caiwu'] }, '请选择角色'],
    [{ roleId: 'nope', userIdList: ['caiwu'] }, '角色不存在'],
    [{ roleId: 'ROLE', userIdList: [] }, '请选择用户'],
    [{ roleId: 'ROLE', userIdList: ['caiwu', 'ghost_user'] }, '用户不存在：ghost_user'],
  ])('addSysUserRole refuses %j with "%s"', async (body, message) => {
    const b = { ...body, ...('roleId' in body && body.roleId === 'ROLE' ? { roleId: role } : {}) };
    const r = await t.call('POST', '/sys/user/addSysUserRole', { token: admin, body: b });
    expect(r.body).toMatchObject({ success: false, message });
    expect(names(await members())).toEqual(['caiwu', 'yuangong', 'yunying']);
  });

  it('takes one user, then several, out of the role', async () => {
    const one = await t.call('DELETE', '/sys/user/deleteUserRole', {
      token: admin,
      query: { roleId: role, userId: await userId('caiwu') },
    });
    expect(one.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(names(await members())).toEqual(['yuangong', 'yunying']);
    const ids = `${await userId('yuangong')},${await userId('yunying')}`;
    const many = await t.call('DELETE', '/sys/user/deleteUserRoleBatch', {
      token: admin,
      query: { roleId: role, userIds: ids },
    });
    expect(many.body.success).toBe(true);
    expect(names(await members())).toEqual([]);
    // the users themselves are still there
    expect(await userId('yunying')).toBeTruthy();
  });

  it('refuses lists and removals without a role or users', async () => {
    const list = await t.call('GET', '/sys/user/userRoleList', { token: admin });
    expect(list.body).toMatchObject({ success: false, message: '请选择角色' });
    const none = await t.call('DELETE', '/sys/user/deleteUserRoleBatch', {
      token: admin,
      query: { roleId: role },
    });
    expect(none.body).toMatchObject({ success: false, message: '请选择一条记录！' });
    const unknown = await t.call('DELETE', '/sys/user/deleteUserRole', {
      token: admin,
      query: { roleId: 'nope', userId: 'x' },
    });
    expect(unknown.body).toMatchObject({ success: false, message: '角色不存在' });
  });
});

describe('the users of a role across tenants', () => {
  it('lists, adds and removes only users of the tenants the caller reaches', async () => {
    await t.call('POST', '/sys/tenant/add', { token: admin, body: { name: '城西租户', status: 1 } });
    const everything = await roleWithout(t, 'tenant_staff');
    await addUser(t, admin, 'hq_boss', { roleId: everything, tenants: '1', phone: '13700000011' });
    const hqMember = await addUser(t, admin, 'hq_member', { tenants: '1', phone: '13700000012' });
    const westMember = await addUser(t, admin, 'west_member', { tenants: '2', phone: '13700000013' });
    const both = await t.call('POST', '/sys/user/addSysUserRole', {
      token: admin,
      body: { roleId: role, userIdList: [hqMember, westMember] },
    });
    expect(both.body.success).toBe(true);
    const hq = await loginAdded(t, 'hq_boss');
    const listed = await t.call('GET', '/sys/user/userRoleList', { token: hq, query: { roleId: role } });
    expect(names(listed.body)).toEqual(['hq_member']);
    const add = await t.call('POST', '/sys/user/addSysUserRole', {
      token: hq,
      body: { roleId: role, userIdList: ['west_member'] },
    });
    expect(add.body).toMatchObject({ success: false, message: '用户不存在：west_member' });
    await t.call('DELETE', '/sys/user/deleteUserRoleBatch', {
      token: hq,
      query: { roleId: role, userIds: `${hqMember},${westMember}` },
    });
    // the administrator still sees the member of the other tenant
    expect(names(await members())).toEqual(['west_member']);
  });
});
