import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { PERM } from '../../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { DEPART_ROLES_KEY } from './roles.ts';

/**
 * `dept role users <roleId> <userId…>` (`--remove` takes them out): members of a department role,
 * users of its department only (the server refuses others).
 */
export default defineCommand({
  id: 'dept.role.users',
  title: '部门角色用户',
  category: '部门管理',
  aliases: ['depart role users'],
  keywords: ['部门角色', '用户', '成员'],
  permission: PERM.depart.edit,
  args: z.object({
    roleId: z.string().min(1, '部门角色不存在').describe('部门角色id'),
    userIds: z.array(z.string()).min(1, '请选择用户').describe('用户id…'),
    remove: z.boolean().optional().describe('移出这些用户'),
  }),
  positional: ['roleId', 'userIds'],
  async run(ctx, { roleId, userIds, remove }) {
    const message = remove
      ? await invoke<string>(ctx.api, ENDPOINTS.departRole.removeUsers, {
          roleId,
          userIds: userIds.join(','),
        })
      : await invoke<string>(ctx.api, ENDPOINTS.departRole.addUsers, { roleId, userIds });
    return { message: String(message), invalidate: [[...DEPART_ROLES_KEY]] };
  },
});
