import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startBrowserEnv, visitInApp, type BrowserEnv } from '../support/browser.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * 对账单 and 财务明细 open with their seeded rows for 财务出纳 (caiwu): the statements of the two
 * previous months (已结算, 已确认) with 生成对账单 on the toolbar and a statement's lines in its
 * 详细信息 (明细), and the per-district figures.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const STATEMENTS = '/yy/statement/list';
const FINANCE = '/yy/visitFinance/list';

describe('the finance pages', () => {
  it('open with seeded rows for 财务出纳', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'caiwu', '123456', `/user/login?redirect=${encodeURIComponent(STATEMENTS)}`);
    await page.waitForURL(env.url + STATEMENTS);
    const rows = page.locator('#page-content .ag-row');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBeGreaterThan(5);
    await page
      .locator('#page-content [col-id="status"]', { hasText: /^(已确认|已结算)$/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: '生成对账单' }).first().waitFor();
    expect(await page.getByText('不存在').count()).toBe(0);
    // a statement's 详细信息 has its lines: the 明细 tab's embedded list, with their export
    await clickRowAction(page.locator('#page-content .ag-row [col-id="actions"]').first(), '详情');
    const dialog = page.getByRole('dialog', { name: '详细信息' });
    await dialog.getByRole('tab', { name: '明细' }).click();
    await dialog.locator('.ag-row').first().waitFor();
    await expect.poll(() => dialog.locator('.ag-row').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: '导出明细' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await visitInApp(page, env.url, FINANCE);
    await page.getByRole('tab', { name: '财务明细', selected: true }).first().waitFor();
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    // per district: the area column shows the district's name
    await rows
      .filter({ hasText: /杭州市\/\S+(区|县)/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: '分账' }).first().waitFor();
    await page.context().close();
  });
});
