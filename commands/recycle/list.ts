import { PERM } from '../../src/shared/permissions.ts';
import { defineCommand } from '../core/define-command.ts';
import { BIN_COLUMNS, binnedUsers } from './targets.ts';

/** `recycle list`: the logically deleted users. */
export default defineCommand({
  id: 'recycle.list',
  examples: ['recycle list'],
  title: '回收站',
  category: '回收站',
  aliases: ['recycle bin', 'deleted users'],
  keywords: ['回收站', '已删除用户'],
  permission: PERM.recycleBin.list,
  async run(ctx) {
    const rows = await binnedUsers(ctx);
    return { message: `回收站中有 ${rows.length} 个用户`, table: { columns: BIN_COLUMNS, rows } };
  },
});
