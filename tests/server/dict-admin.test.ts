import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  sysDict,
  sysDictItem,
  sysPermission,
  sysRole,
  sysRolePermission,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { dictItemGridRules } from '../../src/shared/dict-admin.ts';
import { validateRows } from '../../src/shared/grid-rules.ts';

let t: TestApp;
let admin: string;
/** signed in with a role granted dict:list and dict:edit only */
let editor: string;

type Q = Record<string, string>;
type Item = { id: string; itemText: string; itemValue: string; sortOrder: number; status: number };
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  query?: Q,
  token = admin,
) => t.call(method, path, { token, body, query });
const dictByCode = async (code: string) =>
  (await t.database.db.select().from(sysDict).where(eq(sysDict.dictCode, code)))[0];
const itemsOf = async (dictId: string): Promise<Item[]> => {
  const r = await call('GET', '/sys/dictItem/list', undefined, { dictId, pageSize: '100' });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result.records;
};
const brief = (items: Item[]) => items.map((i) => `${i.itemValue}=${i.itemText}`);
async function addDict(dictCode: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await call('POST', '/sys/dict/add', { dictName: `字典${dictCode}`, dictCode, ...extra });
  expect(r.body).toMatchObject({ success: true, message: '保存成功！' });
  return (await dictByCode(dictCode))!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.database.db;
  const roleId = newId();
  await db.insert(sysRole).values({ id: roleId, roleCode: 'dict_editor', roleName: '字典编辑' });
  const perms = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(inArray(sysPermission.perms, [PERM.dict.list, PERM.dict.edit]));
  expect(perms).toHaveLength(2);
  await db.insert(sysRolePermission).values(perms.map((p) => ({ id: newId(), roleId, permissionId: p.id })));
  const r = await call('POST', '/sys/user/add', {
    username: 'dict_editor',
    realname: '字典编辑员',
    password: '123456',
    selectedroles: roleId,
  });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  editor = await t.login('dict_editor');
});
afterAll(async () => t?.close());

describe('/sys/dict', () => {
  it('lists live dictionaries with dictName / dictCode filters and paging', async () => {
    const r = await call('GET', '/sys/dict/list', undefined, { dictCode: 'sex' });
    expect(r.body).toMatchObject({ success: true, code: 0, result: { total: 1 } });
    expect(r.body.result.records[0]).toMatchObject({ dictCode: 'sex', delFlag: 0, type: 1 });
    const like = await call('GET', '/sys/dict/list', undefined, { dictName: '*状态*', pageSize: '2' });
    expect(like.body.result.total).toBeGreaterThanOrEqual(4);
    expect(like.body.result.records).toHaveLength(2);
    for (const d of like.body.result.records) expect(d.dictName).toContain('状态');
  });

  it('adds, refuses a taken code, edits and logically deletes', async () => {
    const id = await addDict('svc_level', { description: '服务等级', type: '1' });
    expect(await dictByCode('svc_level')).toMatchObject({
      type: 1,
      description: '服务等级',
      createBy: 'admin',
    });
    for (const code of ['svc_level', 'sex']) {
      const taken = await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: code });
      expect(taken.body).toMatchObject({ success: false, message: '字典编码已存在' });
    }
    const missing = await call('POST', '/sys/dict/add', { dictCode: 'abc' });
    expect(missing.body).toMatchObject({ success: false, message: '请输入字典名称' });
    const badCode = await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: 'a b' });
    expect(badCode.body).toMatchObject({
      success: false,
      message: '字典编码只允许字母、数字、下划线和中划线',
    });

    const edit = await call('PUT', '/sys/dict/edit', { id, dictName: '服务级别', dictCode: 'svc_level2' });
    expect(edit.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await dictByCode('svc_level2')).toMatchObject({
      dictName: '服务级别',
      type: 1,
      updateBy: 'admin',
    });
    const clash = await call('PUT', '/sys/dict/edit', { id, dictName: 'x', dictCode: 'sex' });
    expect(clash.body).toMatchObject({ success: false, message: '字典编码已存在' });

    const del = await call('DELETE', '/sys/dict/delete', undefined, { id });
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await dictByCode('svc_level2')).toMatchObject({ delFlag: 1 });
    const listed = await call('GET', '/sys/dict/list', undefined, { dictCode: 'svc_level2' });
    expect(listed.body.result.total).toBe(0);
    const again = await call('DELETE', '/sys/dict/delete', undefined, { id });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });
});

