/**
 * Dates as the spec writes them (§9): YYYY-MM-DD, YYYY-MM-DD HH:mm:ss, HH:mm:ss, whatever the
 * browser's locale. Pure functions over text (no time zones: a calendar day is a calendar day).
 */

export type DateKind = 'date' | 'datetime' | 'time';

export const DATE_FORMATS: Record<DateKind, string> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm:ss',
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function dayText(y: number, m: number, d: number): string | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

function timeText(h: number, mi: number, s: number): string | null {
  if (h > 23 || mi > 59 || s > 59) return null;
  return `${pad(h)}:${pad(mi)}:${pad(s)}`;
}

const DATE = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/;
const TIME = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;

/**
 * Typed text in the canonical format, or null when it is not a real date/time: `2026-2-3`,
 * `2026/02/03` and `2026年2月3日` read as `2026-02-03`; seconds may be left out; `2026-02-30` is null.
 */
export function parseDateText(text: string, kind: DateKind): string | null {
  const t = text.trim();
  if (kind === 'time') {
    const m = TIME.exec(t);
    return m ? timeText(Number(m[1]), Number(m[2]), Number(m[3] ?? 0)) : null;
  }
  const [datePart = '', timePart, ...extra] = t.split(/[\sT]+/);
  if (extra.length) return null;
  const d = DATE.exec(datePart);
  const day = d ? dayText(Number(d[1]), Number(d[2]), Number(d[3])) : null;
  if (!day) return null;
  if (kind === 'date') return timePart === undefined ? day : null;
  const time = parseDateText(timePart ?? '00:00:00', 'time');
  return time ? `${day} ${time}` : null;
}

/** `YYYY-MM-DD` plus n days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** `YYYY-MM-DD` plus n months, the day kept or cut to the month's last (01-31 + 1 → 02-28). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + n;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return `${pad(ny, 4)}-${pad(nm)}-${pad(Math.min(d, daysIn(ny, nm)))}`;
}

/** The weeks (Monday first) covering a month, as `YYYY-MM-DD` days, 6 rows of 7. */
export function monthGrid(year: number, month: number): string[][] {
  const first = `${pad(year, 4)}-${pad(month)}-01`;
  const weekday = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const start = addDays(first, -weekday);
  return Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));
}
