import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { freshDatabase } from './database.ts';
import type { Database } from '../../src/server/db/client.ts';
import type { FastifyInstance } from 'fastify';

/** The built SPA; `E2E_WEB_DIR` points elsewhere (parallel work builds with `vite build --outDir`). */
export const WEB_DIR = path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The real product for browser tests: built SPA + API on a loopback port, fresh database, Debian Chromium. */
export interface BrowserEnv {
  url: string;
  app: FastifyInstance;
  database: Database;
  browser: Browser;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function startBrowserEnv(): Promise<BrowserEnv> {
  if (!fs.existsSync(path.join(WEB_DIR, 'index.html')))
    throw new Error('dist/web is missing: run `npm run build` first');
  const database = await freshDatabase(process.env.TEST_DATABASE_URL);
  const config = loadConfig({}, { logLevel: 'silent', webDir: WEB_DIR });
  const app = await buildApp({ config, database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    url,
    app,
    database,
    browser,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    async close() {
      await browser.close();
      await app.close();
      await database.close();
    },
  };
}

/** Sign in through the login page as a person would (account, password, slider check). */
export async function login(
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
