/**
 * The rows of the first worksheet of an Excel 97-2003 workbook ([MS-XLS] BIFF8 in an OLE compound
 * file): the `Workbook` stream's globals (shared strings, date system, sheet offsets), then the
 * first worksheet's cell records, yielded row by row as each block of rows ends (DBCELL), so rows
 * flow into the import pipeline without building the whole sheet first. Cell styles are not read:
 * numbers (dates included) stay numbers, as on the OOXML path.
 */
import { BiffStringError, readSst, SegmentReader } from './biff-strings.ts';
import { CfbError, openCompoundFile, type CfbEntry, type CompoundFile } from './cfb-container.ts';
import { MAX_XLS_CELLS, type ImportBudget } from './import-limits.ts';
import type { RawRow } from './xlsx-sheet-reader.ts';

/** Why a workbook cannot be read: malformed, too large, password-protected, pre-BIFF8 or no workbook. */
export type XlsProblem = 'corrupt' | 'tooBig' | 'encrypted' | 'oldFormat' | 'notWorkbook';

/** Thrown for content that is not a readable BIFF8 workbook. */
export class XlsError extends Error {
  constructor(readonly reason: XlsProblem) {
    super(`xls: ${reason}`);
  }
}

/** Record types used here ([MS-XLS] 2.3). */
export const BIFF = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  CONTINUE: 0x003c,
  DATEMODE: 0x0022,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
  DBCELL: 0x00d7,
} as const;

const BIFF8 = 0x0600;
const GLOBALS = 0x0005;
const WORKSHEET = 0x0010;
/** BOF record types of BIFF2, BIFF3 and BIFF4 */
const OLD_BOFS = new Set([0x0009, 0x0209, 0x0409]);

/** One record of a BIFF stream. */
export interface BiffRecord {
  type: number;
  data: Buffer;
  /** offset of the next record */
  next: number;
}

/** The record at `at`; a record running past the end of the stream is corrupt. */
export function recordAt(stream: Buffer, at: number): BiffRecord {
  if (at + 4 > stream.length) throw new XlsError('corrupt');
  const end = at + 4 + stream.readUInt16LE(at + 2);
  if (end > stream.length) throw new XlsError('corrupt');
  return { type: stream.readUInt16LE(at), data: stream.subarray(at + 4, end), next: end };
}

/** A record's payload and those of the CONTINUE records after it. */
function withContinues(stream: Buffer, rec: BiffRecord): { segments: Buffer[]; next: number } {
  const segments = [rec.data];
  let next = rec.next;
  while (next + 4 <= stream.length && stream.readUInt16LE(next) === BIFF.CONTINUE) {
    const c = recordAt(stream, next);
    segments.push(c.data);
    next = c.next;
  }
  return { segments, next };
}

function checkBof(rec: BiffRecord, kind: number) {
  if (OLD_BOFS.has(rec.type)) throw new XlsError('oldFormat');
  if (rec.type !== BIFF.BOF || rec.data.length < 4) throw new XlsError('corrupt');
  if (rec.data.readUInt16LE(0) !== BIFF8) throw new XlsError('oldFormat');
  if (rec.data.readUInt16LE(2) !== kind) throw new XlsError('corrupt');
}

/** The compound file and its `Workbook` stream entry, whose size is checked (not read yet). */
function open(content: Buffer, maxBytes: number): { file: CompoundFile; book: CfbEntry } {
  try {
    const file = openCompoundFile(content, maxBytes);
    // an encrypted .xlsx is a compound file holding the encrypted package
    if (file.entries.has('ENCRYPTEDPACKAGE')) throw new XlsError('encrypted');
    const book = file.entries.get('WORKBOOK') ?? file.entries.get('BOOK');
    if (!book || book.type !== 2) throw new XlsError('notWorkbook');
    // a stream cannot hold more than the file: a larger size is a lie, not a big workbook
    if (book.size > content.length) throw new XlsError('corrupt');
    if (book.size > maxBytes) throw new XlsError('tooBig');
    return { file, book };
  } catch (e) {
    throw e instanceof CfbError ? new XlsError(e.reason) : e;
  }
}

