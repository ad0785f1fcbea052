import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PermissionCode } from '../../shared/permissions.ts';
import type { Db } from '../db/client.ts';
import type { EntityFields, SortFallback } from '../lib/query/query-generator.ts';

/** One column of a report's result grid (`getRpColumns`). */
export interface ReportColumn {
  title: string;
  /** property of each record */
  dataIndex: string;
  /** dictionary code: the column gets `customRender` and `dictOptions[dataIndex]` */
  dict?: string;
  /** offered as a sort column (must also be a sortable field of the report) */
  sorter?: boolean;
}

/** One search item of a report (`getQueryInfo`). */
export interface ReportQueryItem {
  field: string;
  label: string;
  /** `string`, `integer`, `date`…; `list` when the item has a dictionary */
  view: 'string' | 'integer' | 'date' | 'list';
  /** `group` searches a range (`field_begin` / `field_end`) */
  mode: 'single' | 'group';
  dict?: string;
}

/** One page of report data as JeecgBoot's cgreport answers it: a map, not an IPage. */
export interface ReportPage {
  total: number;
  records: Array<Record<string, unknown>>;
}

/** How a report reads its rows: a known table, an allow-list of fields, a fixed scope. */
export interface ReportSource<T extends PgTable = PgTable> {
  table: T;
  /** filter and sort allow-list (wire property → column); nothing else reaches SQL */
  fields: EntityFields;
  defaultSort: SortFallback;
  /** unique NOT NULL column breaking sort ties */
  tieBreaker: PgColumn;
  /** condition every request gets (e.g. not logically deleted) */
  scope?: () => SQL | undefined;
  /** the rows a request may reach beyond `scope` (tenant isolation, src/server/lib/access/row-scope.ts) */
  reach?: (req: FastifyRequest) => SQL | undefined;
  /** rows of one page → records */
  toRecords(db: Db, rows: Array<T['$inferSelect']>, tz: string): Promise<ReportPage['records']>;
}

/**
 * A report of the allow-list. JeecgBoot runs SQL stored in a table; here every report is code:
 * a typed query over known tables with bound values, and the permission needed to read it.
 */
export interface ReportDefinition {
  /** the report id (`cgRpConfigId`) used by getQueryInfo / getData */
  id: string;
  /** the report code used by getRpColumns and popup fields */
  code: string;
  name: string;
  permission: PermissionCode;
  columns: ReportColumn[];
  query: ReportQueryItem[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each report binds its own table
  source: ReportSource<any>;
}
