import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { THIRD_TYPES, isThirdType } from '../../src/shared/sso.ts';

export default defineCommand({
  id: 'account.bind',
  examples: ['account bind'],
  page: true,
  title: '绑定第三方账号',
  category: '账户',
  aliases: ['bind', 'link identity', 'sso bind'],
  args: z.object({
    thirdType: z.enum(THIRD_TYPES).optional().describe('第三方账号类型：oidc（统一身份认证）或 cas'),
    password: z.string().optional().describe('当前密码（登录不足 5 分钟可留空；不填则询问）'),
  }),
  async run(ctx, args) {
    // on screen without the password: the 绑定第三方账号 dialog collects it and runs this again
    if (args.password === undefined && ctx.open)
      return void (await ctx.open('account.bind', { thirdType: args.thirdType }));
    const thirdType = args.thirdType ?? (await ctx.prompt('第三方账号类型（oidc 或 cas）'))?.trim();
    if (!isThirdType(thirdType)) throw new Error('请选择第三方账号类型');
    const password =
      args.password ?? (await ctx.prompt('当前密码（登录不足 5 分钟可留空）', { secret: true }));
    const { url } = await invoke<{ url: string }>(ctx.api, ENDPOINTS.self.thirdBind, {
      thirdType,
      ...(password ? { password } : {}),
    });
    // the provider signs the person in, then sends the browser back to 账户绑定
    if (ctx.open) {
      await ctx.open('browser.leave', { url });
      return { message: '正在前往身份提供方登录…' };
    }
    ctx.output(url);
    return { message: '请在浏览器中打开上面的地址完成绑定' };
  },
});