/** What keeps this compound file from being read as a workbook, found without reading it whole. */
export function xlsProblem(content: Buffer, maxBytes: number): XlsProblem | undefined {
  try {
    open(content, maxBytes);
    return undefined;
  } catch (e) {
    if (e instanceof XlsError) return e.reason;
    return 'corrupt';
  }
}

function readBook({ file, book }: { file: CompoundFile; book: CfbEntry }): Buffer {
  try {
    return file.read(book);
  } catch (e) {
    throw e instanceof CfbError ? new XlsError(e.reason) : e;
  }
}

/** The `Workbook` stream of an OLE compound file (XlsError when there is none or it is malformed). */
export function workbookStream(content: Buffer, maxBytes: number): Buffer {
  return readBook(open(content, maxBytes));
}

interface Globals {
  strings: string[];
  date1904: boolean;
  /** stream offset of the first worksheet's BOF */
  firstSheet?: number;
}

function readGlobals(stream: Buffer): Globals {
  const bof = recordAt(stream, 0);
  checkBof(bof, GLOBALS);
  const out: Globals = { strings: [], date1904: false };
  for (let at = bof.next; ;) {
    const rec = recordAt(stream, at);
    const d = rec.data;
    at = rec.next;
    if (rec.type === BIFF.EOF) return out;
    if (rec.type === BIFF.FILEPASS) throw new XlsError('encrypted');
    if (rec.type === BIFF.DATEMODE && d.length >= 2) out.date1904 = d.readUInt16LE(0) === 1;
    // the first BOUNDSHEET of type worksheet (charts, macro and VB sheets are skipped)
    if (rec.type === BIFF.BOUNDSHEET && d.length >= 6 && d[5] === 0) out.firstSheet ??= d.readUInt32LE(0);
    if (rec.type === BIFF.SST) {
      const { segments, next } = withContinues(stream, rec);
      out.strings = readSst(segments);
      at = next;
    }
  }
}

/** The value of an RK number: a 30-bit integer or the top 30 bits of a double, maybe divided by 100. */
export function rkValue(rk: number): number {
  let v: number;
  if (rk & 2) v = rk >> 2;
  else {
    const b = Buffer.alloc(8);
    b.writeInt32LE(rk & ~3, 4);
    v = b.readDoubleLE(0);
  }
  return rk & 1 ? v / 100 : v;
}

