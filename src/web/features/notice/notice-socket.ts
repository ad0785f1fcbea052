/**
 * The notification socket of the bell (`/websocket/{userId}`, token as sub-protocol, spec §4 and
 * §9): heartbeat `HeartBeat` every 20 s; on error the count goes up and after more than 5 errors
 * reconnection locks, otherwise it retries after 20 s; a close also retries. Every (re)open and
 * every `topic`/`user` message asks the bell to re-read its list, so nothing is lost across a
 * reconnect.
 */
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { pathOf } from '../../../shared/contracts.ts';
import { apiBase } from '../../lib/api-client.ts';
import { socketUrl } from '../../components/data-grid/import/import-logic.ts';

/** Spec §9: heartbeat and reconnect delays, and how many errors lock reconnection. */
export const NOTICE_SOCKET = { heartbeatMs: 20_000, reconnectMs: 20_000, maxErrors: 5 } as const;

/** A server message asking for the list again; `msgTxt` (and its category) when a notice arrived. */
export interface NoticeReload {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
  msgCategory?: string;
}

/** What the socket tells its owner. */
export interface NoticeSocketEvents {
  /** re-read the list (a notice arrived, or the socket (re)opened) */
  reload(message?: NoticeReload): void;
  /** the dictionaries changed (cmd `dict`, the 刷新字典缓存 job): read them again */
  dicts?(): void;
}

/** Whether a server message says the dictionaries changed. */
export const isDictsChanged = (data: unknown): boolean =>
  typeof data === 'string' && /^\{\s*"cmd"\s*:\s*"dict"/.test(data);

/** Whether a server message asks for the list again. */
export function isNoticeReload(data: unknown): NoticeReload | null {
  if (typeof data !== 'string') return null;
  try {
    const m = JSON.parse(data) as { cmd?: unknown };
    return m && (m.cmd === 'topic' || m.cmd === 'user') ? (m as { cmd: string }) : null;
  } catch {
    return null;
  }
}

/** Open and keep the socket; the result stops it for good. */
export function connectNoticeSocket(
  userId: string,
  token: string,
  events: NoticeSocketEvents,
  make: (url: string, protocols: string[]) => WebSocket = (u, p) => new WebSocket(u, p),
): () => void {
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let errors = 0;
  let stopped = false;

  const schedule = () => {
    if (stopped || retry || errors > NOTICE_SOCKET.maxErrors) return;
    retry = setTimeout(() => {
      retry = undefined;
      open();
    }, NOTICE_SOCKET.reconnectMs);
  };

  function open() {
    if (stopped) return;
    try {
      socket = make(
        socketUrl(apiBase(), pathOf(ENDPOINTS.socket.notify, { userId }), window.location.origin),
        [token],
      );
    } catch {
      errors += 1;
      schedule();
      return;
    }
    socket.onopen = () => {
      events.reload();
      clearInterval(heartbeat);
      heartbeat = setInterval(
        () => socket?.readyState === 1 && socket.send('HeartBeat'),
        NOTICE_SOCKET.heartbeatMs,
      );
    };
    socket.onmessage = (e) => {
      const m = isNoticeReload(e.data);
      if (m) events.reload(m);
      else if (isDictsChanged(e.data)) events.dicts?.();
    };
    socket.onerror = () => {
      errors += 1;
    };
    socket.onclose = () => {
      clearInterval(heartbeat);
      schedule();
    };
  }

  open();
  return () => {
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(retry);
    socket?.close();
  };
}
