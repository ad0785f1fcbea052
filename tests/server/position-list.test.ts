import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysPosition } from '../../src/server/db/schema/index.ts';
import { entityExportRows } from '../../src/server/lib/excel/entity-export.ts';
import { buildOrderBy } from '../../src/server/lib/query/query-generator.ts';
import { generate } from '../../src/server/resources/register.ts';
import { positionServer } from '../../src/server/resources/position.ts';

const POSITION_LIST = generate(positionServer).list;
const POSITION_FIELDS = POSITION_LIST.fields;

/**
 * 12 positions p_00…p_11 named `<甲|乙|丙>职务<i>`, rank (i % 5) + 1, created on 2024-01-<i+1>
 * 08:00 Shanghai time (so `createTime desc` lists p_11 first); company `C1` for even i.
 */
const N = 12;
const pad = (i: number) => String(i).padStart(2, '0');
const NAMES = ['甲', '乙', '丙'];
const RANKS = ['员级', '助级', '中级', '副高级', '正高级'];
const P = (...ix: number[]) => ix.map((i) => `p_${pad(i)}`);

let t: TestApp;
let admin: string;
const id: Record<string, string> = {};

type Q = Record<string, string>;
const list = (query: Q, token = admin) =>
  t.call('GET', '/sys/position/list', { token, query: { code: 'p_*', pageSize: '100', ...query } });
async function codes(query: Q): Promise<string[]> {
  const r = await list(query);
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result.records.map((p: { code: string }) => p.code);
}
const superQuery = (conditions: unknown[], matchType = 'and') => ({
  superQueryParams: encodeURIComponent(JSON.stringify(conditions)),
  superQueryMatchType: matchType,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (let i = 0; i < N; i++) {
    const body = {
      code: `p_${pad(i)}`,
      name: `${NAMES[i % 3]}职务${i}`,
      postRank: String((i % 5) + 1),
      companyId: i % 2 === 0 ? 'C1' : '',
    };
    const r = await t.call('POST', '/sys/position/add', { token: admin, body });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  }
  const db = t.database.db;
  for (const p of await db.select().from(sysPosition).where(like(sysPosition.code, 'p_%'))) {
    id[p.code] = p.id;
    const day = Number(p.code.slice(2)) + 1;
    await db
      .update(sysPosition)
      .set({ createTime: new Date(`2024-01-${pad(day)}T08:00:00+08:00`) })
      .where(eq(sysPosition.id, p.id));
  }
});
afterAll(async () => t?.close());

