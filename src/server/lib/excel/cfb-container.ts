/**
 * Just enough of the OLE compound file format ([MS-CFB]) to read one stream of an uploaded
 * Excel 97-2003 workbook that is already in memory: header, DIFAT, FAT, mini FAT, directory and
 * stream chains. Every index and chain is checked (range, cycles, lengths) because the content is
 * untrusted: a malformed file ends in a `CfbError`, never in a hang or an out-of-range read.
 */

import { MAX_CFB_SECTORS } from './import-limits.ts';

/** Why a compound file cannot be read. */
export class CfbError extends Error {
  constructor(readonly reason: 'corrupt' | 'tooBig') {
    super(`compound file: ${reason}`);
  }
}

/** A stream or storage of the directory. */
export interface CfbEntry {
  name: string;
  /** 1 storage, 2 stream, 5 root */
  type: number;
  start: number;
  size: number;
}

/** An opened compound file: the root storage's children and a reader for their content. */
export interface CompoundFile {
  /** direct children of the root storage, by upper-cased name */
  entries: Map<string, CfbEntry>;
  /** the whole content of a stream (CfbError when it is malformed or larger than the cap) */
  read(entry: CfbEntry): Buffer;
}

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;
const HEADER_DIFAT = 109;
const DIR_ENTRY = 128;

const corrupt = () => new CfbError('corrupt');

/**
 * Open `buf` as a compound file. Streams larger than `maxStreamBytes` are refused when read, a
 * file of more than `maxSectors` sectors before its tables are read (CfbError 'tooBig'). Throws
 * CfbError for anything that is not a well-formed compound file.
 */
export function openCompoundFile(
  buf: Buffer,
  maxStreamBytes: number,
  maxSectors = MAX_CFB_SECTORS,
): CompoundFile {
  if (buf.length < 512 || !buf.subarray(0, 8).equals(SIGNATURE)) throw corrupt();
  const major = buf.readUInt16LE(0x1a);
  const shift = buf.readUInt16LE(0x1e);
  const miniShift = buf.readUInt16LE(0x20);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12)) || miniShift !== 6) throw corrupt();
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  // the last sector may be cut short by some writers; reading past the end is caught below
  const sectorCount = Math.ceil((buf.length - sectorSize) / sectorSize);
  if (sectorCount <= 0) throw corrupt();
  if (sectorCount > maxSectors) throw new CfbError('tooBig');
  const sector = (id: number): Buffer => {
    if (id >= sectorCount) throw corrupt();
    const at = (id + 1) * sectorSize;
    return buf.subarray(at, Math.min(at + sectorSize, buf.length));
  };

  // FAT sector ids: 109 in the header, the rest in the DIFAT chain
  const fatCount = buf.readUInt32LE(0x2c);
  if (fatCount === 0 || fatCount > sectorCount) throw corrupt();
  const fatIds: number[] = [];
  for (let i = 0; i < Math.min(fatCount, HEADER_DIFAT); i++) fatIds.push(buf.readUInt32LE(0x4c + i * 4));
  const seenDifat = new Set<number>();
  for (let id = buf.readUInt32LE(0x44); fatIds.length < fatCount;) {
    if (id >= sectorCount || seenDifat.has(id)) throw corrupt();
    seenDifat.add(id);
    const s = sector(id);
    if (s.length < sectorSize) throw corrupt();
    for (let i = 0; i < perSector - 1 && fatIds.length < fatCount; i++) fatIds.push(s.readUInt32LE(i * 4));
    id = s.readUInt32LE(sectorSize - 4);
  }
  const fat = tableOf(fatIds.map(sector), sectorSize);

  /** The sector ids of a chain, each visited once and in range. */
  const chain = (start: number, table: Uint32Array, limit: number): number[] => {
    const ids: number[] = [];
    const seen = new Set<number>();
    for (let id = start; id !== END_OF_CHAIN; id = table[id]!) {
      if (id >= limit || id >= table.length || seen.has(id)) throw corrupt();
      seen.add(id);
      ids.push(id);
    }
    return ids;
  };
  const regular = (start: number) => chain(start, fat, sectorCount).map(sector);

  const dir = Buffer.concat(regular(buf.readUInt32LE(0x30)));
  const entryAt = (i: number): CfbEntry | undefined => {
    const at = i * DIR_ENTRY;
    if (at + DIR_ENTRY > dir.length) return undefined;
    const nameBytes = Math.min(Math.max(dir.readUInt16LE(at + 0x40) - 2, 0), 62);
    const sizeHigh = major === 4 ? dir.readUInt32LE(at + 0x7c) : 0;
    return {
      name: dir.toString('utf16le', at, at + nameBytes),
      type: dir[at + 0x42]!,
      start: dir.readUInt32LE(at + 0x74),
      size: sizeHigh ? Number.MAX_SAFE_INTEGER : dir.readUInt32LE(at + 0x78),
    };
  };
  const root = entryAt(0);
  if (root?.type !== 5) throw corrupt();

  // the root's children: a red-black tree of siblings under its child pointer
  const entries = new Map<string, CfbEntry>();
  const pending = [dir.readUInt32LE(0x4c)];
  const visited = new Set<number>([0]); // the root is nobody's child or sibling
  while (pending.length) {
    const i = pending.pop()!;
    if (i === NO_STREAM) continue;
    const e = entryAt(i);
    if (!e || visited.has(i)) throw corrupt();
    visited.add(i);
    if (e.type === 1 || e.type === 2) entries.set(e.name.toUpperCase(), e);
    const at = i * DIR_ENTRY;
    pending.push(dir.readUInt32LE(at + 0x44), dir.readUInt32LE(at + 0x48));
  }

  const cutoff = buf.readUInt32LE(0x38);
  let mini: { table: Uint32Array; data: Buffer } | undefined;
  const miniStream = () => {
    if (!mini) {
      if (root.size > buf.length) throw corrupt();
      const table = tableOf(regular(buf.readUInt32LE(0x3c)), sectorSize);
      const data = Buffer.concat(regular(root.start));
      if (data.length < root.size) throw corrupt();
      mini = { table, data: data.subarray(0, root.size) };
    }
    return mini;
  };

  function read(entry: CfbEntry): Buffer {
    if (entry.type !== 2) throw corrupt();
    // a stream cannot hold more than the file: a larger size is a lie, not a big workbook
    if (entry.size > buf.length) throw corrupt();
    if (entry.size > maxStreamBytes) throw new CfbError('tooBig');
    if (entry.size === 0) return Buffer.alloc(0);
    let parts: Buffer[];
    if (entry.size < cutoff) {
      const { table, data } = miniStream();
      const miniSize = 1 << miniShift;
      parts = chain(entry.start, table, Math.floor(data.length / miniSize)).map((id) =>
        data.subarray(id * miniSize, (id + 1) * miniSize),
      );
    } else parts = regular(entry.start);
    const content = Buffer.concat(parts);
    if (content.length < entry.size) throw corrupt();
    return content.subarray(0, entry.size);
  }

  return { entries, read };
}

/** A FAT or mini FAT: the 32-bit entries of its sectors, in order. */
function tableOf(sectors: Buffer[], sectorSize: number): Uint32Array {
  const table = new Uint32Array((sectors.length * sectorSize) / 4);
  sectors.forEach((s, n) => {
    if (s.length < sectorSize) throw corrupt();
    for (let i = 0; i < sectorSize / 4; i++) table[n * (sectorSize / 4) + i] = s.readUInt32LE(i * 4);
  });
  return table;
}
