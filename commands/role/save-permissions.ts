import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { permissionLabel } from '../../src/shared/role.ts';
import { ROLES_KEY, findPermissions, findRole, permissionNodes } from './targets.ts';
import { permissionIdsOf, saveGrantSet } from './grant-set.ts';

/**
 * Save the 授权 drawer: the checked permissions and those checked when it opened; the server writes
 * only the difference (and refuses what the caller may not grant). The role by code or id, the
 * permissions by id, permission code, menu path or name; `--dry-run` lists the difference.
 */
export default defineCommand({
  id: 'role.savePermissions',
  title: '保存角色授权',
  category: '角色管理',
  aliases: ['save role permissions'],
  keywords: ['授权', '保存'],
  permission: PERM.role.authorize,
  requires: [PERM.role.list],
  args: z.object({
    roleId: z.string().describe('角色编码或id'),
    permissionIds: z
      .string()
      .describe('勾选的权限（id、权限编码、菜单路径、名称或“菜单名/按钮名”），逗号分隔'),
    lastpermissionIds: z.string().optional().describe('打开时已勾选的权限，同上；不给出时只新增'),
    dryRun: z.boolean().optional().describe('只列出将要新增和取消的权限，不执行'),
  }),
  positional: ['roleId', 'permissionIds'],
  examples: ['role savePermissions staff 职务管理,position:list'],
  async run(ctx, { roleId, permissionIds, lastpermissionIds, dryRun }) {
    const role = await findRole(ctx, roleId);
    const nodes = await permissionNodes(ctx);
    const find = (w: string) => findPermissions(nodes, w);
    const byId = new Map(nodes.map((n) => [n.key, n]));
    return saveGrantSet(ctx, {
      holder: `${role.roleName}（${role.roleCode}）`,
      checked: permissionIdsOf(permissionIds, find),
      last: permissionIdsOf(lastpermissionIds, find),
      labelOf: (id) => (byId.has(id) ? permissionLabel(byId.get(id)!) : id),
      save: (ids, last) =>
        invoke<string>(ctx.api, ENDPOINTS.role.saveRolePermission, {
          roleId: role.id,
          permissionIds: ids,
          lastpermissionIds: last,
        }),
      dryRun,
      invalidate: [ROLES_KEY],
    });
  },
});
