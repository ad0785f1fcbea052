/**
 * Quartz cron expressions (seconds first, optional year; `?`, `L`, `W`, `#`; weekdays 1–7 from
 * Sunday, SUN–SAT), read with croner's Quartz options. Shared by the scheduler, the job form's
 * check and the cron editor's preview of the next run times (spec §4–5).
 */
import { Cron, type CronOptions } from 'croner';

/** croner's reading of Quartz expressions. */
export const QUARTZ_OPTIONS: CronOptions = {
  mode: '6-or-7-parts',
  alternativeWeekdays: true,
  sloppyRanges: true,
  paused: true,
};

export const CRON_MSG = {
  invalid: 'Cron表达式不正确',
  noRuns: '无执行时间',
} as const;

/** A pattern croner can read, or null. */
export function parseQuartz(expression: string, timezone?: string): Cron | null {
  const text = expression.trim().replace(/\s+/g, ' ');
  const parts = text.split(' ');
  if (parts.length < 6 || parts.length > 7) return null;
  try {
    return new Cron(text, { ...QUARTZ_OPTIONS, ...(timezone ? { timezone } : {}) });
  } catch {
    return null;
  }
}

/** Whether an expression is a valid Quartz cron expression. */
export const isQuartzCron = (expression: string): boolean => parseQuartz(expression) !== null;

/** The next `count` run times after `from` (empty when it never runs again); null when invalid. */
export function nextRunTimes(
  expression: string,
  count: number,
  from: Date,
  timezone?: string,
): Date[] | null {
  const cron = parseQuartz(expression, timezone);
  if (!cron) return null;
  try {
    return cron.nextRuns(count, from);
  } finally {
    cron.stop();
  }
}
