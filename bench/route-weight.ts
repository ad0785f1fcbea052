/**
 * Route weight: JavaScript bytes each step of a first visit downloads, measured in real Chromium
 * against the built SPA (`dist/web`, or `ROUTE_WEIGHT_WEB_DIR`) served by the real server.
 *
 * Steps: the login page (anonymous); signing in and landing on 首页; opening 用户管理 from the
 * palette (the first grid page); opening the terminal. Each row is what that step added.
 * "wire" is the encoded body size Chromium received (the server sends the precompressed
 * .br/.gz), "raw" the decoded size. Printed beside the baseline in `route-weight-baseline.json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { RELAXED_RATE_LIMITS } from '../tests/support/app.ts';
import type { Benchmark } from './lib/bench.ts';
import { freshBenchDatabase } from './lib/bench.ts';
import { printTable } from './lib/stats.ts';

interface StepBytes {
  wire: number;
  raw: number;
  files: number;
}
type Weights = Record<string, StepBytes>;

const BASELINE = path.resolve('bench/route-weight-baseline.json');

/** Budgets of issue #15, in KB (1000 bytes) over the wire. */
export const BUDGETS: Record<string, number> = { login: 150, 'grid page': 450 };

/** The scripts of the lazily loaded 首页 statistics chunk (echarts), reported as a step of their own. */
const HOME_CHART = /\/home-stats-[^/]*\.js$/;

/** Collects script responses of a page until `take()` is called (those `split` matches apart). */
function scriptMeter(page: Page) {
  const empty = (): StepBytes => ({ wire: 0, raw: 0, files: 0 });
  let acc = empty();
  let apart = empty();
  let split: RegExp | undefined;
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const sizes = await req.sizes();
        const body = await (await req.response())?.body().catch(() => undefined);
        const into = split?.test(req.url()) ? apart : acc;
        into.wire += sizes.responseBodySize;
        into.raw += body?.length ?? 0;
        into.files += 1;
      })(),
    );
  });
  return {
    /** count scripts matching `re` apart until the next take */
    splitOff(re: RegExp) {
      split = re;
    },
    async take(): Promise<StepBytes & { apart: StepBytes }> {
      await page.waitForLoadState('networkidle');
      await Promise.all(pending.splice(0));
      const out = { ...acc, apart };
      acc = empty();
      apart = empty();
      split = undefined;
      return out;
    },
  };
}

const strip = ({ wire, raw, files }: StepBytes): StepBytes => ({ wire, raw, files });

/** Walks the steps of a first visit and returns the bytes of each. */
export async function measureRouteWeights(webDir: string): Promise<Weights> {
  const db = await freshBenchDatabase();
  const config = loadConfig({}, { logLevel: 'silent', webDir, rateLimits: RELAXED_RATE_LIMITS });
  const app = await buildApp({ config, database: db.database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.setDefaultTimeout(30_000);
    const meter = scriptMeter(page);
    const out: Weights = {};
    await page.goto(`${url}/user/login`);
    await page.getByRole('textbox', { name: '账号' }).waitFor();
    out.login = strip(await meter.take());

    await page.getByRole('textbox', { name: '账号' }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('123456');
    const slider = page.getByRole('slider', { name: '滑动验证' });
    await slider.focus();
    await slider.press('End');
    meter.splitOff(HOME_CHART);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('tab', { name: /首页/ }).waitFor();
    await page.locator('[data-testid="visit-chart"] svg').waitFor();
    const home = await meter.take();
    out['signed in (首页)'] = strip(home);
    out['首页 chart (lazy)'] = home.apart;

    await page.keyboard.press('Control+k');
    await page.keyboard.type('yhgl');
    await page.locator('[cmdk-item]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('grid').first().waitFor();
    await page.getByRole('gridcell').first().waitFor();
    out['grid page'] = strip(await meter.take());

    await page.keyboard.press('Control+`');
    await page.locator('.xterm').first().waitFor();
    out.terminal = strip(await meter.take());
    return out;
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
}

const kb = (n: number) => (n / 1000).toFixed(1);

export const routeWeight: Benchmark = {
  name: 'route-weight',
  description: 'JS bytes per step of a first visit (login, 首页, first grid page, terminal) from the build',
  async run() {
    const webDir = path.resolve(process.env.ROUTE_WEIGHT_WEB_DIR ?? 'dist/web');
    if (!fs.existsSync(path.join(webDir, 'index.html')))
      throw new Error(`${webDir} has no build: npm run build`);
    const now = await measureRouteWeights(webDir);
    const base = fs.existsSync(BASELINE)
      ? (JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as { measured: string; steps: Weights })
      : undefined;
    if (base) console.log(`baseline: ${base.measured}`);
    printTable(
      ['step', 'files', 'wire KB', 'raw KB', 'baseline wire KB', 'baseline raw KB', 'budget KB'],
      Object.entries(now).map(([step, b]) => [
        step,
        String(b.files),
        kb(b.wire),
        kb(b.raw),
        base?.steps[step] ? kb(base.steps[step].wire) : '-',
        base?.steps[step] ? kb(base.steps[step].raw) : '-',
        BUDGETS[step] ? String(BUDGETS[step]) : '-',
      ]),
    );
    if (process.env.ROUTE_WEIGHT_WRITE_BASELINE)
      fs.writeFileSync(
        BASELINE,
        `${JSON.stringify({ measured: process.env.ROUTE_WEIGHT_WRITE_BASELINE, steps: now }, null, 2)}\n`,
      );
  },
};
