/**
 * The rows of the first worksheet of an OOXML workbook (.xlsx), streamed: the zip read with yauzl
 * under the caps of import-limits.ts (xlsx-zip.ts), the parts parsed with saxes as they inflate
 * (xlsx-sheet-xml.ts). Every part is refused before it is inflated when its declared size passes
 * its cap or the request's budget.
 */
import type { Entry } from 'yauzl';
import {
  MAX_SHARED_STRINGS_PART_BYTES,
  MAX_SHEET_PART_BYTES,
  MAX_SMALL_PART_BYTES,
  type ImportBudget,
} from './import-limits.ts';
import type { RawRow } from './xlsx-sheet-reader.ts';
import { sharedStrings, workbookInfo, worksheetRows } from './xlsx-sheet-xml.ts';
import { entryText, entryWholeText, openZip, reserveEntries, type ZipArchive } from './xlsx-zip.ts';

/** The lowest-numbered `xl/worksheets/sheetN.xml`, for workbooks whose relationships say nothing. */
function lowestSheet(entries: Map<string, Entry>): string | undefined {
  const sheets = [...entries.keys()]
    .map((n) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  return sheets[0]?.[0];
}

/**
 * The rows of the first worksheet (in tab order) of the OOXML workbook in `content`, and whether
 * its dates count from 1904. Rejects with ImportLimitError when a part is too large or the
 * `budget` cannot hold it, and with any other error (also from the iterator) when the archive or
 * its parts cannot be read.
 */
export async function xlsxSheetRows(
  content: Buffer,
  budget: ImportBudget,
): Promise<{ date1904: boolean; rows: AsyncIterable<RawRow> }> {
  const archive = await openZip(content);
  const small = async (name: string) => {
    const entry = archive.entries.get(name);
    if (!entry) return '';
    reserveEntries([{ entry, cap: MAX_SMALL_PART_BYTES }], budget);
    return entryWholeText(archive, entry, MAX_SMALL_PART_BYTES, budget);
  };
  const info = workbookInfo(await small('xl/workbook.xml'), await small('xl/_rels/workbook.xml.rels'));
  const sheetPath =
    info.firstSheet && archive.entries.has(info.firstSheet) ? info.firstSheet : lowestSheet(archive.entries);
  const sheet = sheetPath && archive.entries.get(sheetPath);
  if (!sheet) throw new Error('no worksheet in the archive');
  const strings = archive.entries.get(info.sharedStrings ?? 'xl/sharedStrings.xml');
  reserveEntries(
    [
      { entry: sheet, cap: MAX_SHEET_PART_BYTES },
      ...(strings ? [{ entry: strings, cap: MAX_SHARED_STRINGS_PART_BYTES }] : []),
    ],
    budget,
  );
  return { date1904: info.date1904, rows: sheetRows(archive, sheet, strings, budget) };
}

async function* sheetRows(
  archive: ZipArchive,
  sheet: Entry,
  strings: Entry | undefined,
  budget: ImportBudget,
): AsyncGenerator<RawRow> {
  try {
    const table = strings
      ? await sharedStrings(entryText(archive, strings, MAX_SHARED_STRINGS_PART_BYTES, budget))
      : [];
    yield* worksheetRows(entryText(archive, sheet, MAX_SHEET_PART_BYTES, budget), table);
  } finally {
    archive.zip.close();
  }
}
