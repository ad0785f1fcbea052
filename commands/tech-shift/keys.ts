import type { CommandContext } from '../core/types.ts';
import type { Page } from '../../src/shared/api.ts';
import { TECH_SHIFT, WEEKDAYS } from '../../src/shared/resources/technician-shift.ts';

/** The columns a weekly pattern prints with. */
export const WEEK_COLUMNS = [
  { key: 'weekdayText', title: '星期' },
  { key: 'startTime', title: '开始时间' },
  { key: 'endTime', title: '结束时间' },
  { key: 'remark', title: '备注' },
];

export type WeekSpan = {
  id?: string;
  weekday: number;
  startTime: string;
  endTime: string;
  remark?: string | null;
} & Record<string, unknown>;

/** A technician's weekly pattern, by weekday and start. */
export async function readWeek(ctx: CommandContext, technicianId: string): Promise<WeekSpan[]> {
  const page = await ctx.api.get<Page<WeekSpan>>(TECH_SHIFT.endpoints.list.path, {
    technicianId,
    pageSize: 100,
  });
  return [...page.records].sort(
    (a, b) => Number(a.weekday) - Number(b.weekday) || a.startTime.localeCompare(b.startTime),
  );
}

/** Rows for the terminal's table. */
export const weekRows = (spans: readonly WeekSpan[]) =>
  spans.map((s) => ({ ...s, weekdayText: WEEKDAYS[Number(s.weekday) - 1]?.text ?? s.weekday }));
