import { mayUseTenant, tenantAccess } from '../lib/access/tenant-scope.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from '@fastify/websocket';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { userPermissionCodes } from '../repos/permissions.ts';
import { resolveToken } from '../repos/tokens.ts';
import { caller, type AuthContext } from './auth.ts';
import { inLane } from '../db/priority-pool.ts';

/** The client's page id: JeecgBoot sends a random UUID; anything id-like and short is accepted. */
const PAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const HEART_BEAT_REPLY = JSON.stringify({ type: 'heart_beat', data: true });

/** Close code for a socket whose token was revoked or expired (or whose user was frozen). */
export const CLOSE_TOKEN_INVALID = 4401;

/** Close code for a socket whose re-check could not be made (the database failed): it reconnects. */
const CLOSE_CHECK_FAILED = 1011;

/** Fewest milliseconds between two token re-checks of one socket (heartbeats come every 10 s). */
const RECHECK_MS = 1_000;

/** The message type of a client frame, or null when it is not a `{type, data}` JSON envelope. */
function messageType(raw: unknown): string | null {
  const size = Buffer.isBuffer(raw) || typeof raw === 'string' ? raw.length : Infinity;
  if (size > 4096) return null;
  const text = String(raw);
  try {
    const parsed = JSON.parse(text) as { type?: unknown };
    return typeof parsed?.type === 'string' ? parsed.type : null;
  } catch {
    return null;
  }
}

/** The token the handshake authenticated with (header, or the first sub-protocol as browsers send it). */
function handshakeToken(req: FastifyRequest): string {
  const header = req.headers['x-access-token'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader || (req.headers['sec-websocket-protocol']?.split(',')[0]?.trim() ?? '');
}

/**
 * `/vxeSocket/{userId}/{pageId}`: the realtime-grid socket (jeecg-api.md §9.2). The token is the
 * sub-protocol (echoed by the websocket plugin registered in notify-socket.ts) and must belong to
 * `userId`. The socket joins `app.realtime` with its user's permission codes and tenants, which
 * decide which published rows it receives. Heartbeats re-check the token and refresh both (at most
 * every 1 s), and so does any change to users, roles, grants or tokens (the `auth` cache epoch), so
 * a logout, freeze, role change or tenant change takes effect before the next row, whether or not
 * the client sends heartbeats; a socket naming a tenant its user has left is closed.
 *
 * Client frames: `heart_beat` is answered. `update_vxe_table` is ignored on purpose: JeecgBoot
 * rebroadcasts the client's row to every socket, which lets any user push arbitrary rows into
 * everyone's screens (and read nothing checks). Here only the server publishes rows, after a save
 * that passed its route's permission and validation (`app.realtime.publish`).
 */
/** Rows of tenant-owned kinds reach a socket only when they are of a tenant its user reaches. */
function reachOf(auth: AuthContext): 'all' | readonly number[] {
  const access = tenantAccess(auth);
  return access.all ? 'all' : access.ids;
}

export default fp(async function vxeSocket(app: FastifyInstance) {
  /**
   * Re-check an open socket's user: closed when the token no longer holds (logout, freeze, deleted
   * user) or names a tenant the user has left; else its permission codes and tenants are refreshed.
   */
  async function recheck(socket: WebSocket, token: string, opened: AuthContext): Promise<boolean> {
    const found = await resolveToken(app.db, token);
    if (!found || found.user.id !== opened.user.id) {
      socket.close(CLOSE_TOKEN_INVALID, 'token invalid');
      return false;
    }
    // the user as they are now, with the tenant the socket named when it opened
    const now: AuthContext = {
      ...opened,
      user: found.user,
      perms: await userPermissionCodes(app.db, found.user.id),
    };
    if (!mayUseTenant(now)) {
      socket.close(CLOSE_TOKEN_INVALID, 'tenant changed');
      return false;
    }
    app.realtime.updateAccess(
      socket,
      now.perms,
      reachOf(now),
      await ruleBoundOf(found.user.id),
      found.user.partnerId ?? null,
    );
    return true;
  }

  /** The menus whose lists the user sees through data rules: their rows come as reload rows. */
  const ruleBoundOf = async (userId: string): Promise<ReadonlySet<string>> =>
    new Set((await app.dataRules.rulesOf(userId)).byComponent.keys());
  /** read before the handshake completes, so that no row reaches the socket before they are known */
  const ruleBoundAtOpen = new WeakMap<FastifyRequest, ReadonlySet<string>>();

  // a change to users, roles, grants or tokens re-checks every open socket at once, whether or not
  // its client keeps sending heartbeats
  const checks = new Map<WebSocket, () => void>();
  app.cacheEpochs.onDrop('auth', () =>
    // background work, whichever request noticed the change
    inLane('read', () => {
      for (const check of checks.values()) check();
    }),
  );

  app.get<{ Params: { userId: string; pageId: string } }>(
    ENDPOINTS.socket.grid.path,
    {
      websocket: true,
      config: { perm: ENDPOINTS.socket.grid.permission },
      preHandler: async (req) => {
        if (req.auth) ruleBoundAtOpen.set(req, await ruleBoundOf(req.auth.user.id));
      },
    },
    (socket, req) => {
      const auth = caller(req);
      const { user, perms } = auth;
      if (req.params.userId !== user.id || !PAGE_ID.test(req.params.pageId)) {
        socket.close(4403, 'forbidden');
        return;
      }
      const token = handshakeToken(req);
      app.realtime.add(
        socket,
        user.id,
        perms,
        reachOf(auth),
        ruleBoundAtOpen.get(req) ?? null,
        user.partnerId ?? null,
      );
      // A heartbeat re-checks the token at most every RECHECK_MS and answers from that check in
      // between; heartbeats arriving while a check runs are answered by it (a flood costs no
      // queries). A change elsewhere asked for while a check runs re-checks once more after it. A
      // check that fails closes the socket: the client reconnects, and is checked then.
      let checking = false;
      let again = false;
      let replyDue = false;
      let checkedAt = 0;
      const check = (reply: boolean) => {
        replyDue ||= reply;
        if (checking) {
          again = true;
          return;
        }
        checking = true;
        again = false;
        const answer = replyDue;
        replyDue = false;
        recheck(socket, token, auth)
          .then((open) => {
            if (open && answer && socket.readyState === socket.OPEN) socket.send(HEART_BEAT_REPLY);
          })
          .catch((err: unknown) => {
            req.log.error({ err }, 'vxeSocket re-check failed');
            socket.close(CLOSE_CHECK_FAILED, 'check failed');
          })
          .finally(() => {
            checking = false;
            checkedAt = Date.now();
            if (again) check(false);
            else if (replyDue && socket.readyState === socket.OPEN) {
              // a heartbeat that came while the check ran: answered from it
              replyDue = false;
              socket.send(HEART_BEAT_REPLY);
            }
          });
      };
      checks.set(socket, () => check(false));
      socket.on('close', () => checks.delete(socket));
      socket.on('message', (raw) => {
        if (messageType(raw) !== 'heart_beat') return;
        if (checking) {
          replyDue = true;
          return;
        }
        if (Date.now() - checkedAt < RECHECK_MS) {
          if (socket.readyState === socket.OPEN) socket.send(HEART_BEAT_REPLY);
          return;
        }
        check(true);
      });
    },
  );
});
