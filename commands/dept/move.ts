import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { eachRow } from '../grid/each-row.ts';
import { DEPARTS_KEY, allDeparts, findDepart as find } from './targets.ts';

/** Words that name the top of the tree as the new parent. */
const ROOT_WORDS = new Set(['-', 'root', '顶级', '根']);

/**
 * `dept move <dept…> <newParent>`: move departments (each with its whole subtree, whose org codes
 * the server renews) under another department, or to the top with `-`; one at a time with a
 * progress bar, Ctrl+C stops after the current one; `--dry-run` lists what would move.
 */
export default defineCommand({
  id: 'dept.move',
  examples: ['dept move 财务部 -'],
  title: '移动部门',
  category: '部门管理',
  aliases: ['move department', 'depart move'],
  keywords: ['部门', '移动', '调整上级'],
  permission: PERM.depart.edit,
  requires: [PERM.depart.list],
  args: z.object({
    targets: z
      .array(z.string())
      .min(2, '请给出要移动的部门和新的上级部门')
      .describe('部门（机构编码、名称或id）…，最后一个为新的上级部门（- 为顶级）'),
    dryRun: z.boolean().optional().describe('只列出将要移动的部门，不执行'),
  }),
  positional: ['targets'],
  async run(ctx, { targets, dryRun }) {
    const all = await allDeparts(ctx);
    const parentWord = targets[targets.length - 1]!;
    const parent = ROOT_WORDS.has(parentWord) ? null : find(all, parentWord);
    const moving = targets.slice(0, -1).map((w) => find(all, w));
    const changes = moving
      .filter((d) => (d.parentId || null) !== (parent?.id ?? null))
      .map((d) => {
        if (parent && parent.orgCode.startsWith(d.orgCode))
          throw new Error(`不能把部门“${d.departName}”移到它自己或它的下级部门之下`);
        const below = all.filter((x) => x.orgCode.startsWith(d.orgCode) && x.id !== d.id).length;
        return {
          target: `${d.departName}（${d.orgCode}）`,
          change: `→ ${parent ? `${parent.departName}（${parent.orgCode}）` : '顶级'}${below ? `（含 ${below} 个下级）` : ''}`,
          apply: () => invoke(ctx.api, ENDPOINTS.depart.edit, { id: d.id, parentId: parent?.id ?? '' }),
        };
      });
    const result = await eachRow(ctx, changes, { dryRun, verb: '移动', unit: '部门' });
    return { ...result, invalidate: [[...DEPARTS_KEY]] };
  },
});
