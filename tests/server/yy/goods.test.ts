import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyGoods } from '../../../src/server/db/schema/index.ts';
import { CODE, MSG } from '../../../src/shared/api.ts';
import { GOODS } from '../../../src/shared/resources/goods.ts';

let t: TestApp;
const token: Record<string, string> = {};
const ep = GOODS.endpoints;
const NO_AUTH = { success: false, code: CODE.NO_AUTH, message: MSG.noAuth };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

const byName = async (name: string) =>
  (await t.database.db.select().from(yyGoods).where(eq(yyGoods.name, name)))[0];
const goods = (extra: Record<string, unknown> = {}) => ({
  name: '玫瑰精油',
  category: '1',
  spec: '30ml/瓶',
  price: '79.9',
  stock: 100,
  status: '1',
  ...extra,
});

describe('商品', () => {
  it('lists the seeded goods with prices as exact money', async () => {
    const r = await t.call('GET', ep.list.path, { token: token.yunying, query: { category: '3' } });
    expect(r.body.result.records.map((g: { name: string }) => g.name).sort()).toEqual(
      ['一次性床单', '一次性按摩巾', '一次性拖鞋'].sort(),
    );
    expect(r.body.result.records.find((g: { name: string }) => g.name === '一次性床单')).toMatchObject({
      price: '39.90',
    });
  });

  it('adds, edits and deletes goods', async () => {
    expect((await t.call('POST', ep.add.path, { token: token.yunying, body: goods() })).body.success).toBe(
      true,
    );
    const row = (await byName('玫瑰精油'))!;
    expect(row).toMatchObject({ price: '79.90', stock: 100, images: null });
    const edit = await t.call('PUT', ep.edit.path, {
      token: token.yunying,
      body: { id: row.id, stock: 0, status: '0' },
    });
    expect(edit.body.success).toBe(true);
    expect(await byName('玫瑰精油')).toMatchObject({ stock: 0, status: '0', price: '79.90' });
    expect(
      (await t.call('DELETE', ep.delete.path, { token: token.yunying, query: { id: row.id } })).body.success,
    ).toBe(true);
  });

  it.each([
    [{ price: '-1' }, '价格须为0到1000000之间的金额，最多两位小数'],
    [{ price: '1.234' }, '价格须为0到1000000之间的金额，最多两位小数'],
    [{ price: '1000000.01' }, '价格须为0到1000000之间的金额，最多两位小数'],
    [{ stock: -1 }, '库存须为0到999999之间的整数'],
    [{ stock: '1.5' }, '库存须为0到999999之间的整数'],
    [{ category: '' }, '请选择分类'],
    [{ images: 'goods/20260101/x.png' }, '图片取值无效'],
  ])('refuses %j with "%s"', async (patch, message) => {
    const r = await t.call('POST', ep.add.path, {
      token: token.admin,
      body: goods({ name: '坏商品', ...patch }),
    });
    expect(r.body).toMatchObject({ success: false, message });
    expect(await byName('坏商品')).toBeUndefined();
  });

  it('refuses staff', async () => {
    for (const who of ['caiwu', 'yuangong']) {
      expect((await t.call('GET', ep.list.path, { token: token[who] })).body).toMatchObject(NO_AUTH);
      expect((await t.call('POST', ep.add.path, { token: token[who], body: goods() })).body).toMatchObject(
        NO_AUTH,
      );
    }
  });
});
