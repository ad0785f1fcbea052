/**
 * JeecgBoot's request signature of the dictionary calls (jeecg-api.md §1.5): the parameters of a
 * call as one sorted JSON text, whose MD5 with the shared secret (upper case) travels as `X-Sign`
 * beside `X-TIMESTAMP`. The server checks it when a secret is configured (SIGNATURE_SECRET).
 */

import { ENDPOINTS } from './endpoints.ts';

/** The dictionary calls that carry a signature (jeecg-api.md §1.5); the server checks these. */
export const SIGNED_ENDPOINTS = [
  ENDPOINTS.dict.getDictItems,
  ENDPOINTS.dict.loadDict,
  ENDPOINTS.dict.loadDictItem,
  ENDPOINTS.dict.loadTreeData,
] as const;

/** Whether a filled API path is one of the signed calls. */
export function isSignedPath(path: string): boolean {
  const p = '/' + path.replace(/^\/+/, '').split('?')[0];
  return SIGNED_ENDPOINTS.some((c) => {
    const fixed = c.path.split('/:')[0]!;
    return c.path.includes('/:') ? p.startsWith(fixed + '/') : p === fixed;
  });
}

/**
 * The headers of a signed call: `X-Sign` (upper-case MD5 of the signed text and the secret, by the
 * given md5) and `X-TIMESTAMP` (epoch milliseconds).
 */
export function signHeaders(
  path: string,
  query: Record<string, unknown>,
  secret: string,
  md5: (text: string) => string,
  now = Date.now(),
): Record<string, string> {
  const clean = path.split('?')[0]!;
  let last = clean.slice(clean.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    /* kept as sent */
  }
  return {
    'X-Sign': md5(signText(last, query) + secret).toUpperCase(),
    'X-TIMESTAMP': String(now),
  };
}

/** The signature headers. */
export const SIGN_HEADERS = { sign: 'x-sign', timestamp: 'x-timestamp' } as const;

/** A signature older or newer than this is refused (5 minutes). */
export const SIGN_MAX_AGE_MS = 5 * 60 * 1000;

/** Answers of a refused signature. */
export const SIGN_MSG = {
  bad: 'Sign签名校验失败！',
  expired: '操作失败，签名验证失败:X-TIMESTAMP已过期',
} as const;

/**
 * The text that is signed: the last path segment as `x-path-variable` when it holds a comma (a
 * table dictionary), every query parameter but `_t` (as strings) and the JSON body's fields, keys
 * sorted ascending.
 */
export function signText(
  lastSegment: string | undefined,
  query: Record<string, unknown>,
  body?: Record<string, unknown>,
): string {
  const params: Record<string, string> = {};
  if (lastSegment?.includes(',')) params['x-path-variable'] = lastSegment;
  for (const [k, v] of Object.entries({ ...query, ...body })) {
    if (k === '_t' || v === undefined || v === null) continue;
    params[k] = Array.isArray(v) ? String(v[v.length - 1]) : String(v);
  }
  const sorted = Object.fromEntries(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
  return JSON.stringify(sorted);
}

/**
 * `X-TIMESTAMP` as epoch milliseconds: 13 digits of milliseconds (3.2.0+ clients), or the 14 digits
 * `yyyyMMddHHmmss` of older ones read in `utcOffsetMinutes` (the server's zone). NaN when neither.
 */
export function parseSignTimestamp(text: string, utcOffsetMinutes: number): number {
  const t = text.trim();
  if (/^\d{14}$/.test(t)) {
    const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i, n) => Number(t.slice(i, n === 0 ? 4 : i + 2)));
    return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - utcOffsetMinutes * 60_000;
  }
  if (/^\d{10,13}$/.test(t)) return Number(t);
  return Number.NaN;
}
