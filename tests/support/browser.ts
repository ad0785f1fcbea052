import fs from 'node:fs';
import path from 'node:path';
import { onTestFailed } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app.ts';
import { RELAXED_RATE_LIMITS } from './app.ts';
import { loadConfig, type AppConfig } from '../../src/server/config.ts';
import { freshDatabase } from './database.ts';
import type { Database } from '../../src/server/db/client.ts';
import type { FastifyInstance } from 'fastify';
import { KEYS, NS, SESSION_TTL_MS } from '../../src/web/lib/storage.ts';
import { runSavedScript } from '../../commands/headless/script-runner.ts';

/** The built SPA; `E2E_WEB_DIR` points elsewhere (parallel work builds with `vite build --outDir`). */
export const WEB_DIR = path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web');
/**
 * Debian's Chromium. Its headless shell (package chromium-headless-shell: the same Chromium build,
 * Blink and V8, without the desktop browser's window, tab-strip and toolbar layers; the build
 * Playwright itself runs for headless tests) when installed, as .ci/run does: it measured about
 * half the CPU of `/usr/bin/chromium --headless` for the same pages (renderer processes 25–34
 * against 42–46 CPU-s, browser and GPU processes 7 against 21–27 CPU-s, for 8 sign-ins of four
 * list pages each), and browser work is most of the e2e tier's time. `CHROMIUM_PATH` runs the
 * suite in another build, e.g. `CHROMIUM_PATH=/usr/bin/chromium` for the full browser.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The real product for browser tests: built SPA + API on a loopback port, fresh database, Debian Chromium. */
export interface BrowserEnv {
  url: string;
  app: FastifyInstance;
  database: Database;
  browser: Browser;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Chromium per test worker: the e2e project runs its files without isolation, one after another
 * in each worker, so they share this launch (each file gets its own contexts, closed at its end).
 * Playwright ends the browser when the worker exits.
 */
let launched: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  const current = launched;
  if (current) return current.then((b) => (b.isConnected() ? b : relaunch()));
  return relaunch();
}
function relaunch(): Promise<Browser> {
  launched = chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  launched.catch(() => (launched = undefined));
  return launched;
}

/**
 * `config`: settings beyond the tests' defaults (the SSO tests' providers); `port`: listen there
 * instead of any free port (a provider registered the redirect URI before the server started).
 */
export async function startBrowserEnv(
  opts: { config?: Partial<AppConfig>; port?: number } = {},
): Promise<BrowserEnv> {
  if (!fs.existsSync(path.join(WEB_DIR, 'index.html')))
    throw new Error('dist/web is missing: run `npm run build` first');
  const database = await freshDatabase(process.env.TEST_DATABASE_URL);
  const config = loadConfig(
    {},
    {
      logLevel: 'silent',
      webDir: WEB_DIR,
      rateLimits: RELAXED_RATE_LIMITS,
      uploadDir: database.uploadDir,
      ...opts.config,
    },
  );
  const app = await buildApp({ config, database, logger: false, scriptRunner: runSavedScript });
  const url = await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const browser = await workerBrowser();
  // AG Grid's own errors (e.g. #200, a feature whose module is not registered) fail the file
  const gridErrors: string[] = [];
  return {
    url,
    app,
    database,
    browser,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      // Playwright's own default: a wait ends early only when something hangs
      page.setDefaultTimeout(30_000);
      recordForFailure(page, url);
      page.on('console', (m) => {
        if (m.type() === 'error' && /^AG Grid: error #/.test(m.text())) gridErrors.push(m.text());
      });
      return page;
    },
    async close() {
      // the file's pages and contexts (the browser is the worker's: the next file reuses it)
      await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
      await app.close();
      await database.close();
      if (gridErrors.length)
        throw new Error(`AG Grid reported errors:\n${[...new Set(gridErrors)].join('\n')}`);
    },
  };
}

/**
 * Sign in as the login page does, without typing: the account's token from `POST /sys/login`
 * (over loopback HTTP, as the page sends it) is stored the way the page stores it, then the page
 * opens `target`'s `redirect` (the home page by default). Tests about signing in use
 * `loginByForm`; an account that must first replace its password, or a refused login, goes through
 * the form too, so the page shows what the test expects of it.
 */
