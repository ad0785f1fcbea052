import fs from 'node:fs';
import { recordAt, workbookStream } from '../../src/server/lib/excel/xls-sheet-rows.ts';
import {
  readSheetRows,
  type ImportColumn,
  type SheetRow,
} from '../../src/server/lib/excel/xlsx-sheet-reader.ts';

/** A workbook of tests/fixtures (see its README for how each was made). */
export const fixture = (name: string): Buffer =>
  fs.readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

/** Every data row of a workbook, through the import pipeline. */
export async function readAll(content: Buffer, columns: ImportColumn[], batch = 100): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const b of readSheetRows(content, columns, batch)) out.push(...b);
  return out;
}

/**
 * Where things are in a compound file, read independently of the code under test (for patching
 * fixtures): sector size, FAT sector ids (header part only) and the `Workbook` directory entry.
 */
export function cfbLayout(buf: Buffer) {
  const sectorSize = 1 << buf.readUInt16LE(0x1e);
  const fatCount = buf.readUInt32LE(0x2c);
  const fatIds = Array.from({ length: Math.min(fatCount, 109) }, (_, i) => buf.readUInt32LE(0x4c + i * 4));
  const offsetOf = (sector: number) => (sector + 1) * sectorSize;
  const fatEntry = (id: number) =>
    offsetOf(fatIds[Math.floor((id * 4) / sectorSize)]!) + ((id * 4) % sectorSize);
  const dirStart = buf.readUInt32LE(0x30);
  const name = Buffer.from('Workbook\0', 'utf16le');
  const workbookEntry = buf.indexOf(name, offsetOf(dirStart));
  return {
    sectorSize,
    fatCount,
    fatIds,
    dirStart,
    offsetOf,
    /** file offset of the FAT entry of sector `id` */
    fatEntry,
    /** file offset of the Workbook directory entry */
    workbookEntry,
    workbookStart: buf.readUInt32LE(workbookEntry + 0x74),
    workbookSize: buf.readUInt32LE(workbookEntry + 0x78),
  };
}

/** Offset in a workbook stream of its first record of `type`. */
export function recordOffset(stream: Buffer, type: number): number {
  let at = 0;
  while (recordAt(stream, at).type !== type) at = recordAt(stream, at).next;
  return at;
}

/**
 * File offset of the first record of `type` of a compound file's workbook stream, found by its
 * first `length` bytes (header included), which must be unique in the file; -1 when they are not
 * in one piece there.
 */
export function recordInFile(content: Buffer, type: number, length: number): number {
  const stream = workbookStream(content, 1 << 20);
  const at = recordOffset(stream, type);
  return content.indexOf(stream.subarray(at, at + length));
}
