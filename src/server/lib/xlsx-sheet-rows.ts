/**
 * The rows of the first worksheet of an OOXML workbook (.xlsx), streamed: exceljs's sheet parser
 * and shared-strings parser over our own zip reading (see xlsx-zip.ts), without exceljs's
 * WorkbookReader. Cell styles are not read: numbers stay numbers (date columns convert serials).
 */
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { RawRow } from './xlsx-sheet-reader.ts';
import { entryTextStream, firstSheetPath, workbookDate1904, zipEntries, type ZipEntry } from './xlsx-zip.ts';

const require = createRequire(import.meta.url);
const WorksheetReader = require('exceljs/lib/stream/xlsx/worksheet-reader.js') as new (init: {
  workbook: unknown;
  id: number;
  iterator: AsyncIterable<unknown>;
  options: Record<string, string>;
}) => AsyncIterable<ExcelJS.Row>;
const parseSharedStrings = (
  ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as {
    _parseSharedStrings(this: unknown, entry: Readable): AsyncGenerator<unknown>;
  }
)._parseSharedStrings;
const NO_STYLES = { getStyleModel: () => undefined };

/** The shared strings table (rich text as exceljs's `{ richText }`). */
async function readSharedStrings(entry: Readable): Promise<unknown[]> {
  const target = { options: { sharedStrings: 'cache' }, sharedStrings: [] as unknown[], _emitEntry() {} };
  for await (const _ of parseSharedStrings.call(target, entry)) void _;
  return target.sharedStrings;
}

/**
 * The rows of the first worksheet of the OOXML workbook in `content`, as exceljs reads them, and
 * whether its dates count from 1904. Throws (any error, also from the iterator) when the archive
 * or its parts cannot be read.
 */
export function xlsxSheetRows(content: Buffer): { date1904: boolean; rows: AsyncIterable<RawRow> } {
  const entries = zipEntries(content);
  const sheetPath = entries && firstSheetPath(content, entries);
  if (!entries || !sheetPath) throw new Error('no worksheet in the archive');
  return { date1904: workbookDate1904(content, entries), rows: sheetRows(content, entries, sheetPath) };
}

async function* sheetRows(
  content: Buffer,
  entries: Map<string, ZipEntry>,
  sheetPath: string,
): AsyncGenerator<RawRow> {
  let sheet: Readable | undefined;
  try {
    const strings = entries.get('xl/sharedStrings.xml');
    const sharedStrings = strings ? await readSharedStrings(entryTextStream(content, strings)) : [];
    sheet = entryTextStream(content, entries.get(sheetPath)!);
    const reader: AsyncIterable<ExcelJS.Row> = new WorksheetReader({
      workbook: { sharedStrings, styles: NO_STYLES, properties: { model: {} } },
      id: 1,
      iterator: sheet,
      options: { worksheets: 'emit', hyperlinks: 'ignore' },
    });
    for await (const row of reader) yield { row: row.number, values: row.values as unknown[] };
  } finally {
    sheet?.destroy();
  }
}
