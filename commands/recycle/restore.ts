import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { defineCommand } from '../core/define-command.ts';
import { RECYCLE_KEY, binArgs, runOnBin } from './targets.ts';
import { USERS_KEY } from '../user/targets.ts';

/** `recycle restore <user…>`: deleted users back to the users list (PUT /sys/user/putRecycleBin). */
export default defineCommand({
  id: 'recycle.restore',
  examples: ['recycle list | head 1 | recycle restore'],
  title: '还原用户',
  category: '回收站',
  aliases: ['restore users', 'undelete'],
  keywords: ['还原', '恢复'],
  permission: PERM.recycleBin.restore,
  requires: [PERM.recycleBin.list],
  menus: [
    { menu: 'recycle.toolbar', group: '5_status', order: 1, label: '批量还原' },
    { menu: 'recycle.row', group: '5_status', order: 1, label: '还原' },
  ],
  args: binArgs('还原'),
  positional: ['ids'],
  async run(ctx, args) {
    const result = await runOnBin(ctx, args, '还原', (userIds) =>
      invoke<string>(ctx.api, ENDPOINTS.recycleBin.restore, { userIds }),
    );
    return { ...result, ...(args.dryRun ? {} : { invalidate: [[...RECYCLE_KEY], [...USERS_KEY]] }) };
  },
});
