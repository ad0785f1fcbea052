import { z } from 'zod';
import {
  TECHNICIAN,
  TECHNICIAN_MSG,
  TECHNICIAN_UPDATE_STATUS,
  WORK_STATUSES,
  workStatusOf,
  workStatusText,
} from '../../src/shared/resources/technician.ts';
import { MSG } from '../../src/shared/api.ts';
import { defineCommand } from '../core/define-command.ts';
import { eachRow } from '../grid/each-row.ts';
import { targetIds } from '../grid/targets.ts';
import { refsOf, rowsByRef } from '../resources/lookup.ts';
import { openStatusForm } from '../resources/status-form.ts';

/**
 * 修改技师状态: technicians (ids or names; piped rows or the grid selection) to a work status, one
 * by one with progress; Ctrl+C stops (what was done stays done), `--dry-run` lists the changes.
 */
export default defineCommand({
  id: 'technician.status',
  examples: ['technician list --work-status 在线 | head 1 | technician status 休息'],
  title: '修改技师工作状态',
  category: TECHNICIAN.decl.category,
  aliases: ['technician status', 'set technician status'],
  keywords: ['上线', '下线', '休息', '停用', '工作状态', 'jishi zhuangtai'],
  permission: TECHNICIAN_UPDATE_STATUS.permission,
  requires: [TECHNICIAN.perms.list],
  menus: [
    { menu: 'technician.toolbar', group: '5_status', order: 1, label: '修改状态' },
    { menu: 'technician.row', group: '5_status', order: 1, label: '修改状态' },
  ],
  args: z.object({
    status: z
      .enum(WORK_STATUSES.flatMap((s) => [s.text, s.value]) as [string, ...string[]])
      .optional()
      .describe('工作状态：在线、服务中、休息、停用'),
    // a row button passes its id as text
    ids: z
      .preprocess((v) => (typeof v === 'string' ? refsOf(v) : v), z.array(z.string()))
      .optional()
      .describe('技师id或姓名（可多个）；默认管道输入或表格选中行'),
    dryRun: z.boolean().optional().describe('只列出将要修改的技师，不执行'),
  }),
  positional: ['status', 'ids'],
  async run(ctx, { status, ids, dryRun }) {
    const refs = refsOf(ids).length ? refsOf(ids) : targetIds(ctx, undefined);
    if (refs.length === 0) throw new Error(MSG.nothingSelected);
    // on screen without a status (toolbar, row): the 修改状态 dialog asks for it
    if (!status && ctx.open) return openStatusForm(ctx, TECHNICIAN, refs, 'skip');
    if (!status) throw new Error(TECHNICIAN_MSG.statusRequired);
    const to = workStatusOf(status)!;
    const rows = await rowsByRef(ctx, TECHNICIAN, refs);
    const result = await eachRow(
      ctx,
      rows
        .filter((row) => row.workStatus !== to)
        .map((row) => ({
          target: String(row.name),
          change: `${workStatusText(String(row.workStatus))} → ${workStatusText(to)}`,
          apply: () => ctx.api.put(TECHNICIAN_UPDATE_STATUS.path, { ids: row.id, workStatus: to }),
        })),
      { dryRun, verb: `改为「${workStatusText(to)}」`, unit: '技师' },
    );
    return { ...result, invalidate: [[...TECHNICIAN.queryKey]] };
  },
});
