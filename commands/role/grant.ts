import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { changeGrants, grantArgs } from './grant-change.ts';

/** `role grant <role> <perm…>`: give a role menus and buttons (only those the caller holds). */
export default defineCommand({
  id: 'role.grant',
  examples: ['role grant staff position:list'],
  title: '角色授权',
  category: '角色管理',
  aliases: ['grant permission', 'role grant'],
  keywords: ['授权', '权限', '菜单', '按钮'],
  permission: PERM.role.authorize,
  requires: [PERM.role.list],
  args: grantArgs,
  positional: ['role', 'perms'],
  run: (ctx, args) => changeGrants(ctx, 'grant', args),
});
