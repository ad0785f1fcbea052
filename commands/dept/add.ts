import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { ORG_CATEGORIES, departFields } from '../../src/shared/depart.ts';
import { DEPARTS_KEY, allDeparts, findDepart } from './targets.ts';

/** `dept add <name> [parent]`: a department (the server gives it its org code). */
export default defineCommand({
  id: 'dept.add',
  examples: ['dept add 示例部门 财务部'],
  title: '添加部门',
  category: '部门管理',
  aliases: ['add department', 'new department'],
  keywords: ['部门', '新增', '机构'],
  permission: PERM.depart.add,
  requires: [PERM.depart.list],
  menus: [{ menu: 'depart.toolbar', group: '1_add', order: 1, label: '添加部门' }],
  args: z.object({
    name: departFields.departName,
    parent: z.string().optional().describe('上级部门（机构编码、名称或id）；不给为顶级'),
    category: z.enum(ORG_CATEGORIES).default('2').describe('机构类别：1 公司，2 部门，3 岗位'),
  }),
  positional: ['name', 'parent'],
  async run(ctx, { name, parent, category }) {
    const parentNode = parent ? findDepart(await allDeparts(ctx), parent) : undefined;
    const message = await invoke<string>(ctx.api, ENDPOINTS.depart.add, {
      departName: name,
      orgCategory: category,
      parentId: parentNode?.id ?? '',
    });
    return { message: `${String(message)}（${name}）`, invalidate: [[...DEPARTS_KEY]] };
  },
});
