/**
 * Matching a latin query against the syllables of a Chinese title (see `IndexEntry.syllables`),
 * polyphones included: each syllable may be typed as any of its readings. No allocation.
 */
import type { Syllable } from './search-index.ts';

/** `text` starts with `q.slice(from)`, without slicing. */
function startsWithRest(text: string, q: string, from: number): boolean {
  const n = q.length - from;
  if (n > text.length) return false;
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) !== q.charCodeAt(from + i)) return false;
  return true;
}

function readingStartsWith(s: Syllable, c: number): boolean {
  if (typeof s === 'string') return s.charCodeAt(0) === c;
  for (let i = 0; i < s.length; i++) if (s[i]!.charCodeAt(0) === c) return true;
  return false;
}

/** q[qi..] is consumed by syllables s, s+1, … each giving a non-empty prefix of one reading. */
function mixedFrom(syl: readonly Syllable[], s: number, q: string, qi: number): boolean {
  if (qi === q.length) return true;
  if (s === syl.length) return false;
  const sy = syl[s]!;
  if (typeof sy === 'string') return mixedReading(sy, syl, s, q, qi);
  for (let i = 0; i < sy.length; i++) if (mixedReading(sy[i]!, syl, s, q, qi)) return true;
  return false;
}

function mixedReading(r: string, syl: readonly Syllable[], s: number, q: string, qi: number): boolean {
  const max = Math.min(r.length, q.length - qi);
  let k = 0;
  while (k < max && r.charCodeAt(k) === q.charCodeAt(qi + k)) k++;
  for (; k >= 1; k--) if (mixedFrom(syl, s + 1, q, qi + k)) return true; // longest piece first
  return false;
}

/** q[qi..] is whole readings of syllables s, s+1, … with the last one possibly cut short. */
function fullFrom(syl: readonly Syllable[], s: number, q: string, qi: number): boolean {
  if (qi === q.length) return true;
  if (s === syl.length) return false;
  const sy = syl[s]!;
  const n = typeof sy === 'string' ? 1 : sy.length;
  for (let i = 0; i < n; i++) {
    const r = typeof sy === 'string' ? sy : sy[i]!;
    if (startsWithRest(r, q, qi)) return true;
    if (q.startsWith(r, qi) && fullFrom(syl, s + 1, q, qi + r.length)) return true;
  }
  return false;
}

/** `q` is the initials of the first `q.length` syllables (any reading): `czmm` → 重置密码. */
export function initialsMatch(syl: readonly Syllable[], q: string): boolean {
  if (q.length > syl.length) return false;
  for (let i = 0; i < q.length; i++) if (!readingStartsWith(syl[i]!, q.charCodeAt(i))) return false;
  return true;
}

/** `q` is whole readings from the first syllable on, the last one possibly cut short: `chongzh`. */
export function fullPinyinPrefix(syl: readonly Syllable[], q: string): boolean {
  return fullFrom(syl, 0, q, 0);
}

/**
 * Mixed pinyin: `q` is consumed by a run of consecutive syllables, each giving its initial or a
 * longer prefix of one of its readings (`yhguanli`, `yonghugl`, `yhgli`, `guanli`). Returns the
 * first syllable of the earliest such run, or -1.
 */
export function mixedMatchStart(syl: readonly Syllable[], q: string): number {
  const first = q.charCodeAt(0);
  for (let s = 0; s < syl.length; s++)
    if (readingStartsWith(syl[s]!, first) && mixedFrom(syl, s, q, 0)) return s;
  return -1;
}
