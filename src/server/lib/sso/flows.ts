import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sha256 } from '../query/ids.ts';
import { putCode, takeCode } from '../access/verify-codes.ts';
import { SSO_LOGIN_TOKEN_TTL_MS, SSO_ROUTES, type ThirdType } from '../../../shared/sso.ts';
import type { AppConfig } from '../../config.ts';
import type { OidcChecks } from './oidc.ts';

/**
 * The short-lived state of single sign-on, kept in sys_verify_code (hashed keys, expiry, taken
 * once by one DELETE … RETURNING): a flow from the redirect to the provider until its return, and
 * the one-time token the client exchanges for its session. No session token travels in a URL.
 */

const FLOW_TTL_MS = 10 * 60_000;
/** the cookie binding a flow to the browser that started it (login CSRF) */
const BROWSER_COOKIE = 'care_sso';

/** Why a browser went to the provider: to sign in, or to link an identity to a signed-in account. */
export type FlowPurpose = { purpose: 'login' } | { purpose: 'link'; userId: string };

export interface Flow {
  thirdType: ThirdType;
  purpose: FlowPurpose;
  oidc?: OidcChecks;
  /** CAS: the service URL the ticket is for */
  service?: string;
}

const flowKey = (state: string) => `sso:flow:${sha256(state)}`;
const loginKey = (token: string) => `sso:login:${sha256(token)}`;
export const casTicketKey = (ticket: string) => `sso:cas:${sha256(ticket)}`;

/** The origin browsers reach this console at: PUBLIC_URL, else the request's own. */
export const publicOrigin = (req: FastifyRequest, cfg: AppConfig) =>
  cfg.sso.publicUrl ?? `${req.protocol}://${req.host}`;

/** The OIDC redirect URI (normalised as URL writes it: the provider compares it as text). */
export const oidcRedirectUri = (req: FastifyRequest, cfg: AppConfig) =>
  new URL(`${publicOrigin(req, cfg)}${cfg.basePath}/sys/thirdLogin/oidc/callback`).href;

/** The CAS service of a sign-in: the client's landing page. */
export const casService = (req: FastifyRequest, cfg: AppConfig) =>
  new URL(`${publicOrigin(req, cfg)}${SSO_ROUTES.callback}?thirdType=cas`).href;

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/**
 * Store a flow under its state, bound to this browser by a cookie (set here when missing). The
 * state is the OIDC `state`, or a random one for a CAS link.
 */
export async function putFlow(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  cfg: AppConfig,
  state: string,
  flow: Flow,
): Promise<void> {
  let browser = cookieOf(req, BROWSER_COOKIE);
  if (!browser || !/^[\w-]{20,64}$/.test(browser)) {
    browser = randomBytes(24).toString('base64url');
    const secure = publicOrigin(req, cfg).startsWith('https:') ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${BROWSER_COOKIE}=${browser}; Path=${cfg.basePath}/sys; HttpOnly; SameSite=Lax; Max-Age=${FLOW_TTL_MS / 1000}${secure}`,
    );
  }
  await putCode(db, flowKey(state), browser, FLOW_TTL_MS, JSON.stringify(flow));
}

/** Take the flow of a state once; undefined when unknown, expired, used, or started by another browser. */
export async function takeFlow(db: Db, req: FastifyRequest, state: string): Promise<Flow | undefined> {
  if (!state || state.length > 200) return undefined;
  const row = await takeCode(db, flowKey(state));
  const browser = cookieOf(req, BROWSER_COOKIE);
  if (!row?.payload || !browser || row.codeHash !== sha256(browser)) return undefined;
  return JSON.parse(row.payload) as Flow;
}

/** A one-time login token for an account signed in by a provider (60 s, single use, stored hashed). */
export async function issueLoginToken(db: Db, userId: string, thirdType: ThirdType): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await putCode(db, loginKey(token), thirdType, SSO_LOGIN_TOKEN_TTL_MS, userId);
  return token;
}

/** The account of a one-time login token, taken once; undefined when unknown, used, expired or of another type. */
export async function takeLoginToken(db: Db, token: string, thirdType: string): Promise<string | undefined> {
  if (!token || token.length > 200) return undefined;
  const row = await takeCode(db, loginKey(token));
  if (!row?.payload || row.codeHash !== sha256(thirdType)) return undefined;
  return row.payload;
}

/** A client path with query parameters. */
export const clientPath = (path: string, params: Record<string, string>) =>
  `${path}?${new URLSearchParams(params).toString()}`;
