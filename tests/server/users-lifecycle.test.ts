import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysUser } from '../../src/server/db/schema/index.ts';

let t: TestApp;
let admin: string;
let adminId: string;
const id: Record<string, string> = {};
const PASSWORD = 'Passw0rd!';
const USERS = ['del_one', 'del_a', 'del_b', 'del_keep', 'frz_one', 'frz_two', 'pwd_one'];

const listed = async (username: string) =>
  (await t.call('GET', '/sys/user/list', { token: admin, query: { username } })).body.result.records;
const login = (username: string, password = PASSWORD) =>
  t.call('POST', '/sys/login', { body: { username, password } });
/** an endpoint every signed-in user may call: 200 with a live token, 401 otherwise */
const whoami = (token: string) => t.call('GET', '/sys/user/getCurrentUserDeparts', { token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  adminId = (await listed('admin'))[0].id;
  for (const username of USERS) {
    const body = { username, realname: username, password: PASSWORD, confirmpassword: PASSWORD };
    const r = await t.call('POST', '/sys/user/add', { token: admin, body });
    expect(r.body.success).toBe(true);
    id[username] = (await listed(username))[0].id;
  }
});
afterAll(async () => t?.close());

describe('DELETE /sys/user/delete and deleteBatch', () => {
  it('deletes logically: gone from reads, login says 该用户已注销, live token revoked', async () => {
    const token = await t.login('del_one', PASSWORD);
    expect((await whoami(token)).status).toBe(200);

    const r = await t.call('DELETE', '/sys/user/delete', { token: admin, query: { id: id.del_one! } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      message: '删除用户成功',
      code: 200,
      result: '删除用户成功',
      timestamp: expect.any(Number),
    });

    expect(await listed('del_one')).toEqual([]);
    const byId = await t.call('GET', '/sys/user/queryById', { token: admin, query: { id: id.del_one! } });
    expect(byId.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await login('del_one')).body).toMatchObject({ success: false, message: '该用户已注销' });
    const after = await whoami(token);
    expect(after.status).toBe(401);
    expect(after.body.message).toContain('Token失效');

    // the row is kept (logical delete) and its name stays taken
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.id, id.del_one!));
    expect(row).toMatchObject({ delFlag: 1, updateBy: 'admin' });
    const check = await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: 'del_one' } });
    expect(check.body).toMatchObject({ success: false, message: '用户账号已存在' });
    const edit = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: id.del_one, realname: 'back' },
    });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('deletes a batch given as "a,b," and leaves everyone else alone', async () => {
    const tokenA = await t.login('del_a', PASSWORD);
    const tokenKeep = await t.login('del_keep', PASSWORD);
    const r = await t.call('DELETE', '/sys/user/deleteBatch', {
      token: admin,
      query: { ids: `${id.del_a},${id.del_b},` },
    });
    expect(r.body).toMatchObject({ success: true, code: 200, message: '批量删除用户成功' });
    expect(await listed('del_a')).toEqual([]);
    expect(await listed('del_b')).toEqual([]);
    expect((await login('del_b')).body.message).toBe('该用户已注销');
    expect((await whoami(tokenA)).status).toBe(401);
    expect(await listed('del_keep')).toHaveLength(1);
    expect((await whoami(tokenKeep)).status).toBe(200);
  });

  it.each([
    ['/sys/user/delete', {}],
    ['/sys/user/delete', { id: '' }],
    ['/sys/user/deleteBatch', {}],
    ['/sys/user/deleteBatch', { ids: ',' }],
    ['/sys/user/deleteBatch', { ids: ' , ,' }],
  ])('%s with %j answers 请选择一条记录！', async (path, query) => {
    const r = await t.call('DELETE', path, { token: admin, query });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, code: 500, message: '请选择一条记录！' });
  });

  it('refuses to delete the caller, alone or within a batch, and deletes nothing', async () => {
    const one = await t.call('DELETE', '/sys/user/delete', { token: admin, query: { id: adminId } });
    expect(one.body).toMatchObject({ success: false, message: '不能删除当前登录用户' });
    const batch = await t.call('DELETE', '/sys/user/deleteBatch', {
      token: admin,
      query: { ids: `${id.del_keep},${adminId},` },
    });
    expect(batch.body).toMatchObject({ success: false, message: '不能删除当前登录用户' });
    expect(await listed('del_keep')).toHaveLength(1);
    expect(await listed('admin')).toHaveLength(1);
    expect((await whoami(admin)).status).toBe(200);
  });
});

