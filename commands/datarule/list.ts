import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { requireTargets } from '../grid/targets.ts';
import { allMenus, findMenu } from '../menu/targets.ts';
import { RULE_COLUMNS, menuRules, ruleRow } from './targets.ts';

/** `datarule list <menu>`: the data rules of a menu; on screen, its 数据规则 panel. */
export default defineCommand({
  id: 'datarule.list',
  examples: ['datarule list 职务管理'],
  title: '数据规则',
  category: '菜单管理',
  aliases: ['data rules', 'rules'],
  keywords: ['数据规则', '数据权限', '规则'],
  permission: PERM.permission.dataRule,
  requires: [PERM.permission.list],
  // a button has no rows below it, nor data rules
  when: (keys) => (keys.row as { menuType?: number } | undefined)?.menuType !== 2,
  menus: [{ menu: 'menu.row', group: '2_rules', order: 1, label: '数据规则' }],
  args: z.object({
    menu: z.string().optional().describe('菜单（名称、路径或id）；默认选中行'),
  }),
  positional: ['menu'],
  async run(ctx, { menu }) {
    const [word] = requireTargets(ctx, menu);
    const target = findMenu(await allMenus(ctx), word!);
    if (ctx.open) return void (await ctx.open('datarule.panel', { id: target.id, name: target.name }));
    const rows = (await menuRules(ctx, target.id)).map(ruleRow);
    return {
      message: `${target.name}：${rows.length} 条数据规则`,
      table: { columns: RULE_COLUMNS, rows },
      records: rows,
    };
  },
});
