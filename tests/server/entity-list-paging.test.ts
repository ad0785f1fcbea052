/**
 * listEntities' paging and counting (src/server/lib/query/entity-list.ts): the deferred-join page read
 * returns the same rows as a plain ORDER BY … LIMIT … OFFSET, and `total` is exact up to the
 * list's count cap, estimated (and flagged) above it, exact again on the last page; a page past
 * the end of a long list answers the real last page. On PGlite, or TEST_DATABASE_URL's server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { sysPosition } from '../../src/server/db/schema/index.ts';
import { COUNT_CAP, listEntities, type EntityList } from '../../src/server/lib/query/entity-list.ts';
import { buildOrderBy, type EntityFields } from '../../src/server/lib/query/query-generator.ts';
import { freshDatabase } from '../support/database.ts';

const FIELDS: EntityFields = {
  code: { column: sysPosition.code, type: 'string' },
  name: { column: sysPosition.name, type: 'string' },
  postRank: { column: sysPosition.postRank, type: 'string' },
  createTime: { column: sysPosition.createTime, type: 'datetime' },
};

/** Positions `q_…` only (the seed has its own), records are their codes. */
const listOf = (countCap?: number): EntityList<typeof sysPosition, string> => ({
  table: sysPosition,
  fields: FIELDS,
  defaultSort: { column: 'createTime', order: 'desc' },
  tieBreaker: sysPosition.id,
  scope: () => like(sysPosition.code, 'q\\_%'),
  countCap,
  decorator: async () => (rows) => rows.map((r) => r.code),
});

/**
 * 23 positions q_00…q_22: create_time on 8 distinct instants (ties), q_05 and q_17 without one
 * (NULL sorts first descending), ranks 1…3 (more ties), ids in an order unrelated to the codes.
 */
const N = 23;
const code = (i: number) => `q_${String(i).padStart(2, '0')}`;

let database: Database;

beforeAll(async () => {
  database = await freshDatabase(process.env.TEST_DATABASE_URL);
  await database.db.insert(sysPosition).values(
    Array.from({ length: N }, (_, i) => ({
      id: `${String((i * 7) % N).padStart(2, '0')}${'0'.repeat(30)}`,
      code: code(i),
      name: `${i % 2 ? '甲' : '乙'}职务${i}`,
      postRank: String((i % 3) + 1),
      createTime: i === 5 || i === 17 ? null : new Date(Date.UTC(2024, 0, 1 + (i % 8), 8, 0, 0, 123)),
    })),
  );
  await database.rawQuery('ANALYZE sys_position', []);
});

afterAll(async () => {
  await database?.close();
});

type Q = Record<string, string>;

/** The codes in the list's order, read in one plain query (what every page must be a slice of). */
async function allCodes(query: Q): Promise<string[]> {
  const { orderBy } = buildOrderBy(FIELDS, query, { column: 'createTime', order: 'desc' }, sysPosition.id);
  const rows = await database.db
    .select({ code: sysPosition.code })
    .from(sysPosition)
    .where(like(sysPosition.code, 'q\\_%'))
    .orderBy(...orderBy);
  return rows.map((r) => r.code);
}

const list = (query: Q, countCap?: number) =>
  listEntities(database.db, listOf(countCap), query, 'Asia/Shanghai');

