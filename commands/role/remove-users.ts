import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { eachRow } from '../grid/each-row.ts';
import { ROLES_KEY, findRole, roleMembers } from './targets.ts';

/**
 * `role remove-users <role> <user…>`: take users (account or id) out of a role, one at a time with a
 * progress bar; Ctrl+C stops after the current one; `--dry-run` lists who would leave.
 */
export default defineCommand({
  id: 'role.removeUsers',
  examples: ['role removeUsers staff yuangong'],
  title: '移除角色用户',
  category: '角色管理',
  aliases: ['remove users from role'],
  keywords: ['用户', '成员', '移除', '取消关联'],
  permission: PERM.role.edit,
  requires: [PERM.role.list],
  dangerous: true,
  confirm: (args) => `确定把 ${args.users?.length ?? 0} 个用户移出角色 ${args.role} 吗?`,
  args: z.object({
    role: z.string().describe('角色编码或id'),
    users: z.array(z.string()).min(1, '请选择用户').describe('用户账号或id…'),
    dryRun: z.boolean().optional().describe('只列出将移出角色的用户，不执行'),
  }),
  positional: ['role', 'users'],
  async run(ctx, { role, users, dryRun }) {
    const found = await findRole(ctx, role);
    const members = await roleMembers(ctx, found.id);
    const changes = [...new Set(users)].map((u) => {
      const m = members.find((x) => x.id === u || x.username === u);
      if (!m) throw new Error(`用户不在角色“${found.roleName}”中: ${u}`);
      return {
        target: m.username,
        change: `− ${found.roleName}（${found.roleCode}）`,
        apply: () => invoke(ctx.api, ENDPOINTS.role.deleteUserRole, { roleId: found.id, userId: m.id }),
      };
    });
    const result = await eachRow(ctx, changes, { dryRun, verb: `移出角色“${found.roleName}”`, unit: '用户' });
    return { ...result, invalidate: [[...ROLES_KEY]] };
  },
});
