import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { requireTargets } from '../grid/targets.ts';
import { MENUS_KEY, allMenus, findMenu } from './targets.ts';

/**
 * `menu delete <menu…>`: delete menus or buttons. As JeecgBoot, a menu goes with everything below
 * it (sub menus, buttons, data rules, grants); menus holding built-in permission codes are refused.
 */
export default defineCommand({
  id: 'menu.delete',
  examples: ['menu delete position:exportDemo'],
  title: '删除菜单',
  category: '菜单管理',
  aliases: ['delete menu', 'remove menu'],
  keywords: ['菜单', '按钮', '删除'],
  permission: PERM.permission.delete,
  requires: [PERM.permission.list],
  dangerous: true,
  confirm: '确定删除吗？其下级菜单、按钮权限和数据规则将一并删除。',
  menus: [{ menu: 'menu.row', group: '9_danger', order: 1, label: '删除' }],
  args: z.object({
    menus: z.string().optional().describe('菜单（名称、路径、授权标识或id），逗号分隔；默认选中行'),
  }),
  positional: ['menus'],
  prepare(ctx, { menus }) {
    requireTargets(ctx, menus);
  },
  async run(ctx, { menus }) {
    const words = requireTargets(ctx, menus);
    const all = await allMenus(ctx);
    const ids = [...new Set(words.map((w) => findMenu(all, w).id))];
    const message = await invoke<string>(ctx.api, ENDPOINTS.permission.deleteBatch, { ids: ids.join(',') });
    return { message: `${String(message)}（${ids.length} 项）`, invalidate: [[...MENUS_KEY]] };
  },
});
