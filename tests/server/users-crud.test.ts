import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysDepart, sysPosition, sysRole, sysUser } from '../../src/server/db/schema/index.ts';

let t: TestApp;
let admin: string;
/** role code → id, org code → depart id */
const role: Record<string, string> = {};
const depart: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const r of await t.database.db.select().from(sysRole)) role[r.roleCode] = r.id;
  for (const d of await t.database.db.select().from(sysDepart)) depart[d.orgCode] = d.id;
});
afterAll(async () => t?.close());

const PASSWORD = 'Passw0rd!';
const form = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  realname: `实名_${username}`,
  password: PASSWORD,
  confirmpassword: PASSWORD,
  ...extra,
});
const add = (body: unknown) => t.call('POST', '/sys/user/add', { token: admin, body });
const edit = (body: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  t.call(method, '/sys/user/edit', { token: admin, body });
type Q = Record<string, string>;
const get = (path: string, query: Q) => t.call('GET', path, { token: admin, query });
const userCount = async () => Number((await t.database.db.select({ n: count() }).from(sysUser))[0]!.n);

async function idOf(username: string): Promise<string> {
  const r = await get('/sys/user/list', { username });
  expect(r.body.result.records).toHaveLength(1);
  return r.body.result.records[0].id;
}
async function addOk(body: Record<string, unknown>): Promise<string> {
  const r = await add(body);
  expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
  return idOf(String(body.username));
}
const roleIdsOf = async (id: string) =>
  ((await get('/sys/user/queryUserRole', { userid: id })).body.result ?? []).sort();

describe('POST /sys/user/add', () => {
  it('adds a user with roles and departments who can then log in', async () => {
    const r = await add(
      form('zhang_san', {
        sex: 1,
        phone: '13912345678',
        email: 'zs@example.com',
        workNo: 'Z001',
        post: 'staff',
        birthday: '1990-05-06',
        telephone: '010-12345678',
        selectedroles: `${role.operator},${role.finance}`,
        selecteddeparts: `${depart.A01A02},${depart.A02A01},`,
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      message: '添加成功！',
      code: 200,
      result: '添加成功！',
      timestamp: expect.any(Number),
    });
    const id = await idOf('zhang_san');
    expect(id).toMatch(/^[0-9a-f]{32}$/);

    const byId = await get('/sys/user/queryById', { id });
    expect(byId.body).toMatchObject({ success: true, code: 200 });
    expect(byId.body.result).toMatchObject({
      id,
      username: 'zhang_san',
      realname: '实名_zhang_san',
      sex: 1,
      phone: '13912345678',
      email: 'zs@example.com',
      workNo: 'Z001',
      post: 'staff',
      birthday: '1990-05-06',
      telephone: '010-12345678',
      status: 1,
      delFlag: 0,
      orgCode: null,
      departIds: `${depart.A01A02},${depart.A02A01}`,
      createBy: 'admin',
    });
    expect(byId.body.result.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byId.body.result).not.toHaveProperty('password');
    expect(byId.body.result).not.toHaveProperty('salt');

    expect(await roleIdsOf(id)).toEqual([role.operator, role.finance].sort());
    const departs = await get('/sys/user/userDepartList', { userId: id });
    expect(departs.body.success).toBe(true);
    expect(departs.body.result).toHaveLength(2);
    expect(departs.body.result).toEqual(
      expect.arrayContaining([
        { key: depart.A01A02, value: depart.A01A02, title: '财务部', children: [] },
        { key: depart.A02A01, value: depart.A02A01, title: '客服组', children: [] },
      ]),
    );

    const login = await t.call('POST', '/sys/login', { body: { username: 'zhang_san', password: PASSWORD } });
    expect(login.body).toMatchObject({ success: true, message: '登录成功' });
    expect(login.body.result.userInfo).toMatchObject({ id, username: 'zhang_san' });
    expect(login.body.result.multi_depart).toBe(2);
    // the operator role it was given is effective: user:list is granted
    const list = await t.call('GET', '/sys/user/list', { token: login.body.result.token });
    expect(list.body).toMatchObject({ success: true, code: 0 });
  });

  it('adds a user without roles or departments', async () => {
    const id = await addOk(form('bare_user'));
    const roles = await get('/sys/user/queryUserRole', { userid: id });
    expect(roles.body).toMatchObject({ success: false, message: '未找到用户相关角色信息', result: null });
    const departs = await get('/sys/user/userDepartList', { userId: id });
    expect(departs.body).toMatchObject({ success: false, message: '查找失败' });
    expect(await t.login('bare_user', PASSWORD)).toBeTruthy();
  });

  it.each([
    [{ username: 'yunying' }, '用户账号已存在'],
    [{ username: 'dup_phone', phone: '13800000001' }, '手机号已存在'],
    [{ username: 'dup_email', email: 'yunying@example.com' }, '邮箱已存在'],
    [{ username: 'dup_workno', workNo: '00002' }, '工号已存在'],
  ])('refuses the taken value of %j with "%s"', async (fields, message) => {
    const before = await userCount();
    const r = await add(form(fields.username, fields));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, code: 500, message });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['no username', { username: undefined }, '请输入用户名'],
    ['an empty username', { username: '' }, '请输入用户名'],
    ['a blank username', { username: '   ' }, '请输入用户名'],
    ['a username with spaces', { username: 'bad name' }, '只允许字母、数字、下划线'],
    ['a username with symbols', { username: "x'--;" }, '只允许字母、数字、下划线'],
    ['a Chinese username', { username: '张三丰四五' }, '只允许字母、数字、下划线'],
    ['a 3-character username', { username: 'abc' }, '用户名长度必须在6到18个字符之间'],
    ['a 19-character username', { username: 'a'.repeat(19) }, '用户名长度必须在6到18个字符之间'],
    ['no password', { password: undefined, confirmpassword: undefined }, '请输入密码'],
    ['a short password', { password: '12345', confirmpassword: '12345' }, '最小长度6位字符'],
    ['a password mismatch', { confirmpassword: 'Other999' }, '两次输入的密码不一样！'],
    ['no realname', { realname: undefined }, '请输入用户名称'],
    ['a bad phone', { phone: '12345' }, '请输入正确手机号'],
    ['a phone starting with 12', { phone: '12812345678' }, '请输入正确手机号'],
    ['a bad email', { email: 'not-an-email' }, '邮箱格式不正确'],
    ['an email without domain', { email: 'a@' }, '邮箱格式不正确'],
    ['a bad landline', { telephone: 'abc' }, '请输入正确的座机号'],
    ['a bad birthday format', { birthday: '06/05/1990' }, '生日格式应为YYYY-MM-DD'],
  ] as Array<[string, Record<string, unknown>, string]>)('refuses %s', async (_label, fields, message) => {
    const before = await userCount();
    const r = await add({ ...form('valid_name'), ...fields });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, code: 500, message, result: null });
    expect(await userCount()).toBe(before);
  });

  it('refuses unknown role or department ids and creates nothing', async () => {
    const before = await userCount();
    for (const [fields, message] of [
      [{ selectedroles: 'f'.repeat(32) }, '所选角色不存在'],
      [{ selectedroles: `${role.admin},missing_role,` }, '所选角色不存在'],
      [{ selecteddeparts: 'nope' }, '所选部门不存在'],
      [{ selectedroles: role.admin, selecteddeparts: `${depart.A01},nope` }, '所选部门不存在'],
      [{ post: 'manager,no_such_post' }, '所选职务不存在'],
    ] as const) {
      const r = await add(form('link_check', fields));
      expect(r.body).toMatchObject({ success: false, message });
    }
    expect(await userCount()).toBe(before);
    const free = await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: 'link_check' } });
    expect(free.body.success).toBe(true);
  });

  it('accepts usernames of 4 to 18 characters (the spec quirk: its message says 6)', async () => {
    await addOk(form('abcd'));
    await addOk(form('b'.repeat(18)));
  });

  it.each([[{ birthday: '2024-02-30' }], [{ birthday: '2024-13-45' }], [{ activitiSync: 40000 }]])(
    'answers the out-of-range value %j as a business error, not HTTP 500',
    async (extra) => {
      const before = await userCount();
      const r = await add(form('odd_values', extra));
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(false);
      expect(await userCount()).toBe(before);
    },
  );

  it('answers a NUL character in a text field without HTTP 500', async () => {
    const r = await add(form('nul_char', { realname: 'a\u0000b' }));
    expect(r.status).toBe(200);
    expect(r.body.message).not.toContain('服务器内部错误');
  });

  it('answers two concurrent adds of the same username with one success and one business error', async () => {
    const [a, b] = await Promise.all([add(form('race_user')), add(form('race_user'))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.success, b.body.success].sort()).toEqual([false, true]);
    expect((await get('/sys/user/list', { username: 'race_user' })).body.result.total).toBe(1);
  });
});

