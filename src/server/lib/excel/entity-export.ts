/**
 * Generic `GET …/exportXls` (jeecg-api.md §6): the rows the entity's list would show for the same
 * filters, super query and sort (all pages, or only the ticked `selections`), decorated like the
 * list and streamed as an .xlsx in keyset batches.
 */
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/api.ts';
import { fromFen, toFen } from '../../../shared/format.ts';
import { hasNoNul } from '../../../shared/validation.ts';
import type { Db } from '../../db/client.ts';
import { caller } from '../../plugins/auth.ts';
import { byIds, entityWhere, type EntityList } from '../query/entity-list.ts';
import { allOf } from '../query/query-generator.ts';
import { BizError } from '../http/result.ts';
import { keysetBatches, sendXlsx, type XlsxColumn, type XlsxRow } from './xlsx-export.ts';

type Query = Record<string, unknown>;

/** Rows per query (and per decoration round). */
export const EXPORT_BATCH = 1000;
/** `selections` is meant for ticked rows of a page, not for arbitrary id lists. */
const MAX_SELECTIONS = 10_000;

/** `selections=id1,id2` (also repeated): the ticked rows, or undefined for all rows. */
export function selectionIds(raw: unknown): string[] | undefined {
  const ids = (Array.isArray(raw) ? raw : [raw ?? ''])
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) return undefined;
  if (ids.length > MAX_SELECTIONS || !ids.every(hasNoNul)) throw new BizError(MSG.badParam('selections'));
  return [...new Set(ids)];
}

/**
 * The decorated rows of the export, `batchSize` per query. `where` replaces the list's standard
 * condition (`entityWhere`) for lists with extra parameters; `selections` always applies.
 */
export async function* entityExportRows<T extends PgTable, R>(
  db: Db,
  list: EntityList<T, R>,
  query: Query,
  tz: string,
  opts: { where?: SQL; batchSize?: number } = {},
): AsyncGenerator<XlsxRow[]> {
  const selections = selectionIds(query.selections);
  const base = 'where' in opts ? opts.where : entityWhere(list, query, tz);
  const batches = keysetBatches(db, list.table, {
    fields: list.fields,
    query,
    fallback: list.defaultSort,
    tieBreaker: list.tieBreaker,
    where: allOf([base, selections && byIds(list, selections)]),
    batchSize: opts.batchSize ?? EXPORT_BATCH,
    readWith: list.readWith?.(),
  });
  const decorate = await list.decorator(db, tz);
  for await (const rows of batches) yield (await decorate(rows)) as unknown as XlsxRow[];
}

/** Workbook texts of one export: row 1 title, sheet name, columns, download names. */
export interface ExportSheet {
  title: string;
  sheetName: string;
  columns: XlsxColumn[];
  /** download name (may be Chinese) */
  filename: string;
  /** ASCII fallback of the download name */
  asciiFilename: string;
  /** money columns summed into a 合计 row after the data (exact, in fen) */
  totals?: readonly string[];
}

/** The rows, then one row with the exact sums of `keys` and 合计 in the first column. */
async function* withTotals(
  rows: AsyncIterable<XlsxRow[]>,
  keys: readonly string[],
  first: string | undefined,
): AsyncGenerator<XlsxRow[]> {
  const sums = new Map(keys.map((k) => [k, 0n]));
  for await (const batch of rows) {
    for (const row of batch) for (const k of keys) sums.set(k, sums.get(k)! + BigInt(toFen(row[k]) ?? 0));
    yield batch;
  }
  const total: XlsxRow = {};
  for (const [k, fen] of sums) total[k] = fromFen(Number(fen));
  if (first && !keys.includes(first)) total[first] = '合计';
  yield [total];
}

/** Shown as "导出人:<name>" in row 2: the caller's real name, else the account name. */
export const exporterName = (req: FastifyRequest): string =>
  caller(req).user.realname || caller(req).user.username;

/** Answer an export request with the entity's rows for that request's query. */
export function sendEntityExport<T extends PgTable, R>(
  req: FastifyRequest<{ Querystring: Query }>,
  reply: FastifyReply,
  db: Db,
  list: EntityList<T, R>,
  sheet: ExportSheet,
  opts: { where?: SQL; tz: string },
): Promise<FastifyReply> {
  const { tz, ...rowOpts } = opts;
  const rows = entityExportRows(db, list, req.query, tz, rowOpts);
  return sendXlsx(reply, {
    ...sheet,
    exporter: exporterName(req),
    rows: sheet.totals?.length ? withTotals(rows, sheet.totals, sheet.columns[0]?.key) : rows,
  });
}
