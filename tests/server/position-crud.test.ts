import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysPosition } from '../../src/server/db/schema/index.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { POSITION } from '../../src/shared/resources/position.ts';

const positionAddSchema = POSITION.addSchema;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const form = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `职务_${code}`,
  postRank: '3',
  ...extra,
});
const add = (body: unknown, token = admin) => t.call('POST', '/sys/position/add', { token, body });
const rowOf = async (code: string) =>
  (await t.database.db.select().from(sysPosition).where(eq(sysPosition.code, code)))[0];
async function addOk(code: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await add(form(code, extra));
  expect(r.body).toMatchObject({ success: true, code: 200, message: '添加成功！' });
  return (await rowOf(code))!.id;
}

describe('POST /sys/position/add', () => {
  it('adds a position stamped with the creator and their organisation', async () => {
    await addOk('dev_lead', { name: '研发主管', postRank: 4, companyId: ' ACME ' });
    expect(await rowOf('dev_lead')).toMatchObject({
      name: '研发主管',
      postRank: '4',
      companyId: 'ACME',
      createBy: 'admin',
      sysOrgCode: 'A01',
    });
  });

  it.each([
    [{ name: 'x', postRank: '1' }, '请输入职务编码'],
    [{ code: '   ', name: 'x', postRank: '1' }, '请输入职务编码'],
    [{ code: 'a,b', name: 'x', postRank: '1' }, '职务编码只允许字母、数字、下划线和中划线'],
    [{ code: '中文', name: 'x', postRank: '1' }, '职务编码只允许字母、数字、下划线和中划线'],
    [{ code: 'c1', postRank: '1' }, '请输入职务名称'],
    [{ code: 'c1', name: 'x'.repeat(101), postRank: '1' }, '最大长度100位字符'],
    [{ code: 'c1', name: 'x' }, '请选择职级'],
    [{ code: 'c1', name: 'x', postRank: '' }, '请选择职级'],
    [{ code: 'c1', name: 'x', postRank: '9' }, '职级取值无效'],
    [{ code: 'c1', name: 'a\u0000b', postRank: '1' }, '包含非法字符'],
  ])('refuses %j with "%s"', async (body, message) => {
    const r = await add(body);
    expect(r.body).toMatchObject({ success: false, message });
    expect(await rowOf('c1')).toBeUndefined();
  });

  it('refuses a code another position has, clearly', async () => {
    const r = await add(form('manager'));
    expect(r.body).toMatchObject({ success: false, message: '职务编码已存在' });
  });

  it('shares its rules with the client through the shared schema', () => {
    expect(positionAddSchema.safeParse(form('ok_1')).success).toBe(true);
    const bad = positionAddSchema.safeParse({ code: 'ok 1', name: 'n', postRank: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('职务编码只允许字母、数字、下划线和中划线');
  });
});

describe('PUT|POST /sys/position/edit', () => {
  it('edits by PUT and by POST, stamping the editor', async () => {
    const id = await addOk('ed_1');
    const put = await t.call('PUT', '/sys/position/edit', {
      token: admin,
      body: { id, code: 'ed_1', name: '改名', postRank: '5' },
    });
    expect(put.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await rowOf('ed_1')).toMatchObject({ name: '改名', postRank: '5', updateBy: 'admin' });
    const post = await t.call('POST', '/sys/position/edit', {
      token: admin,
      body: { id, code: 'ed_1', name: '改名2', postRank: '1' },
    });
    expect(post.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await rowOf('ed_1')).toMatchObject({ id, name: '改名2' });
    // the code is fixed once saved (disabled in the form): an edit changing it is refused
    const recode = await t.call('POST', '/sys/position/edit', {
      token: admin,
      body: { id, code: 'ed_1b', name: '改名3', postRank: '1' },
    });
    expect(recode.body).toMatchObject({ success: false, message: '职务编码不能修改' });
    expect(await rowOf('ed_1b')).toBeUndefined();
  });

  it('refuses another position code, an unknown id and invalid fields', async () => {
    const id = await addOk('ed_2');
    const taken = await t.call('PUT', '/sys/position/edit', {
      token: admin,
      body: { ...form('cashier'), id },
    });
    expect(taken.body).toMatchObject({ success: false, message: '职务编码不能修改' });
    const unknown = await t.call('PUT', '/sys/position/edit', {
      token: admin,
      body: { ...form('zz'), id: 'nope' },
    });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const noId = await t.call('PUT', '/sys/position/edit', { token: admin, body: form('zz') });
    expect(noId.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const badRank = await t.call('PUT', '/sys/position/edit', {
      token: admin,
      body: { ...form('ed_2'), id, postRank: '0' },
    });
    expect(badRank.body).toMatchObject({ success: false, message: '职级取值无效' });
    expect(await rowOf('ed_2')).toMatchObject({ postRank: '3', updateBy: null });
  });
});

describe('DELETE /sys/position/delete and deleteBatch', () => {
  it('deletes one position, then says it is gone', async () => {
    const id = await addOk('del_1');
    const r = await t.call('DELETE', '/sys/position/delete', { token: admin, query: { id } });
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await rowOf('del_1')).toBeUndefined();
    const again = await t.call('DELETE', '/sys/position/delete', { token: admin, query: { id } });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('deletes a batch given with the trailing comma the Vue client sends', async () => {
    const a = await addOk('del_a');
    const b = await addOk('del_b');
    const keep = await addOk('del_keep');
    const r = await t.call('DELETE', '/sys/position/deleteBatch', {
      token: admin,
      query: { ids: `${a},${b},` },
    });
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await rowOf('del_a')).toBeUndefined();
    expect(await rowOf('del_b')).toBeUndefined();
    expect((await rowOf('del_keep'))?.id).toBe(keep);
    const none = await t.call('DELETE', '/sys/position/deleteBatch', { token: admin, query: { ids: ',' } });
    expect(none.body).toMatchObject({ success: false, message: '请选择一条记录！' });
  });
});

describe('permissions', () => {
  let operator: string;
  beforeAll(async () => {
    operator = await t.login('yunying');
  });
  const calls: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
    ['list', 'GET', '/sys/position/list'],
    ['queryById', 'GET', '/sys/position/queryById?id=x'],
    ['queryByCode', 'GET', '/sys/position/queryByCode?code=x'],
    ['add', 'POST', '/sys/position/add'],
    ['edit', 'PUT', '/sys/position/edit'],
    ['delete', 'DELETE', '/sys/position/delete?id=x'],
    ['deleteBatch', 'DELETE', '/sys/position/deleteBatch?ids=x'],
    ['exportXls', 'GET', '/sys/position/exportXls'],
  ];

  it.each(calls)('%s: 510 for the operator role, 401 without a token', async (_name, method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : form('perm_x');
    const r = await t.call(method, path, { token: operator, body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    const anonymous = await t.call(method, path, { body });
    expect(anonymous.status).toBe(401);
    expect(await rowOf('perm_x')).toBeUndefined();
  });

  it('gives admin the new export/import codes as buttons', async () => {
    const r = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: admin });
    const actions = (r.body.result.auth as Array<{ action: string }>).map((a) => a.action);
    for (const code of [PERM.position.export, PERM.position.import, PERM.log.export, PERM.user.import])
      expect(actions).toContain(code);
  });
});
