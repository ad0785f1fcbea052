import { XMLParser } from 'fast-xml-parser';
import type { CasConfig } from './config.ts';

/** A CAS server's answer to serviceValidate. */
export type CasValidation =
  | { ok: true; user: string; attributes: Record<string, string> }
  | { ok: false; code: string; message: string };

/** The CAS client: the login URL of a service and the validation of a service ticket. */
export interface CasClient {
  readonly server: string;
  loginUrl(service: string): string;
  validate(ticket: string, service: string): Promise<CasValidation>;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  // the XML entities (&amp; …) only: documents declaring their own are refused before parsing
  processEntities: true,
  ignoreDeclaration: true,
});

const text = (v: unknown): string => {
  if (v == null) return '';
  if (typeof v === 'object') return String((v as Record<string, unknown>)['#text'] ?? '').trim();
  return String(v).trim();
};

/** Read a CAS 2.0/3.0 `serviceResponse` (namespaces dropped). */
export function parseServiceResponse(xml: string): CasValidation {
  // a validation answer has no document type: one that declares entities is refused unread
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, code: 'INVALID_RESPONSE', message: 'doctype' };
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    return { ok: false, code: 'INVALID_RESPONSE', message: 'unreadable' };
  }
  const response = doc.serviceResponse as Record<string, unknown> | undefined;
  const success = response?.authenticationSuccess as Record<string, unknown> | undefined;
  if (success && text(success.user)) {
    const attrs = (success.attributes ?? {}) as Record<string, unknown>;
    const attributes = Object.fromEntries(
      Object.entries(attrs)
        .filter(([k]) => !k.startsWith('@'))
        .map(([k, v]) => [k, text(Array.isArray(v) ? v[0] : v)]),
    );
    return { ok: true, user: text(success.user), attributes };
  }
  const failure = response?.authenticationFailure;
  const code =
    failure && typeof failure === 'object' ? String((failure as Record<string, unknown>)['@code'] ?? '') : '';
  return { ok: false, code: code || 'INVALID_RESPONSE', message: text(failure) };
}

/** The service ticket a CAS single-logout request names (`<samlp:SessionIndex>`), if any. */
export function logoutSessionIndex(xml: string): string | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return undefined;
  try {
    const doc = parser.parse(xml) as Record<string, unknown>;
    const request = doc.LogoutRequest as Record<string, unknown> | undefined;
    const index = text(request?.SessionIndex);
    return index || undefined;
  } catch {
    return undefined;
  }
}

const VALIDATE_TIMEOUT_MS = 8_000;

/** CAS over HTTP(S) with fetch. */
export function httpCasClient(cfg: CasConfig): CasClient {
  return {
    server: cfg.url,
    loginUrl: (service) => `${cfg.url}/login?service=${encodeURIComponent(service)}`,
    async validate(ticket, service) {
      const path = cfg.version === 2 ? '/serviceValidate' : '/p3/serviceValidate';
      const url = `${cfg.url}${path}?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS) });
      if (!res.ok) return { ok: false, code: `HTTP_${res.status}`, message: res.statusText };
      return parseServiceResponse(await res.text());
    },
  };
}
