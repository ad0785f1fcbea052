import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { requireTargets } from '../grid/targets.ts';
import { MENUS_KEY, allMenus, findMenu } from './targets.ts';
import { menuArgs, menuBody } from './fields.ts';

/** `menu edit <menu> --name … --url …`: change a menu or button; on screen without flags, the form. */
export default defineCommand({
  id: 'menu.edit',
  examples: ['menu edit position:exportDemo --name 示例导出2'],
  title: '编辑菜单',
  category: '菜单管理',
  aliases: ['edit menu'],
  keywords: ['菜单', '按钮', '编辑', '修改'],
  permission: PERM.permission.edit,
  requires: [PERM.permission.list],
  menus: [{ menu: 'menu.row', group: '1_add', order: 1, label: '编辑' }],
  args: menuArgs.extend({
    menu: z.string().optional().describe('菜单（名称、路径、授权标识或id）；默认选中行'),
    name: z.string().optional().describe('新名称'),
    parent: z.string().optional().describe('新的上级菜单（名称、路径或id）'),
  }),
  positional: ['menu'],
  async run(ctx, { menu, name, parent, ...fields }) {
    const [word] = requireTargets(ctx, menu);
    const body = menuBody(fields);
    if (ctx.open && !name && !parent && fields.type === undefined && Object.keys(body).length === 0) {
      const all = await allMenus(ctx);
      return void (await ctx.open('menu.form', { mode: 'edit', id: findMenu(all, word!).id }));
    }
    const all = await allMenus(ctx);
    const target = findMenu(all, word!);
    const message = await invoke<string>(ctx.api, ENDPOINTS.permission.edit, {
      ...target,
      children: undefined,
      ...body,
      name: name ?? target.name,
      menuType: fields.type ?? target.menuType,
      parentId: parent ? findMenu(all, parent).id : (target.parentId ?? undefined),
    });
    return { message: String(message), invalidate: [[...MENUS_KEY]] };
  },
});
