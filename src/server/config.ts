import path from 'node:path';

/** Runtime configuration, read once from the environment. */
export interface AppConfig {
  port: number;
  host: string;
  /** API base path, JeecgBoot's servlet context path */
  basePath: string;
  /** postgres://… to use a PostgreSQL server; empty → embedded PGlite in dataDir */
  databaseUrl: string | undefined;
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
  logLevel: string;
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
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data/pglite'),
    uploadDir: path.resolve(root, env.UPLOAD_DIR ?? 'data/uploads'),
    webDir: path.resolve(root, env.WEB_DIR ?? 'dist/web'),
    captchaEnabled: bool(env.CAPTCHA_ENABLED, false),
    timezone: env.APP_TIMEZONE ?? 'Asia/Shanghai',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 10),
    tokenTtlMs: int(env.TOKEN_TTL_MS, 604_800_000),
    safeMode: bool(env.SAFE_MODE, false),
    logLevel: env.LOG_LEVEL ?? 'info',
    ...overrides,
  };
}
