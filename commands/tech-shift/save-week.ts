import { z } from 'zod';
import { TECHNICIAN } from '../../src/shared/resources/technician.ts';
import { SHIFT_MSG, TECH_SHIFT, TECH_SHIFT_SAVE_WEEK } from '../../src/shared/resources/technician-shift.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { defineCommand } from '../core/define-command.ts';
import { rowsByRef } from '../resources/lookup.ts';
import { WEEK_COLUMNS, weekRows, type WeekSpan } from './keys.ts';

const rowsArg = z.union([z.array(z.record(z.string(), z.unknown())), z.string()]).transform((v, c) => {
  if (Array.isArray(v)) return v;
  try {
    const parsed: unknown = JSON.parse(v);
    if (Array.isArray(parsed)) return parsed as Array<Record<string, unknown>>;
  } catch {
    // reported below
  }
  c.addIssue({ code: 'custom', message: '排班时段必须是 JSON 数组' });
  return z.NEVER;
});

/** 保存周排班: replace a technician's whole weekly pattern (all or nothing). */
export default defineCommand({
  id: 'techShift.saveWeek',
  title: '保存周排班',
  category: TECH_SHIFT.decl.category,
  aliases: ['save week shifts'],
  keywords: ['排班', '保存', '周排班'],
  permission: TECH_SHIFT_SAVE_WEEK.permission,
  requires: [TECHNICIAN.perms.list],
  args: z.object({
    technician: z.string().describe('技师id或姓名'),
    rows: rowsArg.describe('排班时段（JSON 数组）：[{"weekday":1,"startTime":"09:00","endTime":"18:00"}]'),
  }),
  positional: ['technician', 'rows'],
  async run(ctx, { technician, rows }) {
    const [tech] = await rowsByRef(ctx, TECHNICIAN, [technician]);
    const saved = await invoke<WeekSpan[]>(ctx.api, TECH_SHIFT_SAVE_WEEK, { technicianId: tech!.id, rows });
    return {
      message: `${String(tech!.name)}：${SHIFT_MSG.saved(saved.length)}`,
      table: { columns: WEEK_COLUMNS, rows: weekRows(saved) },
      records: saved,
      invalidate: [[...TECH_SHIFT.queryKey]],
    };
  },
});
