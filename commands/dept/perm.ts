import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { eachRow } from '../grid/each-row.ts';
import { allDeparts, findDepart } from './targets.ts';
import { findPerm, grantablePerms, permLabel } from './perm-tree.ts';

/** The query key prefix of department permission reads. */
export const DEPART_PERMS_KEY = ['depart-perms'] as const;

/**
 * `dept perm <dept> <perm…>`: give a department permissions it may hand out to its department roles
 * (`--revoke` takes them back, and from its roles); one at a time with a progress bar, Ctrl+C
 * stops after the current one; `--dry-run` lists what would change.
 */
export default defineCommand({
  id: 'dept.perm',
  examples: ['dept perm 财务部 position:list'],
  title: '部门授权',
  category: '部门管理',
  aliases: ['depart permission', 'dept grant'],
  keywords: ['部门', '权限', '授权'],
  permission: PERM.depart.authorize,
  requires: [PERM.depart.list],
  args: z.object({
    depart: z.string().min(1, '请给出部门').describe('部门（机构编码、名称或id）'),
    perms: z.array(z.string()).min(1, '请给出权限').describe('权限（权限编码、菜单名称或id）…'),
    revoke: z.boolean().optional().describe('收回这些权限（部门角色的同一权限一并收回）'),
    dryRun: z.boolean().optional().describe('只列出将要变更的权限，不执行'),
  }),
  positional: ['depart', 'perms'],
  async run(ctx, { depart, perms, revoke, dryRun }) {
    const d = findDepart(await allDeparts(ctx), depart);
    const all = await grantablePerms(ctx);
    const wanted = perms.map((w) => findPerm(all, w));
    let held = new Set(
      await invoke<string[]>(ctx.api, ENDPOINTS.departRole.queryDepartPermission, { departId: d.id }),
    );
    const changes = wanted
      .filter((p) => held.has(p.key) === !!revoke)
      .map((p) => ({
        target: permLabel(p),
        change: `${revoke ? '−' : '+'} ${d.departName}`,
        apply: async () => {
          const next = new Set(held);
          if (revoke) next.delete(p.key);
          else next.add(p.key);
          await invoke(ctx.api, ENDPOINTS.departRole.saveDepartPermission, {
            departId: d.id,
            permissionIds: [...next].join(','),
            lastpermissionIds: [...held].join(','),
          });
          held = next;
        },
      }));
    const result = await eachRow(ctx, changes, { dryRun, verb: revoke ? '收回' : '授予', unit: '权限' });
    return { ...result, invalidate: [[...DEPART_PERMS_KEY]] };
  },
});
