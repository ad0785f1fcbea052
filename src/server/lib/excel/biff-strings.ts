/**
 * BIFF8 strings ([MS-XLS] 2.5.293–2.5.296) read across a record and its CONTINUE records: the
 * shared strings table (SST) and the cached string results of formulas (STRING). A string's
 * characters may be split across records; each continuation then starts with a fresh option-flags
 * byte saying whether the rest is compressed (1 byte per char) or UTF-16LE. Rich-text runs and
 * extended (phonetic) data are skipped, and may be split across records without such a byte.
 */

import { ImportLimitError, MAX_SHARED_STRINGS } from './import-limits.ts';

/** Content that does not hold the strings it claims. */
export class BiffStringError extends Error {}

/** Reads little-endian values and strings from a record's payload followed by its CONTINUEs. */
export class SegmentReader {
  private seg = 0;
  private pos = 0;

  constructor(private readonly segments: Buffer[]) {}

  /** Nothing is left in any segment. */
  get done(): boolean {
    this.settle();
    return this.pos >= (this.segments[this.seg]?.length ?? 0);
  }

  /** Move past exhausted segments (values other than characters continue without a flags byte). */
  private settle() {
    while (this.seg < this.segments.length - 1 && this.pos >= this.segments[this.seg]!.length) {
      this.seg++;
      this.pos = 0;
    }
  }

  /** One byte. */
  u8(): number {
    this.settle();
    const s = this.segments[this.seg];
    if (!s || this.pos >= s.length) throw new BiffStringError('string data cut short');
    return s[this.pos++]!;
  }

  /** A 16-bit unsigned value. */
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  /** A 32-bit unsigned value. */
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  /** Skip `n` bytes, across segments. */
  skip(n: number) {
    while (n > 0) {
      this.settle();
      const s = this.segments[this.seg];
      const left = s ? s.length - this.pos : 0;
      if (left <= 0) throw new BiffStringError('string data cut short');
      const step = Math.min(left, n);
      this.pos += step;
      n -= step;
    }
  }

  /** `count` characters, the first run `wide` (UTF-16LE) or not; later segments re-send the flag. */
  chars(count: number, wide: boolean): string {
    let out = '';
    while (count > 0) {
      let s = this.segments[this.seg];
      if (!s || this.pos >= s.length) {
        if (this.seg >= this.segments.length - 1) throw new BiffStringError('string data cut short');
        s = this.segments[++this.seg]!;
        this.pos = 0;
        wide = (s[this.pos++]! & 1) === 1;
      }
      const width = wide ? 2 : 1;
      const n = Math.min(count, Math.floor((s.length - this.pos) / width));
      // n < 0: an empty CONTINUE segment (no flags byte); 0: a character split across segments
      if (n <= 0) throw new BiffStringError('character split in half or empty segment');
      out += s.toString(wide ? 'utf16le' : 'latin1', this.pos, this.pos + n * width);
      this.pos += n * width;
      count -= n;
    }
    return out;
  }

  /**
   * An XLUnicodeRichExtendedString (SST item) or, with `rich` false, an XLUnicodeString (STRING
   * record), whose flags byte carries only the character width.
   */
  unicodeString(rich = true): string {
    const cch = this.u16();
    const flags = this.u8();
    const runs = rich && flags & 0x08 ? this.u16() : 0;
    const ext = rich && flags & 0x04 ? this.u32() : 0;
    const text = this.chars(cch, (flags & 1) === 1);
    this.skip(runs * 4);
    this.skip(ext);
    return text;
  }
}

/**
 * The shared strings of an SST record (`segments`: its payload, then each CONTINUE's). A table
 * declaring more than `maxStrings` strings is refused before any is read (ImportLimitError). Stops
 * at the end of the data even when the header claims more strings (the claim is not trusted for
 * allocation); a string cut in the middle throws BiffStringError.
 */
export function readSst(segments: Buffer[], maxStrings = MAX_SHARED_STRINGS): string[] {
  const r = new SegmentReader(segments);
  r.skip(4); // cstTotal: references in the workbook
  const unique = r.u32();
  if (unique > maxStrings) throw new ImportLimitError('tooBig');
  const out: string[] = [];
  while (out.length < unique && !r.done) out.push(r.unicodeString());
  return out;
}