describe('PUT|POST /sys/user/edit', () => {
  let id: string;
  beforeAll(async () => {
    id = await addOk(
      form('edit_me', {
        phone: '13700000001',
        selectedroles: role.operator,
        selecteddeparts: depart.A01A01,
      }),
    );
  });

  it('updates fields, ignores password and username, and keeps links when they are not sent', async () => {
    const r = await edit({
      id,
      username: 'hijacked',
      realname: '新名字',
      phone: '13700000001',
      email: 'edit_me@example.com',
      sex: 2,
      password: 'Hacked999',
    });
    expect(r.body).toEqual({
      success: true,
      message: '修改成功!',
      code: 200,
      result: '修改成功!',
      timestamp: expect.any(Number),
    });
    const u = (await get('/sys/user/queryById', { id })).body.result;
    expect(u).toMatchObject({
      username: 'edit_me',
      realname: '新名字',
      email: 'edit_me@example.com',
      sex: 2,
      departIds: depart.A01A01,
      updateBy: 'admin',
    });
    expect(await roleIdsOf(id)).toEqual([role.operator]);
    expect((await get('/sys/user/userDepartList', { userId: id })).body.result).toEqual([
      { key: depart.A01A01, value: depart.A01A01, title: '运营部', children: [] },
    ]);
    const hacked = await t.call('POST', '/sys/login', {
      body: { username: 'edit_me', password: 'Hacked999' },
    });
    expect(hacked.body).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(await t.login('edit_me', PASSWORD)).toBeTruthy();
    const hijacked = await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: 'hijacked' } });
    expect(hijacked.body.success).toBe(true);
  });

  it('replaces roles and departments when they are sent (POST too)', async () => {
    const r = await edit(
      {
        id,
        realname: '新名字',
        selectedroles: `${role.finance},${role.staff},`,
        selecteddeparts: depart.A02A01,
      },
      'POST',
    );
    expect(r.body).toMatchObject({ success: true, message: '修改成功!' });
    expect(await roleIdsOf(id)).toEqual([role.finance, role.staff].sort());
    expect((await get('/sys/user/userDepartList', { userId: id })).body.result).toEqual([
      { key: depart.A02A01, value: depart.A02A01, title: '客服组', children: [] },
    ]);
    expect((await get('/sys/user/queryById', { id })).body.result.departIds).toBe(depart.A02A01);

    expect((await edit({ id, realname: '新名字', selectedroles: '' })).body.success).toBe(true);
    const none = await get('/sys/user/queryUserRole', { userid: id });
    expect(none.body).toMatchObject({ success: false, message: '未找到用户相关角色信息' });
  });

  it.each([
    [{ id: 'f'.repeat(32), realname: 'x' }, '未找到对应实体'],
    [{ id: '', realname: 'x' }, '未找到对应实体'],
    [{ realname: 'x' }, '未找到对应实体'],
    [{ id: 'ID', realname: 'x', phone: '13800000001' }, '手机号已存在'],
    [{ id: 'ID', realname: 'x', email: 'admin@example.com' }, '邮箱已存在'],
    [{ id: 'ID', realname: 'x', workNo: '00001' }, '工号已存在'],
    [{ id: 'ID', realname: 'x', phone: '999' }, '请输入正确手机号'],
    [{ id: 'ID', realname: '' }, '请输入用户名称'],
    [{ id: 'ID', realname: 'x', selectedroles: 'no_such_role' }, '所选角色不存在'],
  ] as Array<[Record<string, unknown>, string]>)(
    'refuses %j with "%s" and changes nothing',
    async (body, message) => {
      const payload = { ...body, ...(body.id === 'ID' ? { id } : {}) };
      const before = (await get('/sys/user/queryById', { id })).body.result;
      const r = await edit(payload);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, message });
      expect((await get('/sys/user/queryById', { id })).body.result).toEqual(before);
    },
  );
});

