/**
 * Generic list endpoints (jeecg-api.md §6 conventions, §7 QueryGenerator): one entity's list as
 * data, read the same way by its paged `…/list` and its streamed `…/exportXls`.
 */
import { count, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../../shared/api.ts';
import type { Db } from '../../db/client.ts';
import { dictLookup, dictText } from '../../repos/dicts.ts';
import {
  allOf,
  buildFilters,
  buildOrderBy,
  parsePaging,
  type EntityFields,
  type SortFallback,
} from './query-generator.ts';
import { page } from '../http/result.ts';
import { buildSuperQuery } from './super-query.ts';

type Query = Record<string, unknown>;

/** Turns one batch of rows into wire JSON (records of a page, rows of an export). */
export type RowDecorator<Row, R> = (rows: Row[]) => Promise<R[]> | R[];

/** How one entity is listed: table, allow-list, default sort, fixed scope, decoration. */
export interface EntityList<T extends PgTable, R> {
  table: T;
  /** filter and sort allow-list (wire property → column) */
  fields: EntityFields;
  /** sort when the request names none */
  defaultSort: SortFallback;
  /** unique and NOT NULL (the primary key): breaks sort ties, and `selections` of an export match it */
  tieBreaker: PgColumn;
  /** condition every request gets, e.g. "not logically deleted" */
  scope?: () => SQL | undefined;
  /**
   * values read with each row of a page or export batch (correlated subqueries, e.g. the names
   * behind ids), so that decoration sends no statement of its own (issue #14)
   */
  readWith?: () => ReadWith;
  /**
   * `total` is counted exactly while the list (after filters) has at most this many rows; above,
   * it is the planner's estimate, flagged `totalEstimated` (see `listEntities`). Default
   * `COUNT_CAP`; `Infinity` always counts exactly.
   */
  countCap?: number;
  /**
   * Reads once per request what decoration needs (dictionaries, …) and returns the function that
   * decorates each batch.
   */
  decorator(db: Db, tz: string): Promise<RowDecorator<T['$inferSelect'], R>>;
}

/** Extra values selected with each row, by property name. */
export type ReadWith = Record<string, SQL.Aliased>;

/** Paging of one request (overrides `pageNo`/`pageSize`). */
export interface Paging {
  pageNo: number;
  pageSize: number;
  offset: number;
}

/** The standard WHERE of a list request: scope, plain filters, super query and `extra` conditions. */
export function entityWhere<T extends PgTable, R>(
  list: EntityList<T, R>,
  query: Query,
  tz: string,
  extra: Array<SQL | undefined> = [],
): SQL | undefined {
  return allOf([
    list.scope?.(),
    ...buildFilters(list.fields, query, tz),
    buildSuperQuery(list.fields, query, tz),
    ...extra,
  ]);
}

/**
 * Rows a list counts exactly (`EntityList.countCap`): 100 pages of 10, more than anyone pages
 * through by hand, and small enough that counting them (`LIMIT cap + 1`) stays a few ms even when
 * a filter no index serves has to scan for them.
 */
export const COUNT_CAP = 1000;

/**
 * A page of a generated list: the IPage shape, plus `totalEstimated: true` when `total` is the
 * planner's estimate rather than a count (it is absent when `total` is exact).
 */
export type ListPage<R> = Page<R> & { totalEstimated?: true };

type Where = SQL | undefined;

/**
 * The rows of one page, as a deferred join: the inner select reads only the sort keys and the
 * primary key (an index-only scan where an index has them), skips `offset` of them, and only the
 * `limit` rows it keeps are then read whole.
 */
function readPage(
  db: Db,
  table: PgTable,
  key: PgColumn,
  where: Where,
  orderBy: SQL[],
  limit: number,
  offset: number,
  readWith?: ReadWith,
) {
  const keys = db
    .select({ key })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return (readWith ? db.select({ ...getTableColumns(table), ...readWith }) : db.select())
    .from(table)
    .where(sql`${key} = ANY(ARRAY${keys})`)
    .orderBy(...orderBy);
}

/**
 * `count(*)` of the list, or `cap + 1` once it has more than `cap` rows. A capped count stops at
 * `cap + 1` matches, so a serial scan is what it needs: PostgreSQL would otherwise start parallel
 * workers for a selective filter, whose start-up costs more than the short scan (measured:
 * bench/resource-list.ts, 3-condition super query).
 */
async function countUpTo(db: Db, table: PgTable, where: Where, cap: number): Promise<number> {
  const capped = Number.isFinite(cap);
  const run = async (q: Db) => {
    const rows = q
      .select({ one: sql`1` })
      .from(table)
      .where(where);
    const [{ n } = { n: 0 }] = await q
      .select({ n: count() })
      .from((capped ? rows.limit(cap + 1) : rows).as('capped'));
    return n;
  };
  if (!capped) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    return run(tx as unknown as Db);
  });
}

