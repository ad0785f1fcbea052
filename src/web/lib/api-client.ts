import { ofetch, FetchError } from 'ofetch';
import type { Result } from '../../shared/api.ts';
import { session } from './session.ts';
import { notify } from './notify.ts';
import { confirmDialog } from './dialogs.ts';
import { signInAgain } from './reauth.ts';
import { pathOf, type EndpointContract } from '../../shared/contracts.ts';
import { isSignedPath, signHeaders } from '../../shared/dict-sign.ts';

/** Request timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 9000;

/** API base path: build-time default (`/jeecg-boot`), overridable at run time to point at another server. */
export function apiBase(): string {
  return localStorage.getItem('API_BASE') || __API_BASE__;
}

/** A business failure (`success:false`) or a transport failure, with the message to show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly status?: number,
    /** the session has expired: the page is signing out and reloading (spec §8) */
    readonly sessionExpired = false,
  ) {
    super(message);
  }
}

/** How long the 401 notification shows before the sign-out reload (spec §8). */
export const EXPIRED_RELOAD_MS = 1500;
export const EXPIRED_MESSAGE = '很抱歉，登录已过期，请重新登录';

/** Set once the session is known to be expired: parallel failures show it only once. */
let expiring = false;
let expiredToken: string | null = null;
// a new sign-in (a token other than the expired one) is a new session that may expire again
session.subscribe(() => {
  const { token } = session.get();
  if (expiring && token && token !== expiredToken) expiring = false;
});

/** Spec §8: what each HTTP failure shows and does. */
async function handleHttpError(status: number | undefined, body: unknown): Promise<ApiError> {
  const message = (body as { message?: string } | undefined)?.message ?? '';
  if (status === 401) {
    if (!expiring) {
      expiring = true;
      expiredToken = session.get().token;
      notify('error', EXPIRED_MESSAGE, '登录已过期');
      session.clear();
      setTimeout(() => window.location.reload(), EXPIRED_RELOAD_MS);
    }
    return new ApiError(EXPIRED_MESSAGE, 401, status, true);
  }
  if (status === 500 && message.includes('Token失效')) {
    if (!expiring) {
      expiring = true;
      expiredToken = session.get().token;
      void confirmDialog('登录已过期', EXPIRED_MESSAGE, '重新登录', null).then(() => {
        session.clear();
        window.location.reload();
      });
    }
    return new ApiError(EXPIRED_MESSAGE, 500, status, true);
  }
  const text =
    status === 403
      ? '拒绝访问'
      : status === 404
        ? '很抱歉，资源未找到!'
        : status === 504 || status === undefined
          ? '网络超时'
          : message || `请求失败 (${status})`;
  notify('error', text, status === 403 ? '系统提示' : undefined);
  return new ApiError(text, undefined, status);
}

/** The headers every request carries (spec §7): the access token when signed in and the tenant id. */
export function authHeaders(): Record<string, string> {
  const { token, tenantId } = session.get();
  return { ...(token ? { 'X-Access-Token': token } : {}), 'tenant-id': String(tenantId || 0) };
}

/** The absolute URL of an API path under the configured base. */
export const apiUrl = (path: string): string => `${apiBase()}/${path.replace(/^\//, '')}`;

const client = ofetch.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  onRequest({ request, options }) {
    const headers = new Headers(options.headers);
    // a header the call set itself (a token not yet stored in the session) wins
    for (const [k, v] of Object.entries(authHeaders())) if (!headers.has(k)) headers.set(k, v);
    options.headers = headers;
    const url = typeof request === 'string' ? request : request.url;
    if ((options.method ?? 'GET').toUpperCase() === 'GET' && !url.includes('sys/dict/getDictItems')) {
      options.query = { ...options.query, _t: Math.floor(Date.now() / 1000) };
    }
  },
});

export type Query = Record<string, unknown>;

let signatureSecret: string | undefined;

