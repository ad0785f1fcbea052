import { ofetch, FetchError } from 'ofetch';
import type { Result } from '../../shared/api.ts';
import { session } from './session.ts';
import { notify } from './notify.ts';
import { confirmDialog } from './dialogs.ts';

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
  ) {
    super(message);
  }
}

let expiredShown = false;

/** Spec §8: what each HTTP failure shows and does. */
async function handleHttpError(status: number | undefined, body: unknown): Promise<ApiError> {
  const message = (body as { message?: string } | undefined)?.message ?? '';
  if (status === 401) {
    notify('error', '很抱歉，登录已过期，请重新登录', '登录已过期');
    session.clear();
    setTimeout(() => window.location.reload(), 1500);
    return new ApiError('很抱歉，登录已过期，请重新登录', 401, status);
  }
  if (status === 500 && message.includes('Token失效')) {
    if (!expiredShown) {
      expiredShown = true;
      void confirmDialog('登录已过期', '很抱歉，登录已过期，请重新登录', '重新登录', null).then(() => {
        session.clear();
        window.location.reload();
      });
    }
    return new ApiError('很抱歉，登录已过期，请重新登录', 500, status);
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

const client = ofetch.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  onRequest({ request, options }) {
    const headers = new Headers(options.headers);
    const { token, tenantId } = session.get();
    if (token) headers.set('X-Access-Token', token);
    headers.set('tenant-id', String(tenantId || 0));
    options.headers = headers;
    const url = typeof request === 'string' ? request : request.url;
    if ((options.method ?? 'GET').toUpperCase() === 'GET' && !url.includes('sys/dict/getDictItems')) {
      options.query = { ...options.query, _t: Math.floor(Date.now() / 1000) };
    }
  },
});

export type Query = Record<string, unknown>;

/** One call: returns the unwrapped body (Result for JSON endpoints); HTTP failures follow spec §8. */
export async function request<T = Result>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { query?: Query; body?: unknown } = {},
): Promise<T> {
  const url = `${apiBase()}/${path.replace(/^\//, '')}`;
  try {
    return await client<T>(url, {
      method,
      query: opts.query,
      body: opts.body as BodyInit | Record<string, unknown>,
    });
  } catch (e) {
    if (e instanceof FetchError) throw await handleHttpError(e.response?.status, e.data);
    throw e;
  }
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

/** The calls commands use (`ctx.api`): JSON in, Result payload out. */
export const api = {
  get: <T>(path: string, query?: Query) => call<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => call<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => call<T>('PUT', path, { body }),
  delete: <T>(path: string, query?: Query) => call<T>('DELETE', path, { query }),
};
