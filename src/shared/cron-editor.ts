/**
 * The cron editor's model (spec §4–5): the seven fields of a Quartz expression, the modes each field
 * is edited in with their bounds, the text a mode makes, and the rules a change follows (a coarser
 * field set forces the finer one from * to its first value; day and week one at a time). Pure: the
 * dialog (src/web/components/cron) renders it, tests check it.
 */
import { nextRunTimes } from './cron.ts';

export const CRON_FIELDS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronField = (typeof CRON_FIELDS)[number];
export type CronParts = Record<CronField, string>;

export const CRON_FIELD_TITLE: Record<CronField, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** Spec §3: every field `*` except the week, `?`. */
export const DEFAULT_CRON_PARTS: CronParts = {
  second: '*',
  minute: '*',
  hour: '*',
  day: '*',
  month: '*',
  week: '?',
  year: '*',
};

type Range = readonly [number, number];

/** Spec §5 bounds of each field's inputs: values (specific, range), increment start and interval. */
export const CRON_BOUNDS: Record<CronField, { values: Range; start: Range; interval: Range }> = {
  second: { values: [0, 59], start: [0, 59], interval: [1, 59] },
  minute: { values: [0, 59], start: [0, 59], interval: [1, 60] },
  hour: { values: [0, 23], start: [0, 23], interval: [1, 23] },
  day: { values: [1, 31], start: [1, 31], interval: [1, 31] },
  month: { values: [1, 12], start: [1, 12], interval: [1, 12] },
  week: { values: [1, 7], start: [1, 7], interval: [1, 7] },
  year: { values: [2019, 2119], start: [2019, 2119], interval: [1, 99] },
};
/** Spec §5: the nth weekday of a month, 1–5. */
export const NTH_WEEKDAY: Range = [1, 5];

/** Spec §5: SUN–SAT are 1–7. */
export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export const WEEKDAY_TEXT = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** How a field is edited. Spec §4: 1 every, 2 increment, 3 specific, 4 range; day and week have more. */
export type CronMode =
  | 'every'
  | 'none'
  | 'increment'
  | 'specific'
  | 'range'
  /** day: the weekday nearest to day N (`NW`) */
  | 'nearestWeekday'
  /** day: the last day of the month (`L`) */
  | 'lastDay'
  /** day: the last weekday of the month (`LW`) */
  | 'lastWeekday'
  /** week: the Nth given weekday of the month (`D#N`) */
  | 'nth'
  /** week: the last given weekday of the month (`DL`) */
  | 'lastOfMonth';

export const FIELD_MODES: Record<CronField, readonly CronMode[]> = {
  second: ['every', 'increment', 'specific', 'range'],
  minute: ['every', 'increment', 'specific', 'range'],
  hour: ['every', 'increment', 'specific', 'range'],
  day: ['every', 'none', 'increment', 'specific', 'range', 'nearestWeekday', 'lastDay', 'lastWeekday'],
  month: ['every', 'increment', 'specific', 'range'],
  week: ['none', 'every', 'increment', 'specific', 'range', 'nth', 'lastOfMonth'],
  year: ['every', 'increment', 'specific', 'range'],
};

/** The numbers a mode is made of. */
export interface ModeInput {
  start: number;
  interval: number;
  from: number;
  to: number;
  values: number[];
  /** nearestWeekday: the day; nth, lastOfMonth: the weekday (1–7) */
  at: number;
  /** nth: which one (1–5) */
  nth: number;
}

const clamp = (n: number, [lo, hi]: Range) =>
  Math.min(Math.max(Number.isFinite(n) ? Math.round(n) : lo, lo), hi);

/** A mode's inputs when nothing was chosen yet: each at its lowest bound. */
export function defaultInput(field: CronField): ModeInput {
  const b = CRON_BOUNDS[field];
  return {
    start: b.start[0],
    interval: b.interval[0],
    from: b.values[0],
    to: Math.min(b.values[0] + 1, b.values[1]),
    values: [b.values[0]],
    at: b.values[0],
    nth: NTH_WEEKDAY[0],
  };
}

/** The field text of a mode, every number held within its bound (a range ends at its start or later). */
export function fieldText(field: CronField, mode: CronMode, input: ModeInput): string {
  const b = CRON_BOUNDS[field];
  switch (mode) {
    case 'every':
      return '*';
    case 'none':
      return '?';
    case 'increment':
      return `${clamp(input.start, b.start)}/${clamp(input.interval, b.interval)}`;
    case 'range': {
      const from = clamp(input.from, b.values);
      return `${from}-${clamp(input.to, [from, b.values[1]])}`;
    }
    case 'specific': {
      const values = [...new Set(input.values.map((v) => clamp(v, b.values)))].sort((x, y) => x - y);
      return values.length ? values.join(',') : String(b.values[0]);
    }
    case 'nearestWeekday':
      return `${clamp(input.at, CRON_BOUNDS.day.values)}W`;
    case 'lastDay':
      return 'L';
    case 'lastWeekday':
      return 'LW';
    case 'nth':
      return `${clamp(input.at, CRON_BOUNDS.week.values)}#${clamp(input.nth, NTH_WEEKDAY)}`;
    case 'lastOfMonth':
      return `${clamp(input.at, CRON_BOUNDS.week.values)}L`;
  }
}

