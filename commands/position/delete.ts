import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { idsTarget, requireTargets } from '../grid/targets.ts';
import { POSITIONS_KEY } from './keys.ts';

export default defineCommand({
  id: 'position.delete',
  title: '删除职务',
  category: '职务管理',
  aliases: ['delete position', 'remove position'],
  keywords: ['删除', '批量删除', '岗位'],
  permission: PERM.position.delete,
  dangerous: true,
  confirm: '是否删除选中数据?',
  menus: [
    { menu: 'position.toolbar', group: '9_danger', order: 1, label: '批量删除' },
    { menu: 'position.row', group: '9_danger', order: 1, label: '删除' },
  ],
  ...idsTarget,
  async run(ctx, { ids }) {
    const targets = requireTargets(ctx, ids);
    const message = await ctx.api.delete<string>('/sys/position/deleteBatch', { ids: targets.join(',') });
    return { message: String(message ?? '删除成功'), invalidate: [[...POSITIONS_KEY]] };
  },
});
