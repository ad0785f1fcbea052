import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { changeGrants, grantArgs } from './grant-change.ts';

/** `role revoke <role> <perm…>`: take menus and buttons away from a role. */
export default defineCommand({
  id: 'role.revoke',
  examples: ['role revoke staff position:list'],
  title: '收回角色权限',
  category: '角色管理',
  aliases: ['revoke permission', 'role revoke'],
  keywords: ['收回', '取消授权', '权限'],
  permission: PERM.role.authorize,
  requires: [PERM.role.list],
  dangerous: true,
  confirm: (args) => `确定收回角色 ${args.role} 的 ${args.perms.length} 项权限吗?`,
  args: grantArgs,
  positional: ['role', 'perms'],
  run: (ctx, args) => changeGrants(ctx, 'revoke', args),
});
