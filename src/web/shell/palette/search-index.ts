/**
 * The palette's search index: every haystack `rank()` looks at, lowercased and precomputed once per
 * command list, so that a keystroke only runs `indexOf`/`startsWith` and a small pinyin matcher.
 * Pure module (no React); rebuild it when the commands change or once `loadPinyin()` resolves.
 */
import type { PinyinSupport } from './pinyin.ts';

/** What the palette searches, per command (see "The command contract"). */
export interface SearchItem {
  /** `user.freeze` */
  id: string;
  /** Chinese title, e.g. 冻结用户 */
  title: string;
  /** English aliases, e.g. `freeze user` */
  aliases?: readonly string[];
  /** extra search words */
  keywords?: readonly string[];
}

/**
 * One syllable of a title: its reading, or its readings (primary first) when the character is a
 * polyphone. Readings are interned, so `yong` is one string however many titles contain 用.
 */
export type Syllable = string | readonly string[];

export interface IndexEntry {
  readonly id: string;
  /** the title as given (for display) */
  readonly title: string;
  /** lowercase title, whitespace collapsed */
  readonly titleLc: string;
  /** lowercase id, `user.freeze` */
  readonly idDot: string;
  /** the id with `.`, `_`, `-`, `/`, `:` as spaces: `user freeze` */
  readonly idSpace: string;
  readonly aliases: readonly string[];
  readonly keywords: readonly string[];
  /** syllables of a Chinese title, `null` without Chinese or without pinyin support */
  readonly syllables: readonly Syllable[] | null;
  /** primary readings joined: `yonghuguanli` ('' when no syllables) */
  readonly full: string;
  /** first letters of the primary readings: `yhgl` ('' when no syllables) */
  readonly initials: string;
  /** some syllable has alternative readings */
  readonly polyphone: boolean;
  /**
   * 32-bit character sets (bit `code & 31` per character, spaces left out) of the title, of the
   * pinyin readings, of id + aliases + keywords, and of all of them: a query character missing
   * from a set rules out every match in those haystacks, without looking at them.
   */
  readonly titleMask: number;
  readonly pinyinMask: number;
  readonly otherMask: number;
  readonly mask: number;
}

export interface SearchIndex {
  readonly entries: readonly IndexEntry[];
  /** id → position in `entries` (the original order) */
  readonly positions: ReadonlyMap<string, number>;
  /** built with pinyin support (pinyin haystacks present) */
  readonly pinyin: boolean;
}

/** Lowercase, trim, collapse runs of whitespace to one space (returns `text` itself if unchanged). */
export function normalise(text: string): string {
  let lc = text.trim().toLowerCase();
  // fast path: no double spaces, tabs, newlines or odd spaces (the usual case)
  for (let i = 0; i < lc.length; i++) {
    const c = lc.charCodeAt(i);
    if (
      c === 9 ||
      c === 10 ||
      c === 13 ||
      c === 0xa0 ||
      c === 0x3000 ||
      (c === 32 && lc.charCodeAt(i + 1) === 32)
    ) {
      lc = lc.split(/\s+/).join(' ');
      break;
    }
  }
  return lc === text ? text : lc;
}

/** Bloom-style character set: one of 32 bits per character (spaces ignored). */
export function charMask(text: string, into = 0): number {
  let mask = into;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32) mask |= 1 << (c & 31);
  }
  return mask;
}

const ID_SEPARATORS = /[._\-/:]+/g;

/**
 * Precompute the haystacks of `items` (kept in their order). Without `pinyin` (not loaded yet)
 * the index has titles, ids, aliases and keywords only.
 */
export function buildSearchIndex(items: readonly SearchItem[], pinyin?: PinyinSupport): SearchIndex {
  // one string per reading and one array per set of readings, shared by all titles
  const strings = new Map<string, string>();
  const sets = new Map<string, readonly string[]>();
  const intern = (s: string) => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
  const internSet = (readings: readonly string[]) => {
    const key = readings.join('|');
    let known = sets.get(key);
    if (known === undefined) sets.set(key, (known = readings.map(intern)));
    return known;
  };
  const entries: IndexEntry[] = [];
  const positions = new Map<string, number>();
  for (const item of items) {
    const titleLc = normalise(item.title);
    const idDot = normalise(item.id);
    const idSpace = normalise(idDot.replace(ID_SEPARATORS, ' '));
    const aliases = (item.aliases ?? []).map(normalise).filter(Boolean);
    const keywords = (item.keywords ?? []).map(normalise).filter(Boolean);
    const titleMask = charMask(titleLc);
    const otherMask = charMask(keywords.join(''), charMask(aliases.join(''), charMask(idDot)));
    let pinyinMask = 0;

    let syllables: Syllable[] | null = null;
    let full = '';
    let initials = '';
    let polyphone = false;
    const raw = pinyin?.syllables(item.title) ?? null;
    if (raw && raw.length) {
      syllables = raw.map((readings) => {
        for (const r of readings) pinyinMask = charMask(r, pinyinMask);
        if (readings.length === 1) return intern(readings[0]!);
        polyphone = true;
        return internSet(readings);
      });
      // joined, not `+=`: flat strings instead of chains of cons strings
      const primaries = syllables.map((s) => (typeof s === 'string' ? s : s[0]!));
      full = primaries.join('');
      initials = primaries.map((p) => p[0]).join('');
    }
    if (!positions.has(item.id)) positions.set(item.id, entries.length);
    entries.push({
      id: item.id,
      title: item.title,
      titleLc,
      idDot,
      idSpace,
      aliases,
      keywords,
      syllables,
      full,
      initials,
      polyphone,
      titleMask,
      pinyinMask,
      otherMask,
      mask: titleMask | pinyinMask | otherMask,
    });
  }
  return { entries, positions, pinyin: pinyin !== undefined };
}
