import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';
import { PAYLOAD, plainWorkbook, postParts } from './import-support.ts';

/** 分类字典 (jeecg-api.md §6.6): CRUD with codes and JeecgBoot's tree calls. */
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staff = await t.login('yuangong');
});
afterAll(async () => t?.close());

const get = (path: string, query: Record<string, string> = {}, token = admin) =>
  t.call('GET', `/sys/category${path}`, { token, query });
const add = (body: Record<string, unknown>) => t.call('POST', '/sys/category/add', { token: admin, body });
const idOf = async (code: string) =>
  (await get('/loadOne', { field: 'code', val: code })).body.result.id as string;

describe('/sys/category', () => {
  it('pages the roots in rootList, every level when searching by name', async () => {
    const roots = await get('/rootList');
    expect(roots.body.result.records.map((r: { name: string }) => r.name)).toEqual(['服务类型', '商品分类']);
    expect(roots.body.result.records[0]).toMatchObject({ code: 'A01', pid: '0', hasChild: '1' });
    const found = await get('/rootList', { name: '足疗' });
    expect(found.body.result.records.map((r: { code: string }) => r.code)).toEqual(['A01A02']);
    expect((await get('/rootList', {}, staff)).body).toMatchObject({ success: false, code: 510 });
  });

  it('generates the next code under a parent, checks given codes and keeps has_child', async () => {
    const root = await add({ name: '测试根' });
    expect(root.body.success).toBe(true);
    const rootId = await idOf('A03');
    expect((await add({ name: '子一', pid: rootId })).body.success).toBe(true);
    expect((await get('/loadOne', { field: 'id', val: rootId })).body.result).toMatchObject({
      hasChild: '1',
    });
    expect((await get('/loadOne', { field: 'name', val: '子一' })).body.result.code).toBe('A03A01');
    expect((await add({ name: '子二', pid: rootId, code: 'B99' })).body).toMatchObject({
      success: false,
      message: '编码必须以上级编码 A03 开头',
    });
    expect((await add({ name: '子二', pid: rootId, code: 'A03A01' })).body).toMatchObject({
      success: false,
      message: '分类编码已存在',
    });
    expect((await add({ name: '孤儿', pid: 'nope' })).body).toMatchObject({
      success: false,
      message: '上级分类不存在',
    });
    expect((await get('/checkCode', { pid: rootId, code: 'A03A02' })).body.success).toBe(true);
    expect((await get('/checkCode', { pid: rootId, code: 'A01A09' })).body.success).toBe(false);
  });

  it('refuses to delete a node with children and clears has_child after the last child goes', async () => {
    const rootId = await idOf('A03');
    const childId = await idOf('A03A01');
    expect(
      (await t.call('DELETE', '/sys/category/delete', { token: admin, query: { id: rootId } })).body,
    ).toMatchObject({
      success: false,
      message: '该分类下还有子分类，请先删除子分类',
    });
    // moving a node below itself is refused
    const loop = await t.call('PUT', '/sys/category/edit', {
      token: admin,
      body: { id: rootId, pid: childId },
    });
    expect(loop.body).toMatchObject({ success: false, message: '上级分类不能是自己或自己的下级' });
    expect(
      (await t.call('DELETE', '/sys/category/delete', { token: admin, query: { id: childId } })).body.success,
    ).toBe(true);
    expect((await get('/loadOne', { field: 'id', val: rootId })).body.result).toMatchObject({
      hasChild: '0',
    });
    // a parent and its child deleted together
    await add({ name: '子三', pid: rootId });
    const third = await idOf('A03A01');
    const both = await t.call('DELETE', '/sys/category/deleteBatch', {
      token: admin,
      query: { ids: `${rootId},${third}` },
    });
    expect(both.body.success).toBe(true);
  });

  it('answers the tree calls as TreeSelectModel', async () => {
    const roots = await get('/loadTreeRoot', { async: 'true', pcode: '0' }, staff);
    expect(roots.body.result.map((n: { code: string }) => n.code)).toEqual(['A01', 'A02']);
    expect(roots.body.result[0]).toMatchObject({ title: '服务类型', leaf: false, parentId: '0' });
    const serviceTypes = await get('/loadTreeRoot', { async: 'false', pcode: 'A01' }, staff);
    expect(serviceTypes.body.result.map((n: { title: string }) => n.title)).toEqual([
      '推拿按摩',
      '足疗',
      '艾灸理疗',
    ]);
    const whole = await get('/loadTreeRoot', { async: 'false', pcode: '0' });
    expect(whole.body.result[0].children.map((n: { code: string }) => n.code)).toEqual([
      'A01A01',
      'A01A02',
      'A01A03',
    ]);
    expect(whole.body.result[0].children[0]).toMatchObject({ leaf: true, children: null });
    const a01 = roots.body.result[0].key as string;
    const children = await get('/loadTreeChildren', { pid: a01 }, staff);
    expect(children.body.result.every((n: { parentId: string }) => n.parentId === a01)).toBe(true);
    const data = await get(
      '/loadTreeData',
      { pcode: 'A01', condition: JSON.stringify({ name: '足疗' }) },
      staff,
    );
    expect(data.body.result.map((n: { code: string }) => n.code)).toEqual(['A01A02']);
    const byPid = await get('/loadTreeData', { pid: a01 }, staff);
    expect(byPid.body.result).toHaveLength(3);
  });

  it('refuses a condition that is no JSON string, and hostile condition columns', async () => {
    for (const condition of ["name='x'", '[]', '{"name":[1]}']) {
      expect((await get('/loadTreeData', { pcode: 'A01', condition })).body, condition).toMatchObject({
        success: false,
        message: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
      });
    }
    const hostile = await get('/loadTreeData', {
      pcode: 'A01',
      condition: JSON.stringify({ 'name or 1=1': 'x' }),
    });
    expect(hostile.body.success).toBe(false);
  });

  it('translates ids to names and lists a code family', async () => {
    const roots = (await get('/loadTreeRoot', { pcode: '0' })).body.result as Array<{ key: string }>;
    const names = await get('/loadDictItem', { ids: `${roots[1]!.key},missing,${roots[0]!.key}` }, staff);
    expect(names.body.result).toEqual(['商品分类', '服务类型']);
    const all = await get('/loadAllData', { code: 'A02' }, staff);
    expect(all.body.result.map((d: { text: string }) => d.text)).toEqual(['商品分类', '精油', '理疗器材']);
    const pick = await get('/pickList', {}, staff);
    expect(pick.body.result.find((r: { code: string }) => r.code === 'A01A02')).toMatchObject({
      name: '服务类型/足疗',
    });
    expect((await get('/loadOne', { field: 'password', val: 'x' })).body.success).toBe(false);
  });
});

