import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CUSTOMER } from '../../src/shared/resources/customer.ts';
import type { ResourceField } from '../../src/shared/resources/define.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * A computed field (客户 地址数: a SQL expression of the server half, `customerServer.computed`):
 * listed with each row and by queryById, sorted and filtered through the list's allow-list as a
 * column is, never written (not in the form, the import, add or edit).
 */
let t: TestApp;
let admin: string;
type Q = Record<string, string>;
const list = async (query: Q) => {
  const r = await t.call('GET', CUSTOMER.endpoints.list.path, {
    token: admin,
    query: { pageSize: '200', ...query },
  });
  expect(r.status).toBe(200);
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result as {
    total: number;
    records: Array<{ id: string; addressCount: number; mobile: string }>;
  };
};
/** id → address count, straight from the tables */
const direct = async () => {
  const res = (await t.database.db.execute(
    sql`select u.id, (select count(*)::int from yy_user_address a where a.user_id = u.id) as n from yy_user u`,
  )) as unknown as { rows: Array<{ id: string; n: number }> };
  return new Map(res.rows.map((r) => [r.id, Number(r.n)]));
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const address = (n: number) => ({
    contact: `联系人${n}`,
    mobile: `1381234000${n}`,
    areaCode: '330106',
    detail: `文三路${n}号`,
    isDefault: n === 1,
  });
  for (const [mobile, count] of [
    ['13900000101', 3],
    ['13900000102', 1],
  ] as const) {
    const r = await t.call('POST', CUSTOMER.endpoints.add.path, {
      token: admin,
      body: {
        nickname: `地址数${count}`,
        mobile,
        addressList: Array.from({ length: count }, (_, i) => address(i + 1)),
        addressCount: 99,
      },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
  }
});
afterAll(async () => t?.close());

describe('a computed field', () => {
  it('is read only: not in the form nor the import, not in the add or edit schema', () => {
    const f: ResourceField = CUSTOMER.decl.fields.find((x) => x.key === 'addressCount')!;
    expect(f.computed).toBe(true);
    expect(CUSTOMER.surfaces.form.map((x) => x.key)).not.toContain('addressCount');
    expect(CUSTOMER.surfaces.import.map((x) => x.key)).not.toContain('addressCount');
    expect(Object.keys(CUSTOMER.addSchema.shape)).not.toContain('addressCount');
    expect(Object.keys(CUSTOMER.editSchema.shape)).not.toContain('addressCount');
    expect(CUSTOMER.surfaces.list.map((x) => x.key)).toContain('addressCount');
  });

  it('is listed and answered by queryById with the value the tables hold (a sent value is ignored)', async () => {
    const counts = await direct();
    const { records } = await list({});
    expect(records.length).toBeGreaterThan(2);
    for (const r of records) expect(r.addressCount, r.mobile).toBe(counts.get(r.id));
    const three = records.find((r) => r.mobile === '13900000101')!;
    expect(three.addressCount).toBe(3);
    const one = await t.call('GET', CUSTOMER.endpoints.queryById.path, {
      token: admin,
      query: { id: three.id },
    });
    expect(one.body.result.addressCount).toBe(3);
    const edit = await t.call('PUT', CUSTOMER.endpoints.edit!.path, {
      token: admin,
      body: { id: three.id, addressCount: 7, realName: '改名' },
    });
    expect(edit.body).toMatchObject({ success: true });
    expect((await list({ mobile: '13900000101' })).records[0]!.addressCount).toBe(3);
  });

  it('sorts by it both ways', async () => {
    const counts = await direct();
    for (const order of ['asc', 'desc']) {
      const { records, total } = await list({ column: 'addressCount', order });
      const got = records.map((r) => r.addressCount);
      const sorted = [...got].sort((a, b) => (order === 'asc' ? a - b : b - a));
      expect(got).toEqual(sorted);
      expect(total).toBe(counts.size);
    }
    const { records } = await list({ column: 'addressCount', order: 'desc', pageSize: '1' });
    expect(records[0]!.addressCount).toBe(Math.max(...(await direct()).values()));
  });

  it('filters by it: equality, ranges, operators, lists; junk is a refusal, never HTTP 500', async () => {
    const counts = [...(await direct()).values()];
    const n = (test: (v: number) => boolean) => counts.filter(test).length;
    expect((await list({ addressCount: '3' })).total).toBe(n((v) => v === 3));
    expect((await list({ addressCount: '0' })).total).toBe(n((v) => v === 0));
    expect((await list({ addressCount_begin: '1' })).total).toBe(n((v) => v >= 1));
    expect((await list({ addressCount_begin: '1', addressCount_end: '2' })).total).toBe(
      n((v) => v >= 1 && v <= 2),
    );
    expect((await list({ addressCount: '>=2' })).total).toBe(n((v) => v >= 2));
    expect((await list({ addressCount: '1,3' })).total).toBe(n((v) => v === 1 || v === 3));
    const superQuery = encodeURIComponent(
      JSON.stringify([{ field: 'addressCount', rule: 'gt', val: '0', type: 'int' }]),
    );
    const sq = await t.call('GET', CUSTOMER.endpoints.list.path, {
      token: admin,
      query: { superQueryParams: superQuery, superQueryMatchType: 'and', pageSize: '200' },
    });
    expect(sq.status).toBe(200);
    expect(sq.body.success, JSON.stringify(sq.body)).toBe(true);
    expect(sq.body.result.total).toBe(n((v) => v > 0));
    for (const bad of ['abc', "1' or '1'='1", '>x']) {
      const r = await t.call('GET', CUSTOMER.endpoints.list.path, {
        token: admin,
        query: { addressCount: bad },
      });
      expect(r.status, bad).toBeLessThan(500);
      expect(r.body.success, bad).toBe(false);
    }
  });
});
