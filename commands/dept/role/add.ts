import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { PERM } from '../../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { departRoleFields } from '../../../src/shared/depart-role.ts';
import { allDeparts, findDepart } from '../targets.ts';
import { DEPART_ROLES_KEY } from './roles.ts';

/** `dept role add <dept> <code> <name>`: a role inside a department. */
export default defineCommand({
  id: 'dept.role.add',
  examples: ['dept role add 财务部 fin_demo 财务示例'],
  title: '新增部门角色',
  category: '部门管理',
  aliases: ['add depart role'],
  keywords: ['部门', '角色', '部门角色'],
  permission: PERM.depart.edit,
  requires: [PERM.depart.list],
  args: z.object({
    depart: z.string().min(1, '请给出部门').describe('部门（机构编码、名称或id）'),
    roleCode: departRoleFields.roleCode,
    roleName: departRoleFields.roleName,
    description: z.string().optional().describe('描述'),
  }),
  positional: ['depart', 'roleCode', 'roleName'],
  async run(ctx, { depart, ...role }) {
    const d = findDepart(await allDeparts(ctx), depart);
    await invoke(ctx.api, ENDPOINTS.departRole.add, { departId: d.id, ...role });
    return {
      message: `已在 ${d.departName} 新增部门角色“${role.roleName}”`,
      invalidate: [[...DEPART_ROLES_KEY]],
    };
  },
});
