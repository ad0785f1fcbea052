import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { SSO_MSG, SSO_ROUTES, THIRD_TYPES, type ThirdBinding, type ThirdType } from '../../../shared/sso.ts';
import { BizError, ok } from '../../lib/http/result.ts';
import { route } from '../../lib/http/route.ts';
import { parseWith } from '../../lib/http/validate.ts';
import { formatDateTime } from '../../lib/http/time.ts';
import { caller } from '../../plugins/auth.ts';
import { clientPath, oidcRedirectUri, publicOrigin, putFlow, takeFlow } from '../../lib/sso/flows.ts';
import { assertReauthenticated } from '../../lib/sso/accounts.ts';
import { identitiesOf, unlinkIdentity } from '../../repos/third-accounts.ts';
import { enabledTypes, linkCas, providerName } from './sso.ts';

/**
 * Who a change is for: only the caller. A body naming another account (`userId`, `username`) is
 * refused rather than ignored, so a client that thinks it may change someone else learns it may not.
 */
const selfOnly = {
  userId: z.string().max(64).optional(),
  username: z.string().max(100).optional(),
};

const bindBody = z.object({
  thirdType: z.enum(THIRD_TYPES, { error: '请选择第三方账号类型' }),
  password: z.string().max(128).optional(),
  ...selfOnly,
});
const bindCasBody = z.object({
  ticket: z.string({ error: '缺少票据' }).min(1, '缺少票据').max(256),
  state: z.string({ error: '缺少状态' }).min(1, '缺少状态').max(200),
  ...selfOnly,
});
const unbindBody = z.object({
  id: z.string({ error: '请选择要解绑的账号' }).min(1, '请选择要解绑的账号').max(32),
  password: z.string().max(128).optional(),
  ...selfOnly,
});

/** 账户绑定: the signed-in account's linked identities, linking and unlinking (always its own). */
export default async function thirdBindingRoutes(app: FastifyInstance) {
  const cfg = app.config;

  const assertSelf = (me: { id: string; username: string }, body: { userId?: string; username?: string }) => {
    if ((body.userId && body.userId !== me.id) || (body.username && body.username !== me.username))
      throw new BizError(SSO_MSG.onlySelf);
  };

  route(app, ENDPOINTS.self.thirdBindings, async (req) => {
    const { user } = caller(req);
    const names = enabledTypes(app).names;
    const rows = await identitiesOf(app.db, user.id);
    return ok(
      rows.map((r): ThirdBinding => ({
        id: r.id,
        thirdType: r.thirdType as ThirdType,
        providerName: names[r.thirdType as ThirdType] ?? r.thirdType,
        thirdUserId: r.thirdUserId,
        realname: r.realname,
        createTime: formatDateTime(r.createTime, cfg.timezone) ?? '',
      })),
    );
  });

  route(
    app,
    ENDPOINTS.self.thirdBind,
    { config: { rateLimit: cfg.rateLimits.login } },
    async (req, reply) => {
      const { user, tokenHash } = caller(req);
      const body = parseWith(bindBody, req.body);
      assertSelf(user, body);
      providerName(app, body.thirdType);
      await assertReauthenticated(app.db, user, tokenHash, body.password);
      const purpose = { purpose: 'link' as const, userId: user.id };
      if (body.thirdType === 'oidc') {
        const { url, checks } = await app.sso.oidc!.start(oidcRedirectUri(req, cfg));
        await putFlow(app.db, req, reply, cfg, checks.state, { thirdType: 'oidc', purpose, oidc: checks });
        return ok({ url });
      }
      const state = randomBytes(24).toString('base64url');
      const service = new URL(
        publicOrigin(req, cfg) + clientPath(SSO_ROUTES.binding, { thirdType: 'cas', state }),
      ).href;
      await putFlow(app.db, req, reply, cfg, state, { thirdType: 'cas', purpose, service });
      return ok({ url: app.sso.cas!.loginUrl(service) });
    },
  );

  route(app, ENDPOINTS.self.thirdBindCas, { config: { rateLimit: cfg.rateLimits.login } }, async (req) => {
    const { user } = caller(req);
    const body = parseWith(bindCasBody, req.body);
    assertSelf(user, body);
    const flow = await takeFlow(app.db, req, body.state);
    if (
      !flow?.service ||
      flow.thirdType !== 'cas' ||
      flow.purpose.purpose !== 'link' ||
      flow.purpose.userId !== user.id
    )
      throw new BizError(SSO_MSG.badState);
    const { name } = await linkCas(app, req, user.id, body.ticket, flow.service);
    return ok(null, SSO_MSG.bound(name));
  });

  route(app, ENDPOINTS.self.thirdUnbind, async (req) => {
    const { user, tokenHash } = caller(req);
    const body = parseWith(unbindBody, req.body);
    assertSelf(user, body);
    await assertReauthenticated(app.db, user, tokenHash, body.password);
    const row = await unlinkIdentity(app.db, user.id, body.id);
    if (!row) throw new BizError(SSO_MSG.bindingMissing);
    return ok(null, SSO_MSG.unbound(enabledTypes(app).names[row.thirdType as ThirdType] ?? row.thirdType));
  });
}
