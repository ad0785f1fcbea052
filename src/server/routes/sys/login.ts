import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { CODE, MSG } from '../../../shared/api.ts';
import { FORM_RULES } from '../../../shared/validation.ts';
import { sysUser } from '../../db/schema/index.ts';
import { hashPassword, isArgon2Hash, verifyPassword } from '../../lib/access/password.ts';
import { BizError, bare, fail, ok, okMessage } from '../../lib/http/result.ts';
import { parseWith } from '../../lib/http/validate.ts';
import { checkCode, putCode, randomCaptcha } from '../../lib/access/verify-codes.ts';
import { captchaDataUrl } from '../../lib/http/captcha-image.ts';
import { sha256 } from '../../lib/query/ids.ts';
import { findUserByPhone, findUserByUsername } from '../../repos/users.ts';
import { assertCanLogin, assertNotLocked, loginResult, recordAttempt } from '../../repos/session.ts';
import { revokeToken } from '../../repos/tokens.ts';
import { TOKEN_HEADER, type UserRow } from '../../plugins/auth.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { route, routeOf } from '../../lib/http/route.ts';

const CAPTCHA_TTL_MS = 60_000;

/** A hash no password matches: verified when an account has no argon2 hash to verify against. */
let nobodyHash: Promise<string> | undefined;
const verifyNobody = async (user: UserRow | undefined, plain: string) => {
  nobodyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await verifyPassword({ username: '', password: await nobodyHash, salt: null }, plain);
  return user ? verifyPassword(user, plain) : { ok: false, needsUpgrade: false };
};
const captchaKey = (checkKey: string) => `captcha:${sha256(checkKey)}`;

const loginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(100),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128),
  captcha: z.string().nullish(),
  checkKey: z.union([z.string(), z.number()]).nullish(),
});

const phoneLoginBody = z.object({
  mobile: z
    .string({ error: '请输入手机号码' })
    .trim()
    .regex(FORM_RULES.mobile.pattern, FORM_RULES.mobile.message),
  captcha: z.string({ error: '请输入验证码' }).trim().min(1, '请输入验证码'),
});

/** Session endpoints: captcha, password login, phone login, logout (jeecg-api.md §3). */
export default async function loginRoutes(app: FastifyInstance) {
  const cfg = app.config;

  route<{ Params: { key: string } }>(
    app,
    ENDPOINTS.auth.captcha,
    { config: { rateLimit: cfg.rateLimits.captcha }, exposeHeadRoute: false },
    async (req) => {
      const key = req.params.key.slice(0, 64);
      const code = randomCaptcha();
      await putCode(app.db, captchaKey(key), code.toLowerCase(), CAPTCHA_TTL_MS);
      return bare(captchaDataUrl(code));
    },
  );

  /** Run a credential check; any refusal counts as a failed attempt of that name and address. */
  const failureRecorded = async <T>(name: string, ip: string, check: () => Promise<T>): Promise<T> => {
    try {
      return await check();
    } catch (e) {
      await recordAttempt(app.db, name, ip, false);
      throw e;
    }
  };

  route(app, ENDPOINTS.auth.login, { config: { rateLimit: cfg.rateLimits.login } }, async (req) => {
    const body = parseWith(loginBody, req.body);
    if (cfg.captchaEnabled) {
      if (!body.captcha || body.checkKey == null) throw new BizError(MSG.captchaMissing);
      const state = await checkCode(app.db, captchaKey(String(body.checkKey)), body.captcha, {
        consume: true,
        caseInsensitive: true,
      });
      if (state !== 'ok') throw new BizError(MSG.captchaWrong, CODE.CAPTCHA_WRONG);
    }
    await assertNotLocked(app.db, body.username, req.ip, cfg);
    const [user, check] = await failureRecorded(body.username, req.ip, async () => {
      const u = await findUserByUsername(app.db, body.username);
      // every attempt costs one argon2 verification and fails alike: an unknown account, one
      // without a usable password and one with an old JeecgBoot hash are not told apart by time
      const c =
        u && isArgon2Hash(u.password)
          ? await verifyPassword(u, body.password)
          : await verifyNobody(u, body.password);
      if (!u || !c.ok) throw new BizError(MSG.badCredentials);
      assertCanLogin(u);
      return [u, c] as const;
    });
    if (check.needsUpgrade) {
      await app.db
        .update(sysUser)
        .set({ password: await hashPassword(body.password), salt: null })
        .where(eq(sysUser.id, user.id));
    }
    await recordAttempt(app.db, body.username, req.ip, true);
    return ok(await loginResult(app.db, user, req, cfg), MSG.loginOk);
  });

  route(app, ENDPOINTS.auth.phoneLogin, { config: { rateLimit: cfg.rateLimits.login } }, async (req) => {
    const body = parseWith(phoneLoginBody, req.body);
    await assertNotLocked(app.db, body.mobile, req.ip, cfg);
    const user = await failureRecorded(body.mobile, req.ip, async () => {
      // codes are only ever sent to registered numbers: an unknown one fails here like a wrong code
      const state = await checkCode(app.db, `sms:${body.mobile}`, body.captcha, { consume: true });
      const u = state === 'ok' ? await findUserByPhone(app.db, body.mobile) : undefined;
      if (!u) throw new BizError(MSG.smsCodeWrong);
      assertCanLogin(u);
      return u;
    });
    await recordAttempt(app.db, body.mobile, req.ip, true);
    return ok(await loginResult(app.db, user, req, cfg), MSG.loginOk);
  });

  app.route({
    ...routeOf(ENDPOINTS.auth.logout),
    handler: async (req) => {
      const header = req.headers[TOKEN_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token) return fail(MSG.logoutFailed);
      return (await revokeToken(app.db, token)) ? okMessage(MSG.logoutOk) : fail(MSG.tokenBad);
    },
  });
}
