/**
 * Reading the data rows of an uploaded workbook for `importExcel` (jeecg-api.md §6.15): the file
 * kind by magic bytes, then the first worksheet read as a stream of rows, from OOXML
 * (xlsx-sheet-rows.ts) or Excel 97-2003 BIFF8 (xls-sheet-rows.ts), into one pipeline: the header
 * row found by its column titles (JeecgBoot's files have 2 title rows, our exports a title and an
 * "导出人" row, hand-made files often none), and each later row mapped to the columns' keys.
 */
import { ImportBudget, ImportLimitError, MAX_XLS_STREAM_BYTES, type LimitReason } from './import-limits.ts';
import { xlsProblem, XlsError, xlsSheetRows, type XlsProblem } from './xls-sheet-rows.ts';
import { xlsxSheetRows } from './xlsx-sheet-rows.ts';

/** One column of an import: header title(s) ↔ the field of the form schema. */
export interface ImportColumn {
  /** field of the parsed row (the form schema's property) */
  key: string;
  /** header text, as the export writes it */
  title: string;
  /** other header texts accepted for this column */
  aliases?: string[];
  /** dictionary code: a cell holding an item text (男) becomes its value (1) */
  dict?: string;
  /** `date`: Excel date serials and `2020/1/5` become `YYYY-MM-DD` */
  type?: 'text' | 'date';
  /** the file is refused when this column is missing */
  required?: boolean;
}

/** A data row: its sheet row number (1-based, as Excel shows it) and the cell texts by key. */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

/** A sheet row as a format reader yields it: 1-based number, values by 1-based column index. */
export interface RawRow {
  row: number;
  values: unknown[];
}

/** Messages shown for files that cannot be imported at all. */
export const IMPORT_MSG = {
  notExcel: '文件格式不正确，请上传 .xls 或 .xlsx 文件',
  unreadable: '文件内容无法读取，请确认是有效的 Excel 文件',
  tooBig: '文件解压后过大，请分批导入',
  requestTooBig: '本次导入的文件解压后合计过大，请分批导入',
  encrypted: '文件已加密，请取消密码后导入',
  oldExcel: '暂不支持 Excel 95 及更早版本的文件，请另存为 .xlsx 后导入',
  noHeader: '未找到表头行，请使用导出的文件或导入模板',
  missingColumn: (titles: string[]) => `缺少必填列：${titles.join('、')}`,
} as const;

/** Rows looked at for the header (title rows above it are skipped). */
const HEADER_SCAN_ROWS = 10;

const XLS_MSG: Record<XlsProblem, string> = {
  corrupt: IMPORT_MSG.unreadable,
  tooBig: IMPORT_MSG.tooBig,
  encrypted: IMPORT_MSG.encrypted,
  oldFormat: IMPORT_MSG.oldExcel,
  notWorkbook: IMPORT_MSG.notExcel,
};
const LIMIT_MSG: Record<LimitReason, string> = {
  tooBig: IMPORT_MSG.tooBig,
  requestTooBig: IMPORT_MSG.requestTooBig,
};

/** The message for a file a reader refused (any other error: the content is unreadable). */
const refusal = (e: unknown): string =>
  e instanceof ImportLimitError
    ? LIMIT_MSG[e.reason]
    : e instanceof XlsError
      ? XLS_MSG[e.reason]
      : IMPORT_MSG.unreadable;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (b: Buffer, sig: number[]) => sig.every((byte, i) => b[i] === byte);

/** What the content is, whatever its name says: OOXML (zip), BIFF (OLE compound file) or other. */
export function sniffWorkbook(content: Buffer): 'xlsx' | 'biff' | 'other' {
  if (startsWith(content, ZIP)) return 'xlsx';
  if (startsWith(content, OLE)) return 'biff';
  return 'other';
}

/**
 * Refuse content that is not a readable workbook (OOXML, or BIFF8 in a compound file), with the
 * message to show. Only the container and its declared sizes are checked (an .xlsx's small parts
 * are read); the reading itself may still refuse it.
 */
export async function workbookProblem(content: Buffer): Promise<string | undefined> {
  const kind = sniffWorkbook(content);
  if (kind === 'other') return IMPORT_MSG.notExcel;
  if (kind === 'biff') {
    const problem = xlsProblem(content, MAX_XLS_STREAM_BYTES);
    return problem && XLS_MSG[problem];
  }
  try {
    await xlsxSheetRows(content, new ImportBudget());
    return undefined;
  } catch (e) {
    return refusal(e);
  }
}

const excelSerialDate = (n: number, date1904: boolean): string | undefined => {
  // 25569 = 1970-01-01 in Excel's 1900 date system; the 1904 system counts 1462 days fewer
  const d = new Date(Math.round((n + (date1904 ? 1462 : 0) - 25569) * 86_400_000));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().slice(0, 10);
};

