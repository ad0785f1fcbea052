import { pathOf } from '../../../../shared/contracts.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

/** Spec §9: heartbeat every 10 s after a reply, reply timeout 6 s, reconnect after 5 s. */
export const HEARTBEAT_INTERVAL_MS = 10_000;
export const REPLY_TIMEOUT_MS = 6_000;
export const RECONNECT_DELAY_MS = 5_000;

const HEART_BEAT = JSON.stringify({ type: 'heart_beat', data: '' });

/** The part of a browser WebSocket this client uses (a fake in tests). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
}

/** Injected platform pieces: the WebSocket constructor and timers. */
export interface VxeSocketDeps {
  WebSocket: new (url: string, protocols?: string | string[]) => SocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Optional observers of the connection and of server callback messages. */
export interface VxeSocketHandlers {
  /** connection state changes (for a status dot); `open` after each (re)connect */
  onStatus?(status: 'open' | 'closed'): void;
  /** `common_send_date` messages: `{key, args}` for registered callbacks */
  onCommon?(key: string, args: unknown[]): void;
}

/** A grid's view of row updates: the row and the `caseId` of the grid that saved it. */
export type RowListener = (row: Record<string, unknown>, caseId: string) => void;

interface Registration {
  socketKey: string;
  caseId: string;
  listener: RowListener;
}

/**
 * The realtime-grid socket of one browser page (`/vxeSocket/{userId}/{pageId}`), shared by every
 * grid on it. Connects once; sends `heart_beat` on open and 10 s after each reply; without a reply
 * within 6 s, or on error/close, it drops the socket and reconnects after 5 s. `update_vxe_table`
 * messages go to the grids bound to their `socketKey`, except the grid whose `caseId` saved the row.
 */
/** Close codes of a refused socket (server plugin vxe-socket.ts): never retried. */
const REFUSED = new Set([4401, 4403]);

export class VxeSocket {
  private socket: SocketLike | null = null;
  private readonly registrations = new Set<Registration>();
  private heartbeatTimer: unknown = null;
  private replyTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private disposed = false;

  constructor(
    private readonly url: string,
    private readonly token: string | null,
    private readonly handlers: VxeSocketHandlers,
    private readonly deps: VxeSocketDeps,
  ) {}

  /** Open the socket unless it is already open, opening or waiting to reconnect. */
  connect(): void {
    if (this.disposed || this.socket || this.reconnectTimer !== null) return;
    const ws = this.token
      ? new this.deps.WebSocket(this.url, [this.token])
      : new this.deps.WebSocket(this.url);
    this.socket = ws;
    ws.onopen = () => {
      this.handlers.onStatus?.('open');
      this.sendHeartbeat();
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = () => this.drop();
    // refused (bad token 4401, not this user 4403): retrying with the same token cannot succeed;
    // a new sign-in creates a new socket
    ws.onclose = (ev) => (REFUSED.has(ev?.code) ? this.dispose() : this.drop());
  }

  /** Receive rows saved for `socketKey` by anyone but `caseId`. Returns the unsubscribe. */
  listen(socketKey: string, caseId: string, listener: RowListener): () => void {
    const reg: Registration = { socketKey, caseId, listener };
    this.registrations.add(reg);
    return () => this.registrations.delete(reg);
  }

  /** Number of grids listening (the shared socket closes when it reaches 0). */
  get listeners(): number {
    return this.registrations.size;
  }

  /** Close for good: no reconnect, no more timers. */
  dispose(): void {
    this.disposed = true;
    this.clearTimers();
    if (this.reconnectTimer !== null) this.deps.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.detachAndClose();
  }

  private sendHeartbeat(): void {
    this.heartbeatTimer = null;
    if (!this.socket) return;
    try {
      this.socket.send(HEART_BEAT);
    } catch {
      this.drop();
      return;
    }
    this.replyTimer = this.deps.setTimeout(() => {
      this.replyTimer = null;
      this.drop();
    }, REPLY_TIMEOUT_MS);
  }

  private receive(data: unknown): void {
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'heart_beat') {
      if (this.replyTimer === null) return;
      this.deps.clearTimeout(this.replyTimer);
      this.replyTimer = null;
      this.heartbeatTimer = this.deps.setTimeout(() => this.sendHeartbeat(), HEARTBEAT_INTERVAL_MS);
    } else if (message.type === 'update_vxe_table') {
      this.dispatch(message.data);
    } else if (message.type === 'common_send_date') {
      const d = message.data as { key?: unknown; args?: unknown } | null;
      if (typeof d?.key === 'string') this.handlers.onCommon?.(d.key, Array.isArray(d.args) ? d.args : []);
    }
  }

  private dispatch(data: unknown): void {
    const d = data as { socketKey?: unknown; args?: unknown } | null;
    if (typeof d?.socketKey !== 'string' || !Array.isArray(d.args)) return;
    const [row, caseId] = d.args as [unknown, unknown];
    if (!row || typeof row !== 'object') return;
    const from = typeof caseId === 'string' ? caseId : '';
    for (const reg of [...this.registrations]) {
      if (reg.socketKey !== d.socketKey || (from !== '' && reg.caseId === from)) continue;
      reg.listener(row as Record<string, unknown>, from);
    }
  }

  /** The socket failed, closed or stopped answering: forget it and reconnect in 5 s. */
  private drop(): void {
    if (!this.socket) return;
    this.clearTimers();
    this.detachAndClose();
    this.handlers.onStatus?.('closed');
    if (this.disposed || this.reconnectTimer !== null) return;
    this.reconnectTimer = this.deps.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, RECONNECT_DELAY_MS);
  }

  private detachAndClose(): void {
    const ws = this.socket;
    this.socket = null;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    try {
      ws.close();
    } catch {
      // closing a socket that never opened may throw in some browsers; it is gone either way
    }
  }

  private clearTimers(): void {
    if (this.heartbeatTimer !== null) this.deps.clearTimeout(this.heartbeatTimer);
    if (this.replyTimer !== null) this.deps.clearTimeout(this.replyTimer);
    this.heartbeatTimer = this.replyTimer = null;
  }
}

/**
 * `ws(s)://…/vxeSocket/{userId}/{pageId}` from the API base: an absolute `http(s)://` base keeps
 * its host; a path base (`/jeecg-boot`) is resolved against the page's location.
 */
export function vxeSocketUrl(
  apiBase: string,
  userId: string,
  pageId: string,
  location: { protocol: string; host: string },
): string {
  const base = apiBase.replace(/\/+$/, '');
  const path = pathOf(ENDPOINTS.socket.grid, { userId, pageId });
  const absolute = /^(https?):\/\/(.*)$/i.exec(base);
  if (absolute) return `${absolute[1]!.toLowerCase() === 'https' ? 'wss' : 'ws'}://${absolute[2]}${path}`;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${base.startsWith('/') ? '' : '/'}${base}${path}`;
}
