import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { USERS_KEY } from './targets.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'user.add',
  examples: ['user add demo_user 示例用户 --password Demo@12345'],
  title: '新增用户',
  category: '用户管理',
  aliases: ['add user', 'new user', 'create user'],
  keywords: ['新增', '添加'],
  permission: PERM.user.add,
  menus: [{ menu: 'user.toolbar', group: '1_create', order: 1, label: '新增' }],
  args: z.object({
    username: z.string().optional().describe('登录账号（字母、数字、下划线）'),
    realname: z.string().optional().describe('姓名'),
    password: z.string().optional().describe('登录密码（至少6位）'),
    phone: z.string().optional().describe('手机号码'),
    email: z.string().optional().describe('邮箱'),
    sex: z.enum(['1', '2']).optional().describe('性别：1 男，2 女'),
    birthday: z.string().optional().describe('生日 YYYY-MM-DD'),
    workNo: z.string().optional().describe('工号'),
    post: z.string().optional().describe('职务编码，逗号分隔'),
    roles: z.string().optional().describe('角色id，逗号分隔'),
    departs: z.string().optional().describe('部门id，逗号分隔'),
    partnerId: z.string().optional().describe('所属商户id（商户员工只看到本商户的技师和订单；空为平台员工）'),
    tenants: z.string().optional().describe('所属租户id，逗号分隔'),
  }),
  positional: ['username', 'realname'],
  async run(ctx, args) {
    // without arguments on screen: open the form (the server validates either way)
    if (!args.username && ctx.open) return void (await ctx.open('user.form', { mode: 'add' }));
    const password = args.password ?? (await ctx.prompt('登录密码', { secret: true })) ?? '';
    const message = await invoke<string>(ctx.api, ENDPOINTS.user.add, {
      username: args.username,
      realname: args.realname,
      password,
      confirmpassword: password,
      phone: args.phone,
      email: args.email,
      sex: args.sex,
      birthday: args.birthday,
      workNo: args.workNo,
      post: args.post,
      selectedroles: args.roles,
      selecteddeparts: args.departs,
      ...(args.tenants !== undefined ? { relTenantIds: args.tenants } : {}),
      ...(args.partnerId !== undefined ? { partnerId: args.partnerId } : {}),
    });
    return { message: String(message), invalidate: [[...USERS_KEY]] };
  },
});
