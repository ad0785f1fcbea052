import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { USER_STATUS } from '../../src/shared/user.ts';
import { USERS_KEY, batchTarget, requireSome, targetUserIds } from './targets.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'user.unfreeze',
  examples: ['user list --username yuangong | user unfreeze'],
  title: '解冻用户',
  category: '用户管理',
  aliases: ['unfreeze user', 'unlock user'],
  keywords: ['解冻'],
  permission: PERM.user.freeze,
  // usernames are looked up in the user list
  requires: [PERM.user.list],
  menus: [
    { menu: 'user.toolbar', group: '5_status', order: 2 },
    { menu: 'user.row', group: '5_status', order: 2, label: '解冻' },
  ],
  // on a row, only the action that changes its status
  when: (k) => !k.row || k.row.status === USER_STATUS.frozen,
  ...batchTarget,
  async run(ctx, { ids }) {
    const targets = requireSome(await targetUserIds(ctx, ids));
    const message = await invoke<string>(ctx.api, ENDPOINTS.user.frozenBatch, {
      ids: targets.join(','),
      status: USER_STATUS.normal,
    });
    return { message: `${String(message)}（解冻 ${targets.length} 个用户）`, invalidate: [[...USERS_KEY]] };
  },
});
