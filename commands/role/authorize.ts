import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { requireTargets } from '../grid/targets.ts';
import { PERMISSION_COLUMNS, findRole, permissionNodes, permissionRow, opened } from './targets.ts';

/**
 * `role authorize <role>`: on screen the 授权 drawer (the permission tree to check); in the terminal
 * the role's permissions as a table (change them with `role grant` / `role revoke`).
 */
export default defineCommand({
  id: 'role.authorize',
  examples: ['role authorize staff'],
  title: '授权',
  category: '角色管理',
  aliases: ['authorize role', 'role permissions'],
  keywords: ['授权', '权限', '菜单权限', '角色权限'],
  permission: PERM.role.authorize,
  requires: [PERM.role.list],
  menus: [{ menu: 'role.row', group: '2_users', order: 2, label: '授权' }],
  args: z.object({
    id: z.string().optional().describe('角色编码或id；默认表格选中行'),
  }),
  positional: ['id'],
  async run(ctx, { id }) {
    const [target] = requireTargets(ctx, id);
    const found = await findRole(ctx, target!);
    // on the role page: its panel; elsewhere (another page, a script) the table below
    if (ctx.open && (await opened(ctx, 'role.authorize', { role: found }))) return;
    const [nodes, granted] = await Promise.all([
      permissionNodes(ctx),
      invoke<string[]>(ctx.api, ENDPOINTS.role.queryRolePermission, { roleId: found.id }),
    ]);
    const held = new Set(granted);
    const rows = nodes.filter((n) => held.has(n.key)).map(permissionRow);
    return {
      message: `${found.roleName}（${found.roleCode}）共 ${rows.length} 项权限`,
      table: { columns: PERMISSION_COLUMNS, rows },
      records: rows,
    };
  },
});