/** The cell rows of the worksheet whose BOF is at `start`, flushed at each DBCELL and at its EOF. */
function* worksheetRows(
  stream: Buffer,
  start: number,
  strings: string[],
  maxCells: number,
): Generator<RawRow> {
  checkBof(recordAt(stream, start), WORKSHEET);
  const pending = new Map<number, unknown[]>();
  let cells = 0;
  const set = (d: Buffer, value: unknown, col = d.readUInt16LE(2)) => {
    if (++cells > maxCells) throw new XlsError('tooBig');
    const row = d.readUInt16LE(0);
    let values = pending.get(row);
    if (!values) pending.set(row, (values = []));
    values[col + 1] = value;
  };
  function* flush(): Generator<RawRow> {
    for (const row of [...pending.keys()].sort((a, b) => a - b))
      yield { row: row + 1, values: pending.get(row)! };
    pending.clear();
  }
  let formulaCell: Buffer | undefined;
  let nested = 0;
  for (let at = recordAt(stream, start).next; ;) {
    const rec = recordAt(stream, at);
    const d = rec.data;
    at = rec.next;
    // an embedded chart is a BOF…EOF substream inside the worksheet's
    if (rec.type === BIFF.BOF) nested++;
    else if (rec.type === BIFF.EOF && nested > 0) nested--;
    else if (nested > 0) continue;
    else if (rec.type === BIFF.EOF) return yield* flush();
    else if (rec.type === BIFF.DBCELL) yield* flush();
    else if (rec.type === BIFF.LABELSST) {
      // an index past the shared-string table is a broken file, not an empty cell
      const index = d.readUInt32LE(6);
      if (index >= strings.length) throw new XlsError('corrupt');
      set(d, strings[index]);
    } else if (rec.type === BIFF.LABEL || rec.type === BIFF.RSTRING)
      set(d, new SegmentReader([d.subarray(6)]).unicodeString(false));
    else if (rec.type === BIFF.NUMBER) set(d, d.readDoubleLE(6));
    else if (rec.type === BIFF.RK) set(d, rkValue(d.readInt32LE(6)));
    else if (rec.type === BIFF.MULRK) {
      const first = d.readUInt16LE(2);
      for (let i = 0; 4 + i * 6 + 6 <= d.length - 2; i++)
        set(d, rkValue(d.readInt32LE(6 + i * 6)), first + i);
    } else if (rec.type === BIFF.BOOLERR && d.length >= 8) {
      if (d[7] === 0) set(d, d[6] === 1); // error values (#N/A…) stay empty
    } else if (rec.type === BIFF.FORMULA) {
      // a cached number, or a marker: text (in the next STRING record), boolean, error or empty
      formulaCell = undefined;
      if (d.readUInt16LE(12) !== 0xffff) set(d, d.readDoubleLE(6));
      else if (d[6] === 0) formulaCell = d;
      else if (d[6] === 1) set(d, d[8] === 1);
    } else if (rec.type === BIFF.STRING && formulaCell) {
      const { segments, next } = withContinues(stream, rec);
      set(formulaCell, new SegmentReader(segments).unicodeString(false));
      formulaCell = undefined;
      at = next;
    }
  }
}

/** What an .xls read may cost beyond the workbook stream's size cap. */
export interface XlsReadLimits {
  /** the request's budget: the workbook stream's size is reserved from it before it is read */
  budget?: ImportBudget;
  /** cell records of the worksheet (default MAX_XLS_CELLS) */
  maxCells?: number;
}

/**
 * The rows of the first worksheet of a BIFF8 workbook held in `content` (an OLE compound file),
 * and whether its dates count from 1904. Throws XlsError (also from the iterator) for content
 * that is malformed, encrypted, pre-BIFF8, whose workbook stream exceeds `maxBytes` or which holds
 * more cells than `limits.maxCells`; ImportLimitError when the budget cannot hold the stream or the
 * shared strings table declares too many strings.
 */
export function xlsSheetRows(
  content: Buffer,
  maxBytes: number,
  limits: XlsReadLimits = {},
): { date1904: boolean; rows: Iterable<RawRow> } {
  try {
    const opened = open(content, maxBytes);
    limits.budget?.reserve(opened.book.size);
    const stream = readBook(opened);
    if (limits.budget) limits.budget.consumed += stream.length;
    const globals = readGlobals(stream);
    if (globals.firstSheet === undefined) throw new XlsError('corrupt');
    const rows = worksheetRows(stream, globals.firstSheet, globals.strings, limits.maxCells ?? MAX_XLS_CELLS);
    return { date1904: globals.date1904, rows: guarded(rows) };
  } catch (e) {
    throw asXlsError(e);
  }
}

const asXlsError = (e: unknown): unknown =>
  e instanceof XlsError
    ? e
    : e instanceof BiffStringError || e instanceof RangeError
      ? new XlsError('corrupt')
      : e;

/** Short records read past their end (RangeError) and cut strings become XlsError('corrupt'). */
function* guarded(rows: Generator<RawRow>): Generator<RawRow> {
  try {
    yield* rows;
  } catch (e) {
    throw asXlsError(e);
  }
}
