import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { login, secondInstance, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * Two browsers on two server instances sharing one database: a row saved in one grid appears in the
 * other grid without a reload (`/vxeSocket` fan-out through PostgreSQL LISTEN/NOTIFY).
 */
let env: BrowserEnv;
let second: FastifyInstance;
let secondUrl: string;
beforeAll(async () => {
  env = await startBrowserEnv();
  ({ app: second, url: secondUrl } = await secondInstance(env));
}, 120_000);
afterAll(async () => {
  await second?.close();
  await env?.close();
});

const cell = (page: Page, code: string, colId: string) =>
  page
    .locator('.ag-row', { has: page.locator('[col-id="code"]', { hasText: new RegExp(`^${code}$`) }) })
    .locator(`[col-id="${colId}"]`);

async function openPositions(base: string) {
  const page = await env.newPage();
  // the grid's socket is live once the server has answered its first heart_beat
  const live = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/vxeSocket/')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('heart_beat')) resolve();
      });
    }),
  );
  await login(page, base, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fposition');
  await page.waitForURL(`${base}/isystem/position`);
  await cell(page, 'manager', 'name').waitFor();
  await live;
  return page;
}

describe('realtime grid', () => {
  it('an edit saved in one browser updates the row in another browser on another instance', async () => {
    const a = await openPositions(env.url);
    const b = await openPositions(secondUrl);

    const row = a.locator('.ag-row', { has: a.locator('[col-id="code"]', { hasText: /^manager$/ }) });
    await a
      .locator('.ag-row', { has: a.getByRole('button', { name: '编辑' }) })
      .first()
      .waitFor();
    const rowIndex = await row.first().getAttribute('row-index');
    await clickRowAction(a.locator(`.ag-row[row-index="${rowIndex}"] [col-id="actions"]`), '编辑');
    const form = a.getByRole('form', { name: '编辑职务' });
    await form.getByLabel('职务名称').fill('店长');
    await form.getByRole('button', { name: '确定' }).click();
    await a.getByText('编辑成功!').waitFor();

    await cell(b, 'manager', 'name')
      .filter({ hasText: /^店长$/ })
      .waitFor({ timeout: 10_000 });
    await a.context().close();
    await b.context().close();
  });
});
