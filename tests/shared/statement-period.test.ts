import { describe, expect, it } from 'vitest';
import { parseStatementPeriod } from '../../src/shared/money/statement.ts';

/** 对账单 periods: a month or an ISO week as a half-open range of local dates. */
describe('parseStatementPeriod', () => {
  it('reads a month as its first day up to the next month’s', () => {
    expect(parseStatementPeriod('2026-10')).toEqual({
      type: 'month',
      period: '2026-10',
      start: '2026-10-01',
      end: '2026-11-01',
    });
    expect(parseStatementPeriod('2026-12')?.end).toBe('2027-01-01');
  });

  it('reads an ISO week from its Monday for seven days, across year ends', () => {
    expect(parseStatementPeriod('2026-W43')).toMatchObject({
      type: 'week',
      start: '2026-10-19',
      end: '2026-10-26',
    });
    // 2026-W01 starts on Monday 29 December 2025; 2020 and 2026 have 53 weeks, 2025 not
    expect(parseStatementPeriod('2026-W01')).toMatchObject({ start: '2025-12-29', end: '2026-01-05' });
    expect(parseStatementPeriod('2020-W53')).toMatchObject({ start: '2020-12-28', end: '2021-01-04' });
    expect(parseStatementPeriod('2026-W53')).toMatchObject({ start: '2026-12-28', end: '2027-01-04' });
    expect(parseStatementPeriod('2025-W53')).toBeUndefined();
  });

  it('refuses anything else', () => {
    for (const bad of ['2026-13', '2026-00', '2026-W00', '2026-W54', '202610', '2026-1', 'last month'])
      expect(parseStatementPeriod(bad), bad).toBeUndefined();
  });
});
