/**
 * Streaming `.xlsx` exports of list pages (jeecg-api.md §6: `exportXls`): a title row, the
 * subtitle "导出人:<realname>", a header row, then the data, written with exceljs's streaming
 * WorkbookWriter one committed row at a time, so memory stays flat whatever the row count.
 * `keysetBatches` reads a list's rows in keyset pages with the list's own filters and sort.
 */
import { PassThrough, type Writable } from 'node:stream';
import { and, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { buildOrderBy, type EntityFields, type SortFallback } from '../query/query-generator.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn {
  /** property of the row objects */
  key: string;
  /** header text */
  title: string;
  /** column width in characters (default 16) */
  width?: number;
  /** the cell of a row's value when it is not the value itself (rich text as its plain text) */
  text?: (value: XlsxCell) => XlsxCell;
}

export type XlsxCell = string | number | null | undefined;
export type XlsxRow = Record<string, XlsxCell>;

export interface XlsxExport {
  columns: XlsxColumn[];
  /** row 1, merged across all columns */
  title: string;
  /** realname of the exporting user, shown as "导出人:<realname>" in row 2 */
  exporter: string;
  /** worksheet name (default: the title) */
  sheetName?: string;
  /** the data, one batch (e.g. one query page) at a time */
  rows: AsyncIterable<XlsxRow[]>;
}

/** Only strings and finite numbers become cells: no formulas, rich text or other exceljs objects. */
const cell = (v: XlsxCell): string | number | null =>
  typeof v === 'number' ? (Number.isFinite(v) ? v : null) : v == null ? null : String(v);

/** Worksheet names: at most 31 characters, none of : \ / ? * [ ]. */
const safeSheetName = (s: string) => s.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || 'Sheet1';

/**
 * Write the workbook to `output`, which is ended when the workbook is complete. Between batches
 * it waits for the compressor and for `output`, so a slow reader or a busy CPU slows the export
 * down instead of filling memory; if `output` is destroyed (reader gone) it stops reading rows.
 * Resolves to the data rows written.
 */
export async function writeXlsx(output: Writable, spec: XlsxExport): Promise<number> {
  const { columns } = spec;
  // loaded on the first export, not at start: exceljs alone costs ~0.5 CPU-s to import, a third of
  // the server's own start (every instance, every restart)
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(safeSheetName(spec.sheetName ?? spec.title), {
    views: [{ state: 'frozen', ySplit: 3 }],
  });
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width ?? 16 }));
  const last = Math.max(columns.length, 1);

  const title = sheet.addRow([spec.title]);
  sheet.mergeCells(1, 1, 1, last);
  title.height = 30;
  title.font = { bold: true, size: 16 };
  title.alignment = { horizontal: 'center', vertical: 'middle' };
  title.commit();
  const subtitle = sheet.addRow([`导出人:${spec.exporter}`]);
  sheet.mergeCells(2, 1, 2, last);
  subtitle.alignment = { horizontal: 'right' };
  subtitle.commit();
  const header = sheet.addRow(columns.map((c) => c.title));
  header.font = { bold: true };
  header.alignment = { horizontal: 'center' };
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7E6E6' } };
    c.border = { bottom: { style: 'thin' } };
  });
  header.commit();

  let written = 0;
  const batches = spec.rows[Symbol.asyncIterator]();
  let next = batches.next();
  try {
    for (let r = await next; !r.done && !output.destroyed; r = await next) {
      for (const row of r.value)
        sheet.addRow(columns.map((c) => cell(c.text ? c.text(row[c.key]) : row[c.key]))).commit();
      written += r.value.length;
      // read the next batch while zlib compresses this one, then wait for the compressor and
      // the reader: at most about one batch of XML is ever waiting in memory
      next = batches.next();
      await drained(output);
      await compressorCaughtUp(sheet, output);
    }
  } finally {
    await next.catch(() => undefined);
    await batches.return?.();
  }
  if (output.destroyed) return written;
  sheet.commit();
  await workbook.commit();
  return written;
}

/** XML allowed to wait for the compressor (about two batches) before the next batch is written. */
const MAX_BACKLOG = 1 << 20;

/** A Node stream or a readable-stream one (archiver's), by duck typing. */
interface StreamState {
  destroyed?: boolean;
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}

/**
 * Sheet XML not yet taken by the deflate stream. exceljs 4.x writes it to a StreamBuf that
 * archiver reads through a (readable-stream) PassThrough, and neither honours backpressure, so we
 * watch that PassThrough ourselves. These are internals: if a later exceljs moves them this
 * reads 0, and only `output` paces the export.
 */
function sheetBacklog(sheet: unknown): number {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  const s = (Array.isArray(pipes) ? pipes[0] : undefined) as StreamState | undefined;
  if (!s || s.destroyed) return 0;
  return (s._writableState?.length ?? 0) + (s._readableState?.length ?? 0);
}

/** Wait while the compressor is behind (polled: it has no event for "below N bytes"). */
async function compressorCaughtUp(sheet: unknown, output: Writable): Promise<void> {
  while (!output.destroyed && sheetBacklog(sheet) > MAX_BACKLOG)
    await new Promise((resolve) => setTimeout(resolve, 2));
}

/** Resolves once `output` can take more (or is closed). */
function drained(output: Writable): Promise<void> {
  if (!output.writableNeedDrain || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.once('drain', done);
    output.once('close', done);
  });
}

/** RFC 6266 / RFC 5987 attachment header: an ASCII `filename` plus the UTF-8 `filename*`. */
export function contentDisposition(filename: string, asciiFallback = 'export.xlsx'): string {
  const ascii = /^[\x20-\x7e]+$/.test(filename) ? filename : asciiFallback;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}

