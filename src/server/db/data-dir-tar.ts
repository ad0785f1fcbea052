/**
 * Trimming a dumped PGlite data directory (a tar of 512-byte blocks: a header naming the entry
 * and giving its size in octal, then the data padded to whole blocks, then two zero blocks).
 * After a CHECKPOINT the server needs only the WAL segment holding the checkpoint's redo point;
 * the others are finished or recycled ones kept for reuse, 16 MB each, which every load of the
 * tar would copy for nothing.
 */
const BLOCK = 512;

/** The entry name of a tar header block (the ustar `name` field: NUL-terminated, 100 bytes). */
function entryName(header: Uint8Array): string {
  const end = header.subarray(0, 100).indexOf(0);
  return new TextDecoder().decode(header.subarray(0, end < 0 ? 100 : end));
}

/** The entry size of a tar header block (octal digits, 12 bytes at offset 124). */
function entrySize(header: Uint8Array): number {
  const text = new TextDecoder()
    .decode(header.subarray(124, 136))
    .replace(/[\0 ]+$/, '')
    .trim();
  return text ? parseInt(text, 8) : 0;
}

/** The tar without the entries `drop` names (headers and data blocks copied as they are). */
export function withoutEntries(tar: Uint8Array, drop: (name: string) => boolean): Uint8Array {
  const kept: Uint8Array[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) {
      kept.push(tar.subarray(at));
      break;
    }
    const span = BLOCK + Math.ceil(entrySize(header) / BLOCK) * BLOCK;
    if (!drop(entryName(header))) kept.push(tar.subarray(at, at + span));
    at += span;
  }
  const out = new Uint8Array(kept.reduce((n, k) => n + k.length, 0));
  let o = 0;
  for (const k of kept) {
    out.set(k, o);
    o += k.length;
  }
  return out;
}

/** A WAL segment file other than `keep` (names are 24 hex digits under pg_wal/). */
export const otherWalSegment = (keep: string) => (name: string) => {
  const m = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name);
  return m !== null && m[1] !== keep;
};