describe('reads', () => {
  it('checks newly chosen 职务 codes; codes the user already holds stay valid after their position is gone', async () => {
    const id = await addOk(form('post_check', { post: 'manager,cashier' }));
    const stored = async () => (await get('/sys/user/queryById', { id })).body.result.post;
    expect(await stored()).toBe('manager,cashier');
    // a position the user holds is deleted elsewhere
    await t.database.db.insert(sysPosition).values({ id: 'tmp_pos', code: 'temp_post', name: '临时职务' });
    const realname = '职务用户';
    expect((await edit({ id, realname, post: 'manager,temp_post' })).body.success).toBe(true);
    await t.call('DELETE', '/sys/position/delete', { token: admin, query: { id: 'tmp_pos' } });
    expect((await edit({ id, realname, post: 'temp_post,staff' })).body.success).toBe(true);
    expect(await stored()).toBe('temp_post,staff');
    const refused = await edit({ id, realname, post: 'temp_post,staff,nope' });
    expect(refused.body).toMatchObject({ success: false, message: '所选职务不存在' });
    expect(await stored()).toBe('temp_post,staff');
  });

  it('queryById returns the user, or 未找到对应实体', async () => {
    const yunying = await idOf('yunying');
    const r = await get('/sys/user/queryById', { id: yunying });
    expect(r.body.result).toMatchObject({ id: yunying, username: 'yunying', realname: '李运营', sex: 2 });
    for (const query of [{ id: 'missing' }, {}] as Q[]) {
      expect((await get('/sys/user/queryById', query)).body).toMatchObject({
        success: false,
        message: '未找到对应实体',
      });
    }
  });

  it('queryUserRole answers role ids, or success:false without any', async () => {
    expect((await get('/sys/user/queryUserRole', { userid: await idOf('caiwu') })).body).toMatchObject({
      success: true,
      result: [role.finance],
    });
    for (const query of [{ userid: 'missing' }, {}] as Q[]) {
      expect((await get('/sys/user/queryUserRole', query)).body).toMatchObject({
        success: false,
        message: '未找到用户相关角色信息',
      });
    }
  });
});

describe('GET /sys/user/checkOnlyUser (anonymous)', () => {
  const check = (query: Q) => t.call('GET', '/sys/user/checkOnlyUser', { query });

  it('says a free value is free', async () => {
    for (const query of [
      { username: 'nobody_here' },
      { phone: '13999999999' },
      { email: 'free@x.com' },
    ] as Q[]) {
      const r = await check(query);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: true });
    }
  });

  it('says a taken value is taken', async () => {
    for (const query of [
      { username: 'admin' },
      { phone: '18611111111' },
      { email: 'caiwu@example.com' },
      { workNo: '00004' },
    ] as Q[]) {
      const r = await check(query);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, message: '用户账号已存在' });
    }
  });

  it("treats the user's own value as free when its id is given", async () => {
    const adminId = await idOf('admin');
    expect((await check({ username: 'admin', id: adminId })).body.success).toBe(true);
    expect((await check({ phone: '18611111111', id: adminId })).body.success).toBe(true);
    expect((await check({ phone: '18611111111', id: await idOf('yunying') })).body.success).toBe(false);
  });

  it('treats SQL-looking values as plain text', async () => {
    expect((await check({ username: "admin' OR '1'='1" })).body.success).toBe(true);
  });
});
