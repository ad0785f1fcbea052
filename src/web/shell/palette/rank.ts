/**
 * Palette ranking over a `SearchIndex`: one pass over the entries with cheap checks (a 32-bit
 * character-set test, `indexOf`/`startsWith`, a small syllable matcher), the best `limit` kept in
 * a bounded heap of numeric keys. No regex and no allocation per entry; only the returned rows are
 * objects. Scores are tiered (see TIER); within a tier a bonus of at most 300 rewards coverage,
 * and a recent command gets at most 400 more, so neither lifts a match into a better tier.
 */
import { charMask, normalise, type IndexEntry, type SearchIndex, type Syllable } from './search-index.ts';
import { keyOf, MAX_ENTRIES, offer, posOfKey, scoreOfKey, tagOfKey } from './top-k.ts';
import { fullPinyinPrefix, initialsMatch, mixedMatchStart } from './syllable-match.ts';

/** Where the query matched. `none`: empty query (recent first, then the original order). */
export type MatchField = 'title' | 'pinyin' | 'initials' | 'alias' | 'id' | 'keyword' | 'none';

export interface RankedCommand {
  id: string;
  score: number;
  matched: MatchField;
}

export interface RankOptions {
  /** at most this many results (default 50) */
  limit?: number;
  /** ids of recently run commands, most recent first */
  recent?: readonly string[];
}

/** Score tiers, best first; a score is `tier * 1000 + bonus (≤ 300) + recency (≤ 400)`. */
export const TIER = {
  titleExact: 11,
  titlePrefix: 10,
  titleSubstring: 9,
  initialsExact: 8,
  initialsPrefix: 7,
  pinyinPrefix: 6,
  pinyinMixed: 5,
  otherExact: 4,
  otherPrefix: 3,
  substring: 2,
  subsequence: 1,
} as const;

const K = 1000;
const MAX_BONUS = 300;
/** penalty within a tier when only an alternative reading of a polyphone matched */
const ALT_READING = 100;
/** boost of the most recent command; each older one gets RECENT_STEP less, down to RECENT_MIN */
const RECENT_MAX = 400;
const RECENT_STEP = 30;
const RECENT_MIN = 100;

/** set by the scorers next to their return value (saves an object per entry) */
let field: MatchField = 'none';

const cover = (matched: number, length: number, max = MAX_BONUS) =>
  length > 0 ? Math.round((max * Math.min(matched, length)) / length) : 0;

/** space and the separators ids, aliases and titles use between words */
const isSeparator = (c: number) => c === 32 || c === 46 || c === 95 || c === 45 || c === 47 || c === 58;

/**
 * Pinyin tiers. Within a tier fewer syllables win (like shorter titles), not shorter pinyin:
 * `yonghu` finds 用户管理 and 用户导入 alike, whatever the length of guanli and daoru.
 */
function pinyinScore(e: IndexEntry, syl: readonly Syllable[], q: string, floor: number): number {
  const ql = q.length;
  const n = syl.length;
  const ini = e.initials;
  field = 'initials';
  if (ini === q) return TIER.initialsExact * K + MAX_BONUS;
  if (ini.startsWith(q)) return TIER.initialsPrefix * K + cover(ql, n);
  if (e.polyphone && initialsMatch(syl, q)) {
    if (ql === n) return TIER.initialsExact * K + MAX_BONUS - ALT_READING;
    return TIER.initialsPrefix * K + Math.max(0, cover(ql, n) - ALT_READING);
  }
  if (floor >= (TIER.pinyinPrefix + 1) * K) return 0;
  field = 'pinyin';
  if (e.full.startsWith(q)) return TIER.pinyinPrefix * K + cover(1, n);
  if (e.polyphone && fullPinyinPrefix(syl, q))
    return TIER.pinyinPrefix * K + Math.max(0, cover(1, n) - ALT_READING);
  if (floor >= (TIER.pinyinMixed + 1) * K) return 0;
  const start = mixedMatchStart(syl, q);
  if (start >= 0) return TIER.pinyinMixed * K + cover(1, n, 200) + (start === 0 ? 100 : 0);
  return 0;
}

