import type { WebSocket } from '@fastify/websocket';
import type { BusLog, PgBus } from './pg-bus.ts';

/** Server → client notice of the notification socket (jeecg-api.md §9.1). */
export interface NoticeMessage {
  /** `dict`: the dictionaries changed, re-read them */
  cmd: 'topic' | 'user' | 'heartcheck' | 'email' | 'sign' | 'publish' | 'dict';
  msgId?: string;
  msgTxt?: string;
  /** an announcement's category (msg_category: 1 通知公告, 2 系统消息) */
  msgCategory?: string;
}

/**
 * Progress of a long task the user started (an Excel import), matched by the client's `key`.
 * `total` 0 means not known yet.
 */
export interface ProgressMessage {
  cmd: 'progress';
  key: string;
  done: number;
  total: number;
  title: string;
}

/** What travels on the bus: JeecgBoot's Redis `socketHandler` message (`userId` null = everyone). */
interface NoticeEnvelope {
  userId: string | null;
  message: NoticeMessage | ProgressMessage;
}

/** Bus channel of notification-socket messages. */
export const NOTICE_CHANNEL = 'care_notice';

/**
 * The notification sockets open on this instance, by user id. `send` goes through the bus, so a
 * notice reaches the user's sockets on every instance; each instance delivers to its own.
 */
export class NoticeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();

  constructor(
    private readonly bus: PgBus,
    private readonly log: BusLog,
  ) {}

  /** Start receiving notices from every instance (app ready). */
  async start(): Promise<void> {
    await this.bus.subscribe<NoticeEnvelope>(NOTICE_CHANNEL, (e) => this.deliver(e.userId, e.message));
  }

  /** Number of open notice sockets on this instance (metrics). */
  get size(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  add(userId: string, socket: WebSocket): void {
    const set = this.sockets.get(userId) ?? new Set<WebSocket>();
    this.sockets.set(userId, set.add(socket));
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    });
  }

  /** Send to one user's sockets, or to everyone when userId is null, on every instance. */
  send(userId: string | null, message: NoticeMessage | ProgressMessage): void {
    const envelope: NoticeEnvelope = { userId, message };
    // an oversized title is dropped: the client reloads the notice list on `cmd` alone
    const fallback = (): NoticeEnvelope => ({
      userId,
      message: message.cmd === 'progress' ? message : { cmd: message.cmd, msgId: message.msgId },
    });
    this.bus
      .publish(NOTICE_CHANNEL, envelope, fallback)
      .catch((e: unknown) => this.log.error({ err: e }, 'notice publish failed'));
  }

  /** Deliver to this instance's sockets only. */
  private deliver(userId: string | null, message: NoticeMessage | ProgressMessage): void {
    const text = JSON.stringify(message);
    const targets = userId ? [this.sockets.get(userId) ?? new Set<WebSocket>()] : [...this.sockets.values()];
    for (const set of targets) for (const s of set) if (s.readyState === s.OPEN) s.send(text);
  }
}
