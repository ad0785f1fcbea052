/**
 * Lazy pinyin support for the palette search. `pinyin-pro` (dictionary included) is large, so it is
 * only fetched by `loadPinyin()`, and the search works on titles, ids and aliases until it arrives.
 */

/** Pinyin helpers handed to `buildSearchIndex`. */
export interface PinyinSupport {
  /**
   * The syllables of `text`, left to right: per Chinese character its readings (toneless, lowercase,
   * `ü` written `v`; the reading pinyin-pro picks in context first, then up to two alternative
   * readings of polyphones), per run of latin letters/digits the lowercase word as one reading.
   * Spaces and punctuation separate syllables and are dropped. `null` when `text` has no Chinese.
   */
  syllables(text: string): string[][] | null;
}

/** Readings kept per character (the primary one included): 行 xing/hang/heng, 单 dan/shan/chan. */
export const MAX_READINGS = 3;

const HAS_HAN = /\p{Script=Han}/u;
const LATIN_OR_DIGIT = /[a-z0-9]/;

/** The `pinyin-pro` functions used here (its module namespace satisfies this). */
export interface PinyinPro {
  pinyin(
    text: string,
    options: { toneType: 'none'; type: 'all'; v: true },
  ): Array<{
    origin: string;
    pinyin: string;
    isZh: boolean;
  }>;
  polyphonic(text: string, options: { toneType: 'none'; type: 'array'; v: true }): string[][];
}

/** Build the helpers on a loaded `pinyin-pro` (exported for tests and the benchmark). */
export function createPinyinSupport(lib: PinyinPro): PinyinSupport {
  return {
    syllables(text) {
      if (!HAS_HAN.test(text)) return null;
      const chars = lib.pinyin(text, { toneType: 'none', type: 'all', v: true });
      const alternatives = lib.polyphonic(text, { toneType: 'none', type: 'array', v: true });
      const out: string[][] = [];
      let word = '';
      for (let i = 0; i < chars.length; i++) {
        const c = chars[i]!;
        if (c.isZh && c.pinyin) {
          if (word) out.push([word]);
          word = '';
          const readings = [c.pinyin];
          for (const alt of alternatives[i] ?? []) {
            if (readings.length >= MAX_READINGS) break;
            if (alt && !readings.includes(alt)) readings.push(alt);
          }
          out.push(readings);
          continue;
        }
        const ch = c.origin.toLowerCase();
        if (LATIN_OR_DIGIT.test(ch)) word += ch;
        else if (word) {
          out.push([word]);
          word = '';
        }
      }
      if (word) out.push([word]);
      return out;
    },
  };
}

let loading: Promise<PinyinSupport> | undefined;

/** Fetch `pinyin-pro` once (a separate chunk in the client build) and return the helpers. */
export function loadPinyin(): Promise<PinyinSupport> {
  loading ??= import('pinyin-pro').then(
    (lib) => createPinyinSupport(lib),
    (error: unknown) => {
      loading = undefined; // allow a retry after a failed chunk load
      throw error;
    },
  );
  return loading;
}
