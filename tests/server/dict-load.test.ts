import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { dictPageSize } from '../../src/server/routes/sys/dict-load.ts';

let t: TestApp;
const token: Record<string, string> = {};
const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

beforeAll(async () => {
  t = await createTestApp();
  token.admin = await t.login('admin');
  const body = { username: 'no_role', realname: '无角色', password: '123456' };
  expect((await t.call('POST', '/sys/user/add', { token: token.admin, body })).body.success).toBe(true);
  for (const u of ['yuangong', 'no_role']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

const load = (dict: string, query: Record<string, string> = {}, who = 'admin') =>
  t.call('GET', `/sys/dict/loadDict/${encodeURIComponent(dict)}`, { token: token[who], query });
const loadItem = (dict: string, query: Record<string, string>, who = 'admin') =>
  t.call('GET', `/sys/dict/loadDictItem/${encodeURIComponent(dict)}`, { token: token[who], query });

describe('GET /sys/dict/loadDict/{dict}', () => {
  it('searches a table dictionary by text or value, as DictModel', async () => {
    const r = await load('sys_user,realname,username', { keyword: '运营' });
    expect(r.body.success).toBe(true);
    expect(r.body.result).toEqual([{ value: 'yunying', text: '李运营', title: '李运营', label: '李运营' }]);
    const byValue = await load('sys_user,realname,username', { keyword: 'CAIWU' });
    expect(byValue.body.result.map((i: { value: string }) => i.value)).toEqual(['caiwu']);
  });

  it('matches a comma list exactly on text or value', async () => {
    const r = await load('sys_user,realname,username', { keyword: 'admin,王财务' });
    expect(r.body.result.map((i: { value: string }) => i.value).sort()).toEqual(['admin', 'caiwu']);
  });

  it('limits the answer by pageSize (default 10, at most 100)', async () => {
    for (let i = 0; i < 12; i++) {
      const body = { username: `tech_${i}`, realname: `技师${i}`, password: '123456' };
      expect((await t.call('POST', '/sys/user/add', { token: token.admin, body })).body.success).toBe(true);
    }
    expect((await load('sys_user,realname,username', { keyword: '技师' })).body.result).toHaveLength(10);
    expect(
      (await load('sys_user,realname,username', { keyword: '技师', pageSize: '3' })).body.result,
    ).toHaveLength(3);
    expect(
      (await load('sys_user,realname,username', { keyword: '技师', pageSize: '100000' })).body.result,
    ).toHaveLength(12);
    expect(
      (await load('sys_user,realname,username', { keyword: '技师', pageSize: 'x' })).body.result,
    ).toHaveLength(10);
    expect([dictPageSize('1000'), dictPageSize('0'), dictPageSize(undefined), dictPageSize('25')]).toEqual([
      100, 10, 10, 25,
    ]);
  });

  it('treats LIKE wildcards in the keyword as text', async () => {
    expect((await load('sys_user,realname,username', { keyword: '%' })).body.result).toEqual([]);
    expect((await load('sys_user,realname,username', { keyword: 'tech\\_' })).body.result).toEqual([]);
  });

  it('searches department and position tables', async () => {
    const d = await load('sys_depart,depart_name,id', { keyword: '财务' });
    expect(d.body.result.map((i: { text: string }) => i.text)).toEqual(['财务部']);
    const pos = await t.call('GET', '/sys/position/list', { token: token.admin });
    const first = pos.body.result.records[0] as { code: string; name: string };
    const p = await load('sys_position,name,code', { keyword: first.name });
    expect(p.body.result[0]).toMatchObject({ value: first.code, text: first.name });
  });

  it('searches a sys_dict code for every signed-in user', async () => {
    const r = await load('sex', { keyword: '女' }, 'no_role');
    expect(r.body.result).toEqual([{ value: '2', text: '女', title: '女', label: '女' }]);
    expect((await load('sex', {}, 'no_role')).body.result.map((i: { value: string }) => i.value)).toEqual([
      '1',
      '2',
    ]);
    expect((await load('no_such_dict')).body.result).toEqual([]);
  });

  it('refuses tables and columns outside the allow-list, and sensitive columns', async () => {
    for (const [dict, message] of [
      ['sys_role_permission,role_id,id', '字典表 sys_role_permission 不允许查询！'],
      ['sys_user where 1=1,realname,username', '字典表 sys_user where 1=1 不允许查询！'],
      ['sys_user,realname,create_by', '字典表 sys_user 的字段 create_by 不允许查询！'],
      ['sys_user,constructor,username', '字典表 sys_user 的字段 constructor 不允许查询！'],
      ['sys_user,password,username', '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!'],
      ['sys_user,realname,SALT', '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!'],
      ['sys_user,realname,username,del_flag=0', '字典Code格式不正确！'],
      ["sex' or 1=1", '字典Code格式不正确！'],
    ] as const) {
      const r = await load(dict);
      expect(r.body, dict).toMatchObject({ success: false, code: 500, message });
    }
  });

  it('requires the permission to read the table of a table dictionary', async () => {
    // 普通员工 may pick users but may not list departments or positions
    expect((await load('sys_user,realname,username', {}, 'yuangong')).body.success).toBe(true);
    expect((await load('sys_depart,depart_name,id', {}, 'yuangong')).body).toMatchObject(NO_AUTH);
    expect((await load('sys_position,name,code', {}, 'yuangong')).body).toMatchObject(NO_AUTH);
    expect((await load('sys_user,realname,username', {}, 'no_role')).body).toMatchObject(NO_AUTH);
    expect((await loadItem('sys_user,realname,username', { key: 'admin' }, 'no_role')).body).toMatchObject(
      NO_AUTH,
    );
  });

  it('refuses callers without a token', async () => {
    const r = await t.call('GET', '/sys/dict/loadDict/sex');
    expect(r.status).toBe(401);
  });
});

describe('GET /sys/dict/loadDictItem/{dict}', () => {
  it('answers the texts of the given values in key order, dropping unknown values', async () => {
    const r = await loadItem('sys_user,realname,username', { key: 'caiwu,nobody,admin' });
    expect(r.body).toMatchObject({ success: true, result: ['王财务', '管理员'] });
    const kept = await loadItem('sys_user,realname,username', {
      key: 'caiwu,nobody',
      delNotExist: 'false',
    });
    expect(kept.body.result).toEqual(['王财务', 'nobody']);
  });

  it('takes the last of repeated key parameters instead of failing', async () => {
    const r = await t.call('GET', '/sys/dict/loadDictItem/sex?key=1&key=2', { token: token.admin });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, result: ['女'] });
  });

  it('translates sys_dict codes and answers an empty list without keys', async () => {
    expect((await loadItem('sex', { key: '2,1' }, 'no_role')).body.result).toEqual(['女', '男']);
    expect((await loadItem('sex', {})).body.result).toEqual([]);
  });
});