describe('PUT /sys/user/frozenBatch', () => {
  it('freezes (status 2): login says 该用户已冻结 and the live token gets 401', async () => {
    const token = await t.login('frz_one', PASSWORD);
    const r = await t.call('PUT', '/sys/user/frozenBatch', {
      token: admin,
      body: { ids: `${id.frz_one},${id.frz_two},`, status: '2' },
    });
    expect(r.body).toEqual({
      success: true,
      message: '操作成功!',
      code: 200,
      result: '操作成功!',
      timestamp: expect.any(Number),
    });
    const [u] = await listed('frz_one');
    expect(u).toMatchObject({ status: 2, status_dictText: '冻结', delFlag: 0 });
    expect((await listed('frz_two'))[0]).toMatchObject({ status: 2 });
    expect((await login('frz_one')).body).toMatchObject({ success: false, message: '该用户已冻结' });
    expect((await whoami(token)).status).toBe(401);
  });

  it('unfreezes (status 1) so the user can log in again', async () => {
    const r = await t.call('PUT', '/sys/user/frozenBatch', {
      token: admin,
      body: { ids: id.frz_one, status: 1 },
    });
    expect(r.body).toMatchObject({ success: true, message: '操作成功!' });
    expect((await listed('frz_one'))[0]).toMatchObject({ status: 1, status_dictText: '正常' });
    expect((await listed('frz_two'))[0]).toMatchObject({ status: 2 });
    const again = await login('frz_one');
    expect(again.body).toMatchObject({ success: true });
    expect((await whoami(again.body.result.token)).status).toBe(200);
  });

  it('does not resurrect a deleted user', async () => {
    await t.call('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: id.del_one, status: 1 } });
    expect((await login('del_one')).body.message).toBe('该用户已注销');
  });

  it.each([
    [{ ids: '', status: '2' }, '请选择一条记录！'],
    [{ ids: ',', status: '2' }, '请选择一条记录！'],
    [{ status: '2' }, '请选择一条记录！'],
    [{ ids: 'X', status: '3' }, '状态取值无效'],
    [{ ids: 'X', status: 'abc' }, '状态取值无效'],
  ] as Array<[Record<string, unknown>, string]>)('refuses %j with "%s"', async (body, message) => {
    const payload = { ...body, ...(body.ids === 'X' ? { ids: id.frz_one } : {}) };
    const r = await t.call('PUT', '/sys/user/frozenBatch', { token: admin, body: payload });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, message });
    expect((await listed('frz_one'))[0].status).toBe(1);
  });

  it('refuses to freeze the caller', async () => {
    const r = await t.call('PUT', '/sys/user/frozenBatch', {
      token: admin,
      body: { ids: `${id.frz_one},${adminId}`, status: '2' },
    });
    expect(r.body).toMatchObject({ success: false, message: '不能冻结当前登录用户' });
    expect((await listed('admin'))[0].status).toBe(1);
    expect((await listed('frz_one'))[0].status).toBe(1);
    expect((await whoami(admin)).status).toBe(200);
  });
});

describe('PUT /sys/user/changePassword (admin reset)', () => {
  it('sets a new password and revokes the tokens of that user only', async () => {
    const token = await t.login('pwd_one', PASSWORD);
    const other = await t.login('del_keep', PASSWORD);
    const r = await t.call('PUT', '/sys/user/changePassword', {
      token: admin,
      body: { username: 'pwd_one', password: 'N3wSecret', confirmpassword: 'N3wSecret' },
    });
    expect(r.body).toEqual({
      success: true,
      message: '密码修改成功!',
      code: 200,
      result: '密码修改成功!',
      timestamp: expect.any(Number),
    });
    expect((await whoami(token)).status).toBe(401);
    expect((await whoami(other)).status).toBe(200);
    expect((await whoami(admin)).status).toBe(200);
    expect((await login('pwd_one')).body).toMatchObject({ success: false, message: '用户名或密码错误' });
    const reset = (await login('pwd_one', 'N3wSecret')).body;
    // the administrator knows this password: its owner must replace it before doing anything else
    expect(reset).toMatchObject({ success: true, result: { mustChangePassword: true } });
    expect((await whoami(reset.result.token)).status).toBe(403);
    expect(
      (
        await t.call('PUT', '/sys/user/updatePassword', {
          token: reset.result.token,
          body: { oldpassword: 'N3wSecret', password: 'Mine-2026', confirmpassword: 'Mine-2026' },
        })
      ).body,
    ).toMatchObject({ success: true });
    const own = (await login('pwd_one', 'Mine-2026')).body;
    expect(own).toMatchObject({ success: true, result: { mustChangePassword: false } });
    expect((await whoami(own.result.token)).status).toBe(200);
  });

  it.each([
    [{ username: 'pwd_one', password: 'Abcdef12', confirmpassword: 'Abcdef13' }, '两次输入的密码不一样！'],
    [{ username: 'pwd_one', password: '12345', confirmpassword: '12345' }, '最小长度6位字符'],
    [{ username: 'pwd_one', password: 'Abcdef12' }, '请确认新密码!'],
    [{ username: 'pwd_one' }, '请输入密码'],
    [{ password: 'Abcdef12', confirmpassword: 'Abcdef12' }, '请输入用户名'],
    [{ username: 'no_such_user', password: 'Abcdef12', confirmpassword: 'Abcdef12' }, '用户不存在'],
    [{ username: 'del_one', password: 'Abcdef12', confirmpassword: 'Abcdef12' }, '用户不存在'],
  ])('refuses %j with "%s" and keeps the password', async (body, message) => {
    const r = await t.call('PUT', '/sys/user/changePassword', { token: admin, body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, message });
    expect((await login('pwd_one', 'Mine-2026')).body.success).toBe(true);
  });
});
