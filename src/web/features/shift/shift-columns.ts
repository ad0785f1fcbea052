import { WEEKDAYS } from '../../../shared/resources/technician-shift.ts';
import type { EditableColumn } from '../../components/data-grid/editable/types.ts';

/**
 * Columns of the 周排班 grid: the rules of `shiftSpanSchema` (the server's), cell by cell; spans of
 * one day that overlap are refused on 保存 by the shared `weekProblem`.
 */
export const SHIFT_COLUMNS: EditableColumn[] = [
  {
    key: 'weekday',
    title: '星期',
    type: 'select',
    width: 110,
    options: WEEKDAYS.map((d) => ({ value: d.value, text: d.text })),
    validateRules: [{ required: true, message: '请选择星期' }],
  },
  {
    key: 'startTime',
    title: '开始时间',
    type: 'input',
    width: 120,
    placeholder: '09:00',
    validateRules: [
      { required: true, message: '请输入开始时间' },
      { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '开始时间格式应为HH:mm' },
    ],
  },
  {
    key: 'endTime',
    title: '结束时间',
    type: 'input',
    width: 120,
    placeholder: '18:00',
    validateRules: [
      { required: true, message: '请输入结束时间' },
      { pattern: /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, message: '结束时间格式应为HH:mm（最晚24:00）' },
    ],
  },
  { key: 'remark', title: '备注', type: 'input', width: 220 },
];
