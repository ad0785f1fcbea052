import { z } from 'zod';
import { defineCommand } from '../../core/define-command.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { invoke } from '../../../src/shared/contracts.ts';
import { CONTACT_KINDS } from '../../../src/shared/account.ts';
import { ACCOUNT_KEYS, type OwnProfile } from '../targets.ts';

/**
 * `account contact change <phone|email> <value> [--code c]`: one's own phone or e-mail, proved by
 * the code sent to the new one (sent now and asked for when `--code` is not given);
 * `--dry-run` only checks that the value may be taken.
 */
export default defineCommand({
  id: 'account.contact.change',
  examples: ['account contact change email admin-demo@example.com'],
  title: '修改手机号码或邮箱',
  category: '账户',
  aliases: ['change phone', 'change email'],
  keywords: ['手机号', '邮箱', '验证码', '基本设置'],
  args: z.object({
    kind: z.enum(['phone', 'email']).describe('phone 手机号码，email 邮箱'),
    value: z.string().min(1, '请输入新的手机号码或邮箱').describe('新的手机号码或邮箱'),
    code: z.string().optional().describe('发到新手机号码或邮箱的验证码（不填则发送并询问）'),
    dryRun: z.boolean().optional().describe('只检查能否改为此值，不发送、不修改'),
  }),
  positional: ['kind', 'value'],
  async run(ctx, { kind, value, code, dryRun }) {
    if (dryRun) {
      const message = await invoke<string>(ctx.api, ENDPOINTS.self.sendContactCode, { kind, value, dryRun });
      return { message: String(message) };
    }
    let given = code;
    if (!given) {
      await invoke(ctx.api, ENDPOINTS.self.sendContactCode, { kind, value });
      given = (await ctx.prompt(`验证码已发送到 ${value}，请输入验证码`)) ?? '';
    }
    if (!given.trim()) throw new Error('请输入验证码');
    const saved = await invoke<OwnProfile>(ctx.api, ENDPOINTS.self.changeContact, {
      kind,
      value,
      code: given.trim(),
    });
    await ctx.open?.('session.userInfo', { userInfo: saved });
    return { message: `${CONTACT_KINDS[kind]}已修改为 ${value}`, invalidate: [[...ACCOUNT_KEYS.profile]] };
  },
});