describe('/sys/category/importExcel', () => {
  it('gives siblings of one file their own codes and marks their parent as having children', async () => {
    const parent = await add({ name: '导入父节点' });
    expect(parent.body.success, JSON.stringify(parent.body)).toBe(true);
    const parentId = (await get('/loadOne', { field: 'name', val: '导入父节点' })).body.result.id as string;
    expect((await get('/loadOne', { field: 'id', val: parentId })).body.result.hasChild).not.toBe('1');
    const sheet = await plainWorkbook([
      ['分类名称', '分类编码', '上级分类'],
      ['导入子一', null, parentId],
      ['导入子二', null, parentId],
      ['导入子三', null, parentId],
    ]);
    const imported = await postParts(t, `/sys/category/importExcel`, admin, [
      ...PAYLOAD,
      { name: 'file', filename: '分类.xlsx', content: sheet },
    ]);
    expect(imported.body, JSON.stringify(imported.body)).toMatchObject({ success: true, code: 200 });
    const parentCode = (await get('/loadOne', { field: 'id', val: parentId })).body.result.code as string;
    const codes = [];
    for (const name of ['导入子一', '导入子二', '导入子三']) {
      const row = (await get('/loadOne', { field: 'name', val: name })).body.result;
      expect(row.pid).toBe(parentId);
      codes.push(row.code as string);
    }
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code.startsWith(parentCode)).toBe(true);
    expect((await get('/loadOne', { field: 'id', val: parentId })).body.result.hasChild).toBe('1');
  });

  it('exports and imports only with 分类字典 导出 and 导入', async () => {
    const sheet = await plainWorkbook([['分类名称'], ['无权导入']]);
    const imported = await postParts(t, `/sys/category/importExcel`, staff, [
      ...PAYLOAD,
      { name: 'file', filename: '分类.xlsx', content: sheet },
    ]);
    expect(imported.body).toMatchObject({ success: false, code: 510 });
    const exported = await t.call('GET', '/sys/category/exportXls', { token: staff });
    expect(exported.body).toMatchObject({ success: false, code: 510 });
    const ok = await t.app.inject({
      url: `${BASE}/sys/category/exportXls`,
      headers: { 'x-access-token': admin },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
