import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CRON_BOUNDS,
  CRON_FIELDS,
  DEFAULT_CRON_PARTS,
  FIELD_MODES,
  NO_RUN_TIMES,
  PREVIEW_DELAY_MS,
  changeField,
  debouncedPreview,
  defaultInput,
  fieldText,
  joinCron,
  modeOf,
  splitCron,
  type CronField,
} from '../../src/shared/cron-editor.ts';
import { isQuartzCron } from '../../src/shared/cron.ts';

const parts = (expr: string) => splitCron(expr)!;
const change = (expr: string, field: CronField, value: string) =>
  joinCron(changeField(parts(expr), field, value));

describe('the cron editor model (spec §4–5)', () => {
  it('starts at * for every field but the week, ?', () => {
    expect(joinCron(DEFAULT_CRON_PARTS)).toBe('* * * * * ? *');
    expect(isQuartzCron(joinCron(DEFAULT_CRON_PARTS))).toBe(true);
    expect(NO_RUN_TIMES).toBe('无执行时间');
  });

  it('a coarser field set forces the next finer one from * to its first value, in turn', () => {
    expect(change('* * * * * ? *', 'minute', '5')).toBe('0 5 * * * ? *');
    expect(change('* * * * * ? *', 'hour', '3')).toBe('0 0 3 * * ? *');
    expect(change('* * * * * ? *', 'day', '15')).toBe('0 0 0 15 * ? *');
    expect(change('* * * * * ? *', 'week', '2')).toBe('0 0 0 ? * 2 *');
    // the year sets the month to 1, and the month the day
    expect(change('* * * * * ? *', 'year', '2030')).toBe('0 0 0 1 1 ? 2030');
    // a finer field already set is kept
    expect(change('10 * * * * ? *', 'minute', '5')).toBe('10 5 * * * ? *');
    expect(change('0/5 30 * * * ? *', 'hour', '1-3')).toBe('0/5 30 1-3 * * ? *');
    // * and ? force nothing
    expect(change('* 5 * * * ? *', 'minute', '*')).toBe('* * * * * ? *');
  });

  it('a month set makes a * day 1, or a * week 1 when the day is ?', () => {
    expect(change('0 0 0 * * ? *', 'month', '3')).toBe('0 0 0 1 3 ? *');
    expect(change('0 0 0 ? * * *', 'month', '3')).toBe('0 0 0 ? 3 1 *');
    expect(change('0 0 0 10 * ? *', 'month', '3')).toBe('0 0 0 10 3 ? *');
  });

  it('day and week one at a time: the other becomes ?, never both ?', () => {
    expect(change('0 0 0 * * ? *', 'week', '2#1')).toBe('0 0 0 ? * 2#1 *');
    expect(change('0 0 0 ? * 2 *', 'day', 'L')).toBe('0 0 0 L * ? *');
    expect(change('0 0 0 ? * 2 *', 'week', '?')).toBe('0 0 0 * * ? *');
    expect(change('0 0 0 * * ? *', 'day', '?')).toBe('0 0 0 ? * * *');
  });

  it('every mode of every field makes an expression croner reads, and reads back as that mode', () => {
    for (const field of CRON_FIELDS)
      for (const mode of FIELD_MODES[field]) {
        const text = fieldText(field, mode, defaultInput(field));
        const expr = joinCron(changeField(DEFAULT_CRON_PARTS, field, text));
        expect(isQuartzCron(expr), `${field} ${mode}: ${expr}`).toBe(true);
        expect(modeOf(field, text)?.mode, `${field} ${text}`).toBe(mode);
      }
  });

  it('holds every number within the spec bounds', () => {
    const input = { ...defaultInput('second'), start: 70, interval: 0, from: -3, to: 99, values: [75, 3, 3] };
    expect(fieldText('second', 'increment', input)).toBe('59/1');
    expect(fieldText('second', 'range', input)).toBe('0-59');
    expect(fieldText('second', 'specific', input)).toBe('3,59');
    expect(fieldText('minute', 'increment', { ...input, interval: 99 })).toBe('59/60');
    expect(fieldText('hour', 'specific', { ...input, values: [24] })).toBe('23');
    expect(fieldText('day', 'increment', { ...input, start: 0, interval: 40 })).toBe('1/31');
    expect(fieldText('day', 'nearestWeekday', { ...input, at: 32 })).toBe('31W');
    expect(fieldText('month', 'range', { ...input, from: 0, to: 13 })).toBe('1-12');
    expect(fieldText('week', 'increment', { ...input, start: 9, interval: 8 })).toBe('7/7');
    expect(fieldText('week', 'nth', { ...input, at: 2, nth: 6 })).toBe('2#5');
    expect(fieldText('week', 'lastOfMonth', { ...input, at: 0 })).toBe('1L');
    expect(fieldText('year', 'increment', { ...input, start: 2000, interval: 100 })).toBe('2019/99');
    expect(fieldText('year', 'range', { ...input, from: 2200, to: 1 })).toBe('2119-2119');
    // a range never ends before it starts
    expect(fieldText('hour', 'range', { ...input, from: 10, to: 5 })).toBe('10-10');
    expect(CRON_BOUNDS.year.values).toEqual([2019, 2119]);
    expect(CRON_BOUNDS.week.interval).toEqual([1, 7]);
  });

  it('reads weekday names as 1–7 from SUN, and gives no mode to what it cannot edit', () => {
    expect(modeOf('week', 'MON-FRI')).toMatchObject({ mode: 'range', input: { from: 2, to: 6 } });
    expect(modeOf('week', 'SUN,SAT')).toMatchObject({ mode: 'specific', input: { values: [1, 7] } });
    expect(modeOf('week', '6L')).toMatchObject({ mode: 'lastOfMonth', input: { at: 6 } });
    expect(modeOf('day', '15W')).toMatchObject({ mode: 'nearestWeekday', input: { at: 15 } });
    expect(modeOf('second', 'L')).toBeNull();
    expect(modeOf('minute', '1-5/2')).toBeNull();
    expect(splitCron('0 0 12 * * ?')).toMatchObject({ week: '?', year: '*' });
    expect(splitCron('* * * * *')).toBeNull();
  });
});

describe('the preview', () => {
  afterEach(() => vi.useRealTimers());

  it('recalculates the next 10 run times 500 ms after the last change', () => {
    vi.useFakeTimers();
    const seen: Array<[string[] | null, string]> = [];
    const from = new Date(2026, 1, 1, 0, 0, 0);
    const preview = debouncedPreview(
      (runs, expr) => seen.push([runs?.map((d) => d.toISOString()) ?? null, expr]),
      () => from,
    );
    preview.update('0/5 * * * * ? *');
    vi.advanceTimersByTime(PREVIEW_DELAY_MS - 1);
    preview.update('0/20 * * * * ? *');
    vi.advanceTimersByTime(PREVIEW_DELAY_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toHaveLength(1);
    const [runs, expr] = seen[0]!;
    expect(expr).toBe('0/20 * * * * ? *');
    expect(runs).toHaveLength(10);
    expect(runs![0]).toBe(new Date(2026, 1, 1, 0, 0, 20).toISOString());
    // never again, and not an expression
    preview.update('0 0 0 1 1 ? 2019');
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    expect(seen[1]![0]).toEqual([]);
    preview.update('nonsense');
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    expect(seen[2]![0]).toBeNull();
    preview.update('* * * * * ? *');
    preview.cancel();
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    expect(seen).toHaveLength(3);
  });
});
