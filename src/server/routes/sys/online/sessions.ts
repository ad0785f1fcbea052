import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { MSG } from '../../../../shared/api.ts';
import { caller } from '../../../plugins/auth.ts';
import { route } from '../../../lib/http/route.ts';
import { fail, ok, okMessage, page } from '../../../lib/http/result.ts';
import { oneParam, parseWith } from '../../../lib/http/validate.ts';
import { formatDateTime } from '../../../lib/http/time.ts';
import { liveSessions, revokeSession, sessionIdOf } from '../../../repos/online.ts';
import { userReach } from '../../../repos/user-tenants.ts';
import { withoutFields } from '../../../repos/users.ts';
import { hiddenUserFields } from '../user/read.ts';

type Q = Record<string, string | string[] | undefined>;

const int = (v: string | undefined, fallback: number, max: number) => {
  const n = v && /^\d{1,6}$/.test(v) ? Number(v) : fallback;
  return Math.min(Math.max(n, 1), max);
};

/** `{token}`: the public session id the online list shows (never a token; JeecgBoot's field name). */
const forceLogoutSchema = z.object({
  token: z
    .string({ error: MSG.tokenBad })
    .trim()
    .regex(/^[0-9a-f]{32}$/, MSG.tokenBad),
});

/**
 * 在线用户 (jeecg-api.md §6.11): the live sessions, each by a public session id in `id` and in
 * `token` (the field the JeecgBoot client sends back to force a logout) — never the token itself —
 * and the forced logout, which revokes the session's token row: its next request is refused. Both
 * reach only the sessions of users the caller's tenants reach.
 */
export default async function onlineRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  route<{ Querystring: Q }>(app, ENDPOINTS.online.list, async (req) => {
    const pageNo = int(oneParam(req.query, 'pageNo'), 1, 100_000);
    const pageSize = int(oneParam(req.query, 'pageSize'), 10, 1000);
    const mine = caller(req).tokenHash;
    const { rows, total } = await liveSessions(db, {
      username: oneParam(req.query, 'username'),
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
      // only the sessions of users the caller's tenants reach
      reach: userReach(req),
    });
    const records = rows.map(({ token, user }) => {
      const id = sessionIdOf(token.tokenHash);
      return {
        id,
        token: id,
        userId: user.id,
        username: user.username,
        realname: user.realname,
        avatar: user.avatar,
        birthday: user.birthday,
        sex: user.sex,
        phone: user.phone,
        loginTime: formatDateTime(token.createdAt, tz),
        expireTime: formatDateTime(token.expiresAt, tz),
        ip: token.ip,
        userAgent: token.userAgent,
        /** the caller's own session (the page does not offer to force it out) */
        current: token.tokenHash === mine,
      };
    });
    // nor the user fields the caller may not see (field rights, as in /sys/user/list)
    return ok(page(withoutFields(records, await hiddenUserFields(app, req)), total, pageNo, pageSize));
  });

  route(app, ENDPOINTS.online.forceLogout, async (req) => {
    const { token } = parseWith(forceLogoutSchema, req.body);
    // another tenant's session is as unknown as one that does not exist
    const revoked = await revokeSession(db, token, userReach(req));
    if (!revoked) return fail(MSG.tokenBad);
    return okMessage(MSG.logoutOk);
  });
}
