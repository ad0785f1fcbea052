import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { openDemo, saveDemo } from '../support/editable-demo.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const row = (grid: Locator, id: string) => grid.locator(`.ag-row[row-id="${id}"]`);
const cell = (grid: Locator, id: string, key: string) => row(grid, id).locator(`.ag-cell[col-id="${key}"]`);
/** A cell of the pinned statistics row (合计 / 平均值). */
const total = (grid: Locator, kind: 'sum' | 'average', key: string) =>
  grid.locator(`.ag-row.ag-row-pinned[row-id$="__statistic_${kind}"] .ag-cell[col-id="${key}"]`);

describe('editable grid: async dictionary search, popup column, statistics', () => {
  it('searches users on the server in a sel_search_async cell and stores the username', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, 'row_1001', 'technician').click();
    const search = page.getByRole('combobox', { name: '服务技师' });
    const asked = page.waitForRequest(
      (r) => r.url().includes('/sys/dict/loadDict/') && r.url().includes('keyword=%E8%B4%A2'),
    );
    await search.fill('财');
    const request = await asked;
    expect(decodeURIComponent(new URL(request.url()).pathname)).toContain(
      '/sys/dict/loadDict/sys_user,realname,username',
    );
    // only the server knows this user: the option comes from the answer
    await page.getByRole('option', { name: '王财务' }).click();
    await expect(cell(grid, 'row_1001', 'technician').textContent()).resolves.toBe('王财务');
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1001')).toMatchObject({ technician: 'caiwu' });
    await page.context().close();
  });

  it('opens the popup report from a popup cell and fills the row’s destination fields', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, 'row_1002', 'leader').getByRole('button', { name: '选择负责人' }).click();
    const dialog = page.getByRole('dialog', { name: '选择用户' });
    await dialog.getByRole('radio', { name: '选择 caiwu' }).waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('请选择一条记录', { exact: true }).waitFor();
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByLabel('用户姓名').fill('财');
    await dialog.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => dialog.getByRole('radio').count()).toBe(1);
    await dialog.getByRole('radio', { name: '选择 caiwu' }).check();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(cell(grid, 'row_1002', 'leader').textContent()).resolves.toContain('王财务');
    await expect(cell(grid, 'row_1002', 'leaderPhone').textContent()).resolves.toBe('13800000002');
    // Enter on the focused cell opens it as well; cancelling keeps the values
    await cell(grid, 'row_1001', 'leader').click();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1002')).toMatchObject({
      leader: '王财务',
      leaderPhone: '13800000002',
    });
    await page.context().close();
  });

  it('draws 合计 and 平均值 rows that follow edits and new rows', async () => {
    const { page, grid } = await openDemo(env);
    await expect(
      grid.locator('.ag-row.ag-row-pinned[row-id$="__statistic_sum"] .ag-cell[col-id="__seq"]').textContent(),
    ).resolves.toBe('合计');
    await expect(total(grid, 'sum', 'price').textContent()).resolves.toBe('624');
    await expect(total(grid, 'average', 'price').textContent()).resolves.toBe('208');
    await expect(total(grid, 'sum', 'duration').textContent()).resolves.toBe('195');
    // a column without statistics stays empty in the statistics rows
    await expect(total(grid, 'sum', 'techName').textContent()).resolves.toBe('');
    await cell(grid, 'row_1002', 'price').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');
    await expect.poll(() => total(grid, 'sum', 'price').textContent()).toBe('656');
    await expect(total(grid, 'average', 'price').textContent()).resolves.toBe('218.67');
    // a new row (时长 defaults to 60) counts at once
    await page
      .getByRole('toolbar', { name: '技师排班操作' })
      .getByRole('button', { name: '新增', exact: true })
      .click();
    await expect.poll(() => total(grid, 'sum', 'duration').textContent()).toBe('255');
    await expect(total(grid, 'average', 'price').textContent()).resolves.toBe('164');
    await page.context().close();
  });
});
