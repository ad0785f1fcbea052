import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { caller } from './auth.ts';

/**
 * `/websocket/{userId}`: the notification socket. The access token travels as the WebSocket
 * sub-protocol and is echoed back (browsers abort the handshake otherwise); it must belong to
 * `userId`. Open sockets are kept in `app.notices`.
 */
export default fp(async function notifySocket(app: FastifyInstance) {
  await app.register(websocket, {
    options: {
      handleProtocols: (protocols: Set<string>) => protocols.values().next().value ?? false,
      // clients send heartbeats only: a large frame is refused by the socket layer
      maxPayload: 64 * 1024,
    },
  });

  app.get<{ Params: { userId: string } }>(
    ENDPOINTS.socket.notify.path,
    { websocket: true, config: { perm: ENDPOINTS.socket.notify.permission } },
    (socket, req) => {
      const { user } = caller(req);
      if (req.params.userId !== user.id) {
        socket.close(4403, 'forbidden');
        return;
      }
      app.notices.add(user.id, socket);
      socket.on('message', () => socket.send(JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' })));
    },
  );
});