/** Weekday names as their numbers (`MON-FRI` → `2-6`). */
const weekdayNumbers = (text: string) =>
  text.toUpperCase().replace(/SUN|MON|TUE|WED|THU|FRI|SAT/g, (n) => String(WEEKDAYS.indexOf(n as 'SUN') + 1));

/** Which mode a field's text is in, with its numbers; null when the editor has no mode for it. */
export function modeOf(field: CronField, raw: string): { mode: CronMode; input: ModeInput } | null {
  const text = field === 'week' ? weekdayNumbers(raw.trim()) : raw.trim();
  const input = defaultInput(field);
  const n = (s: string | undefined) => Number(s);
  let m: RegExpExecArray | null;
  const found = (mode: CronMode, extra: Partial<ModeInput> = {}) =>
    FIELD_MODES[field].includes(mode) ? { mode, input: { ...input, ...extra } } : null;
  if (text === '*') return found('every');
  if (text === '?') return found('none');
  if ((m = /^(\d+)\/(\d+)$/.exec(text))) return found('increment', { start: n(m[1]), interval: n(m[2]) });
  if ((m = /^(\d+)-(\d+)$/.exec(text))) return found('range', { from: n(m[1]), to: n(m[2]) });
  if (/^\d+(,\d+)*$/.test(text)) return found('specific', { values: text.split(',').map(Number) });
  if (field === 'day') {
    if (text === 'L') return found('lastDay');
    if (text === 'LW') return found('lastWeekday');
    if ((m = /^(\d+)W$/.exec(text))) return found('nearestWeekday', { at: n(m[1]) });
  }
  if (field === 'week') {
    if ((m = /^(\d)#(\d)$/.exec(text))) return found('nth', { at: n(m[1]), nth: n(m[2]) });
    if ((m = /^(\d)L$/.exec(text))) return found('lastOfMonth', { at: n(m[1]) });
  }
  return null;
}

/** The fields of an expression (a missing year is `*`); null unless it has 6 or 7 fields. */
export function splitCron(expression: string): CronParts | null {
  const parts = expression.trim().split(/\s+/);
  if (parts.length < 6 || parts.length > 7) return null;
  const [second, minute, hour, day, month, week, year = '*'] = parts as [string, ...string[]];
  return { second, minute, hour, day, month, week, year } as CronParts;
}

export const joinCron = (p: CronParts): string => CRON_FIELDS.map((f) => p[f]).join(' ');

/** The finer field a change of each field forces from `*`, and to what (spec §4). */
const FORCES: Partial<Record<CronField, { field: CronField; to: string }>> = {
  minute: { field: 'second', to: '0' },
  hour: { field: 'minute', to: '0' },
  day: { field: 'hour', to: '0' },
  week: { field: 'hour', to: '0' },
  year: { field: 'month', to: '1' },
};

/**
 * Set one field as the editor does (spec §4–5): day and week only one at a time (the other becomes
 * `?`; both `?` is not allowed, the other becomes `*`); a field set to a value (not `*`, not `?`)
 * forces the next finer field from `*` to 0 (the year sets the month to 1); a month set makes a `*`
 * day (or week, when the day is `?`) 1. Forced changes follow the same rules in turn.
 */
export function changeField(parts: CronParts, field: CronField, value: string): CronParts {
  const next = { ...parts, [field]: value };
  const forced: Array<[CronField, string]> = [];
  if (field === 'day' || field === 'week') {
    const other = field === 'day' ? 'week' : 'day';
    if (value !== '?') next[other] = '?';
    else if (next[other] === '?') next[other] = '*';
  }
  if (value !== '*' && value !== '?') {
    const force = FORCES[field];
    if (force && next[force.field] === '*') forced.push([force.field, force.to]);
    if (field === 'month') {
      if (next.day === '?' && next.week === '*') forced.push(['week', '1']);
      else if (next.week === '?' && next.day === '*') forced.push(['day', '1']);
    }
  }
  return forced.reduce((p, [f, v]) => changeField(p, f, v), next);
}

/** Spec §4: what the preview shows when the expression never fires (again). */
export const NO_RUN_TIMES = '无执行时间';

/** The next 10 run times of an expression from `from`, or null when it is not one. */
export const previewRuns = (expression: string, from: Date): Date[] | null =>
  nextRunTimes(expression, 10, from);

/** Spec §4: the preview is recalculated this long after the last change. */
export const PREVIEW_DELAY_MS = 500;

/**
 * A debounced preview: `update` schedules a calculation PREVIEW_DELAY_MS after the latest call
 * (earlier ones are dropped); `cancel` stops a pending one.
 */
export function debouncedPreview(
  onRuns: (runs: Date[] | null, expression: string) => void,
  now: () => Date = () => new Date(),
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    update(expression: string) {
      clearTimeout(timer);
      timer = setTimeout(() => onRuns(previewRuns(expression, now()), expression), PREVIEW_DELAY_MS);
    },
    cancel: () => clearTimeout(timer),
  };
}
