import path from 'node:path';
import { loadSsoConfig, type SsoConfig } from './lib/sso/config.ts';

/** At most `max` requests per `timeWindow` milliseconds from one client address. */
export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

/** Anonymous endpoints that are limited per client address, by group. */
export type RateLimitGroup = 'login' | 'sms' | 'register' | 'check' | 'captcha';

const RATE_LIMIT_DEFAULTS: Record<RateLimitGroup, string> = {
  // password and phone login (failed logins also lock the account: LOGIN_MAX_FAILURES)
  login: '30/1m',
  // SMS codes cost money and reach people's phones
  sms: '10/1h',
  // registration, phone verification, forgotten-password reset
  register: '20/1h',
  // checkOnlyUser: tells whether an account name is taken
  check: '60/1m',
  captcha: '60/1m',
};

const WINDOW_UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

/** `30/1m` (30 a minute), `10/1h`, `5/30s` → a rule; undefined when malformed. */
export function parseRateLimit(text: string | undefined): RateLimitRule | undefined {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(text ?? '');
  if (!m) return undefined;
  const max = Number(m[1]);
  const timeWindow = Number(m[2]) * WINDOW_UNITS[m[3]!]!;
  return max > 0 && timeWindow > 0 ? { max, timeWindow } : undefined;
}

/** Which hops of X-Forwarded-For to believe: Fastify's `trustProxy` as this server uses it. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY: unset → the client address is the socket's (X-Forwarded-For is ignored); a number
 * N → the N nearest hops are proxies (Fastify 5 ignores a bare number, so it becomes a function);
 * otherwise a comma list of proxy addresses, CIDRs or proxy-addr names (`loopback`, `uniquelocal`).
 * `true` (believe any client) is refused.
 */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const v = (text ?? '').trim();
  if (!v || /^(0|false|no|off)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  if (/^(true|yes|on|\*)$/i.test(v))
    throw new Error('TRUST_PROXY=true would let any client set its address: name the proxies or a hop count');
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Runtime configuration, read once from the environment. */
export interface AppConfig {
  port: number;
  host: string;
  /** API base path, JeecgBoot's servlet context path */
  basePath: string;
  /** postgres://… to use a PostgreSQL server; empty → embedded PGlite in dataDir */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: waiting statements are served by lane, saves ahead of lists (default); off: in
   * arrival order (src/server/db/priority-pool.ts)
   */
  dbLanes: boolean;
  dataDir: string;
  uploadDir: string;
  /** directory of the built SPA; served with client-route fallback when it exists */
  webDir: string;
  captchaEnabled: boolean;
  timezone: string;
  loginMaxFailures: number;
  loginLockMinutes: number;
  tokenTtlMs: number;
  safeMode: boolean;
  /** secret of the dictionary calls' X-Sign (jeecg-api.md §1.5); unset → signatures are not checked */
  signatureSecret: string | undefined;
  logLevel: string;
  /** which proxies may set X-Forwarded-For (see parseTrustProxy) */
  trustProxy: TrustProxy;
  rateLimits: Record<RateLimitGroup, RateLimitRule>;
  /** run scheduled jobs on this instance (SCHEDULER=off: an instance that only serves requests) */
  scheduler: boolean;
  /**
   * bearer token a Prometheus server presents to scrape `GET /metrics` (METRICS_TOKEN); unset: the
   * endpoint is off (src/server/plugins/metrics.ts)
   */
  metricsToken: string | undefined;
  /** single sign-on providers (OIDC_*, CAS_*, SSO_MODE, PUBLIC_URL: src/server/lib/sso/config.ts) */
  sso: SsoConfig;
}

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined ? dflt : /^(1|true|yes|on)$/i.test(v);
const int = (v: string | undefined, dflt: number) => (v && /^\d+$/.test(v) ? Number(v) : dflt);

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const root = process.cwd();
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    basePath: (env.BASE_PATH ?? '/jeecg-boot').replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dbLanes: bool(env.DB_LANES, true),
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data/pglite'),
    uploadDir: path.resolve(root, env.UPLOAD_DIR ?? 'data/uploads'),
    webDir: path.resolve(root, env.WEB_DIR ?? 'dist/web'),
    captchaEnabled: bool(env.CAPTCHA_ENABLED, false),
    timezone: env.APP_TIMEZONE ?? 'Asia/Shanghai',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 10),
    tokenTtlMs: int(env.TOKEN_TTL_MS, 604_800_000),
    safeMode: bool(env.SAFE_MODE, false),
    signatureSecret: env.SIGNATURE_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: Object.fromEntries(
      Object.entries(RATE_LIMIT_DEFAULTS).map(([group, dflt]) => [
        group,
        parseRateLimit(env[`RATE_LIMIT_${group.toUpperCase()}`]) ?? parseRateLimit(dflt)!,
      ]),
    ) as Record<RateLimitGroup, RateLimitRule>,
    scheduler: bool(env.SCHEDULER, true),
    metricsToken: env.METRICS_TOKEN || undefined,
    sso: loadSsoConfig(env),
    ...overrides,
  };
}
