import type { Locator, Page } from 'playwright-core';
import { login, type BrowserEnv } from './browser.ts';

/** The editable-grid demo page (组件示例 → 可编辑表格示例) that the browser tests drive. */
export const DEMO = '/jeecg/j-vxe-table-demo';

/** What the demo's 保存 shows: each sub-table's values and removed ids. */
export type DemoSave = Record<string, { values: Array<Record<string, unknown>>; deleteIds: string[] }>;

/** Sign in as admin on a new page, open the demo and wait for its first roster row. */
export async function openDemo(env: BrowserEnv): Promise<{ page: Page; grid: Locator }> {
  const page = await env.newPage();
  await login(page, env.url, 'admin', '123456', `/user/login?redirect=${encodeURIComponent(DEMO)}`);
  await page.waitForURL(`${env.url}${DEMO}`);
  const grid = page.getByRole('tabpanel', { name: '技师排班' });
  await grid.locator('.ag-row[row-id="row_1001"]').waitFor();
  return { page, grid };
}

/** Row ids of the grid's body in display order (pinned statistics rows left out). */
export const rowIds = (grid: Locator): Promise<string[]> =>
  grid.locator('.ag-row:not(.ag-row-pinned)').evaluateAll((rows) =>
    rows
      .map((r) => ({ id: r.getAttribute('row-id') ?? '', index: Number(r.getAttribute('row-index')) }))
      .sort((a, b) => a.index - b.index)
      .map((r) => r.id),
  );

/** Click 保存 and read the shown result. */
export async function saveDemo(page: Page): Promise<DemoSave> {
  await page.getByRole('button', { name: '保存', exact: true }).click();
  const text = await page.getByLabel('保存结果').textContent();
  return JSON.parse(text ?? '{}') as DemoSave;
}
