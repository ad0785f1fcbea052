import { describe, expect, it } from 'vitest';
import { isQuartzCron, nextRunTimes } from '../../src/shared/cron.ts';

const FROM = new Date('2026-02-01T00:00:00Z');
const runs = (expr: string, n = 3, from = FROM) =>
  nextRunTimes(expr, n, from, 'UTC')?.map((d) => d.toISOString());

describe('Quartz cron expressions', () => {
  it('reads seconds first and the optional year', () => {
    expect(runs('*/20 * * * * ?')).toEqual([
      '2026-02-01T00:00:20.000Z',
      '2026-02-01T00:00:40.000Z',
      '2026-02-01T00:01:00.000Z',
    ]);
    expect(runs('0 30 9 1 1 ? 2027', 2)).toEqual(['2027-01-01T09:30:00.000Z']);
    expect(runs('0 0 0 1 1 ? 2025')).toEqual([]);
  });

  it('L, W and # as Quartz means them, weekdays 1 = Sunday', () => {
    expect(runs('0 15 10 L * ?', 2)).toEqual(['2026-02-28T10:15:00.000Z', '2026-03-31T10:15:00.000Z']);
    // 15 February 2026 is a Sunday: the nearest weekday is Monday the 16th
    expect(runs('0 0 9 15W * ?', 1)).toEqual(['2026-02-16T09:00:00.000Z']);
    // 2#1: the first Monday; 6L: the last Friday
    expect(runs('0 0 9 ? * 2#1', 2)).toEqual(['2026-02-02T09:00:00.000Z', '2026-03-02T09:00:00.000Z']);
    expect(runs('0 0 12 ? * 6L', 2)).toEqual(['2026-02-27T12:00:00.000Z', '2026-03-27T12:00:00.000Z']);
    expect(runs('0 0 8 ? * MON-FRI', 2)).toEqual(['2026-02-02T08:00:00.000Z', '2026-02-03T08:00:00.000Z']);
    expect(runs('0 0 8 ? * 1', 1)).toEqual(['2026-02-01T08:00:00.000Z']);
  });

  it('increments and ranges, in a time zone', () => {
    expect(nextRunTimes('0 0/30 9-10 * * ?', 5, FROM, 'Asia/Shanghai')?.map((d) => d.toISOString())).toEqual([
      '2026-02-01T01:00:00.000Z',
      '2026-02-01T01:30:00.000Z',
      '2026-02-01T02:00:00.000Z',
      '2026-02-01T02:30:00.000Z',
      '2026-02-02T01:00:00.000Z',
    ]);
  });

  it('refuses what is no Quartz expression', () => {
    for (const bad of [
      '* * * * *',
      '',
      '0 0 25 * * ?',
      '0 0 0 32 * ?',
      '0 0 0 ? * 9',
      'a b c d e f',
      '0 0 0 * * ? 2026 1',
    ])
      expect(isQuartzCron(bad), bad).toBe(false);
    expect(isQuartzCron('0 0 2 * * ?')).toBe(true);
  });
});
