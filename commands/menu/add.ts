import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { MENUS_KEY, allMenus, findMenu } from './targets.ts';
import { menuArgs, menuBody } from './fields.ts';

/**
 * `menu add <name> [parent] --type 0|1|2 …`: a root menu, a sub menu or a button (the server
 * normalises paths and keeps the parents' leaf flags). On screen without a name: the form, under
 * the row it was chosen on (添加下级) or at the root (新增).
 */
export default defineCommand({
  id: 'menu.add',
  examples: ['menu add 示例导出 职务管理 --type 2 --perms position:exportDemo'],
  title: '新增菜单',
  category: '菜单管理',
  aliases: ['add menu', 'new menu', 'add button'],
  keywords: ['菜单', '按钮', '新增', '添加', '添加下级'],
  permission: PERM.permission.add,
  requires: [PERM.permission.list],
  // a button has no rows below it, nor data rules
  when: (keys) => (keys.row as { menuType?: number } | undefined)?.menuType !== 2,
  menus: [
    { menu: 'menu.toolbar', group: '1_add', order: 1, label: '新增' },
    { menu: 'menu.row', group: '1_add', order: 2, label: '添加下级' },
  ],
  args: menuArgs.extend({
    name: z.string().optional().describe('菜单名称 / 按钮名称'),
    parent: z.string().optional().describe('上级菜单（名称、路径或id）；不给为一级菜单'),
  }),
  positional: ['name', 'parent'],
  async run(ctx, { name, parent, ...fields }) {
    const row = ctx.keys.row as { id?: string } | undefined;
    if (!name && ctx.open)
      return void (await ctx.open('menu.form', { mode: 'add', parentId: parent ?? row?.id }));
    if (!name) throw new Error('请输入菜单标题!');
    const parentNode = parent ? findMenu(await allMenus(ctx), parent) : undefined;
    const type = fields.type ?? (parentNode ? 1 : 0);
    const message = await invoke<string>(ctx.api, ENDPOINTS.permission.add, {
      ...menuBody(fields),
      name,
      menuType: type,
      parentId: parentNode?.id,
    });
    return { message: `${String(message)}（${name}）`, invalidate: [[...MENUS_KEY]] };
  },
});
