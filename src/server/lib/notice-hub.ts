import type { WebSocket } from '@fastify/websocket';

/** Server → client notice of the notification socket (jeecg-api.md §9.1). */
export interface NoticeMessage {
  cmd: 'topic' | 'user' | 'heartcheck' | 'email' | 'sign' | 'publish';
  msgId?: string;
  msgTxt?: string;
}

/** The notification sockets open on this instance, by user id. */
export class NoticeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();

  add(userId: string, socket: WebSocket): void {
    const set = this.sockets.get(userId) ?? new Set<WebSocket>();
    this.sockets.set(userId, set.add(socket));
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    });
  }

  /** Send to one user's sockets, or to everyone when userId is null. */
  send(userId: string | null, message: NoticeMessage): void {
    const text = JSON.stringify(message);
    const targets = userId ? [this.sockets.get(userId) ?? new Set<WebSocket>()] : [...this.sockets.values()];
    for (const set of targets) for (const s of set) if (s.readyState === s.OPEN) s.send(text);
  }
}
