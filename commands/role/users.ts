import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { requireTargets } from '../grid/targets.ts';
import { MEMBER_COLUMNS, findRole, roleMembers, opened } from './targets.ts';

/**
 * `role users <role>`: the users of a role. On screen it opens the role's 用户 panel (add, remove);
 * in the terminal it prints them (pipe them on: `role users ops | …`).
 */
export default defineCommand({
  id: 'role.users',
  examples: ['role list | head 1 | role users'],
  title: '角色用户',
  category: '角色管理',
  aliases: ['role users', 'role members'],
  keywords: ['用户', '成员', '角色用户'],
  permission: PERM.role.list,
  menus: [{ menu: 'role.row', group: '2_users', order: 1, label: '用户' }],
  args: z.object({
    id: z.string().optional().describe('角色编码或id；默认表格选中行'),
  }),
  positional: ['id'],
  async run(ctx, { id }) {
    const [target] = requireTargets(ctx, id);
    const found = await findRole(ctx, target!);
    // on the role page: its panel; elsewhere (another page, a script) the table below
    if (ctx.open && (await opened(ctx, 'role.users', { role: found }))) return;
    const users = await roleMembers(ctx, found.id);
    return {
      message: `${found.roleName}（${found.roleCode}）共 ${users.length} 个用户`,
      table: { columns: MEMBER_COLUMNS, rows: users },
      records: users,
    };
  },
});
