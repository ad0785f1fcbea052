/**
 * Renders command results as terminal text: aligned columns (CJK counted as two columns), JSON or
 * CSV (RFC 4180).
 */
import { formatMoney, formatNumber, formatPercent } from '../../src/shared/format.ts';
import { htmlText } from '../../src/shared/html-text.ts';
import { padText, textWidth, truncateText } from './text-width.ts';
import type { CommandResult, TableColumn, TableResult } from './types.ts';

export { textWidth } from './text-width.ts';

export type OutputFormat = 'text' | 'json' | 'csv';

export interface TableTextOptions {
  /** widest a column may get before its cells are cut with '…' (default 40) */
  maxColumnWidth?: number;
  /** spaces between columns (default 2) */
  gap?: number;
}

/** A cell as one line of text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\r?\n|\r/g, ' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A cell of a text table as its column's format shows it. */
function shown(col: TableColumn, value: unknown): string {
  if (col.options && value !== null && value !== undefined)
    return col.options.find((o) => o.value === String(value))?.text ?? cellText(value);
  switch (col.format) {
    case 'money':
      return formatMoney(value);
    case 'number':
      return formatNumber(value);
    case 'percent':
      return formatPercent(value);
    case 'html':
      return typeof value === 'string' ? htmlText(value) : cellText(value);
    default:
      return cellText(value);
  }
}

/**
 * Aligned columns: a header line, a rule, one line per row. Numeric, money and percent columns
 * are right-aligned; money and number columns show thousands separators (spec §9), only in text:
 * CSV and JSON keep the values.
 */
export function formatTable(table: TableResult, options: TableTextOptions = {}): string[] {
  const max = options.maxColumnWidth ?? 40;
  const gap = ' '.repeat(options.gap ?? 2);
  const columns = table.columns.map((col) => {
    const cells = table.rows.map((row) => truncateText(shown(col, row[col.key]), max));
    const title = truncateText(col.title, max);
    const width = Math.max(textWidth(title), ...cells.map(textWidth));
    const numeric =
      col.format === 'money' ||
      col.format === 'number' ||
      col.format === 'percent' ||
      (table.rows.length > 0 && table.rows.every((row) => typeof row[col.key] === 'number'));
    return { title, cells, width, align: numeric ? ('right' as const) : ('left' as const) };
  });
  const line = (texts: string[], aligns: Array<'left' | 'right'>) =>
    texts
      .map((t, i) => padText(t, columns[i]?.width ?? 0, aligns[i]))
      .join(gap)
      .trimEnd();
  const aligns = columns.map((c) => c.align);
  return [
    line(
      columns.map((c) => c.title),
      aligns,
    ),
    columns.map((c) => '─'.repeat(c.width)).join(gap),
    ...table.rows.map((_row, r) =>
      line(
        columns.map((c) => c.cells[r] ?? ''),
        aligns,
      ),
    ),
  ];
}

/** One CSV field, quoted when it holds a comma, a quote, a line break or outer spaces. */
export function csvField(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV: a header of column titles (or keys), CRLF line ends, no trailing line break. */
export function formatCsv(table: TableResult, header: 'title' | 'key' = 'title'): string {
  const lines = [
    table.columns.map((c) => csvField(header === 'title' ? c.title : c.key)).join(','),
    ...table.rows.map((row) => table.columns.map((c) => csvField(row[c.key])).join(',')),
  ];
  return lines.join('\r\n');
}

/** The rows of a table keyed by column key (only the table's columns), pretty-printed. */
export function formatJson(value: TableResult | unknown): string {
  if (isTable(value)) {
    const rows = value.rows.map((row) =>
      Object.fromEntries(value.columns.map((c) => [c.key, row[c.key] ?? null])),
    );
    return JSON.stringify(rows, null, 2);
  }
  return JSON.stringify(value ?? null, null, 2);
}

function isTable(value: unknown): value is TableResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as TableResult).columns) &&
    Array.isArray((value as TableResult).rows)
  );
}

/** A table from records (columns: the keys of the records, in first-seen order). */
export function tableFromRecords(records: Array<Record<string, unknown>>): TableResult {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return { columns: keys.map((key) => ({ key, title: key })), rows: records };
}

/** The lines a terminal prints for a result in the chosen format. */
export function renderResult(
  result: CommandResult,
  format: OutputFormat = 'text',
  options?: TableTextOptions,
): string[] {
  const table = result.table ?? (result.records ? tableFromRecords(result.records) : undefined);
  if (format === 'json') return formatJson(table ?? { message: result.message ?? null }).split('\n');
  if (format === 'csv' && table) return formatCsv(table).split('\r\n');
  const lines = table && format === 'text' ? formatTable(table, options) : [];
  if (result.message) lines.push(...result.message.split('\n'));
  return lines;
}
