import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { USER_STATUS } from '../../src/shared/user.ts';
import { USERS_KEY, batchTarget, requireSome, targetUserIds } from './targets.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'user.freeze',
  examples: ['user list --username yuangong | user freeze'],
  title: '冻结用户',
  category: '用户管理',
  aliases: ['freeze user', 'lock user'],
  keywords: ['冻结'],
  permission: PERM.user.freeze,
  // usernames are looked up in the user list
  requires: [PERM.user.list],
  dangerous: true,
  confirm: '确定冻结选中的用户吗?',
  menus: [
    { menu: 'user.toolbar', group: '5_status', order: 1 },
    { menu: 'user.row', group: '5_status', order: 1, label: '冻结' },
  ],
  // on a row, only the action that changes its status
  when: (k) => !k.row || k.row.status !== USER_STATUS.frozen,
  ...batchTarget,
  async run(ctx, { ids }) {
    const targets = requireSome(await targetUserIds(ctx, ids));
    const message = await invoke<string>(ctx.api, ENDPOINTS.user.frozenBatch, {
      ids: targets.join(','),
      status: USER_STATUS.frozen,
    });
    return { message: `${String(message)}（冻结 ${targets.length} 个用户）`, invalidate: [[...USERS_KEY]] };
  },
});
