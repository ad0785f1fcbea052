import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { sysUser, sysUserPref, sysUserRole } from '../../../src/server/db/schema/index.ts';

let t: TestApp;
let admin: string;
let staff: string;
const id: Record<string, string> = {};
const PASSWORD = 'Passw0rd!';
const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

const bin = async (token = admin) => t.call('GET', '/sys/user/recycleBin', { token });
const binned = async () => (await bin()).body.result.map((u: { username: string }) => u.username).sort();
const listed = async (username: string) =>
  (await t.call('GET', '/sys/user/list', { token: admin, query: { username } })).body.result.records;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const roles = (await t.call('GET', '/sys/role/queryall', { token: admin })).body.result;
  for (const username of ['bin_a', 'bin_b', 'bin_c', 'bin_staff']) {
    const body = {
      username,
      realname: username,
      password: PASSWORD,
      confirmpassword: PASSWORD,
      selectedroles: username === 'bin_a' ? roles[0].id : '',
    };
    expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
    id[username] = (await listed(username))[0].id;
  }
  staff = await t.login('bin_staff', PASSWORD);
  const del = await t.call('DELETE', '/sys/user/deleteBatch', {
    token: admin,
    query: { ids: `${id.bin_a},${id.bin_b},${id.bin_c},` },
  });
  expect(del.body.success).toBe(true);
});
afterAll(async () => t?.close());

describe('GET /sys/user/recycleBin', () => {
  it('lists the logically deleted users, without passwords', async () => {
    const r = await bin();
    expect(r.body).toMatchObject({ success: true });
    expect(await binned()).toEqual(['bin_a', 'bin_b', 'bin_c']);
    expect(r.raw.body).not.toMatch(/password|salt|argon2/i);
    expect(r.body.result[0]).toMatchObject({ delFlag: 1 });
  });

  it('is refused without the permission', async () => {
    expect((await bin(staff)).body).toMatchObject(NO_AUTH);
  });
});

describe('PUT /sys/user/putRecycleBin', () => {
  it('restores users: back in the list, able to sign in', async () => {
    const r = await t.call('PUT', '/sys/user/putRecycleBin', { token: admin, body: { userIds: id.bin_a } });
    expect(r.body).toMatchObject({ success: true, message: '还原成功' });
    expect(await binned()).toEqual(['bin_b', 'bin_c']);
    expect(await listed('bin_a')).toHaveLength(1);
    expect(await t.login('bin_a', PASSWORD)).toBeTruthy();
  });

  it('refuses bad input: nothing selected, a live user, an unknown id', async () => {
    const put = (userIds: unknown) =>
      t.call('PUT', '/sys/user/putRecycleBin', { token: admin, body: { userIds } });
    expect((await put('')).body).toMatchObject({ success: false, message: '请选择一条记录！' });
    expect((await put(id.bin_staff)).body).toMatchObject({ success: false, message: '所选用户不在回收站中' });
    expect((await put('f'.repeat(32))).body).toMatchObject({ success: false });
    expect(await binned()).toEqual(['bin_b', 'bin_c']);
  });

  it('is refused without the permission', async () => {
    const r = await t.call('PUT', '/sys/user/putRecycleBin', { token: staff, body: { userIds: id.bin_b } });
    expect(r.body).toMatchObject(NO_AUTH);
    expect(await binned()).toEqual(['bin_b', 'bin_c']);
  });
});

describe('DELETE /sys/user/deleteRecycleBin', () => {
  it('is refused without the permission', async () => {
    const r = await t.call('DELETE', '/sys/user/deleteRecycleBin', {
      token: staff,
      query: { userIds: id.bin_b! },
    });
    expect(r.body).toMatchObject(NO_AUTH);
  });

  it('never purges a live user', async () => {
    const r = await t.call('DELETE', '/sys/user/deleteRecycleBin', {
      token: admin,
      query: { userIds: `${id.bin_b},${id.bin_a}` },
    });
    expect(r.body).toMatchObject({ success: false, message: '所选用户不在回收站中' });
    expect(await binned()).toEqual(['bin_b', 'bin_c']);
  });

  it('deletes for good, with the links', async () => {
    // bin_a kept preferences of its own (账户设置)
    await t.database.db.insert(sysUserPref).values({ userId: id.bin_a!, ui: { theme: 'dark' } });
    await t.call('DELETE', '/sys/user/delete', { token: admin, query: { id: id.bin_a! } });
    const r = await t.call('DELETE', '/sys/user/deleteRecycleBin', {
      token: admin,
      query: { userIds: `${id.bin_a},${id.bin_b},` },
    });
    expect(r.body).toMatchObject({ success: true, message: '删除成功' });
    expect(await binned()).toEqual(['bin_c']);
    const db = t.database.db;
    expect(await db.select().from(sysUser).where(eq(sysUser.id, id.bin_a!))).toEqual([]);
    expect(await db.select().from(sysUserRole).where(eq(sysUserRole.userId, id.bin_a!))).toEqual([]);
    expect(await db.select().from(sysUserPref).where(eq(sysUserPref.userId, id.bin_a!))).toEqual([]);
    // the name is free again
    const free = await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: 'bin_a' } });
    expect(free.body.success).toBe(true);
  });
});
