import { z } from 'zod';
import { TECHNICIAN } from '../../src/shared/resources/technician.ts';
import { TECH_SHIFT } from '../../src/shared/resources/technician-shift.ts';
import { defineCommand } from '../core/define-command.ts';
import { rowsByRef } from '../resources/lookup.ts';
import { WEEK_COLUMNS, readWeek, weekRows } from './keys.ts';

/**
 * 周排班: one technician's weekly pattern. On screen it opens the editable grid (edit, then 保存
 * runs `techShift.saveWeek`); in the terminal it prints the spans.
 */
export default defineCommand({
  id: 'techShift.week',
  examples: ['technician list | head 1 | techShift week'],
  title: '编辑周排班',
  category: TECH_SHIFT.decl.category,
  aliases: ['technician week', 'week shifts', 'roster'],
  keywords: ['排班', '周排班', '班次', 'paiban'],
  permission: TECH_SHIFT.perms.list,
  requires: [TECHNICIAN.perms.list],
  menus: [{ menu: 'techShift.toolbar', group: '1_create', order: 2, label: '编辑周排班' }],
  args: z.object({
    technician: z.string().optional().describe('技师id或姓名'),
  }),
  positional: ['technician'],
  async run(ctx, { technician }) {
    const tech = technician ? (await rowsByRef(ctx, TECHNICIAN, [technician]))[0] : undefined;
    if (ctx.open)
      return void (await ctx.open(
        'techShift.week',
        tech ? { technician: { id: tech.id, name: tech.name } } : {},
      ));
    if (!tech) throw new Error('请指定技师');
    const spans = await readWeek(ctx, tech.id);
    return {
      message: `${String(tech.name)} 每周 ${spans.length} 个排班时段`,
      table: { columns: WEEK_COLUMNS, rows: weekRows(spans) },
      records: spans,
    };
  },
});
