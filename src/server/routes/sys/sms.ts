import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANONYMOUS } from '../../../shared/permissions.ts';
import { FORM_RULES } from '../../../shared/validation.ts';
import { BizError, bare } from '../../lib/result.ts';
import { parseWith } from '../../lib/validate.ts';
import { liveCode, putCode, randomDigits } from '../../lib/verify-codes.ts';
import { findUserByPhone } from '../../repos/users.ts';

export const SMS_TTL_MS = 600_000;

const smsBody = z.object({
  mobile: z
    .string({ error: '请输入手机号码' })
    .trim()
    .regex(FORM_RULES.mobile.pattern, FORM_RULES.mobile.message),
  smsmode: z.enum(['0', '1', '2'], { error: '短信模式不正确' }),
});

/** POST /sys/sms: send a 6-digit code for login ("0"), registration ("1") or password reset ("2"). */
export default async function smsRoutes(app: FastifyInstance) {
  app.post('/sys/sms', { config: { perm: ANONYMOUS } }, async (req) => {
    const { mobile, smsmode } = parseWith(smsBody, req.body);
    if (await liveCode(app.db, `sms:${mobile}`)) throw new BizError('验证码10分钟内，仍然有效！');
    const user = await findUserByPhone(app.db, mobile);
    if (smsmode === '1') {
      if (user) throw new BizError('手机号已经注册，请直接登录！');
    } else {
      if (!user || user.delFlag === 1) throw new BizError('该用户不存在或未绑定手机号');
      if (user.status === 2) throw new BizError('该用户已冻结');
    }
    const code = randomDigits(6);
    await putCode(app.db, `sms:${mobile}`, code, SMS_TTL_MS, smsmode);
    await app.sms.send(mobile, code, smsmode);
    return bare(null);
  });
}
