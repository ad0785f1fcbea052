import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app.ts';
import { loadConfig, type AppConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { freshDatabase } from './database.ts';
import { runSavedScript } from '../../commands/headless/script-runner.ts';
import type { SmsMode, SmsProvider } from '../../src/server/lib/access/sms.ts';
import type { MailProvider } from '../../src/server/lib/access/mail.ts';

export const BASE = '/jeecg-boot';

/** An SMS provider that keeps the codes it was asked to send, for tests to read. */
export function capturingSms() {
  const sent: Array<{ mobile: string; code: string; mode: SmsMode }> = [];
  const provider: SmsProvider = {
    name: 'capture',
    async send(mobile, code, mode) {
      sent.push({ mobile, code, mode });
    },
  };
  return {
    provider,
    sent,
    /** the newest code sent to a number (the server delivers after answering: wait for that) */
    async last(mobile: string) {
      await new Promise((resolve) => setImmediate(resolve));
      return [...sent].reverse().find((s) => s.mobile === mobile)?.code;
    },
  };
}

/** A mail provider that keeps what it was asked to send (no network), for tests to read. */
export function capturingMail() {
  const sent: Array<{ to: string; subject: string; text: string; code?: string }> = [];
  const provider: MailProvider = {
    name: 'capture',
    async send(to, mail) {
      sent.push({ to, subject: mail.subject, text: mail.text, code: mail.code });
    },
  };
  return {
    provider,
    sent,
    /** the newest code mailed to an address */
    last: (to: string) => [...sent].reverse().find((m) => m.to === to)?.code,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  sms: ReturnType<typeof capturingSms>;
  mail: ReturnType<typeof capturingMail>;
  /** JSON request under the API base; `token` becomes X-Access-Token */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts?: {
      token?: string;
      body?: unknown;
      query?: Record<string, string>;
      headers?: Record<string, string>;
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
  ): Promise<{ status: number; body: any; raw: LightMyRequestResponse }>;
  /** log in with a password and return the token (fails the test on a failed login) */
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Suites sign in and ask for codes far more often than a person, all from one address: they run
 * with generous limits unless they pass `rateLimits` (tests/server/rate-limit.test.ts uses the
 * product's defaults).
 */
export const RELAXED_RATE_LIMITS: AppConfig['rateLimits'] = {
  login: { max: 100_000, timeWindow: 60_000 },
  sms: { max: 100_000, timeWindow: 60_000 },
  register: { max: 100_000, timeWindow: 60_000 },
  check: { max: 100_000, timeWindow: 60_000 },
  captcha: { max: 100_000, timeWindow: 60_000 },
};

/**
 * The web client a suite's app serves unless it names one (serving.test.ts does): none. The built
 * client (dist/web, there in CI, where the build runs before the tests) is about 300 files, each a
 * route of @fastify/static (`wildcard: false`): a third of building the app on PostgreSQL, for
 * suites that drive the API through `app.inject`. Without it a suite runs the same whether or not
 * the client was built.
 */
const NO_WEB_CLIENT = path.join(os.tmpdir(), 'care-test-no-web-client');

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  build: Pick<BuildOptions, 'resources' | 'scriptRunner'> = {},
): Promise<TestApp> {
  // the seed's pictures go where the app serves uploads from (a temporary directory by default)
  const database = await freshDatabase(process.env.TEST_DATABASE_URL, 't', overrides.uploadDir);
  const config = loadConfig(
    {},
    {
      logLevel: 'silent',
      rateLimits: RELAXED_RATE_LIMITS,
      webDir: NO_WEB_CLIENT,
      ...overrides,
      uploadDir: database.uploadDir,
    },
  );
  const sms = capturingSms();
  const mail = capturingMail();
  // saved scripts run as in production (src/main/server.ts gives the server the same runner)
  const app = await buildApp({
    config,
    database,
    sms: sms.provider,
    mail: mail.provider,
    logger: false,
    scriptRunner: runSavedScript,
    ...build,
  });
  await app.ready();
  const call: TestApp['call'] = async (method, path, opts = {}) => {
    const raw = await app.inject({
      method,
      url: `${BASE}${path}`,
      query: opts.query,
      headers: { ...(opts.token ? { 'x-access-token': opts.token } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    let body: unknown = raw.body;
    try {
      body = raw.json();
    } catch {
      /* not JSON */
    }
    return { status: raw.statusCode, body, raw };
  };
  return {
    app,
    database,
    config,
    sms,
    mail,
    call,
    async login(username, password = '123456') {
      const r = await call('POST', '/sys/login', { body: { username, password } });
      if (!r.body?.success) throw new Error(`login ${username} failed: ${JSON.stringify(r.body)}`);
      return r.body.result.token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
