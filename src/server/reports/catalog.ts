import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { allOf, buildFilters, buildOrderBy, parsePaging, str } from '../lib/query/query-generator.ts';
import { dictItems, type DictModel } from '../repos/dicts.ts';
import { departSelectReport } from './depart-select.ts';
import { positionSelectReport } from './position-select.ts';
import type { ReportDefinition, ReportPage } from './types.ts';
import { userSelectReport } from './user-select.ts';

/** Every report the server serves: the allow-list (nothing else can be read through cgreport). */
export const REPORTS: readonly ReportDefinition[] = [
  userSelectReport,
  departSelectReport,
  positionSelectReport,
];

const byCode = new Map(REPORTS.map((r) => [r.code, r]));
const byId = new Map(REPORTS.map((r) => [r.id, r]));

/** The report of a code (getRpColumns), if it is on the allow-list. */
export const reportByCode = (code: string): ReportDefinition | undefined => byCode.get(code);

/** The report of an id (getQueryInfo, getData), if it is on the allow-list. */
export const reportById = (id: string): ReportDefinition | undefined => byId.get(id);

/** `dictOptions` of getRpColumns: field → items, for every column and search item with a dictionary. */
export async function reportDictOptions(
  db: Db,
  report: ReportDefinition,
): Promise<Record<string, DictModel[]>> {
  const pairs = [...report.columns, ...report.query.map((q) => ({ dataIndex: q.field, dict: q.dict }))]
    .filter((c): c is { dataIndex: string; dict: string } => Boolean(c.dict))
    .map((c) => [c.dataIndex, c.dict] as const);
  if (pairs.length === 0) return {};
  const items = await dictItems(db, [...new Set(pairs.map(([, d]) => d))]);
  return Object.fromEntries(pairs.map(([field, dict]) => [field, items[dict] ?? []]));
}

type Query = Record<string, unknown>;

/** A bare search word on a text item searches "contains"; explicit operator syntax is kept. */
function searchQuery(report: ReportDefinition, query: Query): Query {
  const out: Query = { ...query };
  for (const item of report.query) {
    if (item.view !== 'string' || item.mode !== 'single') continue;
    const v = str(query[item.field]);
    if (v && !/[*,!<>=]/.test(v)) out[item.field] = `*${v}*`;
  }
  return out;
}

/**
 * One page of a report (getData): search items and sort columns through the report's allow-list,
 * values bound, `pageNo`/`pageSize` paging. Unknown parameters (`self_*`, `_t`) are ignored.
 */
export async function reportData(
  db: Db,
  report: ReportDefinition,
  query: Query,
  tz: string,
  reach?: SQL,
): Promise<ReportPage> {
  const src = report.source;
  const where = allOf([src.scope?.(), reach, ...buildFilters(src.fields, searchQuery(report, query), tz)]);
  const { pageSize, offset } = parsePaging(query);
  const { orderBy } = buildOrderBy(src.fields, query, src.defaultSort, src.tieBreaker);
  const table = src.table as PgTable;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { total: Number(total), records: rows.length ? await src.toRecords(db, rows, tz) : [] };
}
