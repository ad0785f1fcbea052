/**
 * The server's JSON API from Node, over HTTP with ofetch (as the web client calls it): the access
 * token and tenant in headers, JeecgBoot's `Result` unwrapped, failures turned into the message a
 * person should read.
 */
import { createHash } from 'node:crypto';
import { ofetch, FetchError } from 'ofetch';
import type { Result } from '../shared/api.ts';
import { isSignedPath, signHeaders } from '../shared/dict-sign.ts';

/** Request timeout of one call (a long export or batch runs as many calls). */
const TIMEOUT_MS = 60_000;

export const CLI_MSG = {
  expired: '登录已失效，请运行 care login 重新登录',
  denied: '拒绝访问（没有权限）',
  notFound: '很抱歉，资源未找到!',
  unreachable: (api: string, why: string) => `无法连接服务器 ${api}：${why}`,
  failed: (status: number | undefined) => `请求失败 (${status ?? '无响应'})`,
} as const;

/** A refusal of the server or of the transport, with the message to print. */
export class CliApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Query = Record<string, unknown>;

export interface ApiOptions {
  /** http://host:8080/jeecg-boot */
  api: string;
  token?: string;
  tenantId?: number;
  /** secret of the signed dictionary calls (from the permissions answer) */
  signatureSecret?: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A client of one server and session. */
export function createApi(opts: ApiOptions) {
  const client = ofetch.create({ baseURL: opts.api.replace(/\/+$/, ''), timeout: TIMEOUT_MS, retry: 0 });
  let secret = opts.signatureSecret;

  async function request<T = Result>(
    method: Method,
    path: string,
    query?: Query,
    body?: unknown,
  ): Promise<T> {
    const url = `/${path.replace(/^\//, '')}`;
    const cleanQuery = query
      ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null))
      : undefined;
    const headers: Record<string, string> = {
      'tenant-id': String(opts.tenantId ?? 0),
      ...(opts.token ? { 'X-Access-Token': opts.token } : {}),
      ...(secret && isSignedPath(url) ? signHeaders(url, cleanQuery ?? {}, secret, md5) : {}),
    };
    try {
      return await client<T>(url, {
        method,
        headers,
        query: cleanQuery,
        ...(body !== undefined ? { body: body as Record<string, unknown> } : {}),
      });
    } catch (e) {
      if (!(e instanceof FetchError)) throw e;
      const status = e.response?.status;
      const message = (e.data as { message?: string } | undefined)?.message ?? '';
      if (status === 401 || (status === 500 && message.includes('Token失效')))
        throw new CliApiError(CLI_MSG.expired, status);
      if (status === 403) throw new CliApiError(message || CLI_MSG.denied, status);
      if (status === 404) throw new CliApiError(CLI_MSG.notFound, status);
      if (status === undefined)
        throw new CliApiError(
          CLI_MSG.unreachable(opts.api, e.cause instanceof Error ? e.cause.message : e.message),
        );
      throw new CliApiError(message || CLI_MSG.failed(status), status);
    }
  }

  /** A Result's payload, or its message as an error when `success` is false. */
  async function call<T>(method: Method, path: string, query?: Query, body?: unknown): Promise<T> {
    const res = await request<Result<T>>(method, path, query, body);
    if (!res || typeof res !== 'object' || !('success' in res)) return res as T;
    if (!res.success) throw new CliApiError(res.message || '操作失败', res.code);
    return res.result;
  }

  return {
    request,
    call,
    setSignatureSecret(s: string | undefined) {
      secret = s || undefined;
    },
    /** the calls commands use (`ctx.api`) */
    api: {
      get: <T>(path: string, query?: Query) => call<T>('GET', path, query),
      post: <T>(path: string, body?: unknown) => call<T>('POST', path, undefined, body),
      put: <T>(path: string, body?: unknown) => call<T>('PUT', path, undefined, body),
      delete: <T>(path: string, query?: Query) => call<T>('DELETE', path, query),
    },
  };
}

export type CliApi = ReturnType<typeof createApi>;
