import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { numeric, pgTable, point, text, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../src/server/db/schema/columns.ts';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import type { ServerResource } from '../../src/server/resources/register.ts';
import { stableId } from '../../src/server/lib/query/ids.ts';
import { auditFields, defineResource } from '../../src/shared/resources/define.ts';
import { throwaway } from '../support/throwaway.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { postParts } from './import-support.ts';

/**
 * The catalogue's field types end to end on a throwaway pair of resources: a 门店 (shop) that a
 * 样品 (specimen) references, the specimen holding a picture, ordered pictures, areas, a location,
 * a percentage, rich text and money.
 */

const SHOP = throwaway(
  defineResource({
    name: 'shop',
    title: '门店',
    path: '/demo/shop',
    component: 'demo/ShopList',
    category: '门店',
    english: 'shop',
    defaultSort: { field: 'createTime', order: 'desc' },
    sheet: { title: '门店', sheetName: '门店', filename: '门店.xlsx', asciiFilename: 'shops.xlsx' },
    fields: [
      { key: 'name', title: '名称', type: 'string', required: true, max: 50 },
      { key: 'status', title: '状态', type: 'string', max: 2 },
      ...auditFields(),
    ],
  }),
);

const SPECIMEN = throwaway(
  defineResource({
    name: 'specimen',
    title: '样品',
    path: '/demo/specimen',
    component: 'demo/SpecimenList',
    category: '样品',
    english: 'specimen',
    defaultSort: { field: 'createTime', order: 'desc' },
    sheet: { title: '样品', sheetName: '样品', filename: '样品.xlsx', asciiFilename: 'specimens.xlsx' },
    fields: [
      { key: 'name', title: '名称', type: 'string', required: true, max: 50 },
      { key: 'cover', title: '封面', type: 'image', upload: { area: 'specimen' } },
      { key: 'photos', title: '照片', type: 'images', upload: { area: 'specimen', max: 3 } },
      { key: 'area', title: '所在地区', type: 'area', search: true },
      { key: 'serviceAreas', title: '服务区域', type: 'area', multiple: true, search: true },
      { key: 'location', title: '位置', type: 'location' },
      { key: 'ratio', title: '分成比例', type: 'percent' },
      { key: 'price', title: '价格', type: 'money' },
      { key: 'intro', title: '介绍', type: 'richtext' },
      {
        key: 'shopId',
        title: '门店',
        type: 'ref',
        reference: {
          resource: 'shop',
          label: 'name',
          picker: { method: 'GET', path: '/demo/shop/list', permission: 'shop:list' },
          invalidMessage: '门店不存在或已停用',
        },
        search: true,
      },
      ...auditFields(),
    ],
  }),
);

const shops = pgTable('demo_shop', {
  id: idColumn(),
  name: varchar('name', { length: 50 }).notNull(),
  status: varchar('status', { length: 2 }),
  ...auditColumns(),
});
const specimens = pgTable('demo_specimen', {
  id: idColumn(),
  name: varchar('name', { length: 50 }).notNull(),
  cover: varchar('cover', { length: 500 }),
  photos: text('photos'),
  area: varchar('area', { length: 12 }),
  serviceAreas: text('service_areas'),
  location: point('location', { mode: 'xy' }),
  ratio: numeric('ratio', { precision: 5, scale: 2 }),
  price: numeric('price', { precision: 15, scale: 2 }),
  intro: text('intro'),
  shopId: varchar('shop_id', { length: 32 }),
  ...auditColumns(),
});
const shopServer: ServerResource = { resource: SHOP, table: shops, pickable: () => eq(shops.status, '1') };
const specimenServer: ServerResource = { resource: SPECIMEN, table: specimens };

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-types-'));

let t: TestApp;
let admin: string;
let openShop = '';
let closedShop = '';
beforeAll(async () => {
  t = await createTestApp({ uploadDir }, { resources: [...SERVER_RESOURCES, shopServer, specimenServer] });
  await t.database.rawQuery(
    `CREATE TABLE demo_shop (id varchar(32) PRIMARY KEY, name varchar(50) NOT NULL, status varchar(2),
       create_by varchar(32), create_time timestamptz DEFAULT now(), update_by varchar(32), update_time timestamptz)`,
    [],
  );
  await t.database.rawQuery(
    `CREATE TABLE demo_specimen (id varchar(32) PRIMARY KEY, name varchar(50) NOT NULL, cover varchar(500),
       photos text, area varchar(12), service_areas text, location point, ratio numeric(5,2),
       price numeric(15,2), intro text, shop_id varchar(32), create_by varchar(32),
       create_time timestamptz DEFAULT now(), update_by varchar(32), update_time timestamptz)`,
    [],
  );
  for (const name of ['shop', 'specimen'])
    for (const op of ['list', 'add', 'edit', 'delete', 'export', 'import']) {
      const id = stableId(`perm:${name}:${op}`);
      await t.database.rawQuery(
        `INSERT INTO sys_permission (id, name, menu_type, perms, perms_type, status) VALUES ($1, $2, 2, $3, '1', '1')`,
        [id, op, `${name}:${op}`],
      );
      await t.database.rawQuery(
        `INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES ($1, $2, $3)`,
        [stableId(`rp:${name}:${op}`), stableId('role:admin'), id],
      );
    }
  admin = await t.login('admin');
  await t.call('POST', '/demo/shop/add', { token: admin, body: { name: '西湖店', status: '1' } });
  await t.call('POST', '/demo/shop/add', { token: admin, body: { name: '关停店', status: '0' } });
  const shopList = (await t.call('GET', '/demo/shop/list', { token: admin })).body.result.records;
  openShop = shopList.find((s: { name: string }) => s.name === '西湖店').id;
  closedShop = shopList.find((s: { name: string }) => s.name === '关停店').id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: object = {}) =>
  t.call(method, url, { token: admin, ...opts });
const upload = async (biz: string) =>
  (
    await postParts(t, '/sys/common/upload', admin, [
      { name: 'biz', value: biz },
      { name: 'file', filename: 'p.png', content: PNG },
    ])
  ).body.message as string;
const add = (body: object) => call('POST', '/demo/specimen/add', { body: { name: '样品', ...body } });
const byName = async (name: string) =>
  (await call('GET', '/demo/specimen/list', { query: { name } })).body.result.records[0];

describe('field types on the wire', () => {
  it('stores pictures in order, checks they were uploaded to the field area and caps their count', async () => {
    const [a, b, c, d] = [
      await upload('specimen'),
      await upload('specimen'),
      await upload('specimen'),
      await upload('specimen'),
    ];
    const elsewhere = await upload('temp');
    expect((await add({ name: '图1', cover: elsewhere })).body.message).toBe('封面取值无效');
    expect((await add({ name: '图1', cover: 'specimen/20260101/nothere.png' })).body.message).toBe(
      '封面取值无效',
    );
    expect((await add({ name: '图1', cover: '../etc/passwd' })).body.message).toBe('封面取值无效');
    expect((await add({ name: '图1', photos: [a, b, c, d] })).body.message).toBe('照片最多3张');
    expect((await add({ name: '图1', cover: a, photos: [c, a, b] })).body).toMatchObject({ success: true });
    const row = await byName('图1');
    expect(row.cover).toBe(a);
    expect(row.photos).toBe([c, a, b].join(','));
    // reordering is an edit of the list
    expect(
      (await call('PUT', '/demo/specimen/edit', { body: { id: row.id, photos: `${a},${b},${c}` } })).body
        .success,
    ).toBe(true);
    expect((await byName('图1')).photos).toBe([a, b, c].join(','));
  });

  it('keeps areas as codes, accepts names, shows the names and filters a division with all inside it', async () => {
    expect((await add({ name: '区1', area: '999999' })).body.message).toBe('所在地区取值无效');
    expect(
      (await add({ name: '区1', area: '浙江省/杭州市/西湖区', serviceAreas: ['330106', '330108'] })).body
        .success,
    ).toBe(true);
    expect(
      (await add({ name: '区2', area: '110105', serviceAreas: '北京市/朝阳区,110108' })).body.success,
    ).toBe(true);
    const row = await byName('区1');
    expect(row).toMatchObject({
      area: '330106',
      area_dictText: '浙江省/杭州市/西湖区',
      serviceAreas: '330106,330108',
      serviceAreas_dictText: '浙江省/杭州市/西湖区，浙江省/杭州市/滨江区',
    });
    expect((await byName('区2')).serviceAreas).toBe('110105,110108');
    const names = async (query: Record<string, string>) =>
      (await call('GET', '/demo/specimen/list', { query })).body.result.records
        .map((r: { name: string }) => r.name)
        .sort();
    expect(await names({ area: '330000' })).toEqual(['区1']);
    expect(await names({ area: '330100' })).toEqual(['区1']);
    expect(await names({ area: '330108' })).toEqual([]);
    expect(await names({ serviceAreas: '330108' })).toEqual(['区1']);
    expect(await names({ serviceAreas: '110000' })).toEqual(['区2']);
    expect(await names({ serviceAreas: '110108,330106' })).toEqual(['区1', '区2']);

    // the super query too: a province or city code stands for every division inside it
    const superQuery = (conditions: Array<{ field: string; rule: string; val: string }>, matchType = 'and') =>
      names({
        superQueryParams: encodeURIComponent(JSON.stringify(conditions)),
        superQueryMatchType: matchType,
      });
    expect(await superQuery([{ field: 'area', rule: 'eq', val: '330000' }])).toEqual(['区1']);
    expect(await superQuery([{ field: 'area', rule: 'eq', val: '330100' }])).toEqual(['区1']);
    expect(await superQuery([{ field: 'area', rule: 'eq', val: '330106' }])).toEqual(['区1']);
    expect(await superQuery([{ field: 'area', rule: 'eq', val: '330108' }])).toEqual([]);
    expect(await superQuery([{ field: 'area', rule: 'ne', val: '330000' }])).toEqual(['区2']);
    expect(await superQuery([{ field: 'area', rule: 'in', val: '110000,330100' }])).toEqual(['区1', '区2']);
    expect(await superQuery([{ field: 'serviceAreas', rule: 'eq', val: '330100' }])).toEqual(['区1']);
    expect(await superQuery([{ field: 'serviceAreas', rule: 'eq', val: '110000' }])).toEqual(['区2']);
    expect(await superQuery([{ field: 'serviceAreas', rule: 'eq', val: '110108' }])).toEqual(['区2']);
    // the value is bound: LIKE wildcards in it match nothing
    expect(await superQuery([{ field: 'area', rule: 'eq', val: '%' }])).toEqual([]);
    expect(await superQuery([{ field: 'area', rule: 'eq', val: '33____' }])).toEqual([]);
  });

  it('validates location ranges, percentages and money without floats, and sanitises rich text', async () => {
    expect((await add({ name: '位1', location: '91,120' })).body.message).toBe('纬度应在-90到90之间');
    expect((await add({ name: '位1', location: '30,181' })).body.message).toBe('经度应在-180到180之间');
    expect((await add({ name: '位1', location: 'abc' })).body.message).toBe('位置格式应为“纬度,经度”');
    expect((await add({ name: '位1', ratio: '100.5' })).body.message).toBe(
      '分成比例应为0到100之间的数，最多两位小数',
    );
    expect((await add({ name: '位1', ratio: '12.345' })).body.message).toBe(
      '分成比例应为0到100之间的数，最多两位小数',
    );
    expect((await add({ name: '位1', ratio: '-1' })).body.message).toBe(
      '分成比例应为0到100之间的数，最多两位小数',
    );
    expect(
      (
        await add({
          name: '位1',
          location: { lat: 30.274085, lng: 120.15507 },
          ratio: 12.5,
          price: '1234567.89',
          intro:
            '<p onclick="x()">好<script>alert(1)</script><a href="javascript:alert(1)">链</a><img src="x" onerror="y()"></p>',
        })
      ).body.success,
    ).toBe(true);
    const row = await byName('位1');
    expect(row).toMatchObject({ location: '30.274085,120.15507', ratio: '12.50', price: '1234567.89' });
    expect(row.intro).not.toMatch(/script|onclick|onerror|javascript/);
    expect(row.intro).toContain('好');
  });

  it('references rows the picker offers and lists them by name', async () => {
    expect((await add({ name: '引1', shopId: 'nope' })).body.message).toBe('门店不存在或已停用');
    expect((await add({ name: '引1', shopId: closedShop })).body.message).toBe('门店不存在或已停用');
    expect((await add({ name: '引1', shopId: openShop })).body.success).toBe(true);
    expect(await byName('引1')).toMatchObject({ shopId: openShop, shopId_dictText: '西湖店' });
    const filtered = await call('GET', '/demo/specimen/list', { query: { shopId: openShop } });
    expect(filtered.body.result.records.map((r: { name: string }) => r.name)).toEqual(['引1']);
  });

  it('opens pictures of the catalogue areas to holders of the area permission only', async () => {
    const photo = await upload('technician');
    const operator = await t.login('yunying');
    const staff = await t.login('yuangong');
    const read = (token: string) => t.call('GET', `/sys/common/static/${photo}`, { token });
    expect((await read(operator)).status).toBe(200);
    expect((await read(staff)).status).toBe(404);
  });
});
