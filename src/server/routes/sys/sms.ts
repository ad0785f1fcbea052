import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FORM_RULES } from '../../../shared/validation.ts';
import { BizError, bare } from '../../lib/http/result.ts';
import { parseWith } from '../../lib/http/validate.ts';
import { liveCode, putCode, randomDigits } from '../../lib/access/verify-codes.ts';
import { findUserByPhone } from '../../repos/users.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route } from '../../lib/http/route.ts';

export const SMS_TTL_MS = 600_000;

const smsBody = z.object({
  mobile: z
    .string({ error: '请输入手机号码' })
    .trim()
    .regex(FORM_RULES.mobile.pattern, FORM_RULES.mobile.message),
  smsmode: z.enum(['0', '1', '2'], { error: '短信模式不正确' }),
});

/**
 * POST /sys/sms: a 6-digit code for login ("0"), registration ("1") or password reset ("2").
 * The answer never tells whether the number belongs to an account: for login and reset a code is
 * recorded either way but only sent to a live account's phone; for registration it is always sent
 * (the register call refuses a taken number once the code proved the caller holds that phone).
 */
export default async function smsRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS.auth.sms, { config: { rateLimit: app.config.rateLimits.sms } }, async (req) => {
    const { mobile, smsmode } = parseWith(smsBody, req.body);
    if (await liveCode(app.db, `sms:${mobile}`)) throw new BizError('验证码10分钟内，仍然有效！');
    const user = smsmode === '1' ? undefined : await findUserByPhone(app.db, mobile);
    const deliver = smsmode === '1' || (!!user && user.delFlag !== 1 && user.status !== 2);
    const code = randomDigits(6);
    await putCode(app.db, `sms:${mobile}`, code, SMS_TTL_MS, smsmode);
    // delivered after the answer, so that its time does not tell a registered number either
    if (deliver)
      setImmediate(() =>
        app.sms.send(mobile, code, smsmode).catch((err: Error) => req.log.error({ err }, 'SMS not sent')),
      );
    return bare(null);
  });
}