/**
 * Tables up to this size on disk (PostgreSQL's `min_parallel_table_scan_size`: no parallel plan)
 * are counted at once, without asking the planner first: a capped count over them is short.
 */
const SMALL_TABLE_BYTES = 8 * 1024 * 1024;

/**
 * `countUpTo(cap)` in one statement when `table` is small (`SMALL_TABLE_BYTES`), else null: a list
 * page then costs the page and this one statement (issue #14).
 */
async function countSmall(db: Db, table: PgTable, where: Where, cap: number): Promise<number | null> {
  const rows = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1);
  const capped = db.select({ n: count() }).from(rows.as('capped'));
  const res = (await db.execute(
    sql`SELECT CASE WHEN pg_relation_size(${getTableName(table)}::regclass) <= ${SMALL_TABLE_BYTES} THEN (${capped}) END AS n`,
  )) as unknown as { rows: Array<{ n: unknown }> };
  const n = res.rows[0]?.n;
  return n === null || n === undefined ? null : Number(n);
}

/** The planner's estimate of how many rows match (EXPLAIN, nothing is read). */
async function estimateRows(db: Db, table: PgTable, where: Where): Promise<number> {
  const query = db
    .select({ one: sql`1` })
    .from(table)
    .where(where);
  const res = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const cell = Object.values(res.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{
    Plan?: { 'Plan Rows'?: number };
  }>;
  return Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * How far above the count cap the planner's estimate must be before the capped count is skipped:
 * far enough that a misestimate hiding a list of at most `cap` rows is unlikely (and paging to the
 * end still finds the exact total).
 */
const ESTIMATE_TRUST_FACTOR = 10;

interface Total {
  total: number;
  estimated: boolean;
}

/**
 * The total of a list known to have at least `atLeast` rows: `count(*)` while it is at most `cap`,
 * else the planner's estimate, raised to what is known (`atLeast`, `cap + 1`).
 */
async function countAbove(
  db: Db,
  table: PgTable,
  where: Where,
  cap: number,
  atLeast: number,
): Promise<Total> {
  const estimated = (estimate: number) => ({ total: Math.max(estimate, atLeast, cap + 1), estimated: true });
  if (atLeast > cap) return estimated(await estimateRows(db, table, where));
  const small = Number.isFinite(cap) ? await countSmall(db, table, where, cap) : null;
  if (small !== null)
    return small <= cap
      ? { total: small, estimated: false }
      : estimated(await estimateRows(db, table, where));
  // the planner expects far more than the cap: a count would only confirm that (and a selective
  // filter would scan many rows to do so), so its estimate is answered at once
  const estimate = await estimateRows(db, table, where);
  if (estimate > cap * ESTIMATE_TRUST_FACTOR) return estimated(estimate);
  const counted = await countUpTo(db, table, where, cap);
  return counted <= cap ? { total: counted, estimated: false } : estimated(estimate);
}

/**
 * One page of the list (GET …/list): rows in the requested order and the total, decorated.
 * `where` replaces the standard condition (`entityWhere`), `paging` the request's paging.
 *
 * The page is read with a deferred join (`readPage`) and one row more than asked, which tells
 * whether rows follow it. `total` is then:
 * - exact without counting when the page is the last one (`offset` + the rows read);
 * - exact by `count(*)` when the list has at most `countCap` rows (`LIMIT countCap + 1`);
 * - otherwise the planner's estimate, never below what the page proved (`offset + pageSize + 1`)
 *   nor `countCap + 1`, flagged `totalEstimated: true`.
 * A page past the end of a list above `countCap` (an estimate that was too high) is answered with
 * the real last page, its `current` and an exact `total`; a page past the end of a smaller list
 * has no records, as before.
 */
export async function listEntities<T extends PgTable, R>(
  db: Db,
  list: EntityList<T, R>,
  query: Query,
  tz: string,
  opts: { where?: SQL; paging?: Paging } = {},
): Promise<ListPage<R>> {
  const { pageNo, pageSize, offset } = opts.paging ?? parsePaging(query);
  const where = 'where' in opts ? opts.where : entityWhere(list, query, tz);
  const { orderBy } = buildOrderBy(list.fields, query, list.defaultSort, list.tieBreaker);
  const table = list.table as unknown as PgTable;
  const cap = list.countCap ?? COUNT_CAP;
  const readWith = list.readWith?.();
  const read = (from: number) =>
    readPage(db, table, list.tieBreaker, where, orderBy, pageSize + 1, from, readWith);
  const [rows, decorate] = await Promise.all([read(offset), list.decorator(db, tz)]);
  const finish = async (found: typeof rows, total: Promise<Total>, current: number) => {
    const kept = found.slice(0, pageSize) as Array<T['$inferSelect']>;
    // the count (when one is needed) runs while the page is decorated
    const [records, counted] = await Promise.all([kept.length ? decorate(kept) : [], total]);
    const result: ListPage<R> = page(records, counted.total, current, pageSize);
    if (counted.estimated) result.totalEstimated = true;
    return result;
  };
  if (rows.length > 0 || offset === 0) {
    const more = rows.length > pageSize;
    const exact = { total: offset + rows.length, estimated: false };
    return finish(
      rows,
      more ? countAbove(db, table, where, cap, offset + pageSize + 1) : Promise.resolve(exact),
      pageNo,
    );
  }
  // past the end: an exact total, and for a list above the cap (a too high estimate) its last page
  const counted = await countUpTo(db, table, where, cap);
  if (counted <= cap) return finish([], Promise.resolve({ total: counted, estimated: false }), pageNo);
  const total = await countUpTo(db, table, where, Infinity);
  const last = Math.max(1, Math.ceil(total / pageSize));
  return finish(await read((last - 1) * pageSize), Promise.resolve({ total, estimated: false }), last);
}

/**
 * A decorator for simple entities: `toJson` per row plus a `<field>_dictText` sibling for each
 * `field → dictionary code` of `dicts` (multi-values translated item by item, unknown values kept).
 */
export function dictDecorator<Row, J extends Record<string, unknown>>(
  toJson: (row: Row, tz: string) => J,
  dicts: Record<string, string>,
): (db: Db, tz: string) => Promise<RowDecorator<Row, J & Record<string, string | null>>> {
  const entries = Object.entries(dicts);
  return async (db, tz) => {
    const lookup = await dictLookup(db, [...new Set(Object.values(dicts))]);
    return (rows) =>
      rows.map((row) => {
        const json = toJson(row, tz);
        const texts = Object.fromEntries(
          entries.map(([field, code]) => [
            `${field}_dictText`,
            dictText((v) => lookup(code, v), json[field]),
          ]),
        );
        return { ...json, ...texts };
      });
  };
}

/** Rows of `list` whose primary key is one of `ids`. */
export const byIds = <T extends PgTable, R>(list: EntityList<T, R>, ids: string[]): SQL =>
  inArray(list.tieBreaker, ids);
