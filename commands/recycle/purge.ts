import { z } from 'zod';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { defineCommand } from '../core/define-command.ts';
import { RECYCLE_KEY, binTargets } from './targets.ts';

/** `recycle purge <user…>`: delete users for good (DELETE /sys/user/deleteRecycleBin). */
export default defineCommand({
  id: 'recycle.purge',
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
  args: z.object({
    ids: z.string().optional().describe('用户id或账号，逗号分隔；默认管道输入或表格选中行'),
    dryRun: z.boolean().optional().describe('只列出将被彻底删除的用户，不执行'),
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
    if (dryRun) return { message: `演练：将彻底删除 ${users.length} 个用户（未执行）`, table };
    const message = await invoke<string>(ctx.api, ENDPOINTS.recycleBin.delete, {
      userIds: users.map((u) => u.id).join(','),
    });
    return { message: `${String(message)}（${users.length} 个用户）`, table, invalidate: [[...RECYCLE_KEY]] };
  },
});
