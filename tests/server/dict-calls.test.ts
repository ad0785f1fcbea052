import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/** getDictItems, getDictText, loadTreeData and the duplicate check (jeecg-api.md §6.5, §6.12). */
let t: TestApp;
const token: Record<string, string> = {};
const NO_AUTH = { success: false, code: 510 };
const SENSITIVE = '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!';

beforeAll(async () => {
  t = await createTestApp();
  token.admin = await t.login('admin');
  const body = { username: 'no_role', realname: '无角色', password: '123456' };
  expect((await t.call('POST', '/sys/user/add', { token: token.admin, body })).body.success).toBe(true);
  for (const u of ['yuangong', 'no_role']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

const get = (path: string, query: Record<string, string> = {}, who = 'admin') =>
  t.call('GET', path, { token: token[who], query });
const items = (dict: string, who = 'admin') =>
  get(`/sys/dict/getDictItems/${encodeURIComponent(dict)}`, {}, who);

describe('GET /sys/dict/getDictItems/{dict}', () => {
  it('answers every item of a code in sort order, disabled ones too', async () => {
    const sex = await items('sex', 'no_role');
    expect(sex.body).toMatchObject({ success: true });
    expect(sex.body.result).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    const dicts = await get('/sys/dict/list', { dictCode: 'sex' });
    const dictId = dicts.body.result.records[0].id as string;
    const list = await get('/sys/dictItem/list', { dictId });
    const female = list.body.result.records.find((i: { itemValue: string }) => i.itemValue === '2');
    const off = await t.call('PUT', '/sys/dictItem/edit', {
      token: token.admin,
      body: { ...female, status: 0 },
    });
    expect(off.body.success).toBe(true);
    expect((await items('sex')).body.result.map((i: { value: string }) => i.value)).toEqual(['1', '2']);
    // the async select's search only offers enabled ones
    const load = await get('/sys/dict/loadDict/sex');
    expect(load.body.result.map((i: { value: string }) => i.value)).toEqual(['1']);
  });

  it('answers a table dictionary through the allow-list', async () => {
    const r = await items('sys_depart,depart_name,id');
    expect(r.body.success).toBe(true);
    expect(r.body.result.map((i: { text: string }) => i.text)).toContain('财务部');
    // the camelCase key names the same column
    const users = await items('sys_user,realname,username');
    expect(users.body.result).toContainEqual({
      value: 'caiwu',
      text: '王财务',
      title: '王财务',
      label: '王财务',
    });
    expect((await items('sys_user,realname,workNo')).body.success).toBe(true);
  });

  it('refuses an empty or malformed code', async () => {
    expect((await items(' ')).body).toMatchObject({ success: false, message: '字典Code不能为空!' });
    expect((await items("sex' or '1'='1")).body).toMatchObject({
      success: false,
      message: '字典Code格式不正确！',
    });
    expect((await items('sys_user,realname,username,1=1')).body).toMatchObject({
      success: false,
      message: '字典Code格式不正确！',
    });
  });

  it('refuses hostile tables and columns and never reaches secret columns', async () => {
    for (const [dict, message] of [
      ['pg_user,usename,usesysid', '字典表 pg_user 不允许查询！'],
      ['sys_user;drop table sys_user,realname,id', '字典表 sys_user;drop table sys_user 不允许查询！'],
      ['information_schema.tables,table_name,table_name', '字典表 information_schema.tables 不允许查询！'],
      [
        'sys_user,(select password from sys_user limit 1),id',
        '字典表 sys_user 的字段 (select password from sys_user limit 1) 不允许查询！',
      ],
      ['sys_user,__proto__,id', '字典表 sys_user 的字段 __proto__ 不允许查询！'],
      ['sys_user,password,id', SENSITIVE],
      ['sys_user,realname,"Salt"', SENSITIVE],
      ['sys_user_token,token,id', '字典表 sys_user_token 不允许查询！'],
    ] as const) {
      const r = await items(dict);
      expect(r.body, dict).toMatchObject({ success: false, message });
      expect(JSON.stringify(r.body)).not.toMatch(/\$argon2|password"/);
    }
  });

  it('needs the table read permission', async () => {
    expect((await items('sys_depart,depart_name,id', 'yuangong')).body).toMatchObject(NO_AUTH);
    expect((await items('sys_user,realname,id', 'no_role')).body).toMatchObject(NO_AUTH);
    expect((await items('sys_user,realname,id', 'yuangong')).body.success).toBe(true);
  });
});

describe('GET /sys/dict/getDictText/{dict}/{key}', () => {
  it('translates a value, empty when unknown', async () => {
    expect((await get('/sys/dict/getDictText/sex/1')).body).toMatchObject({ success: true, result: '男' });
    expect((await get('/sys/dict/getDictText/sex/9')).body).toMatchObject({ success: true, result: '' });
    expect((await get('/sys/dict/getDictText/sys_user,realname,username/caiwu')).body.result).toBe('王财务');
    expect((await get('/sys/dict/getDictText/sys_user,password,username/admin')).body).toMatchObject({
      success: false,
      message: SENSITIVE,
    });
  });
});

describe('GET /sys/dict/loadTreeData', () => {
  const tree = (query: Record<string, string>, who = 'admin') =>
    get(
      '/sys/dict/loadTreeData',
      { tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id', ...query },
      who,
    );

  it('answers one level as TreeSelectModel, leaves marked', async () => {
    const roots = await tree({ pid: '0' });
    expect(roots.body.success).toBe(true);
    const titles = roots.body.result.map((n: { title: string }) => n.title).sort();
    expect(titles).toEqual(['城东服务站', '悦到家健康服务有限公司']);
    const company = roots.body.result.find((n: { title: string }) => n.title === '悦到家健康服务有限公司');
    expect(company).toMatchObject({ key: company.value, leaf: false, parentId: '0' });
    const children = await tree({ pid: company.value });
    const byTitle = Object.fromEntries(
      children.body.result.map((n: { title: string; leaf: boolean }) => [n.title, n.leaf]),
    );
    expect(byTitle).toEqual({ 运营部: true, 财务部: true, 技师管理部: false });
  });

  it('filters by a JSON condition, and refuses anything else with the JTreeSelect message', async () => {
    const r = await tree({ pid: '0', condition: JSON.stringify({ depart_name: '城东服务站' }) });
    expect(r.body.result.map((n: { title: string }) => n.title)).toEqual(['城东服务站']);
    for (const condition of ['depart_name=1', '[1]', '{"depart_name":{"$ne":1}}']) {
      const bad = await tree({ pid: '0', condition });
      expect(bad.body, condition).toMatchObject({
        success: false,
        message: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
      });
    }
    const hostile = await tree({ pid: '0', condition: JSON.stringify({ '1=1 or depart_name': 'x' }) });
    expect(hostile.body).toMatchObject({
      success: false,
      message: '字典表 sys_depart 的字段 1=1 or depart_name 不允许查询！',
    });
  });

  it('refuses unlisted tables, secret columns and readers without the permission', async () => {
    expect((await tree({ tableName: 'sys_role_permission' })).body).toMatchObject({
      success: false,
      message: '字典表 sys_role_permission 不允许查询！',
    });
    expect(
      (await tree({ tableName: 'sys_user', text: 'salt', code: 'id', pidField: 'id' })).body,
    ).toMatchObject({
      success: false,
      message: SENSITIVE,
    });
    expect((await tree({}, 'yuangong')).body).toMatchObject(NO_AUTH);
  });
});

describe('GET /sys/duplicate/check', () => {
  const check = (query: Record<string, string>, who = 'admin') => get('/sys/duplicate/check', query, who);

  it('tells a free value from a taken one, the edited row excluded', async () => {
    const taken = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'caiwu' });
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const free = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody_here' });
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    const me = await get('/sys/user/list', { username: 'caiwu' });
    const dataId = me.body.result.records[0].id as string;
    const own = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'caiwu', dataId });
    expect(own.body).toMatchObject({ success: true, message: '该值可用！' });
    const camel = await check({ tableName: 'sys_user', fieldName: 'workNo', fieldVal: 'nobody' });
    expect(camel.body.success).toBe(true);
  });

  it('checks resource tables by their declared fields', async () => {
    const positions = await get('/sys/position/list');
    const code = positions.body.result.records[0].code as string;
    expect((await check({ tableName: 'sys_position', fieldName: 'code', fieldVal: code })).body.success).toBe(
      false,
    );
    expect(
      (await check({ tableName: 'sys_position', fieldName: 'code', fieldVal: `${code}_x` })).body.success,
    ).toBe(true);
    // an integer column takes any text without a database error
    const dict = await check({ tableName: 'sys_dict', fieldName: 'type', fieldVal: 'abc' });
    expect(dict.body).toMatchObject({ success: true, message: '该值可用！' });
  });

  it('answers JeecgBoot’s odd success for an empty value', async () => {
    const r = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' });
    expect(r.body).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
  });

  it('refuses hostile names and secret columns whatever the value', async () => {
    for (const [tableName, fieldName, message] of [
      ['sys_user', 'password', SENSITIVE],
      ['sys_user', 'SALT', SENSITIVE],
      ['sys_user', "username' or '1'='1", "字典表 sys_user 的字段 username' or '1'='1 不允许查询！"],
      ['sys_user where 1=1 --', 'username', '字典表 sys_user where 1=1 -- 不允许查询！'],
      ['pg_authid', 'rolpassword', '字典表 pg_authid 不允许查询！'],
      ['', 'username', '字典表  不允许查询！'],
    ] as const) {
      const r = await check({ tableName, fieldName, fieldVal: 'x' });
      expect(r.body, `${tableName}.${fieldName}`).toMatchObject({ success: false, message });
    }
  });

  it('needs the read permission of the table', async () => {
    const q = { tableName: 'sys_position', fieldName: 'code', fieldVal: 'x' };
    expect((await check(q, 'yuangong')).body).toMatchObject(NO_AUTH);
    expect(
      (await check({ ...q, tableName: 'sys_user', fieldName: 'username' }, 'no_role')).body,
    ).toMatchObject(NO_AUTH);
    expect((await t.call('GET', '/sys/duplicate/check', { query: q })).status).toBe(401);
  });
});
