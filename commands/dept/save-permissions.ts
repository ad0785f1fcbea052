import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { grantDiff } from '../../src/shared/role.ts';
import { DEPART_PERMS_KEY } from './perm.ts';

/** Save the 部门权限 tab: the checked permissions and those checked at the last save (the server writes the difference). */
export default defineCommand({
  id: 'dept.savePermissions',
  title: '保存部门权限',
  category: '部门管理',
  aliases: ['save depart permissions'],
  keywords: ['部门', '授权', '保存'],
  permission: PERM.depart.authorize,
  args: z.object({
    departId: z.string().min(1, '请选择部门').describe('部门id'),
    permissionIds: z.string().describe('勾选的权限id，逗号分隔'),
    lastpermissionIds: z.string().optional().describe('上次保存时勾选的权限id，逗号分隔'),
  }),
  positional: ['departId'],
  async run(ctx, { departId, permissionIds, lastpermissionIds }) {
    const { add, remove } = grantDiff(permissionIds, lastpermissionIds ?? '');
    const message = await invoke<string>(ctx.api, ENDPOINTS.departRole.saveDepartPermission, {
      departId,
      permissionIds,
      lastpermissionIds: lastpermissionIds ?? '',
    });
    return {
      message: `${String(message)} 新增 ${add.length} 项，取消 ${remove.length} 项`,
      invalidate: [[...DEPART_PERMS_KEY]],
    };
  },
});
