import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { eachRow } from '../grid/each-row.ts';
import { ROLES_KEY, findRole, roleMembers } from './targets.ts';

/**
 * `role add-users <role> <user…>`: users (account or id; else piped records) join a role, one at a
 * time with a progress bar, Ctrl+C stops after the current one; members already in are skipped;
 * `--dry-run` lists who would join. The server refuses a role holding rights the caller lacks.
 */
export default defineCommand({
  id: 'role.addUsers',
  examples: ['role addUsers staff yuangong'],
  title: '添加角色用户',
  category: '角色管理',
  aliases: ['add users to role'],
  keywords: ['用户', '成员', '添加'],
  permission: PERM.role.edit,
  requires: [PERM.role.list],
  args: z.object({
    role: z.string().describe('角色编码或id'),
    users: z.array(z.string()).optional().describe('用户账号或id…；默认管道输入'),
    dryRun: z.boolean().optional().describe('只列出将加入角色的用户，不执行'),
  }),
  positional: ['role', 'users'],
  async run(ctx, { role, users, dryRun }) {
    const found = await findRole(ctx, role);
    const given = users?.length
      ? users
      : (ctx.input ?? []).map((r) => String(r.username ?? r.id ?? '')).filter(Boolean);
    if (given.length === 0) throw new Error('请选择用户');
    const members = await roleMembers(ctx, found.id);
    const isMember = (u: string) => members.some((m) => m.id === u || m.username === u);
    const changes = [...new Set(given)]
      .filter((u) => !isMember(u))
      .map((u) => ({
        target: u,
        change: `+ ${found.roleName}（${found.roleCode}）`,
        apply: () => invoke(ctx.api, ENDPOINTS.role.addSysUserRole, { roleId: found.id, userIdList: [u] }),
      }));
    // the users are named one by one (on screen: picked in the 添加已有用户 dialog)
    const result = await eachRow(ctx, changes, {
      dryRun,
      verb: `加入角色“${found.roleName}”`,
      unit: '用户',
      confirm: false,
    });
    return { ...result, invalidate: [[...ROLES_KEY]] };
  },
});
