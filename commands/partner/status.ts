import { z } from 'zod';
import {
  PARTNER,
  PARTNER_MSG,
  PARTNER_STATUSES,
  PARTNER_UPDATE_STATUS,
  partnerStatusOf,
  statusChangeError,
  statusText,
} from '../../src/shared/resources/partner.ts';
import { defineCommand } from '../core/define-command.ts';
import { eachRow } from '../grid/each-row.ts';
import { targetIds } from '../grid/targets.ts';
import { rowsByRef } from '../resources/lookup.ts';
import { openStatusForm } from '../resources/status-form.ts';
import { MSG } from '../../src/shared/api.ts';

/**
 * 修改商户状态: partners (ids or names; piped rows or the grid selection) to a status along the
 * allowed transitions, with a reason; one by one with progress, Ctrl+C stops, `--dry-run` lists.
 * A change the server would refuse is refused for all before anything changes. Reversible (停用 →
 * 正常), so it asks no y/N; on screen its dialog is the confirmation.
 */
export default defineCommand({
  id: 'partner.status',
  examples: ['partner list --status 正常 | head 1 | partner status 停用 --reason 示例'],
  title: '修改商户状态',
  category: PARTNER.decl.category,
  aliases: ['partner status', 'set partner status'],
  keywords: ['审核', '驳回', '停用', '启用', '商户状态'],
  permission: PARTNER_UPDATE_STATUS.permission,
  requires: [PARTNER.perms.list],
  menus: [
    { menu: 'partner.toolbar', group: '5_status', order: 2, label: '修改状态' },
    { menu: 'partner.row', group: '5_status', order: 2, label: '修改状态' },
  ],
  args: z.object({
    ids: z.string().optional().describe('商户id或名称，逗号分隔；默认管道输入或表格选中行'),
    status: z
      .enum(PARTNER_STATUSES.flatMap((s) => [s.text, s.value]) as [string, ...string[]])
      .optional()
      .describe('新状态：待审核、正常、已驳回、停用'),
    reason: z.string().optional().describe('原因（驳回、停用时必填）'),
    dryRun: z.boolean().optional().describe('只列出将要修改的商户，不执行'),
  }),
  positional: ['ids', 'status'],
  async run(ctx, { ids, status, reason, dryRun }) {
    const refs = targetIds(ctx, ids);
    if (refs.length === 0) throw new Error(MSG.nothingSelected);
    // on screen without a status (toolbar, row): the 修改状态 dialog asks for it and the reason,
    // offering only what the rows can be set to
    if (!status && ctx.open) return openStatusForm(ctx, PARTNER, refs, 'refuse');
    if (!status) throw new Error(PARTNER_MSG.statusRequired);
    const to = partnerStatusOf(status)!;
    const rows = await rowsByRef(ctx, PARTNER, refs);
    for (const row of rows) {
      const refused = statusChangeError(String(row.status), to, reason);
      if (refused) throw new Error(`${String(row.name)}：${refused}`);
    }
    const result = await eachRow(
      ctx,
      rows.map((row) => ({
        target: String(row.name),
        change: `${statusText(String(row.status))} → ${statusText(to)}`,
        apply: () => ctx.api.put(PARTNER_UPDATE_STATUS.path, { id: row.id, status: to, reason }),
      })),
      { dryRun, verb: `改为「${statusText(to)}」`, unit: '商户' },
    );
    return { ...result, invalidate: [[...PARTNER.queryKey]] };
  },
});
