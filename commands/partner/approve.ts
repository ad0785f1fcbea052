import { z } from 'zod';
import {
  PARTNER,
  PARTNER_MSG,
  PARTNER_STATUS,
  PARTNER_UPDATE_STATUS,
  statusChangeError,
  statusText,
} from '../../src/shared/resources/partner.ts';
import { defineCommand } from '../core/define-command.ts';
import { eachRow } from '../grid/each-row.ts';
import { targetIds } from '../grid/targets.ts';
import { rowsByRef } from '../resources/lookup.ts';

/** 审核通过: partners waiting for review become 正常 (progress, Ctrl+C, `--dry-run`). */
export default defineCommand({
  id: 'partner.approve',
  title: '审核通过商户',
  category: PARTNER.decl.category,
  aliases: ['approve partner', 'partner approve'],
  keywords: ['审核', '通过', '商户审核'],
  permission: PARTNER_UPDATE_STATUS.permission,
  requires: [PARTNER.decl.perms.list],
  menus: [{ menu: 'partner.row', group: '5_status', order: 1, label: '审核通过' }],
  when: (k) => !k.row || k.row.status === PARTNER_STATUS.pending,
  args: z.object({
    ids: z.string().optional().describe('商户id或名称，逗号分隔；默认管道输入或表格选中行'),
    reason: z.string().optional().describe('审核意见'),
    dryRun: z.boolean().optional().describe('只列出将要通过的商户，不执行'),
  }),
  positional: ['ids'],
  async run(ctx, { ids, reason, dryRun }) {
    const refs = targetIds(ctx, ids);
    if (refs.length === 0) throw new Error(PARTNER_MSG.notFound);
    const rows = await rowsByRef(ctx, PARTNER, refs);
    for (const row of rows) {
      const refused = statusChangeError(String(row.status), PARTNER_STATUS.active, reason);
      if (refused) throw new Error(`${String(row.name)}：${refused}`);
    }
    const result = await eachRow(
      ctx,
      rows.map((row) => ({
        target: String(row.name),
        change: `${statusText(String(row.status))} → ${statusText(PARTNER_STATUS.active)}`,
        apply: () =>
          ctx.api.put(PARTNER_UPDATE_STATUS.path, { id: row.id, status: PARTNER_STATUS.active, reason }),
      })),
      { dryRun, verb: '审核通过', unit: '商户' },
    );
    return { ...result, invalidate: [[...PARTNER.queryKey]] };
  },
});
