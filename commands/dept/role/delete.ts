import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { PERM } from '../../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { eachRow } from '../../grid/each-row.ts';
import { allDeparts, findDepart } from '../targets.ts';
import { DEPART_ROLES_KEY, departRoles, findRole } from './roles.ts';

/**
 * `dept role delete <dept> <code…>`: delete department roles with their members and grants; one at a
 * time with a progress bar, Ctrl+C stops after the current one; `--dry-run` lists them.
 */
export default defineCommand({
  id: 'dept.role.delete',
  examples: ['dept role delete 财务部 fin_demo'],
  title: '删除部门角色',
  category: '部门管理',
  aliases: ['delete depart role'],
  keywords: ['部门', '角色', '部门角色', '删除'],
  permission: PERM.depart.edit,
  requires: [PERM.depart.list],
  dangerous: true,
  args: z.object({
    depart: z.string().min(1, '请给出部门').describe('部门（机构编码、名称或id）'),
    roles: z.array(z.string()).min(1, '请给出部门角色').describe('部门角色（编码或id）…'),
    dryRun: z.boolean().optional().describe('只列出将要删除的部门角色，不执行'),
  }),
  positional: ['depart', 'roles'],
  async run(ctx, { depart, roles, dryRun }) {
    const d = findDepart(await allDeparts(ctx), depart);
    const known = await departRoles(ctx, d.id);
    const changes = [...new Set(roles)].map((w) => {
      const r = findRole(known, w);
      return {
        target: `${r.roleName}（${r.roleCode}）`,
        change: `删除（${d.departName}）`,
        apply: () => invoke(ctx.api, ENDPOINTS.departRole.delete, { id: r.id }),
      };
    });
    const result = await eachRow(ctx, changes, { dryRun, verb: '删除', unit: '部门角色' });
    return { ...result, invalidate: [[...DEPART_ROLES_KEY]] };
  },
});