/** exact > prefix > word prefix > substring of one id/alias/keyword haystack */
function otherHaystack(h: string, q: string): number {
  let pos = h.indexOf(q);
  if (pos < 0) return 0;
  if (pos === 0)
    return h.length === q.length
      ? TIER.otherExact * K + MAX_BONUS
      : TIER.otherPrefix * K + cover(q.length, h.length);
  const sub = TIER.substring * K + cover(q.length, h.length, 200);
  while (pos > 0) {
    if (isSeparator(h.charCodeAt(pos - 1))) return TIER.otherPrefix * K + cover(q.length, h.length, 150);
    pos = h.indexOf(q, pos + 1);
  }
  return sub;
}

function otherScore(e: IndexEntry, q: string, qHasSpace: boolean): number {
  let best = otherHaystack(qHasSpace ? e.idSpace : e.idDot, q);
  let where: MatchField = 'id';
  for (let i = 0; i < e.aliases.length; i++) {
    const s = otherHaystack(e.aliases[i]!, q);
    if (s > best) {
      best = s;
      where = 'alias';
    }
  }
  for (let i = 0; i < e.keywords.length; i++) {
    const s = otherHaystack(e.keywords[i]!, q);
    if (s > best) {
      best = s;
      where = 'keyword';
    }
  }
  field = where;
  return best;
}

function anyIncludes(list: readonly string[], t: string): boolean {
  for (let i = 0; i < list.length; i++) if (list[i]!.includes(t)) return true;
  return false;
}

/** `word1 word2 …` in any order, each a substring of some haystack (incl. pinyin when ASCII). */
function tokensScore(e: IndexEntry, tokens: readonly string[]): number {
  let first: MatchField = 'none';
  for (const t of tokens) {
    let where: MatchField = 'none';
    if (e.titleLc.includes(t)) where = 'title';
    else if (e.idDot.includes(t)) where = 'id';
    else if (anyIncludes(e.aliases, t)) where = 'alias';
    else if (anyIncludes(e.keywords, t)) where = 'keyword';
    else if (e.initials.includes(t)) where = 'initials';
    else if (e.full.includes(t)) where = 'pinyin';
    if (where === 'none') return 0;
    if (first === 'none') first = where;
  }
  field = first;
  return TIER.substring * K;
}

/** Greedy in-order match of q's characters; bonus for a tight span and a short haystack. */
function subsequenceBonus(h: string, q: string): number {
  let qi = 0;
  let start = -1;
  for (let i = 0; i < h.length && qi < q.length; i++) {
    if (h.charCodeAt(i) === q.charCodeAt(qi)) {
      if (start < 0) start = i;
      qi++;
      if (qi === q.length) return 1 + cover(q.length, i - start + 1, 200) + cover(q.length, h.length, 99);
    }
  }
  return 0;
}

function subsequenceScore(e: IndexEntry, q: string, qmask: number): number {
  let best = (qmask & ~e.titleMask) === 0 ? subsequenceBonus(e.titleLc, q) : 0;
  let where: MatchField = 'title';
  let b = e.initials && (qmask & ~e.pinyinMask) === 0 ? subsequenceBonus(e.initials, q) : 0;
  if (b > best) {
    best = b;
    where = 'initials';
  }
  if ((qmask & ~e.otherMask) !== 0) {
    field = where;
    return best ? TIER.subsequence * K + best - 1 : 0;
  }
  b = subsequenceBonus(e.idDot, q);
  if (b > best) {
    best = b;
    where = 'id';
  }
  for (let i = 0; i < e.aliases.length; i++) {
    b = subsequenceBonus(e.aliases[i]!, q);
    if (b > best) {
      best = b;
      where = 'alias';
    }
  }
  for (let i = 0; i < e.keywords.length; i++) {
    b = subsequenceBonus(e.keywords[i]!, q);
    if (b > best) {
      best = b;
      where = 'keyword';
    }
  }
  field = where;
  return best ? TIER.subsequence * K + best - 1 : 0;
}

interface Query {
  q: string;
  /** q without spaces (pinyin, subsequence) */
  compact: string;
  hasSpace: boolean;
  pinyin: boolean;
  tokens: readonly string[] | null;
  /** charMask(compact) */
  mask: number;
}

