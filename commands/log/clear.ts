import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { LOGS_KEY } from './keys.ts';

export default defineCommand({
  id: 'log.clear',
  title: '清空日志',
  category: '日志管理',
  aliases: ['clear logs'],
  keywords: ['清空', '清除', '日志'],
  permission: PERM.log.delete,
  dangerous: true,
  confirm: '确定清空全部日志吗？此操作不可恢复',
  menus: [{ menu: 'log.toolbar', group: '9_danger', order: 2 }],
  async run(ctx) {
    const message = await ctx.api.delete<string>('/sys/log/deleteBatch', { ids: 'allclear' });
    return { message: String(message ?? '清除成功!'), invalidate: [[...LOGS_KEY]] };
  },
});
