import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { eachRow, type RowChange } from '../grid/each-row.ts';
import { USERS_KEY, requireSome, targetUserIds } from './targets.ts';

interface Role {
  id: string;
  roleName: string;
  roleCode: string;
}

/** The role named by code, id or name. */
async function findRole(api: Parameters<typeof invoke>[0], name: string): Promise<Role> {
  const roles = await invoke<Role[]>(api, ENDPOINTS.role.queryall);
  const role = roles.find((r) => r.roleCode === name || r.id === name || r.roleName === name);
  if (!role) throw new Error(`角色不存在: ${name}`);
  return role;
}

/**
 * `user assign-role <user…> <role>`: give users one more role (their other roles stay), one user at a
 * time with a progress bar; Ctrl+C stops after the current user; `--dry-run` lists who would get it.
 */
export default defineCommand({
  id: 'user.assignRole',
  examples: ['user assignRole yuangong staff'],
  title: '分配角色',
  category: '用户管理',
  aliases: ['assign role', 'grant role to users'],
  keywords: ['角色', '授权', '分配'],
  permission: PERM.user.edit,
  requires: [PERM.user.list],
  menus: [{ menu: 'user.toolbar', group: '6_roles', order: 1 }],
  args: z.object({
    targets: z
      .array(z.string())
      .min(1)
      .describe('用户账号或id…，最后一个为角色编码；只给角色时用管道输入或表格选中行'),
    dryRun: z.boolean().optional().describe('只列出将获得该角色的用户，不执行'),
  }),
  positional: ['targets'],
  async run(ctx, { targets, dryRun }) {
    const roleName = targets[targets.length - 1]!;
    const role = await findRole(ctx.api, roleName);
    const ids = requireSome(await targetUserIds(ctx, targets.slice(0, -1).join(',') || undefined));
    const changes: RowChange[] = [];
    for (const id of ids) {
      const user = await invoke<{ id: string; username: string; realname: string }>(
        ctx.api,
        ENDPOINTS.user.queryById,
        { id },
      );
      const current = await invoke<string[]>(ctx.api, ENDPOINTS.user.queryUserRole, { userid: id }).catch(
        (): string[] => [],
      );
      if (current.includes(role.id)) continue;
      changes.push({
        target: user.username,
        change: `+ ${role.roleName}（${role.roleCode}）`,
        apply: () =>
          invoke(ctx.api, ENDPOINTS.user.edit, {
            id,
            realname: user.realname,
            selectedroles: [...current, role.id].join(','),
          }),
      });
    }
    const result = await eachRow(ctx, changes, {
      dryRun,
      verb: `分配角色“${role.roleName}”给`,
      unit: '用户',
    });
    return { ...result, invalidate: [[...USERS_KEY]] };
  },
});