export async function login(
  page: Page,
  base: string,
  username: string,
  password = '123456',
  target = '/user/login',
) {
  const response = await fetch(`${base}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, remember_me: true }),
  });
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    result?: { mustChangePassword?: boolean; tenantList?: Array<{ id: number }> } & Record<string, unknown>;
  } | null;
  if (!body?.success || !body.result || body.result.mustChangePassword)
    return loginByForm(page, base, username, password, target);
  // any same-origin document that runs no script: the API's 404 answer
  await page.goto(`${base}/jeecg-boot/`);
  await page.evaluate(
    ({ result, keys, ns, ttl }) => {
      const expire = Date.now() + ttl;
      const put = (key: string, value: unknown) =>
        localStorage.setItem(ns + key, JSON.stringify({ value, expire }));
      const userInfo = result.userInfo as { username: string };
      put(keys.token, result.token);
      put(keys.userInfo, userInfo);
      put(keys.username, userInfo.username);
      if (result.sysAllDictItems) put(keys.dicts, result.sysAllDictItems);
      const tenants = result.tenantList as Array<{ id: number }> | undefined;
      if (tenants?.length === 1) put(keys.tenant, tenants[0]!.id);
    },
    { result: body.result, keys: KEYS, ns: NS, ttl: SESSION_TTL_MS },
  );
  const redirect = new URL(target, base).searchParams.get('redirect');
  await page.goto(
    base + (redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/dashboard/analysis'),
  );
}

/** Sign in through the login page as a person would (account, password, slider check). */
export async function loginByForm(
  page: Page,
  base: string,
  username: string,
  password = '123456',
  target = '/user/login',
) {
  await page.goto(base + target);
  await page.getByRole('textbox', { name: '账号' }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  const slider = page.getByRole('slider', { name: '滑动验证' });
  await slider.focus();
  await slider.press('End');
  await page.getByText('验证通过').waitFor();
  await page.getByRole('button', { name: '登录' }).click();
}

/** A new page signed in as `user` (password 123456) that has landed on `path`. */
export async function openAs(env: BrowserEnv, path: string, user = 'admin'): Promise<Page> {
  const page = await env.newPage();
  await login(page, env.url, user, '123456', `/user/login?redirect=${encodeURIComponent(path)}`);
  await page.waitForURL(`${env.url}${path}`);
  return page;
}

/**
 * Open `path` inside the running app, as its menu links do (the router follows the history), and
 * wait for the URL: the app is not loaded again, so a file can visit many screens on one page.
 */
export async function visitInApp(page: Page, base: string, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(base + path);
}

/** A second server instance on the browser env's database (realtime fan-out across instances). */
export async function secondInstance(env: BrowserEnv): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({}, { logLevel: 'silent', webDir: WEB_DIR });
  const app = await buildApp({ config, database: env.database, logger: false, scriptRunner: runSavedScript });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** How many of a page's last events a failing test prints. */
const TRAIL = 40;

/**
 * Keep a page's last API responses, failed requests, page errors and console errors, and print them
 * with the page's URL if the running test fails: a browser test that times out then says why.
 */
function recordForFailure(page: Page, base: string) {
  const trail: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  const note = (line: string) => {
    trail.push(`${at()} ${line.replaceAll(base, '')}`);
    if (trail.length > TRAIL) trail.shift();
  };
  page.on('response', (r) => {
    if (r.url().includes('/jeecg-boot/')) note(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => note(`FAILED ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`navigated ${f.url()}`);
  });
  page.on('pageerror', (e) => note(`pageerror ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()} ${m.text()}`);
  });
  try {
    onTestFailed(() => {
      const url = page.isClosed() ? '(closed)' : page.url().replaceAll(base, '');
      console.error(`[browser] page at ${url}; its last events:\n  ${trail.join('\n  ')}`);
    });
  } catch {
    // a page opened outside a test (beforeAll) has no test to report to
  }
}
