import { useEffect, useRef, useState } from 'react';
import { apiBase } from '../../../lib/api-client.ts';
import { session, useSession } from '../../../lib/session.ts';
import { VxeSocket, vxeSocketUrl, type RowListener } from './vxe-socket.ts';

/** Random per browser page (JeecgBoot's `pageId`): one socket per page, shared by every grid. */
const PAGE_ID = crypto.randomUUID();

/** Header a save request may carry so that the saving grid skips its own echo. */
export const VXE_CASE_ID_HEADER = 'X-Vxe-Case-Id';

let shared: { socket: VxeSocket; user: string; token: string | null } | null = null;

const browserDeps = {
  WebSocket: globalThis.WebSocket,
  setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => globalThis.clearTimeout(handle as number),
};

/** The page's socket for the signed-in user, (re)created when the user or token changes. */
function acquire(): VxeSocket | null {
  const { userInfo, token } = session.get();
  if (!userInfo?.id || !token) return null;
  if (shared && (shared.user !== userInfo.id || shared.token !== token)) {
    shared.socket.dispose();
    shared = null;
  }
  if (!shared) {
    const url = vxeSocketUrl(apiBase(), userInfo.id, PAGE_ID, window.location);
    shared = { socket: new VxeSocket(url, token, {}, browserDeps), user: userInfo.id, token };
  }
  shared.socket.connect();
  return shared.socket;
}

function release(socket: VxeSocket): void {
  if (shared?.socket === socket && socket.listeners === 0) {
    socket.dispose();
    shared = null;
  }
}

/**
 * Apply rows saved elsewhere (another user, tab or server instance) to a grid bound to
 * `socketKey` (`update_vxe_table` of `/vxeSocket`). Returns this grid's `caseId`: send it as
 * {@link VXE_CASE_ID_HEADER} with saves so that this grid is not told about its own rows.
 * A row may arrive as `{id}` only (too large to broadcast): refetch it then. No key: no socket.
 */
export function useVxeSocket(socketKey: string | undefined, onRow: RowListener): { caseId: string } {
  const [caseId] = useState(() => crypto.randomUUID());
  const latest = useRef(onRow);
  const { userInfo, token } = useSession();
  useEffect(() => {
    latest.current = onRow;
  });
  useEffect(() => {
    if (!socketKey) return;
    const socket = acquire();
    if (!socket) return;
    const stop = socket.listen(socketKey, caseId, (row, from) => latest.current(row, from));
    return () => {
      stop();
      release(socket);
    };
  }, [socketKey, caseId, userInfo?.id, token]);
  return { caseId };
}
