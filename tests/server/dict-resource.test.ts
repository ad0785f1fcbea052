import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysDict, sysDictItem } from '../../src/server/db/schema/index.ts';

/** What the dictionary's server half adds to the generated endpoints. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.call(method, path, { token: admin, body, query });
const byCode = async (code: string) =>
  (await t.database.db.select().from(sysDict).where(eq(sysDict.dictCode, code)))[0];

describe('dictionary resource (server half)', () => {
  it('stores 0 for a new dictionary without a value type, keeps the type when an edit sends none', async () => {
    expect(
      (await call('POST', '/sys/dict/add', { dictName: '无类型', dictCode: 'no_type', type: '' })).body,
    ).toMatchObject({
      success: true,
      message: '保存成功！',
    });
    const { id } = (await byCode('no_type'))!;
    expect(await byCode('no_type')).toMatchObject({ type: 0, delFlag: 0 });
    await call('PUT', '/sys/dict/edit', { id, type: 1 });
    expect((await call('PUT', '/sys/dict/edit', { id, dictName: '有类型', type: null })).body.success).toBe(
      true,
    );
    expect(await byCode('no_type')).toMatchObject({ dictName: '有类型', type: 1 });
    const read = await call('GET', '/sys/dict/queryById', undefined, { id });
    expect(read.body.result).toMatchObject({ id, dictCode: 'no_type', type: 1, delFlag: 0 });
  });

  it('deletes logically: the items stay, the code stays taken, queryById no longer finds it', async () => {
    await call('POST', '/sys/dict/add', { dictName: '留项', dictCode: 'keeps_items' });
    const { id } = (await byCode('keeps_items'))!;
    await call('POST', '/sys/dictItem/add', { dictId: id, itemText: '一', itemValue: '1' });
    expect(
      (await call('DELETE', '/sys/dict/deleteBatch', undefined, { ids: `${id},${id}` })).body.success,
    ).toBe(true);
    expect(await byCode('keeps_items')).toMatchObject({ delFlag: 1 });
    expect(await t.database.db.select().from(sysDictItem).where(eq(sysDictItem.dictId, id))).toHaveLength(1);
    const again = await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: 'keeps_items' });
    expect(again.body).toMatchObject({ success: false, message: '字典编码已存在' });
    const read = await call('GET', '/sys/dict/queryById', undefined, { id });
    expect(read.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });
});
