import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { PERM } from '../../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { targetUserIds } from '../../user/targets.ts';
import { allDeparts, findDepart } from '../targets.ts';
import { DEPART_ROLES_KEY, departRoles, findRole } from './roles.ts';

/**
 * `dept role users <role> <user…>` (`--remove` takes them out): members of a department role,
 * users of its department only (the server refuses others). Users by username or id; the role by
 * id, or by its code with `--depart`. `--dry-run` lists who would be added or removed.
 */
export default defineCommand({
  id: 'dept.role.users',
  title: '部门角色用户',
  category: '部门管理',
  aliases: ['depart role users'],
  keywords: ['部门角色', '用户', '成员'],
  permission: PERM.depart.edit,
  // users named by account are looked up in the user list
  requires: [PERM.depart.list, PERM.user.list],
  args: z.object({
    roleId: z.string().min(1, '部门角色不存在').describe('部门角色（id；给出 --depart 时也可用编码）'),
    userIds: z.array(z.string()).min(1, '请选择用户').describe('用户（账号或id）…'),
    remove: z.boolean().optional().describe('移出这些用户'),
    depart: z.string().optional().describe('部门角色所属部门（机构编码、名称或id）'),
    dryRun: z.boolean().optional().describe('只列出将要加入或移出的用户，不执行'),
  }),
  positional: ['roleId', 'userIds'],
  examples: ['dept role users fin_sweep caiwu --depart 财务部'],
  async run(ctx, { roleId, userIds: users, remove, depart, dryRun }) {
    let role = { id: roleId, label: roleId };
    if (depart) {
      const d = findDepart(await allDeparts(ctx), depart);
      const r = findRole(await departRoles(ctx, d.id), roleId);
      role = { id: r.id, label: `${d.departName} · ${r.roleName}` };
    }
    const userIds = await targetUserIds(ctx, users.join(','));
    if (dryRun)
      return {
        message: `演练：将${remove ? '从' : '向'}部门角色 ${role.label} ${remove ? '移出' : '加入'} ${userIds.length} 个用户（未执行）`,
        table: {
          columns: [
            { key: 'user', title: '用户' },
            { key: 'change', title: '变更' },
          ],
          rows: users.map((u) => ({ user: u, change: `${remove ? '−' : '+'} ${role.label}` })),
        },
      };
    const message = remove
      ? await invoke<string>(ctx.api, ENDPOINTS.departRole.removeUsers, {
          roleId: role.id,
          userIds: userIds.join(','),
        })
      : await invoke<string>(ctx.api, ENDPOINTS.departRole.addUsers, { roleId: role.id, userIds });
    return { message: String(message), invalidate: [[...DEPART_ROLES_KEY]] };
  },
});
