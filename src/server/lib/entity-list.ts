/**
 * Generic list endpoints (jeecg-api.md §6 conventions, §7 QueryGenerator): one entity's list as
 * data, read the same way by its paged `…/list` and its streamed `…/exportXls`.
 */
import { count, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../shared/api.ts';
import type { Db } from '../db/client.ts';
import { dictLookup, dictText } from '../repos/dicts.ts';
import {
  allOf,
  buildFilters,
  buildOrderBy,
  parsePaging,
  type EntityFields,
  type SortFallback,
} from './query-generator.ts';
import { page } from './result.ts';
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
   * Reads once per request what decoration needs (dictionaries, …) and returns the function that
   * decorates each batch.
   */
  decorator(db: Db, tz: string): Promise<RowDecorator<T['$inferSelect'], R>>;
}

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
 * One page of the list (GET …/list): rows in the requested order and the total, decorated.
 * `where` replaces the standard condition (`entityWhere`), `paging` the request's paging.
 */
export async function listEntities<T extends PgTable, R>(
  db: Db,
  list: EntityList<T, R>,
  query: Query,
  tz: string,
  opts: { where?: SQL; paging?: Paging } = {},
): Promise<Page<R>> {
  const { pageNo, pageSize, offset } = opts.paging ?? parsePaging(query);
  const where = 'where' in opts ? opts.where : entityWhere(list, query, tz);
  const { orderBy } = buildOrderBy(list.fields, query, list.defaultSort, list.tieBreaker);
  const table = list.table as unknown as PgTable;
  const [rows, [{ total } = { total: 0 }], decorate] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(table).where(where),
    list.decorator(db, tz),
  ]);
  const records = rows.length ? await decorate(rows as Array<T['$inferSelect']>) : [];
  return page(records, Number(total), pageNo, pageSize);
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
