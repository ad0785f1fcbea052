import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { COMMAND_MSG } from '../core/errors.ts';
import { DEPARTS_KEY } from './targets.ts';
import { DEPART_ROUTE } from './export.ts';

/**
 * 导入 on 部门管理: the 导入EXCEL dialog for a department sheet (the org code places each row in
 * the tree; a file is all or nothing).
 */
export default defineCommand({
  id: 'dept.import',
  examples: ['dept import'],
  page: true,
  title: '导入部门',
  category: '部门管理',
  aliases: ['import departments'],
  keywords: ['部门', '导入', 'Excel', 'xlsx', '上传'],
  permission: PERM.depart.import,
  requires: [PERM.depart.list],
  menus: [{ menu: 'depart.toolbar', group: '3_io', order: 2, label: '导入' }],
  when: (k) => k.route === DEPART_ROUTE,
  async run(ctx) {
    if (!ctx.open) throw new Error(COMMAND_MSG.needsPage);
    await ctx.open('dept.import');
    return { invalidate: [[...DEPARTS_KEY]] };
  },
});
