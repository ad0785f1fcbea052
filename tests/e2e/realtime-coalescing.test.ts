import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { REFETCH_INTERVAL_MS } from '../../src/web/components/data-grid/realtime/coalesced-refetch.ts';
import { WEB_DIR, login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

/**
 * One open list page while another server instance floods it with new rows (issue #14): rows
 * outside the visible page cause at most one coalesced refetch per REFETCH_INTERVAL_MS, and a
 * hidden tab does not refetch at all until it shows again.
 */
let env: BrowserEnv;
let writer: FastifyInstance;
let token: string;
beforeAll(async () => {
  env = await startBrowserEnv();
  writer = await buildApp({
    config: loadConfig({}, { logLevel: 'silent', webDir: WEB_DIR }),
    database: env.database,
    logger: false,
  });
  await writer.ready();
  const r = await writer.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/login',
    payload: { username: 'admin', password: '123456' },
  });
  token = r.json().result.token;
});
afterAll(async () => {
  await writer?.close();
  await env?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

let inserted = 0;
/**
 * A new row at least every FLOOD_PACE_MS: 40 a second, 120 per refetch interval, each a push to the
 * page. Far more than one refetch per interval could follow one by one, without the writer taking
 * a core for itself and slowing the browser tests beside it (as inserting flat out did).
 */
const FLOOD_PACE_MS = 25;
/** Insert positions on the other instance, one after the other, for `ms` (at least `min` rows). */
async function insertFor(ms: number, min = 1): Promise<number> {
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end || n < min) {
    const next = performance.now() + FLOOD_PACE_MS;
    const i = inserted++;
    const r = await writer.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/position/add',
      headers: { 'x-access-token': token },
      payload: { code: `flood${String(i).padStart(5, '0')}`, name: `导入职务${i}`, postRank: '1' },
    });
    expect(r.json()).toMatchObject({ success: true });
    n++;
    await sleep(next - performance.now());
  }
  return n;
}

async function openPositions(): Promise<{ page: Page; listRequests: () => number }> {
  const page = await env.newPage();
  let requests = 0;
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('/sys/position/list')) requests++;
  });
  const live = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/vxeSocket/')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('heart_beat')) resolve();
      });
    }),
  );
  await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fposition');
  await page.waitForURL(`${env.url}/isystem/position`);
  await page.locator('.ag-row').first().waitFor();
  await live;
  return { page, listRequests: () => requests };
}

describe('list refetches while rows are inserted elsewhere', () => {
  it('coalesces refetches to one per interval, and a hidden tab makes none', async () => {
    const { page, listRequests } = await openPositions();
    // the initial load has settled: nothing is fetched without a change
    await sleep(REFETCH_INTERVAL_MS);
    const before = listRequests();

    const started = performance.now();
    const rows = await insertFor(4 * REFETCH_INTERVAL_MS, 50);
    // the trailing refetch of the last rows
    await sleep(REFETCH_INTERVAL_MS + 1000);
    const elapsed = performance.now() - started;
    const refetches = listRequests() - before;
    // one at the start, then at most one per interval of the window
    expect(refetches).toBeGreaterThanOrEqual(1);
    expect(refetches).toBeLessThanOrEqual(1 + Math.ceil(elapsed / REFETCH_INTERVAL_MS));
    expect(refetches).toBeLessThan(rows);
    // the list caught up: the newest row is on the first page (create time, newest first)
    await page
      .locator('[col-id="code"]', { hasText: new RegExp(`^flood${String(inserted - 1).padStart(5, '0')}$`) })
      .waitFor();

    // hidden tab: no refetch however many rows arrive; one when it shows again
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const hiddenBefore = listRequests();
    await insertFor(2 * REFETCH_INTERVAL_MS, 20);
    await sleep(REFETCH_INTERVAL_MS + 1000);
    expect(listRequests()).toBe(hiddenBefore);
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page
      .locator('[col-id="code"]', { hasText: new RegExp(`^flood${String(inserted - 1).padStart(5, '0')}$`) })
      .waitFor();
    await sleep(REFETCH_INTERVAL_MS);
    expect(listRequests() - hiddenBefore).toBeGreaterThanOrEqual(1);
    expect(listRequests() - hiddenBefore).toBeLessThanOrEqual(2);
    await page.context().close();
  });
});
