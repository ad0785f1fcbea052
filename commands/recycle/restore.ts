import { z } from 'zod';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { defineCommand } from '../core/define-command.ts';
import { RECYCLE_KEY, binTargets } from './targets.ts';
import { USERS_KEY } from '../user/targets.ts';

/** `recycle restore <user…>`: deleted users back to the users list (PUT /sys/user/putRecycleBin). */
export default defineCommand({
  id: 'recycle.restore',
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
  args: z.object({
    ids: z.string().optional().describe('用户id或账号，逗号分隔；默认管道输入或表格选中行'),
    dryRun: z.boolean().optional().describe('只列出将被还原的用户，不执行'),
  }),
  positional: ['ids'],
  async run(ctx, { ids, dryRun }) {
    const users = await binTargets(ctx, ids);
    const table = {
      columns: [
        { key: 'username', title: '账号' },
        { key: 'realname', title: '姓名' },
      ],
      rows: users.map((u) => ({ username: u.username, realname: u.realname })),
    };
    if (dryRun) return { message: `演练：将还原 ${users.length} 个用户（未执行）`, table };
    const message = await invoke<string>(ctx.api, ENDPOINTS.recycleBin.restore, {
      userIds: users.map((u) => u.id).join(','),
    });
    return {
      message: `${String(message)}（${users.length} 个用户）`,
      table,
      invalidate: [[...RECYCLE_KEY], [...USERS_KEY]],
    };
  },
});
