import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { login, secondInstance, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { clickRowAction } from '../support/grid-rows.ts';
import { ORDER } from '../../src/shared/resources/order.ts';
import { ORDER_STATUS } from '../../src/shared/resources/order-states.ts';

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
});
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

describe('监控页 live board', () => {
  it('shows an order changed through another instance within 1 s of the write, and alerts a new exception', async () => {
    const page = await env.newPage();
    const live = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/vxeSocket/')) return;
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('heart_beat')) resolve();
        });
      }),
    );
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fdashboard%2Fmonitor');
    await page.waitForURL(`${env.url}/dashboard/monitor`);
    const board = page.getByTestId('order-board');
    await board.locator('tbody tr').first().waitFor();
    await live;
    const { rows } = await env.database.rawQuery(
      `select id, order_no from yy_visit_order where status = $1 order by create_time limit 1`,
      [ORDER_STATUS.cancelPending],
    );
    const order = rows[0] as { id: string; order_no: string };
    const signIn = await second.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { username: 'admin', password: '123456' },
    });
    const token = (signIn.json() as { result: { token: string } }).result.token;
    // the deadline runs from the write on instance B
    const wrote = Date.now();
    const r = await second.inject({
      method: 'PUT',
      url: `/jeecg-boot${ORDER.decl.path}/approveCancel`,
      headers: { 'x-access-token': token },
      payload: { ids: order.id },
    });
    expect((r.json() as { success: boolean }).success, r.body).toBe(true);
    await board
      .locator('tr', { hasText: order.order_no })
      .locator(`td[data-status="${ORDER_STATUS.cancelled}"]`)
      .waitFor({ timeout: Math.max(1, wrote + 1000 - Date.now()) });
    expect(Date.now() - wrote).toBeLessThanOrEqual(1000);

    // an order's transition opening an exception (申请取消) on instance B: alerted within 1 s, with
    // no poll to wait for (the order's push reads the exceptions again)
    const accepted = (
      await env.database.rawQuery(
        `select id, order_no from yy_visit_order where status = $1 order by create_time limit 1`,
        [ORDER_STATUS.accepted],
      )
    ).rows[0] as { id: string; order_no: string };
    const opened = Date.now();
    const asked = await second.inject({
      method: 'PUT',
      url: `/jeecg-boot${ORDER.decl.path}/requestCancel`,
      headers: { 'x-access-token': token },
      payload: { ids: accepted.id, reason: '客户临时有事' },
    });
    expect((asked.json() as { success: boolean }).success, asked.body).toBe(true);
    await page
      .getByRole('log', { name: '新异常订单提醒' })
      .getByText(`新异常订单：${accepted.order_no}`)
      .waitFor({ timeout: Math.max(1, opened + 1000 - Date.now()) });
    expect(Date.now() - opened).toBeLessThanOrEqual(1000);
    await page.context().close();
  });
});
