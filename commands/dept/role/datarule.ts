import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { PERM } from '../../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke, pathOf } from '../../../src/shared/contracts.ts';
import { grantRules } from '../../datarule/grant.ts';
import { findPerm, flattenPerms, type PermNode } from '../perm-tree.ts';
import { allDeparts, findDepart } from '../targets.ts';
import { DEPART_ROLES_KEY, departRoles, findRole } from './roles.ts';

/**
 * `dept role datarule <dept> <role> <menu> [rule…]`: which data rules of a menu a department role
 * holds, among those its department holds (the role must hold the menu). Without rules: the rules
 * offered, those held marked (on screen, a dialog); with rules: exactly these; `--clear`: none;
 * `--dry-run`: what would change.
 */
export default defineCommand({
  id: 'dept.role.datarule',
  title: '部门角色数据规则',
  category: '部门管理',
  aliases: ['depart role data rules'],
  keywords: ['部门角色', '数据规则', '数据权限', '授权'],
  permission: PERM.depart.authorize,
  requires: [PERM.depart.list],
  args: z.object({
    depart: z.string().min(1, '请给出部门').describe('部门（机构编码、名称或id）'),
    role: z.string().min(1, '部门角色不存在').describe('部门角色（编码或id）'),
    menu: z.string().min(1, '请给出菜单').describe('菜单（名称或id）'),
    rules: z.array(z.string()).optional().describe('数据规则（名称或id），空格或逗号分隔'),
    clear: z.boolean().default(false).describe('不再持有该菜单的任何数据规则'),
    dryRun: z.boolean().optional().describe('只列出将要变更的数据规则，不执行'),
  }),
  positional: ['depart', 'role', 'menu', 'rules'],
  examples: ['dept role datarule 财务部 fin_sweep 职务管理 示例规则'],
  async run(ctx, { depart, role, menu, rules, clear, dryRun }) {
    const d = findDepart(await allDeparts(ctx), depart);
    const r = findRole(await departRoles(ctx, d.id), role);
    // the menus of the department (what its roles may hold)
    const tree = await invoke<{ treeList: PermNode[] }>(
      ctx.api,
      ENDPOINTS.departRole.queryTreeListForDeptRole,
      {
        departId: d.id,
      },
    );
    const target = findPerm(flattenPerms(tree.treeList), menu);
    return grantRules(
      ctx,
      {
        name: `${d.departName} · ${r.roleName}`,
        rulesPath: pathOf(ENDPOINTS.dataRule.departRoleRules, {
          permissionId: target.key,
          departId: d.id,
          roleId: r.id,
        }),
        save: ENDPOINTS.dataRule.saveDepartRoleRules,
        body: { departId: d.id, roleId: r.id },
        command: { id: 'dept.role.datarule', args: { depart: d.id, role: r.id, menu: target.key } },
        invalidate: [[...DEPART_ROLES_KEY]],
      },
      { id: target.key, name: target.slotTitle },
      { rules, clear, dryRun },
    );
  },
});
