import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { PERM } from '../../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { grantDiff } from '../../../src/shared/role.ts';
import { DEPART_ROLES_KEY } from './roles.ts';

/** Save a department role's 授权 (within its department's permissions; the server writes the difference). */
export default defineCommand({
  id: 'dept.role.savePermissions',
  title: '保存部门角色授权',
  category: '部门管理',
  aliases: ['save depart role permissions'],
  keywords: ['部门角色', '授权', '保存'],
  permission: PERM.depart.authorize,
  args: z.object({
    roleId: z.string().min(1, '部门角色不存在').describe('部门角色id'),
    permissionIds: z.string().describe('勾选的权限id，逗号分隔'),
    lastpermissionIds: z.string().optional().describe('上次保存时勾选的权限id，逗号分隔'),
  }),
  positional: ['roleId'],
  async run(ctx, { roleId, permissionIds, lastpermissionIds }) {
    const { add, remove } = grantDiff(permissionIds, lastpermissionIds ?? '');
    const message = await invoke<string>(ctx.api, ENDPOINTS.departRole.saveDeptRolePermission, {
      roleId,
      permissionIds,
      lastpermissionIds: lastpermissionIds ?? '',
    });
    return {
      message: `${String(message)} 新增 ${add.length} 项，取消 ${remove.length} 项`,
      invalidate: [[...DEPART_ROLES_KEY]],
    };
  },
});
