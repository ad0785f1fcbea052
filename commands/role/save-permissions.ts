import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { grantDiff } from '../../src/shared/role.ts';
import { ROLES_KEY } from './targets.ts';

/**
 * Save the 授权 drawer: the checked permissions and those checked when it opened; the server writes
 * only the difference (and refuses what the caller may not grant).
 */
export default defineCommand({
  id: 'role.savePermissions',
  title: '保存角色授权',
  category: '角色管理',
  aliases: ['save role permissions'],
  keywords: ['授权', '保存'],
  permission: PERM.role.authorize,
  args: z.object({
    roleId: z.string().describe('角色id'),
    permissionIds: z.string().describe('勾选的权限id，逗号分隔'),
    lastpermissionIds: z.string().optional().describe('打开时已勾选的权限id，逗号分隔'),
  }),
  positional: ['roleId'],
  async run(ctx, { roleId, permissionIds, lastpermissionIds }) {
    const { add, remove } = grantDiff(permissionIds, lastpermissionIds ?? '');
    const message = await invoke<string>(ctx.api, ENDPOINTS.role.saveRolePermission, {
      roleId,
      permissionIds,
      lastpermissionIds: lastpermissionIds ?? '',
    });
    return {
      message: `${String(message)} 新增 ${add.length} 项，取消 ${remove.length} 项`,
      invalidate: [[...ROLES_KEY]],
    };
  },
});
