import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { USERS_KEY, batchTarget, requireSome, targetUserIds } from './targets.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'user.delete',
  examples: ['user list --username demo_user | user delete'],
  title: '删除用户',
  category: '用户管理',
  aliases: ['delete user', 'remove user'],
  keywords: ['删除', '批量删除'],
  permission: PERM.user.delete,
  // usernames are looked up in the user list
  requires: [PERM.user.list],
  dangerous: true,
  confirm: '是否删除选中数据?',
  menus: [
    { menu: 'user.toolbar', group: '9_danger', order: 1, label: '批量删除' },
    { menu: 'user.row', group: '9_danger', order: 1, label: '删除' },
  ],
  ...batchTarget,
  async run(ctx, { ids }) {
    const targets = requireSome(await targetUserIds(ctx, ids));
    const message = await invoke<string>(ctx.api, ENDPOINTS.user.deleteBatch, { ids: targets.join(',') });
    return { message: String(message), invalidate: [[...USERS_KEY]] };
  },
});