/** The secret of the signed dictionary calls (from the permissions answer); none: calls go unsigned. */
export function setSignatureSecret(secret: string | undefined): void {
  signatureSecret = secret || undefined;
}

/** X-Sign/X-TIMESTAMP of a signed dictionary call when a secret is known (MD5 loaded on first use). */
async function signatureOf(path: string, query: Query | undefined): Promise<Record<string, string>> {
  if (!signatureSecret || !isSignedPath(path)) return {};
  const { default: md5 } = await import('crypto-js/md5');
  return signHeaders(path, query ?? {}, signatureSecret, (text) => md5(text).toString());
}

/** One call: returns the unwrapped body (Result for JSON endpoints); HTTP failures follow spec §8. */
export async function request<T = Result>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  try {
    return await client<T>(apiUrl(path), {
      method,
      headers: { ...(await signatureOf(path, opts.query)), ...opts.headers },
      query: opts.query,
      body: opts.body as BodyInit | Record<string, unknown>,
    });
  } catch (e) {
    if (!(e instanceof FetchError)) throw e;
    // an expired session: the same account signs in again and the call runs again, so the page
    // keeps its unsaved work; signing out instead ends as spec §8 says (notice, reload)
    if (e.response?.status === 401 && (await signedInAgain())) return request<T>(method, path, opts);
    throw await handleHttpError(e.response?.status, e.data);
  }
}

/** Whether the expired session's account signed in again (none signed in: nobody to ask). */
async function signedInAgain(): Promise<boolean> {
  const { token, userInfo } = session.get();
  const username = userInfo?.username;
  if (!token || !username || expiring) return false;
  return signInAgain(username);
}

/** A Result's payload, or an ApiError carrying the server message when `success` is false. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { query?: Query; body?: unknown } = {},
): Promise<T> {
  const res = await request<Result<T>>(method, path, opts);
  if (!res || typeof res !== 'object' || !('success' in res)) return res as T;
  if (!res.success) throw new ApiError(res.message || '操作失败', res.code);
  return res.result;
}

/** `request` to an endpoint contract: its method and path (`:params` filled). */
export const requestTo = <T = Result>(
  c: EndpointContract,
  opts: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
  params?: Record<string, string>,
): Promise<T> => request<T>(c.method, pathOf(c, params), opts);

/** `call` to an endpoint contract: its method and path (`:params` filled). */
export const callTo = <T>(
  c: EndpointContract,
  opts: { query?: Query; body?: unknown } = {},
  params?: Record<string, string>,
): Promise<T> => call<T>(c.method, pathOf(c, params), opts);

/** The calls commands use (`ctx.api`): JSON in, Result payload out. */
export const api = {
  get: <T>(path: string, query?: Query) => call<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => call<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => call<T>('PUT', path, { body }),
  delete: <T>(path: string, query?: Query) => call<T>('DELETE', path, { query }),
};

/**
 * Download a binary response (export, stored file) with the session headers and save it under the
 * name the server gives (Content-Disposition) or `fallbackName`. Failures follow spec §8
 * (文件下载失败 when the server answers with a JSON error instead of a file).
 */
export async function downloadFile(
  path: string,
  query: Query = {},
  fallbackName = 'download',
): Promise<void> {
  const url = new URL(apiUrl(path), window.location.origin);
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: authHeaders() });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    const body = type.includes('application/json') ? ((await res.json()) as { message?: string }) : undefined;
    if (!res.ok) throw await handleHttpError(res.status, body);
    throw new ApiError(body?.message || '文件下载失败');
  }
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : plain ? decodeURIComponent(plain) : fallbackName;
  const href = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * A JSON POST outside the session's error handling: no 401 dialog, no notification, nothing when
 * signed out (the operation-log entry of a command run must never disturb the screen).
 */
export async function postQuietly(path: string, body: unknown): Promise<void> {
  const headers = authHeaders();
  if (!Object.keys(headers).some((k) => k.toLowerCase() === 'x-access-token')) return;
  const res = await fetch(apiUrl(path), {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}
