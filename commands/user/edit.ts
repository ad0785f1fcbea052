import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { USERS_KEY, requireSome, targetUserIds } from './targets.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'user.edit',
  examples: ['user list --username yuangong | user edit --email yuangong@example.com'],
  title: '编辑用户',
  category: '用户管理',
  aliases: ['edit user'],
  keywords: ['编辑', '修改'],
  permission: PERM.user.edit,
  // the user is read first (queryById), a username looked up in the user list
  requires: [PERM.user.list],
  menus: [{ menu: 'user.row', group: '1_edit', order: 1, label: '编辑' }],
  args: z.object({
    id: z.string().optional().describe('用户id或账号；默认表格选中行'),
    realname: z.string().optional().describe('姓名'),
    phone: z.string().optional().describe('手机号码'),
    email: z.string().optional().describe('邮箱'),
    sex: z.enum(['1', '2']).optional().describe('性别：1 男，2 女'),
    birthday: z.string().optional().describe('生日 YYYY-MM-DD'),
    workNo: z.string().optional().describe('工号'),
    post: z.string().optional().describe('职务编码，逗号分隔'),
    roles: z.string().optional().describe('角色id，逗号分隔（替换原有角色）'),
    departs: z.string().optional().describe('部门id，逗号分隔（替换原有部门）'),
    partnerId: z.string().optional().describe('所属商户id（商户员工只看到本商户的技师和订单；空为平台员工）'),
    tenants: z.string().optional().describe('所属租户id，逗号分隔（替换原有租户）'),
  }),
  positional: ['id'],
  async run(ctx, { id, roles, departs, tenants, ...fields }) {
    const [target] = requireSome(await targetUserIds(ctx, id));
    const given: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    if (roles !== undefined) given.selectedroles = roles;
    if (departs !== undefined) given.selecteddeparts = departs;
    if (tenants !== undefined) given.relTenantIds = tenants;
    if (Object.keys(given).length === 0 && ctx.open)
      return void (await ctx.open('user.form', { mode: 'edit', id: target }));
    const current = await invoke<Record<string, unknown>>(ctx.api, ENDPOINTS.user.queryById, { id: target });
    const message = await invoke<string>(ctx.api, ENDPOINTS.user.edit, {
      id: target,
      realname: current.realname,
      ...given,
    });
    return { message: String(message), invalidate: [[...USERS_KEY]] };
  },
});
