import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../../shared/api.ts';
import { FORM_RULES } from '../../../../shared/validation.ts';
import { passwordSchema, usernameSchema } from '../../../../shared/user.ts';
import { sysUser } from '../../../db/schema/index.ts';
import { hashPassword } from '../../../lib/access/password.ts';
import { newId } from '../../../lib/query/ids.ts';
import { BizError, ok, okMessage } from '../../../lib/http/result.ts';
import { setPassword } from '../../../repos/user-write.ts';
import { parseWith } from '../../../lib/http/validate.ts';
import { checkCode } from '../../../lib/access/verify-codes.ts';
import { findUserByPhone, findUserByUsername } from '../../../repos/users.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route, routeOf } from '../../../lib/http/route.ts';

const phone = z
  .string({ error: '请输入手机号码' })
  .trim()
  .regex(FORM_RULES.mobile.pattern, FORM_RULES.mobile.message);
const smscode = z.string({ error: '请输入验证码' }).trim().min(1, '请输入验证码');

const registerBody = z.object({
  username: usernameSchema,
  password: passwordSchema,
  phone,
  smscode,
  email: z
    .string()
    .trim()
    .nullish()
    .refine((v) => !v || FORM_RULES.email.pattern.test(v), FORM_RULES.email.message),
});

const verifyBody = z.object({ phone, smscode });
const passwordChangeBody = z.object({
  username: z.string().trim().min(1, '请输入用户名'),
  password: passwordSchema,
  phone,
  smscode,
});

async function requireSms(app: FastifyInstance, mobile: string, code: string, consume: boolean) {
  const state = await checkCode(app.db, `sms:${mobile}`, code, { consume });
  if (state === 'missing') throw new BizError('手机验证码失效，请重新获取');
  if (state === 'wrong') throw new BizError(MSG.smsCodeWrong);
}

/** Anonymous registration and the forgot-password flow (SMS-verified). */
export default async function registerRoutes(app: FastifyInstance) {
  route(
    app,
    ENDPOINTS.auth.register,
    { config: { rateLimit: app.config.rateLimits.register } },
    async (req) => {
      const body = parseWith(registerBody, req.body);
      // the code first: only the holder of the phone learns which names and numbers are taken
      await requireSms(app, body.phone, body.smscode, false);
      if (await findUserByUsername(app.db, body.username)) throw new BizError('用户名已注册');
      if (await findUserByPhone(app.db, body.phone)) throw new BizError('该手机号已注册');
      if (body.email) {
        const [taken] = await app.db
          .select({ id: sysUser.id })
          .from(sysUser)
          .where(eq(sysUser.email, body.email))
          .limit(1);
        if (taken) throw new BizError('邮箱已被注册');
      }
      await requireSms(app, body.phone, body.smscode, true);
      await app.db.insert(sysUser).values({
        id: newId(),
        username: body.username,
        realname: body.username,
        password: await hashPassword(body.password),
        phone: body.phone,
        email: body.email || null,
        status: 1,
        delFlag: 0,
        activitiSync: 1,
        createBy: body.username,
      });
      return okMessage('注册成功');
    },
  );

  route(
    app,
    ENDPOINTS.auth.phoneVerification,
    { config: { rateLimit: app.config.rateLimits.register } },
    async (req) => {
      const body = parseWith(verifyBody, req.body);
      // codes reach registered phones only: an unknown number fails the code check like a wrong code
      await requireSms(app, body.phone, body.smscode, false);
      const user = await findUserByPhone(app.db, body.phone);
      if (!user || user.delFlag === 1) throw new BizError(MSG.smsCodeWrong);
      return ok({ smscode: body.smscode, username: user.username }, '验证成功');
    },
  );

  app.route({
    ...routeOf(ENDPOINTS.auth.passwordChange, { rateLimit: app.config.rateLimits.register }),
    exposeHeadRoute: false,
    handler: async (req) => {
      const body = parseWith(passwordChangeBody, req.method === 'GET' ? req.query : req.body);
      await requireSms(app, body.phone, body.smscode, false);
      const [user] = await app.db
        .select()
        .from(sysUser)
        .where(
          and(eq(sysUser.username, body.username), eq(sysUser.phone, body.phone), eq(sysUser.delFlag, 0)),
        )
        .limit(1);
      if (!user) throw new BizError('用户名与手机号不匹配');
      await requireSms(app, body.phone, body.smscode, true);
      await setPassword(app.db, user.id, body.password, user.username, { mustChange: false });
      return okMessage('密码重置成功!');
    },
  });
}
