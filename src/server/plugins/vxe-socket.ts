import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from '@fastify/websocket';
import { AUTHENTICATED } from '../../shared/permissions.ts';
import { userPermissionCodes } from '../repos/permissions.ts';
import { resolveToken } from '../repos/tokens.ts';
import { caller } from './auth.ts';

/** The client's page id: JeecgBoot sends a random UUID; anything id-like and short is accepted. */
const PAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const HEART_BEAT_REPLY = JSON.stringify({ type: 'heart_beat', data: true });

/** Close code for a socket whose token was revoked or expired (or whose user was frozen). */
export const CLOSE_TOKEN_INVALID = 4401;

/** The message type of a client frame, or null when it is not a `{type, data}` JSON envelope. */
function messageType(raw: unknown): string | null {
  const text = String(raw);
  if (text.length > 4096) return null;
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
 * `userId`. The socket joins `app.realtime` with its user's permission codes, which decide which
 * published rows it receives. Each heartbeat re-checks the token and refreshes those codes, so a
 * logout, freeze or role change takes effect within one heartbeat (10 s).
 *
 * Client frames: `heart_beat` is answered. `update_vxe_table` is ignored on purpose: JeecgBoot
 * rebroadcasts the client's row to every socket, which lets any user push arbitrary rows into
 * everyone's screens (and read nothing checks). Here only the server publishes rows, after a save
 * that passed its route's permission and validation (`app.realtime.publish`).
 */
export default fp(async function vxeSocket(app: FastifyInstance) {
  async function heartBeat(socket: WebSocket, token: string, userId: string): Promise<void> {
    const found = await resolveToken(app.db, token);
    if (!found || found.user.id !== userId) {
      socket.close(CLOSE_TOKEN_INVALID, 'token invalid');
      return;
    }
    app.realtime.updatePerms(socket, await userPermissionCodes(app.db, userId));
    if (socket.readyState === socket.OPEN) socket.send(HEART_BEAT_REPLY);
  }

  app.get<{ Params: { userId: string; pageId: string } }>(
    '/vxeSocket/:userId/:pageId',
    { websocket: true, config: { perm: AUTHENTICATED } },
    (socket, req) => {
      const { user, perms } = caller(req);
      if (req.params.userId !== user.id || !PAGE_ID.test(req.params.pageId)) {
        socket.close(4403, 'forbidden');
        return;
      }
      const token = handshakeToken(req);
      app.realtime.add(socket, user.id, perms);
      // heartbeats are answered in arrival order, each after its own token check
      let chain = Promise.resolve();
      socket.on('message', (raw) => {
        if (messageType(raw) !== 'heart_beat') return;
        chain = chain
          .then(() => heartBeat(socket, token, user.id))
          .catch((err: unknown) => req.log.error({ err }, 'vxeSocket heartbeat failed'));
      });
    },
  );
});
