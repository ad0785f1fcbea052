import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';

/** `account contact sendCode <phone|email> <value>`: a code to the new phone (SMS) or e-mail. */
export default defineCommand({
  id: 'account.contact.sendCode',
  examples: ['account contact sendCode email admin-demo@example.com'],
  title: '发送验证码',
  category: '账户',
  aliases: ['send code'],
  keywords: ['手机号', '邮箱', '验证码'],
  args: z.object({
    kind: z.enum(['phone', 'email']).describe('phone 手机号码，email 邮箱'),
    value: z.string().min(1, '请输入新的手机号码或邮箱').describe('新的手机号码或邮箱'),
  }),
  positional: ['kind', 'value'],
  async run(ctx, { kind, value }) {
    const message = await invoke<string>(ctx.api, ENDPOINTS.self.sendContactCode, { kind, value });
    return { message: String(message ?? `验证码已发送到 ${value}`) };
  },
});
