import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { RULE_CONDITIONS } from '../../src/shared/data-rule.ts';
import { MENUS_KEY, allMenus, findMenu } from '../menu/targets.ts';
import { findRule, menuRules } from './targets.ts';

/** `datarule edit <menu> <rule> --value … --status 0`: change a data rule of a menu. */
export default defineCommand({
  id: 'datarule.edit',
  examples: ['datarule edit 职务管理 本人创建 --status 1'],
  title: '编辑数据规则',
  category: '菜单管理',
  aliases: ['edit data rule'],
  keywords: ['数据规则', '编辑', '修改', '停用'],
  permission: PERM.permission.dataRule,
  requires: [PERM.permission.list],
  args: z.object({
    menu: z.string().describe('菜单（名称、路径或id）'),
    rule: z.string().describe('规则（名称或id）'),
    name: z.string().optional().describe('新的规则名称'),
    column: z.string().optional().describe('规则字段'),
    condition: z.enum(RULE_CONDITIONS).optional().describe('条件'),
    value: z.string().optional().describe('规则值'),
    status: z.enum(['0', '1']).optional().describe('状态：1 有效，0 无效'),
  }),
  positional: ['menu', 'rule'],
  async run(ctx, { menu, rule, name, column, condition, value, status }) {
    const target = findMenu(await allMenus(ctx), menu);
    const current = findRule(await menuRules(ctx, target.id), rule);
    const message = await invoke<string>(ctx.api, ENDPOINTS.dataRule.edit, {
      ...current,
      ruleName: name ?? current.ruleName,
      ruleColumn: column ?? current.ruleColumn,
      ruleConditions: condition ?? current.ruleConditions,
      ruleValue: value ?? current.ruleValue,
      status: status ?? current.status,
    });
    return { message: String(message), invalidate: [[...MENUS_KEY]] };
  },
});
