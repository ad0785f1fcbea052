import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/api.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { SSO_MSG, SSO_ROUTES, isThirdType, type EnabledTypes, type ThirdType } from '../../../shared/sso.ts';
import { BizError, fail, ok, okMessage } from '../../lib/http/result.ts';
import { route } from '../../lib/http/route.ts';
import { sha256 } from '../../lib/query/ids.ts';
import { claimKey, liveCode, setPayload } from '../../lib/access/verify-codes.ts';
import {
  casService,
  casTicketKey,
  clientPath,
  issueLoginToken,
  oidcRedirectUri,
  putFlow,
  takeFlow,
  takeLoginToken,
} from '../../lib/sso/flows.ts';
import {
  accountOfCas,
  accountOfOidc,
  casIdentity,
  logAccountChange,
  oidcIdentity,
} from '../../lib/sso/accounts.ts';
import { logoutSessionIndex } from '../../lib/sso/cas.ts';
import { linkIdentity } from '../../repos/third-accounts.ts';
import { assertCanLogin, loginResult, recordAttempt } from '../../repos/session.ts';
import { findUserById } from '../../repos/users.ts';
import { revokeTokenHash } from '../../repos/tokens.ts';

/** The providers as the client sees them (getEnabledType). */
export function enabledTypes(app: FastifyInstance): EnabledTypes {
  const { sso } = app.config;
  return {
    wechatEnterprise: false,
    dingtalk: false,
    oidc: Boolean(app.sso.oidc),
    cas: Boolean(app.sso.cas),
    names: { oidc: sso.oidc?.name ?? '统一身份认证', cas: sso.cas?.name ?? 'CAS' },
    ssoMode: sso.mode,
  };
}

/** A provider that is on, or the refusal saying it is not. */
export function providerName(app: FastifyInstance, type: ThirdType): string {
  const types = enabledTypes(app);
  if (!types.oidc && !types.cas) throw new BizError(SSO_MSG.notConfigured);
  if (!types[type]) throw new BizError(SSO_MSG.typeNotEnabled(types.names[type]));
  return types.names[type];
}

/**
 * Single sign-on (spec §3 session: third-party and CAS login): the provider redirects, the OIDC
 * callback, the one-time token exchange, CAS ticket validation and single logout. A session is
 * made by `loginResult`, as the password login makes it.
 */
