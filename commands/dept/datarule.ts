import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { pathOf } from '../../src/shared/contracts.ts';
import { grantRules } from '../datarule/grant.ts';
import { DEPART_PERMS_KEY } from './perm.ts';
import { findPerm, grantablePerms } from './perm-tree.ts';
import { allDeparts, findDepart } from './targets.ts';

/**
 * `dept datarule <dept> <menu> [rule…]`: which data rules of a menu the department holds (what its
 * department roles may be given; the department must hold the menu). Without rules: the menu's
 * rules, those held marked (on screen, a dialog); with rules: exactly these; `--clear`: none;
 * `--dry-run`: what would change.
 */
export default defineCommand({
  id: 'dept.datarule',
  examples: ['dept datarule 财务部 职务管理'],
  title: '部门数据规则',
  category: '部门管理',
  aliases: ['depart data rules'],
  keywords: ['部门', '数据规则', '数据权限', '授权'],
  permission: PERM.depart.authorize,
  requires: [PERM.depart.list],
  args: z.object({
    depart: z.string().min(1, '请给出部门').describe('部门（机构编码、名称或id）'),
    menu: z.string().min(1, '请给出菜单').describe('菜单（名称或id）'),
    rules: z.array(z.string()).optional().describe('数据规则（名称或id），空格或逗号分隔'),
    clear: z.boolean().default(false).describe('不再持有该菜单的任何数据规则'),
    dryRun: z.boolean().optional().describe('只列出将要变更的数据规则，不执行'),
  }),
  positional: ['depart', 'menu', 'rules'],
  async run(ctx, { depart, menu, rules, clear, dryRun }) {
    const d = findDepart(await allDeparts(ctx), depart);
    const target = findPerm(await grantablePerms(ctx), menu);
    return grantRules(
      ctx,
      {
        name: d.departName,
        rulesPath: pathOf(ENDPOINTS.dataRule.departRules, { permissionId: target.key, departId: d.id }),
        save: ENDPOINTS.dataRule.saveDepartRules,
        body: { departId: d.id },
        command: { id: 'dept.datarule', args: { depart: d.id, menu: target.key } },
        invalidate: [[...DEPART_PERMS_KEY]],
      },
      { id: target.key, name: target.slotTitle },
      { rules, clear, dryRun },
    );
  },
});