/** Best score of `e` (and `field`), or 0; stops early once nothing left can beat `floor`. */
function scoreEntry(e: IndexEntry, x: Query, floor: number): number {
  const t = e.titleLc;
  const pos = (x.mask & ~e.titleMask) === 0 ? t.indexOf(x.q) : -1;
  field = 'title';
  if (pos === 0)
    return t.length === x.q.length
      ? TIER.titleExact * K + MAX_BONUS
      : TIER.titlePrefix * K + cover(x.q.length, t.length);
  if (pos > 0)
    return (
      TIER.titleSubstring * K +
      cover(x.q.length, t.length, 200) +
      (isSeparator(t.charCodeAt(pos - 1)) ? 100 : 0)
    );
  if (floor >= (TIER.initialsExact + 1) * K) return 0;
  if (x.pinyin && e.syllables && (x.mask & ~e.pinyinMask) === 0) {
    const s = pinyinScore(e, e.syllables, x.compact, floor);
    if (s) return s;
  }
  if (floor >= (TIER.otherExact + 1) * K) return 0;
  const o = (x.mask & ~e.otherMask) === 0 ? otherScore(e, x.q, x.hasSpace) : 0;
  if (o) return o;
  if (floor >= (TIER.substring + 1) * K) return 0;
  if (x.tokens) {
    const s = tokensScore(e, x.tokens);
    if (s) return s;
  }
  if (floor >= (TIER.subsequence + 1) * K || x.compact.length < 2) return 0;
  return subsequenceScore(e, x.compact, x.mask);
}

/** field ↔ the tag stored in a heap key */
const FIELDS: readonly MatchField[] = ['none', 'title', 'pinyin', 'initials', 'alias', 'id', 'keyword'];

const PINYIN_QUERY = /^[a-z0-9]+$/;

/** Rank the index for `query` (trimmed, lowercased, spaces collapsed), best first, at most `limit`. */
export function rank(index: SearchIndex, query: string, options: RankOptions = {}): RankedCommand[] {
  const { entries, positions } = index;
  const limit = Math.max(0, Math.floor(options.limit ?? 50));
  const boost = new Map<number, number>();
  (options.recent ?? []).forEach((id) => {
    const pos = positions.get(id);
    if (pos !== undefined && !boost.has(pos))
      boost.set(pos, Math.max(RECENT_MIN, RECENT_MAX - RECENT_STEP * boost.size));
  });
  const q = normalise(query);
  if (entries.length > MAX_ENTRIES) throw new RangeError(`rank(): at most ${MAX_ENTRIES} entries`);
  if (limit === 0) return [];
  if (!q) {
    const out: RankedCommand[] = [];
    for (const [pos, b] of boost) {
      if (out.length === limit) return out;
      out.push({ id: entries[pos]!.id, score: b, matched: 'none' });
    }
    for (let i = 0; i < entries.length && out.length < limit; i++)
      if (!boost.has(i)) out.push({ id: entries[i]!.id, score: 0, matched: 'none' });
    return out;
  }

  const hasSpace = q.includes(' ');
  const compact = hasSpace ? q.replaceAll(' ', '') : q;
  const x: Query = {
    q,
    compact,
    hasSpace,
    pinyin: index.pinyin && PINYIN_QUERY.test(compact),
    tokens: hasSpace ? q.split(' ') : null,
    mask: charMask(compact),
  };
  const heap = new Float64Array(Math.min(limit, entries.length));
  let size = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if ((x.mask & ~e.mask) !== 0) continue; // some query character occurs in no haystack
    const b = boost.size ? (boost.get(i) ?? 0) : 0;
    // once the heap is full, an entry must score at least the worst kept one to get in
    const s = scoreEntry(e, x, size === heap.length ? scoreOfKey(heap[0]!) - b : 0);
    if (s > 0) size = offer(heap, size, keyOf(s + b, e.title.length, i, FIELDS.indexOf(field)));
  }
  const keys = Array.from(heap.subarray(0, size)).sort((a, b) => b - a);
  return keys.map((key) => {
    const pos = posOfKey(key);
    return {
      id: entries[pos]!.id,
      score: scoreOfKey(key),
      matched: FIELDS[tagOfKey(key)]!,
    };
  });
}
