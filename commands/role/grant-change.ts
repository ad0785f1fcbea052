import { z } from 'zod';
import { invoke } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { permissionLabel } from '../../src/shared/role.ts';
import type { CommandContext, CommandResult } from '../core/types.ts';
import { eachRow } from '../grid/each-row.ts';
import { ROLES_KEY, findPermissions, findRole, permissionNodes, withDescendants } from './targets.ts';

/** The arguments of `role grant` and `role revoke`. */
export const grantArgs = z.object({
  role: z.string().describe('角色编码或id'),
  perms: z
    .array(z.string())
    .min(1, '请给出权限')
    .describe('权限：权限编码（user:add）、菜单路径（/isystem/user）、名称或“菜单名/按钮名”…'),
  children: z.boolean().optional().describe('连同下级菜单和按钮（父子关联）'),
  dryRun: z.boolean().optional().describe('只列出将要变更的权限，不执行'),
});

/**
 * Grant or revoke permissions of a role through saveRolePermission, one permission per call (a
 * progress bar; Ctrl+C stops after the current one, what was done stays done): each call names
 * only that permission, so the server's diff touches nothing else and its grant limit applies.
 * Permissions the role already has (grant) or lacks (revoke) are left out.
 */
export async function changeGrants(
  ctx: CommandContext,
  mode: 'grant' | 'revoke',
  args: z.infer<typeof grantArgs>,
): Promise<CommandResult> {
  const role = await findRole(ctx, args.role);
  const nodes = await permissionNodes(ctx);
  const current = new Set(
    await invoke<string[]>(ctx.api, ENDPOINTS.role.queryRolePermission, { roleId: role.id }),
  );
  const named = args.perms.map((w) => findPermissions(nodes, w));
  const wanted = [
    ...new Map(
      named.flatMap((n) => (args.children ? withDescendants(n) : [n])).map((n) => [n.key, n]),
    ).values(),
  ];
  const granting = mode === 'grant';
  const changes = wanted
    .filter((n) => current.has(n.key) !== granting)
    .map((n) => ({
      target: permissionLabel(n),
      change: `${granting ? '+' : '−'} ${role.roleName}（${role.roleCode}）`,
      apply: () =>
        invoke(ctx.api, ENDPOINTS.role.saveRolePermission, {
          roleId: role.id,
          permissionIds: granting ? n.key : '',
          lastpermissionIds: granting ? '' : n.key,
        }),
    }));
  const result = await eachRow(ctx, changes, {
    dryRun: args.dryRun,
    verb: granting ? `授予角色“${role.roleName}”` : `收回角色“${role.roleName}”的`,
    unit: '权限',
  });
  return { ...result, invalidate: [[...ROLES_KEY]] };
}
