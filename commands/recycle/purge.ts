import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { defineCommand } from '../core/define-command.ts';
import { RECYCLE_KEY, binArgs, runOnBin } from './targets.ts';

/** `recycle purge <user…>`: delete users for good (DELETE /sys/user/deleteRecycleBin). */
export default defineCommand({
  id: 'recycle.purge',
  examples: ['recycle list | head 1 | recycle purge'],
  title: '彻底删除用户',
  category: '回收站',
  aliases: ['purge users', 'delete for good'],
  keywords: ['彻底删除', '永久删除'],
  permission: PERM.recycleBin.delete,
  requires: [PERM.recycleBin.list],
  dangerous: true,
  confirm: '彻底删除后无法恢复，确定删除选中的用户吗?',
  menus: [
    { menu: 'recycle.toolbar', group: '9_danger', order: 1, label: '批量彻底删除' },
    { menu: 'recycle.row', group: '9_danger', order: 1, label: '彻底删除' },
  ],
  args: binArgs('彻底删除'),
  positional: ['ids'],
  async run(ctx, args) {
    const result = await runOnBin(ctx, args, '彻底删除', (userIds) =>
      invoke<string>(ctx.api, ENDPOINTS.recycleBin.delete, { userIds }),
    );
    return { ...result, ...(args.dryRun ? {} : { invalidate: [[...RECYCLE_KEY]] }) };
  },
});