/** `2020/1/5`, `2020-1-5`, `2020.01.05` → `2020-01-05`; anything else unchanged (the schema judges). */
const normaliseDate = (s: string): string => {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(s);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : s;
};

/** The text of a cell value as exceljs reads it (plain, rich text, formula result, hyperlink). */
export function cellText(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text?: string }>; result?: unknown; text?: unknown };
    if (Array.isArray(o.richText)) return cellText(o.richText.map((r) => r.text ?? '').join(''));
    if ('result' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
  }
  return undefined;
}

const headerKey = (s: string) => s.replace(/[\s*＊]/g, '').toLowerCase();

/** Column index (1-based) → import column, for a candidate header row. */
function matchHeader(values: unknown[], columns: ImportColumn[]): Map<number, ImportColumn> {
  const byTitle = new Map<string, ImportColumn>();
  for (const c of columns)
    for (const t of [c.title, c.key, ...(c.aliases ?? [])]) byTitle.set(headerKey(t), c);
  const out = new Map<number, ImportColumn>();
  const used = new Set<ImportColumn>();
  values.forEach((v, i) => {
    const text = cellText(v);
    const col = text === undefined ? undefined : byTitle.get(headerKey(text));
    if (col && !used.has(col)) {
      used.add(col);
      out.set(i, col);
    }
  });
  return out;
}

function rowValues(
  values: unknown[],
  header: Map<number, ImportColumn>,
  date1904: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [i, col] of header) {
    const raw = values[i];
    let text: string | undefined;
    if (col.type === 'date' && typeof raw === 'number') text = excelSerialDate(raw, date1904);
    else {
      text = cellText(raw);
      if (text !== undefined && col.type === 'date') text = normaliseDate(text);
    }
    if (text !== undefined) out[col.key] = text;
  }
  return out;
}

/** Thrown for a file that cannot be imported at all (its message is shown as is). */
export class WorkbookError extends Error {}

/** The first worksheet's rows in either format, and whether its date serials count from 1904. */
async function sheetSource(
  content: Buffer,
  budget: ImportBudget,
): Promise<{ date1904: boolean; rows: Iterable<RawRow> | AsyncIterable<RawRow> }> {
  if (sniffWorkbook(content) === 'biff') return xlsSheetRows(content, MAX_XLS_STREAM_BYTES, { budget });
  return xlsxSheetRows(content, budget);
}

/**
 * The data rows of the first worksheet of a workbook (.xlsx or .xls), `batchSize` at a time.
 * Empty rows are skipped. Throws WorkbookError when the content is not a readable workbook, is too
 * large (for itself or for what is left of the request's `budget`), has no header row, or lacks a
 * required column.
 */
export async function* readSheetRows(
  content: Buffer,
  columns: ImportColumn[],
  batchSize: number,
  budget = new ImportBudget(),
): AsyncGenerator<SheetRow[]> {
  if (sniffWorkbook(content) === 'other') throw new WorkbookError(IMPORT_MSG.notExcel);
  let header: Map<number, ImportColumn> | undefined;
  let date1904 = false;
  const scanned: RawRow[] = [];
  const batch: SheetRow[] = [];

  const pickHeader = () => {
    let best: { at: number; map: Map<number, ImportColumn> } | undefined;
    scanned.forEach((r, at) => {
      const map = matchHeader(r.values, columns);
      if (map.size > 0 && (!best || map.size > best.map.size)) best = { at, map };
    });
    if (!best) throw new WorkbookError(IMPORT_MSG.noHeader);
    const found = new Set(best.map.values());
    const missing = columns.filter((c) => c.required && !found.has(c)).map((c) => c.title);
    if (missing.length) throw new WorkbookError(IMPORT_MSG.missingColumn(missing));
    header = best.map;
    return scanned.slice(best.at + 1);
  };
  const take = (r: RawRow) => {
    const values = rowValues(r.values, header!, date1904);
    if (Object.keys(values).length) batch.push({ row: r.row, values });
  };

  try {
    const source = await sheetSource(content, budget);
    date1904 = source.date1904;
    for await (const r of source.rows) {
      if (!header) {
        scanned.push(r);
        if (scanned.length < HEADER_SCAN_ROWS) continue;
        pickHeader().forEach(take);
      } else take(r);
      while (batch.length >= batchSize) yield batch.splice(0, batchSize);
    }
  } catch (e) {
    throw e instanceof WorkbookError ? e : new WorkbookError(refusal(e));
  }
  if (!header) pickHeader().forEach(take);
  while (batch.length) yield batch.splice(0, batchSize);
}
