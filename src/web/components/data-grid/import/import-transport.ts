/**
 * The import's wire: the multipart upload through XMLHttpRequest (fetch cannot report upload
 * progress) with the same headers as every API call, and the server's progress notices from the
 * user's notification socket (`/websocket/{userId}`, token as sub-protocol).
 */
import { ApiError, apiBase, apiUrl, authHeaders, REQUEST_TIMEOUT_MS } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { readProgress, socketUrl, type ImportProgress } from './import-logic.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { pathOf } from '../../../../shared/contracts.ts';

/** How long the upload waits for the progress socket to open. */
const SOCKET_WAIT_MS = 2000;

/**
 * POST `form` to an API path, reporting the upload fraction (0–1). Resolves with the parsed JSON
 * body; rejects with an ApiError on a transport or HTTP failure. The request timeout of spec §7
 * counts only once the upload is complete: a large file on a slow line is not cut off.
 */
export function postWithProgress(
  path: string,
  form: FormData,
  onUpload: (fraction: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    let timer: ReturnType<typeof setTimeout> | undefined;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onUpload(e.loaded / e.total);
    };
    xhr.upload.onload = () => {
      onUpload(1);
      // the server now imports: allow it the import time plus the usual request timeout
      timer = setTimeout(() => xhr.abort(), REQUEST_TIMEOUT_MS * 20);
    };
    xhr.onload = () => {
      clearTimeout(timer);
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200 && body) return resolve(body);
      const message = (body as { message?: string } | undefined)?.message;
      reject(new ApiError(message || `请求失败 (${xhr.status})`, undefined, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('网络超时'));
    xhr.onabort = () => reject(new ApiError('网络超时'));
    xhr.send(form);
  });
}

/**
 * Listen for the progress notices of one import (`key`); resolves, once the socket is open (or
 * could not open), to a stop function. Without a signed-in user or WebSocket support it does
 * nothing: the dialog then shows only the upload progress.
 */
export function watchImportProgress(
  key: string,
  onProgress: (p: ImportProgress) => void,
): Promise<() => void> {
  const { token, userInfo } = session.get();
  const none = () => undefined;
  if (!token || !userInfo?.id || typeof WebSocket === 'undefined') return Promise.resolve(none);
  let socket: WebSocket;
  try {
    socket = new WebSocket(
      socketUrl(
        apiBase(),
        pathOf(ENDPOINTS.socket.notify, { userId: String(userInfo.id) }),
        window.location.origin,
      ),
      [token],
    );
  } catch {
    return Promise.resolve(none);
  }
  socket.onmessage = (e) => {
    const p = readProgress(e.data, key);
    if (p) onProgress(p);
  };
  const stop = () => socket.close();
  return new Promise((resolve) => {
    // progress is a nicety: never hold the upload back for long
    const giveUp = setTimeout(() => resolve(stop), SOCKET_WAIT_MS);
    const ready = () => {
      clearTimeout(giveUp);
      resolve(stop);
    };
    socket.onopen = ready;
    socket.onerror = ready;
  });
}

/** A random key matching this upload's progress notices. */
export const newProgressKey = (): string =>
  (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(
    /[^A-Za-z0-9_-]/g,
    '',
  );
