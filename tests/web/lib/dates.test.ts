import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthGrid, parseDateText } from '../../../src/web/lib/dates.ts';

describe('dates in the spec §9 formats', () => {
  it.each([
    ['2026-02-03', 'date', '2026-02-03'],
    ['2026-2-3', 'date', '2026-02-03'],
    ['2026/02/03', 'date', '2026-02-03'],
    ['2026年2月3日', 'date', '2026-02-03'],
    ['2026-02-30', 'date', null],
    ['2024-02-29', 'date', '2024-02-29'],
    ['02/03/2026', 'date', null],
    ['2026-02-03 10:00', 'date', null],
    ['2026-02-03 9:05', 'datetime', '2026-02-03 09:05:00'],
    ['2026-02-03T23:59:59', 'datetime', '2026-02-03 23:59:59'],
    ['2026-02-03', 'datetime', '2026-02-03 00:00:00'],
    ['2026-02-03 24:00:00', 'datetime', null],
    ['7:30', 'time', '07:30:00'],
    ['07:30:61', 'time', null],
  ] as const)('%s as %s → %s', (text, kind, out) => {
    expect(parseDateText(text, kind)).toBe(out);
  });

  it('moves by days and months across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });

  it('lays a month out in weeks from Monday', () => {
    const weeks = monthGrid(2026, 2);
    expect(weeks).toHaveLength(6);
    // 2026-02-01 is a Sunday: its week starts on Monday 2026-01-26
    expect(weeks[0]![0]).toBe('2026-01-26');
    expect(weeks[0]![6]).toBe('2026-02-01');
    expect(weeks.flat()).toContain('2026-02-28');
  });
});
