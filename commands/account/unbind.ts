import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { SSO_MSG, type ThirdBinding } from '../../src/shared/sso.ts';
import { BINDINGS_KEY } from './bindings.ts';

export default defineCommand({
  id: 'account.unbind',
  examples: ['account unbind'],
  page: true,
  title: '解除第三方账号绑定',
  category: '账户',
  aliases: ['unbind', 'unlink identity', 'sso unbind'],
  args: z.object({
    target: z.string().optional().describe('要解绑的绑定：其 ID，或类型 oidc、cas'),
    password: z.string().optional().describe('当前密码（登录不足 5 分钟可留空；不填则询问）'),
  }),
  async run(ctx, args) {
    // on screen without the password: the 解除绑定 dialog collects it and runs this again
    if (args.password === undefined && ctx.open)
      return void (await ctx.open('account.unbind', { target: args.target }));
    const rows = await invoke<ThirdBinding[]>(ctx.api, ENDPOINTS.self.thirdBindings);
    const target = args.target ?? (await ctx.prompt('要解绑的类型（oidc 或 cas）或绑定 ID'))?.trim();
    const row = rows.find((r) => r.id === target || r.thirdType === target);
    if (!row) throw new Error(SSO_MSG.bindingMissing);
    const password =
      args.password ?? (await ctx.prompt('当前密码（登录不足 5 分钟可留空）', { secret: true }));
    await invoke(ctx.api, ENDPOINTS.self.thirdUnbind, { id: row.id, ...(password ? { password } : {}) });
    return { message: SSO_MSG.unbound(row.providerName), invalidate: [BINDINGS_KEY] };
  },
});
