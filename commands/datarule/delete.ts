import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { MENUS_KEY, allMenus, findMenu } from '../menu/targets.ts';
import { findRule, menuRules } from './targets.ts';

/** `datarule delete <menu> <rule>`: delete a data rule of a menu (roles holding it lose it). */
export default defineCommand({
  id: 'datarule.delete',
  examples: ['datarule delete 职务管理 本人创建'],
  title: '删除数据规则',
  category: '菜单管理',
  aliases: ['delete data rule'],
  keywords: ['数据规则', '删除'],
  permission: PERM.permission.dataRule,
  requires: [PERM.permission.list],
  dangerous: true,
  confirm: '是否删除选中数据?',
  args: z.object({
    menu: z.string().describe('菜单（名称、路径或id）'),
    rule: z.string().describe('规则（名称或id）'),
  }),
  positional: ['menu', 'rule'],
  async run(ctx, { menu, rule }) {
    const target = findMenu(await allMenus(ctx), menu);
    const current = findRule(await menuRules(ctx, target.id), rule);
    const message = await invoke<string>(ctx.api, ENDPOINTS.dataRule.delete, { id: current.id });
    return { message: `${String(message)}（${current.ruleName}）`, invalidate: [[...MENUS_KEY]] };
  },
});
