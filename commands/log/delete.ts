import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { idsTarget, requireTargets } from '../grid/targets.ts';
import { LOGS_KEY } from './keys.ts';

export default defineCommand({
  id: 'log.delete',
  title: '删除日志',
  category: '日志管理',
  aliases: ['delete log'],
  keywords: ['删除', '批量删除', '日志'],
  permission: PERM.log.delete,
  dangerous: true,
  confirm: '是否删除选中数据?',
  menus: [
    { menu: 'log.toolbar', group: '9_danger', order: 1, label: '批量删除' },
    { menu: 'log.row', group: '9_danger', order: 1, label: '删除' },
  ],
  ...idsTarget,
  async run(ctx, { ids }) {
    const targets = requireTargets(ctx, ids);
    const message = await ctx.api.delete<string>('/sys/log/deleteBatch', { ids: targets.join(',') });
    return { message: String(message ?? '删除成功'), invalidate: [[...LOGS_KEY]] };
  },
});
