/**
 * Just enough ZIP for reading an uploaded .xlsx that is already in memory: the central directory,
 * a streamed (inflating) reader per entry, and the path of the workbook's first worksheet. Reading
 * by the central directory avoids exceljs's streaming WorkbookReader, whose unzip loop can end
 * before the last entries when they are small, and which spools sheets to temp files.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** offset of the local file header */
  offset: number;
}

/** Small XML parts (workbook, relationships) are read whole, up to this size. */
const MAX_PART_BYTES = 4 * 1024 * 1024;

/** The central directory's entries by name, or undefined when it is missing or malformed. */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> | undefined {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  for (let eocd = buf.length - 22; eocd >= min; eocd--) {
    if (buf.readUInt32LE(eocd) !== 0x06054b50) continue;
    const count = buf.readUInt16LE(eocd + 10);
    let at = buf.readUInt32LE(eocd + 16);
    const out = new Map<string, ZipEntry>();
    for (let i = 0; i < count; i++) {
      if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return undefined;
      const nameLength = buf.readUInt16LE(at + 28);
      const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
      out.set(name, {
        name,
        method: buf.readUInt16LE(at + 10),
        compressedSize: buf.readUInt32LE(at + 20),
        uncompressedSize: buf.readUInt32LE(at + 24),
        offset: buf.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    }
    return out;
  }
  return undefined;
}

/**
 * Sum of the uncompressed sizes the central directory states (ZIP64 markers count as huge), or
 * undefined without a readable directory. A crafted archive can misstate sizes; this stops
 * ordinary bombs, and entry streams are read with limits anyway.
 */
export function zipUncompressedSize(buf: Buffer): number | undefined {
  const entries = zipEntries(buf);
  if (!entries) return undefined;
  let total = 0;
  for (const e of entries.values())
    total += e.uncompressedSize === 0xffffffff ? Number.MAX_SAFE_INTEGER : e.uncompressedSize;
  return total;
}

/** The compressed bytes of an entry, or undefined when its local header is not where it should be. */
function entryData(buf: Buffer, e: ZipEntry): Buffer | undefined {
  if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== 0x04034b50) return undefined;
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  if (start + e.compressedSize > buf.length) return undefined;
  return buf.subarray(start, start + e.compressedSize);
}

/** The entry's content as a stream of UTF-8 text (decoded across chunk boundaries). */
export function entryTextStream(buf: Buffer, e: ZipEntry): Readable {
  const data = entryData(buf, e);
  if (!data || (e.method !== 0 && e.method !== 8)) throw new Error(`unreadable zip entry ${e.name}`);
  const raw = Readable.from([data]);
  const stream = e.method === 8 ? raw.pipe(zlib.createInflateRaw()) : raw;
  stream.setEncoding('utf8');
  return stream;
}

/** A small entry's whole text (workbook.xml, relationships). */
function entryText(buf: Buffer, e: ZipEntry): string {
  const data = entryData(buf, e);
  if (!data || (e.method !== 0 && e.method !== 8)) throw new Error(`unreadable zip entry ${e.name}`);
  const bytes = e.method === 8 ? zlib.inflateRawSync(data, { maxOutputLength: MAX_PART_BYTES }) : data;
  return bytes.toString('utf8');
}

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Whether the workbook's date serials count from 1904 (`<workbookPr date1904="1"/>` in
 * xl/workbook.xml, as Excel for Mac wrote them); false when the part or the flag is missing.
 */
export function workbookDate1904(buf: Buffer, entries: Map<string, ZipEntry>): boolean {
  const book = entries.get('xl/workbook.xml');
  const pr = book && /<(?:\w+:)?workbookPr\s[^>]*>/.exec(entryText(buf, book))?.[0];
  const flag = pr && attr(pr, 'date1904');
  return flag === '1' || flag === 'true';
}

/**
 * Path of the first worksheet in tab order (workbook.xml's first `<sheet>` through its
 * relationship), else the lowest-numbered `xl/worksheets/sheetN.xml`.
 */
export function firstSheetPath(buf: Buffer, entries: Map<string, ZipEntry>): string | undefined {
  const book = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (book && rels) {
    const sheetTag = /<(?:\w+:)?sheet\s[^>]*>/.exec(entryText(buf, book))?.[0];
    const relId = sheetTag && /\s(?:\w+:)?id="([^"]*)"/.exec(sheetTag)?.[1];
    const relTag = relId
      ? (entryText(buf, rels).match(/<(?:\w+:)?Relationship\s[^>]*>/g) ?? []).find(
          (t) => attr(t, 'Id') === relId,
        )
      : undefined;
    const target = relTag && attr(relTag, 'Target');
    if (target) {
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      if (entries.has(path)) return path;
    }
  }
  const sheets = [...entries.keys()]
    .map((n) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  return sheets[0]?.[0];
}
