import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { MENU_COLUMNS, allMenus, findMenu, menuRow } from './targets.ts';

/** `menu list [menu]`: the menu tree (menus and buttons), or the subtree of one menu. */
export default defineCommand({
  id: 'menu.list',
  examples: ['menu list 系统管理'],
  title: '菜单列表',
  category: '菜单管理',
  aliases: ['menus', 'permissions'],
  keywords: ['菜单', '权限', '按钮'],
  permission: PERM.permission.list,
  args: z.object({
    menu: z.string().optional().describe('只看这个菜单及其下级（名称、路径、授权标识或id）'),
    buttons: z.boolean().default(true).describe('列出按钮权限（--no-buttons 只看菜单）'),
  }),
  positional: ['menu'],
  async run(ctx, { menu, buttons }) {
    const all = await allMenus(ctx);
    let rows = all;
    if (menu) {
      const root = findMenu(all, menu);
      const start = all.indexOf(root);
      const end = all.findIndex((m, i) => i > start && m.depth <= root.depth);
      rows = all.slice(start, end < 0 ? undefined : end);
    }
    if (!buttons) rows = rows.filter((m) => m.menuType !== 2);
    const table = rows.map(menuRow);
    return {
      message: `${table.length} 项`,
      table: { columns: MENU_COLUMNS, rows: table },
      records: table,
    };
  },
});