/**
 * Answer a request with the workbook. The first batch is read before anything is sent, so that a
 * refused filter or a failing query still gets the normal Result JSON; a failure after that can
 * only abort the download (it is logged).
 */
export async function sendXlsx(
  reply: FastifyReply,
  spec: XlsxExport & { filename: string; asciiFilename?: string },
): Promise<FastifyReply> {
  const iterator = spec.rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rows(): AsyncGenerator<XlsxRow[]> {
    if (first.done) return;
    yield first.value;
    for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value;
  }
  const body = new PassThrough();
  reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(spec.filename, spec.asciiFilename))
    .header('cache-control', 'no-store');
  void reply.send(body);
  try {
    await writeXlsx(body, { ...spec, rows: rows() });
  } catch (err) {
    reply.log.error({ err }, 'xlsx export failed while streaming');
    body.destroy(err as Error);
  } finally {
    await iterator.return?.();
  }
  return reply;
}

// ---- keyset pages ------------------------------------------------------------------------------

export interface KeysetSpec {
  /** the list's allow-list, filters and default sort, exactly as its list endpoint uses them */
  fields: EntityFields;
  query: Record<string, unknown>;
  fallback: SortFallback;
  /** unique and NOT NULL (the primary key): the last sort key, ascending */
  tieBreaker: PgColumn;
  where: SQL | undefined;
  /** rows per query (default 1000) */
  batchSize?: number;
  /** values read with each row, added to it by name (`EntityList.readWith`) */
  readWith?: Record<string, SQL.Aliased>;
}

/**
 * All rows of `table` matching `where`, in the list's order (`buildOrderBy`: the sort columns,
 * then the tie breaker), in batches of `batchSize`. Each page starts strictly after the last row
 * of the previous one (keyset), so no page is re-sorted or skipped over, and rows inserted or
 * deleted meanwhile cannot shift rows into or out of the export. The keys are carried as text and
 * cast back to the column type, so timestamps keep their microseconds.
 */
export async function* keysetBatches<T extends PgTable>(
  db: Db,
  table: T,
  spec: KeysetSpec,
): AsyncGenerator<Array<T['$inferSelect']>> {
  // validates the sort columns (BizError) and is the ORDER BY the pages use
  const { orderBy, keys: sortKeys } = buildOrderBy(spec.fields, spec.query, spec.fallback, spec.tieBreaker);
  const keys = sortKeys.map((k) => k.column);
  const direction = sortKeys.map((k) => k.descending);
  const keySelect = Object.fromEntries(keys.map((c, i) => [`k${i}`, sql<string | null>`(${c})::text`]));
  const size = spec.batchSize ?? 1000;
  const extras = Object.entries(spec.readWith ?? {});
  const extraSelect = Object.fromEntries(extras.map(([, value], i) => [`x${i}`, value]));
  const withExtras = (r: Record<string, unknown> & { row: T['$inferSelect'] }) =>
    extras.length
      ? { ...r.row, ...Object.fromEntries(extras.map(([name], i) => [name, r[`x${i}`]])) }
      : r.row;

  let after: Array<string | null> | undefined;
  for (;;) {
    const rows = (await db
      .select({ row: table, ...keySelect, ...extraSelect } as never)
      .from(table as never)
      .where(and(spec.where, after ? keysetAfter(keys, direction, after) : undefined))
      .orderBy(...orderBy)
      .limit(size)) as unknown as Array<Record<string, string | null> & { row: T['$inferSelect'] }>;
    if (rows.length === 0) return;
    yield rows.map(withExtras);
    if (rows.length < size) return;
    const lastRow = rows[rows.length - 1]!;
    const next = keys.map((_, i) => lastRow[`k${i}`] ?? null);
    // the tie breaker is unique: equal last keys mean a page came back twice (never loop forever)
    if (after?.every((v, i) => v === next[i])) throw new Error('keysetBatches: no progress');
    after = next;
  }
}

/**
 * Rows strictly after `values` in the order (key 1 … key n; `desc[i]` per key). PostgreSQL puts
 * NULLs last ascending and first descending, i.e. NULL sorts as the largest value.
 */
function keysetAfter(keys: PgColumn[], desc: boolean[], values: Array<string | null>): SQL | undefined {
  const lit = (c: PgColumn, v: string) => sql`CAST(${v} AS ${sql.raw(c.getSQLType())})`;
  const same = (c: PgColumn, v: string | null) => (v === null ? isNull(c) : sql`${c} = ${lit(c, v)}`);
  const beyond = (c: PgColumn, v: string | null, d: boolean): SQL | undefined => {
    if (v === null) return d ? isNotNull(c) : undefined; // nothing sorts after NULL ascending
    if (d) return sql`${c} < ${lit(c, v)}`;
    return c.notNull ? sql`${c} > ${lit(c, v)}` : or(sql`${c} > ${lit(c, v)}`, isNull(c));
  };
  const branches: SQL[] = [];
  keys.forEach((c, i) => {
    const step = beyond(c, values[i]!, desc[i]!);
    if (step) branches.push(and(...keys.slice(0, i).map((p, j) => same(p, values[j]!)), step)!);
  });
  // the first key's own bound, redundant but an index range the planner can use
  const [c0, v0] = [keys[0]!, values[0]!];
  const bound =
    v0 === null
      ? desc[0]
        ? undefined
        : isNull(c0)
      : desc[0]
        ? sql`${c0} <= ${lit(c0, v0)}`
        : c0.notNull
          ? sql`${c0} >= ${lit(c0, v0)}`
          : or(sql`${c0} >= ${lit(c0, v0)}`, isNull(c0));
  return and(bound, branches.length ? or(...branches) : sql`false`);
}