export default async function ssoRoutes(app: FastifyInstance) {
  const cfg = app.config;
  // a CAS server posts its single-logout request as a form
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  route(app, ENDPOINTS.thirdApp.getEnabledType, async () => {
    const types = enabledTypes(app);
    return ok(types, types.oidc || types.cas ? '' : SSO_MSG.notConfigured);
  });

  /** 302 to the provider; a refusal (not configured) lands on the client's callback page saying so */
  route<{ Params: { source: string } }>(
    app,
    ENDPOINTS.auth.thirdRender,
    { config: { rateLimit: cfg.rateLimits.login } },
    async (req, reply) => {
      const source = req.params.source;
      try {
        if (!isThirdType(source)) throw new BizError(SSO_MSG.notConfigured);
        providerName(app, source);
        if (source === 'cas') return reply.redirect(app.sso.cas!.loginUrl(casService(req, cfg)));
        const { url, checks } = await app.sso.oidc!.start(oidcRedirectUri(req, cfg));
        await putFlow(app.db, req, reply, cfg, checks.state, {
          thirdType: 'oidc',
          purpose: { purpose: 'login' },
          oidc: checks,
        });
        return reply.redirect(url);
      } catch (e) {
        return reply.redirect(clientPath(SSO_ROUTES.callback, { error: refusal(req, e) }));
      }
    },
  );

  /** the provider's return: a login gets a one-time token for the client, a link is made at once */
  route<{ Querystring: Record<string, string | undefined> }>(
    app,
    ENDPOINTS.auth.oidcCallback,
    { config: { rateLimit: cfg.rateLimits.login } },
    async (req, reply) => {
      const flow = await takeFlow(app.db, req, String(req.query.state ?? ''));
      const linking = flow?.purpose.purpose === 'link';
      const land = (params: Record<string, string>) =>
        reply.redirect(clientPath(linking ? SSO_ROUTES.binding : SSO_ROUTES.callback, params));
      try {
        if (!flow?.oidc || flow.thirdType !== 'oidc') throw new BizError(SSO_MSG.badState);
        if (req.query.error) throw new BizError(SSO_MSG.providerRefused);
        const oidc = app.sso.oidc;
        if (!oidc) throw new BizError(SSO_MSG.notConfigured);
        const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        let claims;
        try {
          claims = await oidc.finish(new URL(oidcRedirectUri(req, cfg) + query), flow.oidc);
        } catch (err) {
          req.log.warn({ err }, 'OIDC sign-in refused');
          throw new BizError(SSO_MSG.providerRefused);
        }
        if (flow.purpose.purpose === 'link') {
          const user = await findUserById(app.db, flow.purpose.userId);
          if (!user) throw new BizError(SSO_MSG.unknownUser);
          const name = cfg.sso.oidc!.name;
          await linkIdentity(app.db, user.id, oidcIdentity(claims), name);
          await logAccountChange(
            app.db,
            req,
            user,
            `账户绑定：${SSO_MSG.bound(name)}（${claims.sub}）`,
            req.routeOptions.url ?? '',
          );
          return land({ bound: 'oidc' });
        }
        const { user, linkedNow } = await accountOfOidc(app.db, cfg.sso.oidc!, claims);
        if (linkedNow)
          await logAccountChange(
            app.db,
            req,
            user,
            `账户绑定：首次登录，${SSO_MSG.bound(cfg.sso.oidc!.name)}（${claims.sub}）`,
            req.routeOptions.url ?? '',
          );
        return land({ thirdType: 'oidc', token: await issueLoginToken(app.db, user.id, 'oidc') });
      } catch (e) {
        return land({ thirdType: 'oidc', error: refusal(req, e) });
      }
    },
  );

  route<{ Params: { token: string; thirdType: string } }>(
    app,
    ENDPOINTS.auth.thirdLoginUser,
    { config: { rateLimit: cfg.rateLimits.login } },
    async (req) => {
      const userId = await takeLoginToken(app.db, req.params.token, req.params.thirdType);
      const user = userId ? await findUserById(app.db, userId) : undefined;
      if (!user) return fail(SSO_MSG.badToken);
      assertCanLogin(user);
      await recordAttempt(app.db, user.username, req.ip, true);
      return ok(await loginResult(app.db, user, req, cfg), MSG.loginOk);
    },
  );

  route<{ Querystring: { ticket?: string; service?: string } }>(
    app,
    ENDPOINTS.auth.casValidateLogin,
    { config: { rateLimit: cfg.rateLimits.login } },
    async (req) => {
      const name = providerName(app, 'cas');
      const cas = app.sso.cas!;
      const ticket = String(req.query.ticket ?? '');
      if (!ticket || ticket.length > 256) throw new BizError(SSO_MSG.badTicket);
      const service = req.query.service ?? casService(req, cfg);
      if (service !== casService(req, cfg)) throw new BizError(SSO_MSG.badService);
      // seen once, whatever the CAS server says: a replayed ticket is refused here first
      const key = casTicketKey(ticket);
      if (!(await claimKey(app.db, key, cfg.tokenTtlMs))) throw new BizError(SSO_MSG.badTicket);
      const v = await cas.validate(ticket, service).catch((err: unknown) => {
        req.log.warn({ err }, 'CAS validation failed');
        return { ok: false as const, code: 'UNREACHABLE', message: '' };
      });
      if (!v.ok) throw new BizError(SSO_MSG.badTicket);
      const { user, linkedNow } = await accountOfCas(
        app.db,
        cas.server,
        name,
        cfg.sso.cas!.usernameAttribute,
        v,
      );
      if (linkedNow)
        await logAccountChange(
          app.db,
          req,
          user,
          `账户绑定：首次登录，${SSO_MSG.bound(name)}（${v.user}）`,
          req.routeOptions.url ?? '',
        );
      await recordAttempt(app.db, user.username, req.ip, true);
      const result = await loginResult(app.db, user, req, cfg);
      // single logout names this ticket: remember which session it made
      await setPayload(app.db, key, sha256(result.token));
      return ok(result, MSG.loginOk);
    },
  );

  route<{ Body: { logoutRequest?: string } | undefined }>(app, ENDPOINTS.auth.casLogout, async (req) => {
    const ticket = logoutSessionIndex(String(req.body?.logoutRequest ?? ''));
    if (!ticket) return fail(SSO_MSG.badTicket);
    const row = await liveCode(app.db, casTicketKey(ticket));
    if (row?.payload) await revokeTokenHash(app.db, row.payload);
    return okMessage(MSG.logoutOk);
  });
}

/** The message of a refusal for the client; anything unexpected is logged and told generically. */
function refusal(req: FastifyRequest, e: unknown): string {
  if (e instanceof BizError) return e.message;
  req.log.error({ err: e }, 'single sign-on failed');
  return SSO_MSG.providerRefused;
}

/** Finish linking a CAS identity (the 账户绑定 page after the CAS server's redirect). */
export async function linkCas(
  app: FastifyInstance,
  req: FastifyRequest,
  userId: string,
  ticket: string,
  service: string,
) {
  const name = providerName(app, 'cas');
  const cas = app.sso.cas!;
  if (!(await claimKey(app.db, casTicketKey(ticket), app.config.tokenTtlMs)))
    throw new BizError(SSO_MSG.badTicket);
  const v = await cas.validate(ticket, service);
  if (!v.ok) throw new BizError(SSO_MSG.badTicket);
  await linkIdentity(app.db, userId, casIdentity(cas.server, v), name);
  return { name, identity: v.user };
}
