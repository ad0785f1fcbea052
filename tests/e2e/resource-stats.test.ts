import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';

/**
 * The 统计 dialog of a resource declaring stats (客户列表): opened from the toolbar by keyboard,
 * its selects change dimension, grain and measure, the chart (echarts, loaded lazily) and the
 * table show the same groups, and the dialog passes axe.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

describe('客户统计', () => {
  it('opens by keyboard, draws the chart and the table, changes with its selects', async () => {
    const page = await openAs(env, '/yy/customer/list');
    await page.locator('.ag-row').first().waitFor();
    const button = page.getByRole('toolbar', { name: '客户操作' }).getByRole('button', { name: '统计' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '客户统计' });
    await dialog.waitFor();
    const table = dialog.getByTestId('stats-table');
    await table.locator('tbody tr').first().waitFor();
    await dialog.getByTestId('stats-chart').locator('svg').waitFor();
    // by month by default: each row a month
    expect(await table.locator('tbody td:first-child').first().textContent()).toMatch(/^\d{4}-\d{2}$/);
    expect(await dialog.getByTestId('stats-chart').getAttribute('aria-label')).toContain('注册时间');

    await dialog.getByLabel('统计维度').selectOption({ label: '会员等级' });
    await expect.poll(() => table.locator('caption').textContent()).toContain('会员等级');
    expect(await dialog.getByLabel('粒度').isDisabled()).toBe(true);
    await dialog.getByLabel('指标').selectOption({ label: '余额合计(元)' });
    await expect.poll(() => table.locator('caption').textContent()).toContain('余额合计(元)');
    const values = await table.locator('tbody td:last-child').allTextContents();
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(v).toMatch(/^\d+\.\d{2}$/);

    await dialog.getByLabel('统计维度').selectOption({ label: '注册时间' });
    await dialog.getByLabel('粒度').selectOption({ label: '按日' });
    await expect.poll(() => table.locator('caption').textContent()).toContain('按日');
    expect(await table.locator('tbody td:first-child').first().textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });
});
