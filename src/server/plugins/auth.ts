import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ANONYMOUS, AUTHENTICATED, type PermissionRequirement } from '../../shared/permissions.ts';
import { CODE, MSG } from '../../shared/api.ts';
import { fail } from '../lib/http/result.ts';
import type { sysUser } from '../db/schema/index.ts';
import { mayUseTenant, tenantHeader } from '../lib/access/tenant-scope.ts';
import { SessionActivity } from '../lib/access/session-activity.ts';

export type UserRow = typeof sysUser.$inferSelect;

/** Who is calling: set on every request that carried a valid token. */
export interface AuthContext {
  user: UserRow;
  tokenHash: string;
  perms: Set<string>;
  /**
   * the tenant the request names (`tenant-id` or `X-Tenant-Id`, src/server/lib/access/tenant-scope.ts):
   * 0 when none, -1 when the headers are unreadable (refused)
   */
  tenantId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission this route needs; every API route must declare one. */
    perm?: PermissionRequirement;
    /** open to a session whose password must be replaced first (the password change itself) */
    whilePasswordChangeRequired?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** `<METHOD> <route pattern>` → the permission it checks (for tests that hold callers to it) */
    routePermissions: ReadonlyMap<string, PermissionRequirement>;
  }
}

export const TOKEN_HEADER = 'x-access-token';

const unauthorized = (reply: FastifyReply, message: string = MSG.tokenInvalid) =>
  reply.code(401).send(fail(message, CODE.UNAUTHORIZED));

/**
 * Authentication and permission enforcement. Routes declare `config.perm`; a route without one
 * cannot be registered (fail closed). Tokens are read from `X-Access-Token` only, never from URLs.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const activity = new SessionActivity(app.db);

  // the app's registry (buildApp decorates the root with it, so it is seen outside this API scope)
  if (!app.hasDecorator('routePermissions')) app.decorate('routePermissions', new Map());
  const permissions = app.routePermissions as Map<string, PermissionRequirement>;
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    if (!route.config?.perm)
      throw new Error(`Route ${route.method} ${route.url} declares no permission (config.perm)`);
    for (const method of [route.method].flat()) permissions.set(`${method} ${route.url}`, route.config.perm);
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const perm = request.routeOptions.config?.perm;
    if (!perm) return;
    // PostgreSQL: drop what another instance changed before trusting any cache
    await app.cacheEpochs.sync();
    const tokenValue = requestToken(request);
    if (tokenValue) await authenticate(app, request, tokenValue);
    if (request.auth) await activity.touch(request.auth.tokenHash);
    if (perm === ANONYMOUS) return;
    if (!request.auth) return unauthorized(reply);
    if (request.auth.user.mustChangePassword && !request.routeOptions.config?.whilePasswordChangeRequired)
      return reply.code(403).send(fail(MSG.passwordChangeRequired, CODE.PASSWORD_CHANGE_REQUIRED));
    // a tenant header the caller may not use (not theirs, unreadable, two different ones) is
    // refused as JeecgBoot refuses a tenant the user no longer belongs to
    if (request.auth.tenantId < 0 || !mayUseTenant(request.auth))
      return unauthorized(reply, MSG.tenantChanged);
    if (perm === AUTHENTICATED) return;
    if (!request.auth.perms.has(perm)) return reply.code(200).send(fail(MSG.noAuth, CODE.NO_AUTH));
  });
});

/**
 * The access token: `X-Access-Token`, or for a WebSocket handshake the first sub-protocol
 * (browsers cannot set headers on WebSockets). Never read from the URL.
 */
function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token;
  if (request.headers.upgrade?.toLowerCase() !== 'websocket') return undefined;
  return request.headers['sec-websocket-protocol']?.split(',')[0]?.trim() || undefined;
}

async function authenticate(app: FastifyInstance, request: FastifyRequest, token: string): Promise<void> {
  if (token.length > 200) return;
  const found = await app.authCache.resolve(token);
  if (!found) return;
  const tenant = tenantHeader(request.headers);
  request.auth = {
    user: found.user,
    tokenHash: found.tokenHash,
    perms: found.perms,
    tenantId: tenant === 'invalid' ? -1 : tenant,
  };
}

/** The signed-in caller of an AUTHENTICATED or permission-gated route. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('caller() used on an anonymous route');
  return request.auth;
}
