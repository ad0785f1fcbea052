import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const API = '/online/cgreport/api';

async function reportId(code: string, token = admin): Promise<string> {
  const r = await t.call('GET', `${API}/getRpColumns/${code}`, { token });
  expect(r.body.success).toBe(true);
  return r.body.result.cgRpConfigId as string;
}

const data = (id: string, query: Record<string, string>, token = admin) =>
  t.call('GET', `${API}/getData/${id}`, { token, query });

describe('getRpColumns', () => {
  it('returns the columns, the dictionary options and the report id of a code', async () => {
    const r = await t.call('GET', `${API}/getRpColumns/user_select`, { token: admin });
    expect(r.body).toMatchObject({ success: true, code: 200 });
    const info = r.body.result;
    expect(info.cgRpConfigName).toBe('选择用户');
    expect(info.cgRpConfigId).toMatch(/^[0-9a-f]{32}$/);
    expect(info.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'username',
      'realname',
      'sex',
      'phone',
      'orgCodeTxt',
    ]);
    expect(info.columns[2]).toEqual({
      title: '性别',
      dataIndex: 'sex',
      align: 'center',
      sorter: 'true',
      customRender: 'sex',
    });
    expect(info.columns[4]).toEqual({ title: '部门', dataIndex: 'orgCodeTxt', align: 'center' });
    expect(info.dictOptions.sex.map((d: { value: string; text: string }) => [d.value, d.text])).toEqual([
      ['1', '男'],
      ['2', '女'],
    ]);
  });

  it('answers 实体不存在 for a code that is not on the allow-list', async () => {
    for (const code of ['no_such_report', "user_select' or 1=1", 'sys_user']) {
      const r = await t.call('GET', `${API}/getRpColumns/${encodeURIComponent(code)}`, { token: admin });
      expect(r.body).toMatchObject({ success: false, message: '实体不存在', result: null });
    }
  });
});

describe('getQueryInfo', () => {
  it('lists the search items, collapsing from the third one on', async () => {
    const id = await reportId('user_select');
    const r = await t.call('GET', `${API}/getQueryInfo/${id}`, { token: admin });
    expect(r.body.result).toEqual([
      { label: '用户账号', field: 'username', view: 'string', mode: 'single' },
      { label: '用户姓名', field: 'realname', view: 'string', mode: 'single' },
      { label: '性别', field: 'sex', view: 'list', mode: 'single', dictCode: 'sex', hidden: '1' },
    ]);
  });

  it('answers 实体不存在 for an unknown id (a code is not an id)', async () => {
    for (const id of ['user_select', 'ffffffffffffffffffffffffffffffff']) {
      const r = await t.call('GET', `${API}/getQueryInfo/${id}`, { token: admin });
      expect(r.body).toMatchObject({ success: false, message: '实体不存在' });
      expect((await data(id, {})).body).toMatchObject({ success: false, message: '实体不存在' });
    }
  });
});

describe('getData', () => {
  it('pages the rows with the total and translates nothing (the client uses dictOptions)', async () => {
    const id = await reportId('user_select');
    const first = await data(id, { pageNo: '1', pageSize: '3', column: 'username', order: 'asc' });
    expect(first.body.success).toBe(true);
    expect(first.body.result.total).toBe(4);
    expect(first.body.result.records.map((u: { username: string }) => u.username)).toEqual([
      'admin',
      'caiwu',
      'yuangong',
    ]);
    const second = await data(id, { pageNo: '2', pageSize: '3', column: 'username', order: 'asc' });
    expect(second.body.result.records.map((u: { username: string }) => u.username)).toEqual(['yunying']);
    const yunying = second.body.result.records[0];
    expect(yunying).toMatchObject({ realname: '李运营', sex: 2, phone: '13800000001', orgCodeTxt: '运营部' });
    expect(yunying).not.toHaveProperty('password');
    expect(yunying).not.toHaveProperty('salt');
  });

  it('sorts descending and refuses a column outside the sort allow-list', async () => {
    const id = await reportId('user_select');
    const desc = await data(id, { column: 'username', order: 'desc' });
    expect(desc.body.result.records.map((u: { username: string }) => u.username)).toEqual([
      'yunying',
      'yuangong',
      'caiwu',
      'admin',
    ]);
    for (const column of ['password', 'phone', 'username;drop table sys_user']) {
      const r = await data(id, { column, order: 'asc' });
      expect(r.body.success).toBe(false);
      expect(r.body.message).toContain('请注意，将要排序的列字段不存在');
    }
  });

  it('searches text items by "contains" and dictionary items by value; ignores self_ and unknown fields', async () => {
    const id = await reportId('user_select');
    const byName = await data(id, { realname: '财' });
    expect(byName.body.result.records.map((u: { username: string }) => u.username)).toEqual(['caiwu']);
    const women = await data(id, { sex: '2', column: 'username', order: 'asc' });
    expect(women.body.result.records.map((u: { username: string }) => u.username)).toEqual([
      'caiwu',
      'yunying',
    ]);
    expect(women.body.result.total).toBe(2);
    const ignored = await data(id, { self_x: '1', password: 'x', onlRepUrlParamStr: 'a=1' });
    expect(ignored.body.result.total).toBe(4);
    const bad = await data(id, { sex: 'abc' });
    expect(bad.body.success).toBe(false);
  });

  it('serves the department report with its own dictionary', async () => {
    const id = await reportId('depart_select');
    const cols = await t.call('GET', `${API}/getRpColumns/depart_select`, { token: admin });
    expect(cols.body.result.dictOptions.orgCategory.map((d: { text: string }) => d.text)).toEqual([
      '公司',
      '部门',
      '岗位',
    ]);
    const r = await data(id, { orgCategory: '1' });
    expect(r.body.result.records.map((d: { departName: string }) => d.departName)).toEqual([
      '悦到家健康服务有限公司',
      '城东服务站',
    ]);
  });
});

describe('permissions', () => {
  it('needs a session', async () => {
    const r = await t.call('GET', `${API}/getRpColumns/user_select`);
    expect(r.status).toBe(401);
  });

  it('checks the permission of each report: 510 without it, data with it', async () => {
    const staff = await t.login('yuangong');
    const departId = await reportId('depart_select');
    for (const path of [
      `${API}/getRpColumns/depart_select`,
      `${API}/getQueryInfo/${departId}`,
      `${API}/getData/${departId}`,
    ]) {
      const r = await t.call('GET', path, { token: staff });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    // user:select is granted to every seeded role
    const userId = await reportId('user_select', staff);
    expect((await data(userId, {}, staff)).body.result.total).toBe(4);
  });
});
