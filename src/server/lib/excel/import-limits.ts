/**
 * Every size cap of the Excel import in one place (security issue #13: decompression bombs). An
 * upload is at most 10 MB, but an .xlsx is a zip whose parts may inflate a thousandfold, and an
 * .xls holds tables and counts the readers would otherwise trust. The caps are checked against the
 * sizes a file declares BEFORE any work, and again against the bytes actually inflated while
 * streaming; one `ImportBudget` per request bounds the work of all its files together.
 */

const MiB = 1024 * 1024;

/**
 * Inflated bytes of one worksheet part (xl/worksheets/sheetN.xml). It is streamed, never held
 * whole; our own export of the 100,000 rows an import allows, 9 columns wide, is about 47 MB.
 */
export const MAX_SHEET_PART_BYTES = 128 * MiB;
/** Inflated bytes of the shared strings part (xl/sharedStrings.xml), which is held in memory. */
export const MAX_SHARED_STRINGS_PART_BYTES = 64 * MiB;
/** Inflated bytes of any other part read (xl/workbook.xml, its relationships). */
export const MAX_SMALL_PART_BYTES = 4 * MiB;
/** Entries of an .xlsx archive (a workbook has a few dozen; each costs a directory record). */
export const MAX_ZIP_ENTRIES = 10_000;
/**
 * Bytes all the files of one import request may make the readers go through: the declared
 * inflated sizes of the .xlsx parts read, the workbook stream sizes of the .xls files.
 */
export const MAX_REQUEST_BYTES = 256 * MiB;

/** The `Workbook` stream of an .xls (a BIFF8 workbook is read whole into memory). */
export const MAX_XLS_STREAM_BYTES = 64 * MiB;
/** Sectors of an .xls compound file (128 MiB in 512-byte sectors), checked before its tables are read. */
export const MAX_CFB_SECTORS = 1 << 18;
/** Shared strings of a workbook (the count an .xls SST declares, the items an .xlsx part holds). */
export const MAX_SHARED_STRINGS = 2_000_000;
/** Cell records of an .xls worksheet (65,536 rows of 61 columns). */
export const MAX_XLS_CELLS = 4_000_000;
/** Columns of a worksheet (Excel's own limit, XFD). */
export const MAX_COLUMNS = 16_384;

/** Why a file is refused by a cap: it is too large itself, or the request has spent its budget. */
export type LimitReason = 'tooBig' | 'requestTooBig';

/** Thrown by a reader when a cap is reached (before the work where possible). */
export class ImportLimitError extends Error {
  constructor(readonly reason: LimitReason) {
    super(`import limit: ${reason}`);
  }
}

/**
 * What one import request may still make the readers do, shared by all its files. A reader
 * reserves the size a part declares before inflating it (refusing the file when that would pass
 * the limit) and counts the bytes it actually consumed.
 */
export class ImportBudget {
  /** declared sizes reserved so far */
  reserved = 0;
  /** bytes actually inflated (.xlsx) or read (.xls stream) so far */
  consumed = 0;

  constructor(readonly limit = MAX_REQUEST_BYTES) {}

  /** Reserve `bytes` for a part about to be read; ImportLimitError when the budget cannot hold them. */
  reserve(bytes: number): void {
    if (this.reserved + bytes > this.limit) throw new ImportLimitError('requestTooBig');
    this.reserved += bytes;
  }
}
