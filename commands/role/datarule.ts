import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke, pathOf } from '../../src/shared/contracts.ts';
import type { RoleDataRules } from '../../src/shared/data-rule.ts';
import { RULE_COLUMNS, findRule, ruleRow } from '../datarule/targets.ts';
import { allMenus, findMenu } from '../menu/targets.ts';
import { ROLES_KEY, findRole } from './targets.ts';

/**
 * `role datarule <role> <menu> [rule…]`: which data rules of a menu the role holds (the role must
 * hold the menu). Without rules: the menu's rules, those held marked (on screen, a dialog to check
 * them); with rules: the role holds exactly these; `--clear`: none.
 */
export default defineCommand({
  id: 'role.datarule',
  title: '角色数据规则',
  category: '角色管理',
  aliases: ['role data rules'],
  keywords: ['数据规则', '数据权限', '授权'],
  permission: PERM.role.authorize,
  requires: [PERM.role.list, PERM.permission.list],
  args: z.object({
    role: z.string().describe('角色编码或id'),
    menu: z.string().describe('菜单（名称、路径或id）'),
    rules: z.array(z.string()).optional().describe('数据规则（名称或id），空格或逗号分隔'),
    clear: z.boolean().default(false).describe('不再持有该菜单的任何数据规则'),
  }),
  positional: ['role', 'menu', 'rules'],
  async run(ctx, { role, menu, rules, clear }) {
    const found = await findRole(ctx, role);
    const target = findMenu(await allMenus(ctx), menu);
    const held = await ctx.api.get<RoleDataRules>(
      pathOf(ENDPOINTS.dataRule.roleRules, { permissionId: target.id, roleId: found.id }),
    );
    const words = (rules ?? []).flatMap((w) => w.split(',')).filter(Boolean);
    if (!clear && words.length === 0) {
      const checked = new Set((held.drChecked ?? '').split(',').filter(Boolean));
      if (ctx.open)
        return void (await ctx.open('role.datarule', {
          role: found,
          menu: { id: target.id, name: target.name },
          rules: held.datarule,
          checked: [...checked],
        }));
      const rows = held.datarule.map((r) => ({ ...ruleRow(r), held: checked.has(r.id) ? '✓' : '' }));
      return {
        message: `${found.roleName} 在“${target.name}”持有 ${checked.size} 条数据规则`,
        table: {
          columns: [{ key: 'held', title: '持有' }, ...RULE_COLUMNS],
          rows,
        },
        records: rows,
      };
    }
    const ids = clear ? [] : words.map((w) => findRule(held.datarule, w).id);
    const message = await invoke<string>(ctx.api, ENDPOINTS.dataRule.saveRoleRules, {
      permissionId: target.id,
      roleId: found.id,
      dataRuleIds: ids.join(','),
    });
    return {
      message: `${String(message)}（${found.roleName} · ${target.name}：${ids.length} 条数据规则）`,
      invalidate: [[...ROLES_KEY]],
    };
  },
});
