import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { RULE_MESSAGES } from '../../src/shared/validation.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';

export default defineCommand({
  id: 'account.changePassword',
  examples: ['account changePassword'],
  page: true,
  title: '修改密码',
  menus: [{ menu: 'shell.userMenu', group: '2_system', order: 2 }],
  category: '账户',
  aliases: ['change password', 'passwd'],
  args: z.object({
    oldpassword: z.string().optional().describe('旧密码（不填则询问）'),
    password: z.string().optional().describe('新密码（不填则询问）'),
    confirmpassword: z.string().optional().describe('确认新密码（不填则询问）'),
  }),
  async run(ctx, args) {
    // on screen without arguments: the 修改密码 dialog collects them and runs this command again
    if (!args.oldpassword && !args.password && ctx.open)
      return void (await ctx.open('account.changePassword'));
    const oldpassword = args.oldpassword ?? (await ctx.prompt('旧密码', { secret: true }));
    if (!oldpassword) throw new Error(RULE_MESSAGES.oldPasswordRequired);
    const password = args.password ?? (await ctx.prompt('新密码', { secret: true }));
    if (!password) throw new Error(RULE_MESSAGES.newPasswordRequired);
    const confirmpassword = args.confirmpassword ?? (await ctx.prompt('确认新密码', { secret: true }));
    if (!confirmpassword) throw new Error(RULE_MESSAGES.confirmPasswordRequired);
    if (password !== confirmpassword) throw new Error(RULE_MESSAGES.passwordMismatch);
    const message = await invoke<string>(ctx.api, ENDPOINTS.self.updatePassword, {
      username: ctx.keys.username,
      oldpassword,
      password,
      confirmpassword,
    });
    return { message: String(message ?? '密码重置成功!') };
  },
});
