import { describe, expect, it } from 'vitest';
import {
  IMPORT_MSG,
  WorkbookError,
  type ImportColumn,
} from '../../src/server/lib/excel/xlsx-sheet-reader.ts';
import { BiffStringError, SegmentReader } from '../../src/server/lib/excel/biff-strings.ts';
import { BIFF } from '../../src/server/lib/excel/xls-sheet-rows.ts';
import { cfbLayout, fixture, readAll, recordInFile } from './xls-support.ts';

const COLUMNS: ImportColumn[] = [
  { key: 'username', title: '用户账号', required: true },
  { key: 'realname', title: '用户姓名' },
];
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;

/** A deterministic pseudo-random byte source (tests must not depend on luck). */
function random(seed: number) {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 16) & 0xff;
}

const unreadable = (content: Buffer) =>
  expect(readAll(content, COLUMNS)).rejects.toThrow(IMPORT_MSG.unreadable);

/** shared-strings.xls with `patch` applied to a copy. */
function patched(patch: (buf: Buffer, layout: ReturnType<typeof cfbLayout>) => void): Buffer {
  const buf = Buffer.from(fixture('shared-strings.xls'));
  patch(buf, cfbLayout(buf));
  return buf;
}

describe('xls reader on malformed files', () => {
  it('refuses truncated files', async () => {
    const users = fixture('users-import.xls');
    for (const length of [8, 100, 511, 512, 1024, 2048, 4096]) await unreadable(users.subarray(0, length));
    const big = fixture('shared-strings.xls');
    for (const length of [600, big.length / 2, big.length - 2048]) await unreadable(big.subarray(0, length));
  });

  it('refuses garbage after the OLE signature', async () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const garbage = Buffer.from(Array.from({ length: 8192 }, next));
      await unreadable(Buffer.concat([OLE, garbage]));
    }
    await unreadable(Buffer.concat([OLE, Buffer.alloc(512)]));
  });

  it('refuses FAT cycles, sector indexes out of range and absurd sizes, without hanging', async () => {
    // Workbook stream: its second sector points back to its first
    await unreadable(
      patched((buf, l) =>
        buf.writeUInt32LE(l.workbookStart, l.fatEntry(buf.readUInt32LE(l.fatEntry(l.workbookStart)))),
      ),
    );
    // directory chain pointing to itself
    await unreadable(patched((buf, l) => buf.writeUInt32LE(l.dirStart, l.fatEntry(l.dirStart))));
    await unreadable(patched((buf, l) => buf.writeUInt32LE(0x00ffffff, l.fatEntry(l.workbookStart))));
    await unreadable(patched((buf, l) => buf.writeUInt32LE(0xfffffff0, l.workbookEntry + 0x78)));
    await unreadable(patched((buf) => buf.writeUInt32LE(0x7fffffff, 0x2c))); // FAT sector count
    await unreadable(patched((buf) => buf.writeUInt16LE(20, 0x1e))); // sector shift
    // the root's child points back at the root
    await unreadable(patched((buf, l) => buf.writeUInt32LE(0, l.offsetOf(l.dirStart) + 0x4c)));
  });

  it('reads the FAT through a DIFAT sector when it has more than 109 sectors', async () => {
    const original = fixture('shared-strings.xls');
    const l = cfbLayout(original);
    const sectors = (original.length - l.sectorSize) / l.sectorSize;
    // grow the FAT to 110 sectors (the new ones all FREE) and list the 110th in a DIFAT sector
    const extra = 110 - l.fatCount;
    const fatIds = [...l.fatIds, ...Array.from({ length: extra }, (_, i) => sectors + i)];
    const difat = Buffer.alloc(l.sectorSize, 0xff);
    difat.writeUInt32LE(fatIds[109]!, 0);
    difat.writeUInt32LE(END_OF_CHAIN, l.sectorSize - 4);
    const grown = Buffer.concat([original, Buffer.alloc(extra * l.sectorSize, 0xff), difat]);
    grown.writeUInt32LE(110, 0x2c);
    grown.writeUInt32LE(sectors + extra, 0x44);
    grown.writeUInt32LE(1, 0x48);
    fatIds.slice(0, 109).forEach((id, i) => grown.writeUInt32LE(id, 0x4c + i * 4));
    expect(grown.readUInt32LE(0x4c + 108 * 4)).not.toBe(FREE);

    const expected = await readAll(original, COLUMNS);
    expect(await readAll(grown, COLUMNS)).toEqual(expected);
    // one FAT sector more than listed, behind a DIFAT chain that loops on itself
    const looping = Buffer.from(grown);
    looping.writeUInt32LE(111, 0x2c);
    looping.writeUInt32LE(sectors + extra, looping.length - 4);
    await unreadable(looping);
  });

  it('refuses a LABELSST cell pointing past the shared-string table (not an empty cell)', async () => {
    const content = Buffer.from(fixture('users-import.xls'));
    // the record's bytes (header, row, column, xf, index) are unique in the file: patch the index
    const pos = recordInFile(content, BIFF.LABELSST, 14);
    expect(pos).toBeGreaterThan(0);
    content.writeUInt32LE(0x00ffffff, pos + 10);
    await unreadable(content);
  });

  it('refuses a string continued into an empty CONTINUE segment instead of reading on', () => {
    // a 4-character string: 'ab', an empty segment, then 'cde' (one character too many)
    const reader = new SegmentReader([
      Buffer.from([4, 0, 0, 0x61, 0x62]),
      Buffer.alloc(0),
      Buffer.from([0, 0x63, 0x64, 0x65]),
    ]);
    expect(() => reader.unicodeString(false)).toThrow(BiffStringError);
    const whole = new SegmentReader([Buffer.from([4, 0, 0, 0x61, 0x62]), Buffer.from([0, 0x63, 0x64])]);
    expect(whole.unicodeString(false)).toBe('abcd');
  });

  it('never crashes or hangs on random damage: every outcome is rows or a WorkbookError', async () => {
    const original = fixture('users-import.xls');
    const next = random(42);
    for (let round = 0; round < 300; round++) {
      const buf = Buffer.from(original);
      const flips = 1 + (next() % 8);
      for (let i = 0; i < flips; i++) buf[((next() << 8) | next()) % buf.length] = next();
      const outcome = await readAll(buf, COLUMNS).then(
        (rows) => rows,
        (e: unknown) => e,
      );
      if (!Array.isArray(outcome)) expect(outcome).toBeInstanceOf(WorkbookError);
    }
  });
});
