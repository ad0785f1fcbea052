import { z } from 'zod';
import { TECHNICIAN } from '../../src/shared/resources/technician.ts';
import {
  SHIFT_MSG,
  TECH_SHIFT,
  TECH_SHIFT_SAVE_WEEK,
  saveWeekBody,
  weekProblem,
} from '../../src/shared/resources/technician-shift.ts';
import { firstIssue } from '../../src/shared/user.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { defineCommand } from '../core/define-command.ts';
import { rowsByRef } from '../resources/lookup.ts';
import { WEEK_COLUMNS, readWeek, weekRows, type WeekSpan } from './keys.ts';
import { weekFromText } from './week-text.ts';

const rowsArg = z.union([z.array(z.record(z.string(), z.unknown())), z.string()]).transform((v, c) => {
  if (Array.isArray(v)) return v;
  if (v.trim().startsWith('['))
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed as Array<Record<string, unknown>>;
    } catch {
      // reported below
    }
  else
    try {
      return weekFromText(v);
    } catch (e) {
      c.addIssue({ code: 'custom', message: (e as Error).message });
      return z.NEVER;
    }
  c.addIssue({ code: 'custom', message: '排班时段必须是 JSON 数组' });
  return z.NEVER;
});

/**
 * 保存周排班: replace a technician's whole weekly pattern (all or nothing), given as text
 * (`周一至周五 09:00-18:00 周六 10:00-16:00`) or as the grid's JSON rows. `--dry-run` checks the
 * pattern with the rules the server applies (formats, order, overlaps) and shows it beside the
 * current one, saving nothing.
 */
export default defineCommand({
  id: 'techShift.saveWeek',
  title: '保存周排班',
  category: TECH_SHIFT.decl.category,
  aliases: ['save week shifts'],
  keywords: ['排班', '保存', '周排班'],
  permission: TECH_SHIFT_SAVE_WEEK.permission,
  // the technician by name; a dry run reads the current week
  requires: [TECHNICIAN.perms.list, TECH_SHIFT.perms.list],
  args: z.object({
    technician: z.string().describe('技师id或姓名'),
    rows: rowsArg.describe(
      '整周排班：星期与时段，如 周一至周五 09:00-12:00 14:00-18:00 周六 10:00-16:00；或 JSON 数组 [{"weekday":1,"startTime":"09:00","endTime":"18:00"}]',
    ),
    dryRun: z.boolean().optional().describe('按保存时的规则检查并列出新的周排班，不保存'),
  }),
  positional: ['technician', 'rows'],
  examples: [`techShift saveWeek 王强怡 '周一至周五 09:00-12:00 14:00-18:00 周六 10:00-16:00'`],
  async run(ctx, { technician, rows, dryRun }) {
    const [tech] = await rowsByRef(ctx, TECHNICIAN, [technician]);
    if (dryRun) {
      // the body's schema and the overlap rule the server applies (src/shared)
      const body = saveWeekBody.safeParse({ technicianId: tech!.id, rows });
      if (!body.success) throw new Error(firstIssue(body.error));
      const problem = weekProblem(body.data.rows);
      if (problem) throw new Error(problem);
      const current = await readWeek(ctx, tech!.id);
      return {
        message: `演练：${String(tech!.name)}的周排班将由 ${current.length} 个时段替换为 ${body.data.rows.length} 个（已按时段格式、先后与重叠检查，未保存）`,
        table: {
          columns: WEEK_COLUMNS,
          rows: weekRows(
            [...(body.data.rows as WeekSpan[])].sort(
              (a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime),
            ),
          ),
        },
      };
    }
    const saved = await invoke<WeekSpan[]>(ctx.api, TECH_SHIFT_SAVE_WEEK, { technicianId: tech!.id, rows });
    return {
      message: `${String(tech!.name)}：${SHIFT_MSG.saved(saved.length)}`,
      table: { columns: WEEK_COLUMNS, rows: weekRows(saved) },
      records: saved,
      invalidate: [[...TECH_SHIFT.queryKey]],
    };
  },
});
