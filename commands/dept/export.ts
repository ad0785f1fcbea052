import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { COMMAND_MSG } from '../core/errors.ts';

/** The 部门管理 page (its path): where the department sheet's dialogs live. */
export const DEPART_ROUTE = '/isystem/depart';

/** 导出 on 部门管理: every live department as 部门信息.xlsx, parents before children. */
export default defineCommand({
  id: 'dept.export',
  examples: ['dept export'],
  page: true,
  title: '导出部门',
  category: '部门管理',
  aliases: ['export departments'],
  keywords: ['部门', '导出', 'Excel', 'xlsx', '下载'],
  permission: PERM.depart.export,
  requires: [PERM.depart.list],
  menus: [{ menu: 'depart.toolbar', group: '3_io', order: 1, label: '导出' }],
  when: (k) => k.route === DEPART_ROUTE,
  async run(ctx) {
    if (!ctx.open) throw new Error(COMMAND_MSG.needsPage);
    await ctx.open('dept.export');
    return { message: '已导出部门' };
  },
});