describe('DELETE /sys/dict/deleteBatch', () => {
  it('deletes every listed dictionary (Vue trailing comma), or none when one is unknown', async () => {
    for (const code of ['batch_a', 'batch_b', 'batch_c'])
      expect((await call('POST', '/sys/dict/add', { dictName: code, dictCode: code })).body.success).toBe(
        true,
      );
    const [a, b, c] = await Promise.all(['batch_a', 'batch_b', 'batch_c'].map((code) => dictByCode(code)));

    const partial = await call('DELETE', '/sys/dict/deleteBatch', undefined, { ids: `${a!.id},nope,` });
    expect(partial.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await dictByCode('batch_a')).toMatchObject({ delFlag: 0 });

    const empty = await call('DELETE', '/sys/dict/deleteBatch', undefined, { ids: ' , ' });
    expect(empty.body).toMatchObject({ success: false, message: '请选择一条记录！' });

    const del = await call('DELETE', '/sys/dict/deleteBatch', undefined, { ids: `${a!.id},${b!.id},` });
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await dictByCode('batch_a')).toMatchObject({ delFlag: 1, updateBy: 'admin' });
    expect(await dictByCode('batch_b')).toMatchObject({ delFlag: 1 });
    expect(await dictByCode('batch_c')).toMatchObject({ delFlag: 0 });
    // an already deleted one counts as unknown, and the live one beside it stays
    const again = await call('DELETE', '/sys/dict/deleteBatch', undefined, { ids: `${a!.id},${c!.id}` });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await dictByCode('batch_c')).toMatchObject({ delFlag: 0 });
  });
});