describe('listEntities paging', () => {
  it('defaults to a count cap of 1000 rows', () => {
    expect(COUNT_CAP).toBe(1000);
  });

  it.each([
    { column: 'createTime', order: 'desc' },
    { column: 'createTime', order: 'asc' },
    { column: 'postRank', order: 'asc' },
    { column: 'postRank,name', order: 'desc' },
  ])('pages are slices of the one ordered list, with an exact total (%o)', async (sort) => {
    const all = await allCodes(sort);
    expect(all).toHaveLength(N);
    for (const pageSize of [1, 5, 10, 23, 30]) {
      const seen: string[] = [];
      for (let pageNo = 1; pageNo <= Math.ceil(N / pageSize); pageNo++) {
        const p = await list({ ...sort, pageNo: String(pageNo), pageSize: String(pageSize) });
        expect(p.records).toEqual(all.slice((pageNo - 1) * pageSize, pageNo * pageSize));
        expect(p).toMatchObject({
          total: N,
          size: pageSize,
          current: pageNo,
          pages: Math.ceil(N / pageSize),
        });
        expect(p.totalEstimated).toBeUndefined();
        seen.push(...p.records);
      }
      expect(seen).toEqual(all);
    }
  });

  it('keeps the IPage shape: no totalEstimated key when the total is exact', async () => {
    const p = await list({ pageNo: '2', pageSize: '5' });
    expect(Object.keys(p).sort()).toEqual(
      [
        'records',
        'total',
        'size',
        'current',
        'orders',
        'optimizeCountSql',
        'searchCount',
        'countId',
        'maxLimit',
        'pages',
      ].sort(),
    );
  });

  it('a page past the end of a list within the cap has no records and the exact total', async () => {
    const p = await list({ pageNo: '9', pageSize: '5' });
    expect(p).toMatchObject({ records: [], total: N, current: 9, pages: 5 });
    expect(p.totalEstimated).toBeUndefined();
  });

  it('filters narrow the total, exactly', async () => {
    const all = (await allCodes({})).filter((c) => Number(c.slice(2)) % 2 === 1);
    const p = await list({ name: '甲*', pageNo: '2', pageSize: '5' });
    expect(p.records).toEqual(all.slice(5, 10));
    expect(p).toMatchObject({ total: all.length, pages: Math.ceil(all.length / 5) });
    expect(p.totalEstimated).toBeUndefined();
  });
});

describe('listEntities above the count cap', () => {
  const CAP = 5;

  it('estimates the total of a long list, flagged, never below what the page proves', async () => {
    const all = await allCodes({});
    for (const pageNo of [1, 2, 3]) {
      const p = await list({ pageNo: String(pageNo), pageSize: '5' }, CAP);
      expect(p.records).toEqual(all.slice((pageNo - 1) * 5, pageNo * 5));
      expect(p.totalEstimated).toBe(true);
      expect(p.total).toBeGreaterThanOrEqual(Math.max(CAP + 1, pageNo * 5 + 1));
      expect(p.pages).toBe(Math.ceil(p.total / 5));
      expect(p.current).toBe(pageNo);
    }
  });

  it('counts exactly when the filtered list is within the cap', async () => {
    const p = await list({ code: 'q_1*', pageNo: '1', pageSize: '2' }, 20);
    expect(p.total).toBe(10);
    expect(p.totalEstimated).toBeUndefined();
  });

  it('the last page has the exact total without counting (short page)', async () => {
    const all = await allCodes({});
    const p = await list({ pageNo: '5', pageSize: '5' }, CAP);
    expect(p.records).toEqual(all.slice(20));
    expect(p).toMatchObject({ total: N, current: 5, pages: 5 });
    expect(p.totalEstimated).toBeUndefined();
  });

  it('a full last page knows it is the last one (no row after it)', async () => {
    const all = await allCodes({});
    const p = await list({ pageNo: '3', pageSize: '10' }, CAP);
    expect(p.records).toEqual(all.slice(20));
    const q = await list({ code: ',q_0,q_1,', pageNo: '2', pageSize: '10' }, CAP);
    expect(q.records).toHaveLength(10);
    expect(q).toMatchObject({ total: 20, pages: 2 });
    expect(q.totalEstimated).toBeUndefined();
  });

  it('a page past the end of a long list (a too high estimate) answers the real last page', async () => {
    const all = await allCodes({});
    for (const pageNo of ['6', '9', '999999']) {
      const p = await list({ pageNo, pageSize: '5' }, CAP);
      expect(p).toMatchObject({ records: all.slice(20), total: N, current: 5, pages: 5 });
      expect(p.totalEstimated).toBeUndefined();
    }
  });

  it('an empty list is empty, with total 0, whatever the page', async () => {
    for (const pageNo of ['1', '3']) {
      const p = await list({ code: 'nothing', pageNo, pageSize: '5' }, CAP);
      expect(p).toMatchObject({ records: [], total: 0, pages: 0 });
    }
  });

  it('Infinity always counts exactly', async () => {
    const p = await list({ pageNo: '1', pageSize: '5' }, Infinity);
    expect(p).toMatchObject({ total: N, pages: 5 });
    expect(p.totalEstimated).toBeUndefined();
  });
});
