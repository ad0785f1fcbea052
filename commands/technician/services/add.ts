import { z } from 'zod';
import { PROJECT_MAP } from '../../../src/shared/resources/project.ts';
import { TECHNICIAN } from '../../../src/shared/resources/technician.ts';
import {
  TECH_SERVICE,
  TECH_SERVICE_ADD_BATCH,
  TECH_SERVICE_MSG,
} from '../../../src/shared/resources/technician-service.ts';
import type { Page } from '../../../src/shared/api.ts';
import { defineCommand } from '../../core/define-command.ts';
import { eachRow } from '../../grid/each-row.ts';
import { refsOf, rowsByRef } from '../../resources/lookup.ts';

/**
 * 开通服务项目: several projects (ids or names of projects on sale) for one technician (id or
 * name); those already open are left as they are. One project at a time with progress, Ctrl+C
 * stops, `--dry-run` lists what would open. Without arguments on screen, the 批量开通 dialog asks.
 */
export default defineCommand({
  id: 'technician.services.add',
  title: '为技师开通服务项目',
  category: TECH_SERVICE.decl.category,
  aliases: ['add technician services', 'assign projects'],
  keywords: ['开通项目', '分配项目', '批量开通', '技师服务', 'kaitong'],
  permission: TECH_SERVICE_ADD_BATCH.permission,
  requires: [TECHNICIAN.perms.list, PROJECT_MAP.permission, TECH_SERVICE.perms.list],
  menus: [
    { menu: 'techService.toolbar', group: '1_create', order: 2, label: '批量开通' },
    { menu: 'technician.row', group: '3_services', order: 1, label: '开通项目' },
  ],
  args: z.object({
    technician: z.string().optional().describe('技师id或姓名；默认表格选中行'),
    projects: z.array(z.string()).optional().describe('服务项目id或名称（可多个）'),
    dryRun: z.boolean().optional().describe('只列出将要开通的项目，不执行'),
  }),
  positional: ['technician', 'projects'],
  examples: ['technician services add 王强怡 全身推拿 肩颈调理'],
  async run(ctx, { technician, projects, dryRun }) {
    const techRef =
      technician ??
      (typeof ctx.keys.row?.id === 'string' ? ctx.keys.row.id : undefined) ??
      (ctx.keys.selection?.length === 1 ? ctx.keys.selection[0] : undefined);
    const wanted = refsOf(projects);
    if ((!techRef || wanted.length === 0) && ctx.open)
      return void (await ctx.open('techService.addMany', { technicianId: techRef }));
    if (!techRef) throw new Error(TECH_SERVICE_MSG.technicianRequired);
    if (wanted.length === 0) throw new Error(TECH_SERVICE_MSG.projectsRequired);
    const [tech] = await rowsByRef(ctx, TECHNICIAN, [techRef]);
    const map = await ctx.api.get<Record<string, string>>(PROJECT_MAP.path);
    const chosen = wanted.map((ref) => {
      const id = map[ref] ? ref : Object.keys(map).find((k) => map[k] === ref);
      if (!id) throw new Error(`${TECH_SERVICE_MSG.projectInvalid}: ${ref}`);
      return id;
    });
    const open = await ctx.api.get<Page<{ projectId: string }>>(TECH_SERVICE.endpoints.list.path, {
      technicianId: tech!.id,
      pageSize: 200,
    });
    const already = new Set(open.records.map((r) => r.projectId));
    const fresh = [...new Set(chosen)].filter((id) => !already.has(id));
    const result = await eachRow(
      ctx,
      fresh.map((id) => ({
        target: `${String(tech!.name)} · ${map[id]}`,
        change: '未开通 → 已开通',
        apply: () => ctx.api.post(TECH_SERVICE_ADD_BATCH.path, { technicianId: tech!.id, projectIds: [id] }),
      })),
      // the projects are named one by one (on screen: picked in the 批量开通 dialog)
      { dryRun, verb: '开通', unit: '项目', confirm: false },
    );
    const skipped = chosen.length - fresh.length;
    return {
      ...result,
      message: `${result.message ?? ''}${skipped ? `，${skipped} 个此前已开通` : ''}`,
      invalidate: [[...TECH_SERVICE.queryKey]],
    };
  },
});
