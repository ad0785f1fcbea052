import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { RULE_CONDITIONS } from '../../src/shared/data-rule.ts';
import { MENUS_KEY, allMenus, findMenu } from '../menu/targets.ts';

/**
 * `datarule add <menu> <name> <column> <condition> <value>`: a data rule of a menu, e.g.
 * `datarule add 职务管理 本人创建 createBy = '#{sys_user_code}'`.
 */
export default defineCommand({
  id: 'datarule.add',
  examples: [`datarule add 职务管理 本人创建 createBy = '#{sys_user_code}'`],
  title: '新增数据规则',
  category: '菜单管理',
  aliases: ['add data rule', 'add rule'],
  keywords: ['数据规则', '新增', '添加'],
  permission: PERM.permission.dataRule,
  requires: [PERM.permission.list],
  args: z.object({
    menu: z.string().describe('菜单（名称、路径或id）'),
    name: z.string().describe('规则名称'),
    column: z.string().describe('规则字段（该菜单资源的字段，如 createBy）'),
    condition: z.enum(RULE_CONDITIONS).describe(`条件：${RULE_CONDITIONS.join(' ')}`),
    value: z.string().describe('规则值，可用系统变量 #{sys_user_code} #{sys_org_code} #{sys_date} …'),
    status: z.enum(['0', '1']).default('1').describe('状态：1 有效，0 无效'),
  }),
  positional: ['menu', 'name', 'column', 'condition', 'value'],
  async run(ctx, { menu, name, column, condition, value, status }) {
    const target = findMenu(await allMenus(ctx), menu);
    const message = await invoke<string>(ctx.api, ENDPOINTS.dataRule.add, {
      permissionId: target.id,
      ruleName: name,
      ruleColumn: column,
      ruleConditions: condition,
      ruleValue: value,
      status,
    });
    return { message: `${String(message)}（${target.name}：${name}）`, invalidate: [[...MENUS_KEY]] };
  },
});