describe('GET /sys/position/list', () => {
  it('pages newest first with the JeecgBoot page shape, code 0 and postRank_dictText', async () => {
    const r = await list({ pageNo: '2', pageSize: '5' });
    expect(r.body).toMatchObject({ success: true, code: 0 });
    expect(r.body.result).toMatchObject({ total: N, size: 5, current: 2, pages: 3 });
    expect(r.body.result.records.map((p: { code: string }) => p.code)).toEqual(P(6, 5, 4, 3, 2));
    expect(r.body.result.records[0]).toEqual({
      id: id.p_06,
      code: 'p_06',
      name: '甲职务6',
      postRank: '2',
      postRank_dictText: '助级',
      companyId: 'C1',
      sysOrgCode: 'A01',
      createBy: 'admin',
      createTime: '2024-01-07 08:00:00',
      updateBy: null,
      updateTime: null,
    });
  });

  it('lists the seeded positions too, with every rank translated', async () => {
    const r = await t.call('GET', '/sys/position/list', { token: admin, query: { pageSize: '100' } });
    expect(r.body.result.total).toBe(N + 4);
    const manager = r.body.result.records.find((p: { code: string }) => p.code === 'manager');
    expect(manager).toMatchObject({ name: '总经理', postRank: '5', postRank_dictText: '正高级' });
    for (const p of r.body.result.records) expect(p.postRank_dictText).toBe(RANKS[Number(p.postRank) - 1]);
  });

  it('sorts by an allow-listed column, by a _dictText column, and refuses other columns', async () => {
    expect(await codes({ column: 'code', order: 'asc', pageSize: '3' })).toEqual(P(0, 1, 2));
    expect(await codes({ column: 'code', order: 'desc', pageSize: '2' })).toEqual(P(11, 10));
    // rank ascending: i = 0, 5, 10 have rank 1 (ties in id order), i = 4, 9 rank 5
    const byRank = await codes({ column: 'postRank_dictText', order: 'asc' });
    expect(byRank.slice(0, 3).sort()).toEqual(P(0, 5, 10));
    expect(byRank.slice(-2).sort()).toEqual(P(4, 9));
    const bad = await list({ column: 'password' });
    expect(bad.body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：password' });
  });

  it('filters by QueryGenerator rules: like, equality, IN, not-equal, ranges', async () => {
    expect(await codes({ name: '*丙*', column: 'code', order: 'asc' })).toEqual(P(2, 5, 8, 11));
    expect(await codes({ postRank: '3', column: 'code', order: 'asc' })).toEqual(P(2, 7));
    expect(await codes({ code: 'p_01,p_03,nope', column: 'code', order: 'asc' })).toEqual(P(1, 3));
    expect((await codes({ postRank: '!1' })).length).toBe(N - 3);
    expect(await codes({ companyId: 'C1', postRank: '1' })).toEqual(P(10, 0));
    expect(
      await codes({
        createTime_begin: '2024-01-03',
        createTime_end: '2024-01-05',
        column: 'code',
        order: 'asc',
      }),
    ).toEqual(P(2, 3, 4));
    expect(await codes({ createTime_begin: '2024-01-03 08:00:01', createTime_end: '2024-01-05' })).toEqual(
      P(4, 3),
    );
  });

  it('ignores unknown parameters and refuses malformed dates', async () => {
    expect((await codes({ nonsense: 'x', _t: '123' })).length).toBe(N);
    const r = await list({ createTime_begin: '2024-13-45' });
    expect(r.body).toMatchObject({ success: false, message: '操作失败，参数 createTime 的值无效' });
  });

  it('applies the super query with AND and OR, and refuses unknown fields', async () => {
    const rankIn = { field: 'postRank', rule: 'in', val: '1,3', type: 'select', dbType: 'string' };
    const nameLike = { field: 'name', rule: 'like', val: '甲', type: 'input', dbType: 'string' };
    expect(await codes({ ...superQuery([rankIn, nameLike]), column: 'code', order: 'asc' })).toEqual(P(0));
    expect(await codes({ ...superQuery([rankIn, nameLike], 'or'), column: 'code', order: 'asc' })).toEqual(
      P(0, 2, 3, 5, 6, 7, 9, 10),
    );
    const r = await list(superQuery([{ field: 'password', rule: 'eq', val: 'x' }]));
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('password');
  });
});

describe('GET /sys/position/queryById and queryByCode', () => {
  it('returns the position, or a clear message / null result when there is none', async () => {
    const r = await t.call('GET', '/sys/position/queryById', { token: admin, query: { id: id.p_03! } });
    expect(r.body).toMatchObject({ success: true, result: { code: 'p_03', name: '甲职务3', postRank: '4' } });
    const missing = await t.call('GET', '/sys/position/queryById', { token: admin, query: { id: 'nope' } });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应实体' });

    const byCode = await t.call('GET', '/sys/position/queryByCode', {
      token: admin,
      query: { code: 'p_04' },
    });
    expect(byCode.body).toMatchObject({ success: true, result: { id: id.p_04, name: '乙职务4' } });
    const none = await t.call('GET', '/sys/position/queryByCode', { token: admin, query: { code: 'zz' } });
    expect(none.body).toMatchObject({ success: true, result: null });
  });
});

describe('GET /sys/position/exportXls', () => {
  const HEADERS = ['职务编码', '职务名称', '职级', '公司id', '创建人', '创建时间'];
  async function sheet(query: Q): Promise<string[][]> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/position/exportXls',
      query,
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml\.sheet/);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E8%81%8C%E5%8A%A1");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const text = (v: unknown) => (v == null ? '' : String(v));
    return ws.getRows(1, ws.rowCount)!.map((row) => HEADERS.map((_, c) => text(row.getCell(c + 1).value)));
  }

  it('writes title, exporter and header rows, then the list rows with rank texts', async () => {
    const rows = await sheet({ code: 'p_*', postRank: '2' });
    expect(rows[0]![0]).toBe('职务列表数据');
    expect(rows[1]![0]).toBe('导出人:管理员');
    expect(rows[2]).toEqual(HEADERS);
    expect(rows.slice(3)).toEqual([
      ['p_11', '丙职务11', '助级', '', 'admin', '2024-01-12 08:00:00'],
      ['p_06', '甲职务6', '助级', 'C1', 'admin', '2024-01-07 08:00:00'],
      ['p_01', '乙职务1', '助级', '', 'admin', '2024-01-02 08:00:00'],
    ]);
  });

  it('follows the list sort and super query, and limits to selections', async () => {
    const sorted = await sheet({ code: 'p_*', column: 'code', order: 'asc' });
    expect(sorted.slice(3).map((r) => r[0])).toEqual(P(...Array.from({ length: N }, (_, i) => i)));
    const sq = await sheet({
      ...superQuery([{ field: 'name', rule: 'like', val: '丙' }]),
      column: 'code',
      order: 'asc',
    });
    expect(sq.slice(3).map((r) => r[0])).toEqual(P(2, 5, 8, 11));
    const picked = await sheet({ selections: `${id.p_09},${id.p_02},`, column: 'code', order: 'asc' });
    expect(picked.slice(3).map((r) => r[0])).toEqual(P(2, 9));
  });

  it('answers a refused sort column with the Result JSON, not a broken file', async () => {
    const r = await t.call('GET', '/sys/position/exportXls', { token: admin, query: { column: 'nope' } });
    expect(r.body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：nope' });
  });
});

describe('generic list helpers', () => {
  it('buildOrderBy returns the parsed sort keys with the tie breaker last', () => {
    const fallback = { column: 'createTime', order: 'desc' } as const;
    const plan = buildOrderBy(
      POSITION_FIELDS,
      { column: 'postRank_dictText, code', order: 'ASC' },
      fallback,
      sysPosition.id,
    );
    expect(plan.keys).toEqual([
      { column: sysPosition.postRank, descending: false },
      { column: sysPosition.code, descending: false },
      { column: sysPosition.id, descending: false },
    ]);
    expect(plan.orderBy).toHaveLength(3);
    expect(buildOrderBy(POSITION_FIELDS, {}, fallback, sysPosition.id).keys).toEqual([
      { column: sysPosition.createTime, descending: true },
      { column: sysPosition.id, descending: false },
    ]);
  });

  it.each([1, 2, 5])('export rows in keyset batches of %i match the list order exactly', async (size) => {
    const query = { code: 'p_*', column: 'postRank', order: 'desc' };
    const exported: string[] = [];
    for await (const batch of entityExportRows(t.database.db, POSITION_LIST, query, t.config.timezone, {
      batchSize: size,
    }))
      exported.push(...batch.map((r) => String(r.code)));
    expect(exported).toEqual(await codes(query));
    expect(new Set(exported).size).toBe(N);
  });
});
