/**
 * A weekly pattern as an operator types it: days (`周一`, `星期三`, `1`–`7`, ranges `周一至周五` /
 * `周一-周五`, lists `周一、周三`) each followed by their spans (`09:00-18:00`, several allowed):
 * `周一至周五 09:00-12:00 14:00-18:00，周六 10:00-16:00`. Turned into the rows `saveWeek` takes; the
 * rows' own rules (formats, order, overlaps) are checked by the shared schema afterwards.
 */
import { WEEKDAYS, type ShiftSpan } from '../../src/shared/resources/technician-shift.ts';

const DAY_WORDS: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  日: 7,
  天: 7,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
};

/** A weekday word (`周一`, `星期日`, `3`) as 1–7, or undefined. */
function weekday(word: string): number | undefined {
  const m = /^(?:周|星期|礼拜)?([一二三四五六日天1-7])$/.exec(word.trim());
  return m ? DAY_WORDS[m[1]!] : undefined;
}

/** The days a token names (`周一`, `周一至周五`, `周一、周三`), or undefined when it names none. */
function days(token: string): number[] | undefined {
  const range = /^(.+?)(?:至|到|~|-|—)(.+)$/.exec(token);
  if (range && !/\d:\d/.test(token)) {
    const [from, to] = [weekday(range[1]!), weekday(range[2]!)];
    if (from !== undefined && to !== undefined && from <= to)
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  const list = token.split('、').map(weekday);
  return list.every((d) => d !== undefined) ? (list as number[]) : undefined;
}

const SPAN = /^(\d{1,2}:\d{2})\s*(?:-|~|至|到|—)\s*(\d{1,2}:\d{2})$/;
const pad = (t: string) => t.padStart(5, '0');

/** The rows of a pattern typed as text (see the module comment); a Chinese message when unreadable. */
export function weekFromText(text: string): ShiftSpan[] {
  const tokens = text
    .split(/[\s,，;；]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  const rows: ShiftSpan[] = [];
  let current: number[] | undefined;
  for (const token of tokens) {
    const span = SPAN.exec(token);
    if (span) {
      if (!current) throw new Error(`请先写星期（如 周一 ${token}）`);
      for (const d of current) rows.push({ weekday: d, startTime: pad(span[1]!), endTime: pad(span[2]!) });
      continue;
    }
    const named = days(token);
    if (!named)
      throw new Error(
        `无法识别「${token}」：请写星期与时段，如 ${WEEKDAYS[0].text}至${WEEKDAYS[4].text} 09:00-18:00，或 JSON 数组`,
      );
    current = named;
  }
  return rows;
}
