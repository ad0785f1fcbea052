/**
 * 技师排班: when a technician can be booked. The weekly pattern (yy_technician_shift: weekday and
 * spans, several a day) is edited per technician in the editable grid and saved all at once
 * (`POST …/saveWeek`); exceptions by date (yy_technician_shift_exception: a day off, or other
 * hours) replace a date's pattern. Times are wall-clock HH:mm of the platform's zone; a span ends
 * at 24:00 at the latest.
 */
import { z } from 'zod';
import type { DeclaredContract } from '../contracts.ts';
import { auditFields, defineResource } from './define.ts';
import { TECHNICIAN_MAP } from './technician.ts';

export const WEEKDAYS = [
  { value: '1', text: '周一' },
  { value: '2', text: '周二' },
  { value: '3', text: '周三' },
  { value: '4', text: '周四' },
  { value: '5', text: '周五' },
  { value: '6', text: '周六' },
  { value: '7', text: '周日' },
] as const;

export const SHIFT_EXCEPTION_KINDS = [
  { value: '1', text: '休息' },
  { value: '2', text: '调整时间' },
] as const;

export const SHIFT_MSG = {
  notFound: '排班不存在',
  exceptionNotFound: '排班例外不存在',
  technicianRequired: '请选择技师',
  technicianInvalid: '技师不存在或已停用',
  start: '开始时间格式应为HH:mm',
  end: '结束时间格式应为HH:mm（最晚24:00）',
  order: '结束时间须晚于开始时间',
  overlap: (weekday: string) => `${weekday}的时段有重叠`,
  hoursRequired: '调整时间须填写开始和结束时间',
  dayOffHours: '休息日不填写开始和结束时间',
  tooMany: '每周最多 70 个时段',
  saved: (n: number) => `已保存 ${n} 个排班时段`,
} as const;

const START = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: SHIFT_MSG.start };
const END = { pattern: /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, message: SHIFT_MSG.end };

const TECHNICIAN_REF = {
  key: 'technicianId',
  title: '技师',
  type: 'ref',
  required: SHIFT_MSG.technicianRequired,
  sample: '王强怡',
  reference: {
    resource: 'technician',
    label: 'name',
    picker: TECHNICIAN_MAP,
    invalidMessage: SHIFT_MSG.technicianInvalid,
  },
  search: true,
  list: { width: 120 },
} as const;

export const TECH_SHIFT = defineResource({
  name: 'techShift',
  title: '技师排班',
  path: '/yy/yyTechnicianShift',
  permActions: { saveWeek: '保存周排班' },
  component: 'yy/technician/YyTechnicianShiftList',
  category: '技师排班',
  english: 'technician shift',
  keywords: ['排班', '班次', '工作时间', 'paiban', 'roster'],
  defaultSort: { field: 'weekday', order: 'asc' },
  sheet: {
    title: '技师排班',
    sheetName: '技师排班',
    filename: '技师排班.xlsx',
    asciiFilename: 'technician-shifts.xlsx',
  },
  notFound: SHIFT_MSG.notFound,
  commands: { plural: 'technician shifts' },
  fields: [
    TECHNICIAN_REF,
    {
      key: 'weekday',
      title: '星期',
      type: 'int',
      options: WEEKDAYS,
      required: '请选择星期',
      search: true,
      list: { width: 80 },
    },
    { key: 'startTime', title: '开始时间', type: 'string', required: true, rule: START, list: { width: 90 } },
    {
      key: 'endTime',
      title: '结束时间',
      type: 'string',
      required: true,
      rule: END,
      list: { width: 90 },
      sample: '18:00',
    },
    { key: 'remark', title: '备注', type: 'string', max: 100, list: { width: 160 } },
    ...auditFields({ createBy: { list: false }, createTime: { list: false } }),
  ],
});

export const TECH_SHIFT_EXCEPTION = defineResource({
  name: 'techShiftException',
  title: '排班例外',
  path: '/yy/yyTechnicianShiftException',
  component: 'yy/technician/YyTechnicianShiftExceptionList',
  category: '排班例外',
  english: 'shift exception',
  keywords: ['请假', '调班', '休息日', 'qingjia'],
  defaultSort: { field: 'shiftDate', order: 'desc' },
  sheet: {
    title: '排班例外',
    sheetName: '排班例外',
    filename: '排班例外.xlsx',
    asciiFilename: 'shift-exceptions.xlsx',
  },
  notFound: SHIFT_MSG.exceptionNotFound,
  commands: { plural: 'shift exceptions' },
  fields: [
    TECHNICIAN_REF,
    {
      key: 'shiftDate',
      title: '日期',
      type: 'date',
      required: '请选择日期',
      search: true,
      list: { width: 110 },
    },
    {
      key: 'kind',
      title: '类型',
      type: 'enum',
      options: SHIFT_EXCEPTION_KINDS,
      required: '请选择类型',
      search: true,
      list: { width: 90 },
    },
    { key: 'startTime', title: '开始时间', type: 'string', rule: START, list: { width: 90 } },
    { key: 'endTime', title: '结束时间', type: 'string', rule: END, list: { width: 90 } },
    { key: 'reason', title: '原因', type: 'string', max: 200, list: { width: 200 } },
    ...auditFields({ createBy: { list: false }, createTime: { list: false } }),
  ],
});

/** One span of the weekly pattern as the grid sends it. */
export const shiftSpanSchema = z.object({
  weekday: z.coerce
    .number({ message: '请选择星期' })
    .int('请选择星期')
    .min(1, '请选择星期')
    .max(7, '请选择星期'),
  startTime: z.string({ message: SHIFT_MSG.start }).regex(START.pattern, SHIFT_MSG.start),
  endTime: z.string({ message: SHIFT_MSG.end }).regex(END.pattern, SHIFT_MSG.end),
  remark: z.string().max(100, '备注最长100个字符').nullish(),
});
export type ShiftSpan = z.infer<typeof shiftSpanSchema>;

/** Body of saveWeek: the technician and the whole weekly pattern that replaces theirs. */
export const saveWeekBody = z.object({
  technicianId: z.string({ message: SHIFT_MSG.technicianRequired }).min(1, SHIFT_MSG.technicianRequired),
  rows: z.array(shiftSpanSchema).max(70, SHIFT_MSG.tooMany),
});

/**
 * The first problem of a weekly pattern (a span ending before it starts, two spans of one day
 * overlapping), or null: the same rule for the grid and the server.
 */
export function weekProblem(rows: readonly ShiftSpan[]): string | null {
  for (const r of rows) if (r.endTime <= r.startTime) return SHIFT_MSG.order;
  const byDay = [...rows].sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
  for (let i = 1; i < byDay.length; i++) {
    const a = byDay[i - 1]!;
    const b = byDay[i]!;
    if (a.weekday === b.weekday && b.startTime < a.endTime)
      return SHIFT_MSG.overlap(WEEKDAYS[a.weekday - 1]!.text);
  }
  return null;
}

/** POST …/saveWeek {technicianId, rows}: replace a technician's weekly pattern, all or nothing. */
export const TECH_SHIFT_SAVE_WEEK = {
  method: 'POST',
  path: `${TECH_SHIFT.decl.path}/saveWeek`,
  permission: TECH_SHIFT.perms.saveWeek,
} as const satisfies DeclaredContract;
