import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { PERM } from '../../../src/shared/permissions.ts';
import { allDeparts, findDepart } from '../targets.ts';
import { departRoles } from './roles.ts';

/** `dept role list <dept>`: the roles of a department. */
export default defineCommand({
  id: 'dept.role.list',
  examples: ['dept role list 财务部'],
  title: '部门角色列表',
  category: '部门管理',
  aliases: ['depart roles'],
  keywords: ['部门', '角色', '部门角色'],
  permission: PERM.depart.list,
  args: z.object({ depart: z.string().min(1, '请给出部门').describe('部门（机构编码、名称或id）') }),
  positional: ['depart'],
  async run(ctx, { depart }) {
    const d = findDepart(await allDeparts(ctx), depart);
    const roles = await departRoles(ctx, d.id);
    return {
      message: `${d.departName} 共 ${roles.length} 个部门角色`,
      records: roles as unknown as Array<Record<string, unknown>>,
      table: {
        columns: [
          { key: 'roleCode', title: '角色编码' },
          { key: 'roleName', title: '角色名称' },
          { key: 'description', title: '描述' },
        ],
        rows: roles.map((r) => ({
          roleCode: r.roleCode,
          roleName: r.roleName,
          description: r.description ?? '',
        })),
      },
    };
  },
});
