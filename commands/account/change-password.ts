import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { RULE_MESSAGES } from '../../src/shared/validation.ts';

export default defineCommand({
  id: 'account.changePassword',
  title: '修改密码',
  menus: [{ menu: 'shell.userMenu', group: '2_system', order: 2 }],
  category: '账户',
  aliases: ['change password', 'passwd'],
  async run(ctx) {
    if (ctx.open) return void (await ctx.open('account.changePassword'));
    // terminal: ask step by step, secrets never echoed
    const oldpassword = await ctx.prompt('旧密码', { secret: true });
    if (!oldpassword) throw new Error(RULE_MESSAGES.oldPasswordRequired);
    const password = await ctx.prompt('新密码', { secret: true });
    if (!password) throw new Error(RULE_MESSAGES.newPasswordRequired);
    const confirmpassword = await ctx.prompt('确认新密码', { secret: true });
    if (!confirmpassword) throw new Error(RULE_MESSAGES.confirmPasswordRequired);
    if (password !== confirmpassword) throw new Error(RULE_MESSAGES.passwordMismatch);
    const message = await ctx.api.put<string>('/sys/user/updatePassword', {
      username: ctx.keys.username,
      oldpassword,
      password,
      confirmpassword,
    });
    return { message: String(message ?? '密码重置成功!') };
  },
  args: z.object({}),
});
