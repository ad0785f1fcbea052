import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { idsTarget, requireTargets } from '../grid/targets.ts';
import { DICTS_KEY } from './keys.ts';

export default defineCommand({
  id: 'dict.delete',
  title: '删除字典',
  category: '数据字典',
  aliases: ['delete dictionary', 'remove dictionary'],
  keywords: ['删除', '批量删除', '字典'],
  permission: PERM.dict.delete,
  dangerous: true,
  confirm: '是否删除选中数据?',
  menus: [
    { menu: 'dict.toolbar', group: '9_danger', order: 1, label: '批量删除' },
    { menu: 'dict.row', group: '9_danger', order: 1, label: '删除' },
  ],
  ...idsTarget,
  async run(ctx, { ids }) {
    const targets = requireTargets(ctx, ids);
    // one call, all or nothing: a failure leaves every dictionary in place
    await ctx.api.delete<string>('/sys/dict/deleteBatch', { ids: targets.join(',') });
    return { message: `删除成功! 共 ${targets.length} 个字典`, invalidate: [[...DICTS_KEY]] };
  },
});
