import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { pathOf } from '../../src/shared/contracts.ts';
import { grantRules } from '../datarule/grant.ts';
import { allMenus, findMenu } from '../menu/targets.ts';
import { ROLES_KEY, findRole } from './targets.ts';

/**
 * `role datarule <role> <menu> [rule…]`: which data rules of a menu the role holds (the role must
 * hold the menu). Without rules: the menu's rules, those held marked (on screen, a dialog to check
 * them); with rules: the role holds exactly these; `--clear`: none; `--dry-run`: what would change.
 */
export default defineCommand({
  id: 'role.datarule',
  examples: ['role datarule staff 职务管理'],
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
    dryRun: z.boolean().optional().describe('只列出将要变更的数据规则，不执行'),
  }),
  positional: ['role', 'menu', 'rules'],
  async run(ctx, { role, menu, rules, clear, dryRun }) {
    const found = await findRole(ctx, role);
    const target = findMenu(await allMenus(ctx), menu);
    return grantRules(
      ctx,
      {
        name: found.roleName,
        rulesPath: pathOf(ENDPOINTS.dataRule.roleRules, { permissionId: target.id, roleId: found.id }),
        save: ENDPOINTS.dataRule.saveRoleRules,
        body: { roleId: found.id },
        command: { id: 'role.datarule', args: { role: found.id, menu: target.id } },
        invalidate: [[...ROLES_KEY]],
      },
      { id: target.id, name: target.name },
      { rules, clear, dryRun },
    );
  },
});