describe('/sys/dictItem', () => {
  it('lists one dictionary in sort order with status_dictText, whatever column is asked', async () => {
    const sex = (await dictByCode('sex'))!;
    const r = await call('GET', '/sys/dictItem/list', undefined, {
      dictId: sex.id,
      column: 'createTime',
      order: 'desc',
    });
    expect(r.body.result.records.map((i: Item) => i.itemValue)).toEqual(['1', '2']);
    expect(r.body.result.records[0]).toMatchObject({ itemText: '男', status: 1, status_dictText: '启用' });
    // the original client lists items before a dictionary is chosen: an empty page, no warning
    const none = await call('GET', '/sys/dictItem/list');
    expect(none.body).toMatchObject({ success: true, result: { records: [], total: 0, current: 1 } });
  });

  it('adds, edits and deletes items with value checks per dictionary', async () => {
    const dictId = await addDict('shift', { type: 1 });
    const add = (body: Record<string, unknown>) => call('POST', '/sys/dictItem/add', { dictId, ...body });
    expect((await add({ itemText: '早班', itemValue: '1', sortOrder: 2 })).body).toMatchObject({
      success: true,
      message: '保存成功！',
    });
    await add({ itemText: '晚班', itemValue: '2', sortOrder: 1, status: 0 });
    expect((await add({ itemText: '重复', itemValue: '1' })).body).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect((await add({ itemText: '文字', itemValue: 'x' })).body).toMatchObject({
      success: false,
      message: '数据值必须是整数',
    });
    expect((await add({ itemValue: '3' })).body).toMatchObject({ success: false, message: '请输入名称' });
    expect((await add({ itemText: 'x', status: 5, itemValue: '3' })).body).toMatchObject({
      success: false,
      message: '状态取值无效',
    });
    let items = await itemsOf(dictId);
    expect(brief(items)).toEqual(['2=晚班', '1=早班']);
    expect(items[0]).toMatchObject({ status: 0 });

    const edit = await call('PUT', '/sys/dictItem/edit', {
      id: items[0]!.id,
      itemText: '夜班',
      itemValue: '3',
    });
    expect(edit.body).toMatchObject({ success: true, message: '编辑成功!' });
    const clash = await call('PUT', '/sys/dictItem/edit', {
      id: items[0]!.id,
      itemText: '夜班',
      itemValue: '1',
    });
    expect(clash.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    items = await itemsOf(dictId);
    expect(brief(items)).toEqual(['3=夜班', '1=早班']);
    expect(items[0]).toMatchObject({ status: 0, sortOrder: 1 });

    const del = await call('DELETE', '/sys/dictItem/delete', undefined, { id: items[0]!.id });
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(brief(await itemsOf(dictId))).toEqual(['1=早班']);
  });
});

describe('POST /sys/dictItem/saveBatch', () => {
  let dictId: string;
  let a: Item;
  let b: Item;
  let c: Item;

  beforeAll(async () => {
    dictId = await addDict('grade');
    for (const [text, value, order] of [
      ['甲', 'A', 1],
      ['乙', 'B', 2],
      ['丙', 'C', 3],
    ] as const)
      await call('POST', '/sys/dictItem/add', { dictId, itemText: text, itemValue: value, sortOrder: order });
    [a, b, c] = (await itemsOf(dictId)) as [Item, Item, Item];
  });
  const save = (rows: unknown[], deleteIds: unknown = [], token = admin) =>
    call('POST', '/sys/dictItem/saveBatch', { dictId, rows, deleteIds }, undefined, token);

  it.each([
    [[{ itemText: '', itemValue: 'X' }], '第1行：请输入名称'],
    [[{ itemText: 'x', itemValue: 'X' }, { itemText: 'y' }], '第2行：请输入数据值'],
    [
      [
        { itemText: 'x', itemValue: 'X' },
        { itemText: 'y', itemValue: 'X' },
      ],
      // the grid's unique rule marks every row holding the value: the first one is named
      '第1行：数据值不能重复',
    ],
    [[{ itemText: 'x', itemValue: 'A' }], '第1行：该值不可用，系统中已存在！'],
    [[{ id: 'nope', itemText: 'x', itemValue: 'X' }], '第1行：未找到对应实体'],
    [[{ itemText: 'x', itemValue: 'X', sortOrder: 'abc' }], '第1行：排序值必须是整数'],
  ])('refuses %j with "%s" and changes nothing', async (rows, message) => {
    const r = await save(rows);
    expect(r.body).toMatchObject({ success: false, message });
    expect(brief(await itemsOf(dictId))).toEqual(['A=甲', 'B=乙', 'C=丙']);
  });

  it.each([
    [false, [{ itemText: '长'.repeat(101), itemValue: 'X' }], '第1行：最大长度100位字符'],
    [false, [{ itemText: 'x', itemValue: 'X', description: 'd'.repeat(256) }], '第1行：最大长度255位字符'],
    [
      true,
      [
        { itemText: 'x', itemValue: '1' },
        { itemText: 'y', itemValue: 'b' },
      ],
      '第2行：数据值必须是整数',
    ],
  ])(
    'checks saved rows with the grid’s own cell rules (numeric %s): %j → "%s"',
    async (numeric, rows, message) => {
      const id = numeric ? await addDict(`num_${rows.length}_${message.length}`, { type: 1 }) : dictId;
      const before = brief(await itemsOf(id));
      const r = await call('POST', '/sys/dictItem/saveBatch', { dictId: id, rows }, undefined, admin);
      expect(r.body).toMatchObject({ success: false, message });
      expect(brief(await itemsOf(id))).toEqual(before);
      // the client grid, given the same rules, shows the same message on the same row
      const [first] = await validateRows(rows, Object.values(dictItemGridRules(numeric)));
      expect(`第${first!.index + 1}行：${first!.message}`).toBe(message);
    },
  );

  it('refuses a row that is also deleted, and an unknown dictionary', async () => {
    const r = await save([{ ...b, itemText: '改' }], [b.id]);
    expect(r.body).toMatchObject({ success: false, message: '第1行：未找到对应实体' });
    const unknown = await call('POST', '/sys/dictItem/saveBatch', { dictId: 'nope', rows: [] });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应字典' });
  });

  it('saves updates, inserts, deletes and a value swap in one go, in the grid order', async () => {
    const r = await save(
      [
        { id: c.id, itemText: '丙', itemValue: 'A', sortOrder: 1 },
        { id: a.id, itemText: '甲改', itemValue: 'C', sortOrder: 2 },
        { id: '', itemText: '丁', itemValue: 'D', sortOrder: 3, status: 0 },
      ],
      `${b.id},`,
    );
    expect(r.body).toMatchObject({ success: true, message: '保存成功！' });
    expect(brief(r.body.result)).toEqual(['A=丙', 'C=甲改', 'D=丁']);
    const items = await itemsOf(dictId);
    expect(brief(items)).toEqual(['A=丙', 'C=甲改', 'D=丁']);
    expect(items.map((i) => i.id).slice(0, 2)).toEqual([c.id, a.id]);
    expect(items[2]).toMatchObject({ status: 0, sortOrder: 3 });
    const left = await t.database.db
      .select()
      .from(sysDictItem)
      .where(and(eq(sysDictItem.dictId, dictId), eq(sysDictItem.id, b.id)));
    expect(left).toEqual([]);
  });

  it('needs dict:add for new rows and dict:delete for removed ones (510), edit alone may update', async () => {
    const [first] = await itemsOf(dictId);
    const insert = await save([{ itemText: '戊', itemValue: 'E' }], [], editor);
    expect(insert.body).toMatchObject({ success: false, code: 510 });
    const remove = await save([], [first!.id], editor);
    expect(remove.body).toMatchObject({ success: false, code: 510 });
    expect(brief(await itemsOf(dictId))).toEqual(['A=丙', 'C=甲改', 'D=丁']);
    const update = await save([{ id: first!.id, itemText: '丙二', itemValue: 'A' }], [], editor);
    expect(update.body).toMatchObject({ success: true });
    expect(brief(await itemsOf(dictId))[0]).toBe('A=丙二');
  });
});

describe('permissions', () => {
  let operator: string;
  beforeAll(async () => {
    operator = await t.login('yunying');
  });

  it.each([
    ['POST', '/sys/dict/add'],
    ['PUT', '/sys/dict/edit'],
    ['DELETE', '/sys/dict/delete?id=x'],
    ['DELETE', '/sys/dict/deleteBatch?ids=x'],
    ['GET', '/sys/dictItem/list?dictId=x'],
    ['POST', '/sys/dictItem/saveBatch'],
    ['DELETE', '/sys/dictItem/delete?id=x'],
  ] as const)('%s %s: 510 for the operator role', async (method, path) => {
    const r = await t.call(method, path, {
      token: operator,
      body: method === 'DELETE' || method === 'GET' ? undefined : {},
    });
    expect(r.body).toMatchObject({ success: false, code: 510 });
  });

  it('lets the dict editor list and edit but not add or delete dictionaries', async () => {
    expect((await call('GET', '/sys/dict/list', undefined, {}, editor)).body.success).toBe(true);
    const add = await call(
      'POST',
      '/sys/dict/add',
      { dictName: 'x', dictCode: 'by_editor' },
      undefined,
      editor,
    );
    expect(add.body).toMatchObject({ success: false, code: 510 });
    const sex = (await dictByCode('sex'))!;
    const del = await call('DELETE', '/sys/dict/delete', undefined, { id: sex.id }, editor);
    expect(del.body).toMatchObject({ success: false, code: 510 });
    expect(await dictByCode('sex')).toMatchObject({ delFlag: 0 });
  });
});
