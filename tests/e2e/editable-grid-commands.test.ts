import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { openDemo, rowIds } from '../support/editable-demo.ts';

/** The editable grid's row commands (grid.addRow … grid.moveDown) by shortcut and by palette. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

/** Add and insert clicks closer than 1500 ms are refused (spec §5): wait this long between them. */
const PAST_THROTTLE_MS = 1600;

const tick = (grid: Locator, id: string) =>
  grid.locator(`.ag-row[row-id="${id}"] .ag-selection-checkbox input`).first();

/** Ctrl+K, type the command's title, check it is the first hit, Enter. */
async function palette(page: Page, title: string) {
  await page.keyboard.press('Control+k');
  await page.getByPlaceholder('搜索菜单和命令（中文、拼音、首字母、英文）').fill(title);
  const first = page.locator('[cmdk-item]').first();
  await first.filter({ hasText: title }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: '命令面板' }).waitFor({ state: 'detached' });
}

describe('editable grid row commands by shortcut', () => {
  it('Alt+N adds, Alt+I inserts below the ticked row, Alt+↓ / Alt+↑ move it', async () => {
    const { page, grid } = await openDemo(env);
    // focus the (read-only) sequence cell so keys go to the page, not an editor
    await grid.locator('.ag-row[row-id="row_1002"] .ag-cell[col-id="__seq"]').click();
    await page.keyboard.press('Alt+n');
    await expect.poll(() => rowIds(grid)).toHaveLength(4);
    const added = await rowIds(grid);
    expect(added.slice(0, 3)).toEqual(['row_1001', 'row_1002', 'row_1003']);
    expect(added[3]).toMatch(/_temp$/);

    await page.waitForTimeout(PAST_THROTTLE_MS);
    await tick(grid, 'row_1001').check();
    await page.keyboard.press('Alt+i');
    await expect.poll(() => rowIds(grid)).toHaveLength(5);
    const inserted = await rowIds(grid);
    expect(inserted[0]).toBe('row_1001');
    expect(inserted[1]).toMatch(/_temp$/);
    expect(inserted[1]).not.toBe(added[3]);
    expect(inserted.slice(2)).toEqual(['row_1002', 'row_1003', added[3]]);

    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => rowIds(grid)).toEqual([inserted[1], 'row_1001', ...inserted.slice(2)]);
    await page.keyboard.press('Alt+ArrowDown');
    await expect
      .poll(() => rowIds(grid))
      .toEqual([inserted[1], 'row_1002', 'row_1001', 'row_1003', added[3]]);
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => rowIds(grid)).toEqual(inserted);
    await page.context().close();
  });

  it('Alt+I and Alt+↑ with nothing ticked or focused warn 请选择一条记录！ and change nothing', async () => {
    const { page, grid } = await openDemo(env);
    await page.getByRole('textbox', { name: '排班名称' }).click();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByRole('alert').filter({ hasText: '请选择一条记录！' }).first().waitFor();
    await page.keyboard.press('Alt+i');
    await expect(page.getByRole('alert').filter({ hasText: '请选择一条记录！' }).count()).resolves.toBe(2);
    await expect(rowIds(grid)).resolves.toEqual(['row_1001', 'row_1002', 'row_1003']);
    await page.context().close();
  });
});

describe('editable grid row commands by palette', () => {
  it('新增行, 插入行, 下移行, 上移行 and 删除选中行 from Ctrl+K', async () => {
    const { page, grid } = await openDemo(env);
    await palette(page, '新增行');
    await expect.poll(() => rowIds(grid)).toHaveLength(4);
    const added = (await rowIds(grid))[3]!;
    expect(added).toMatch(/_temp$/);

    await page.waitForTimeout(PAST_THROTTLE_MS);
    await tick(grid, 'row_1002').check();
    await palette(page, '插入行');
    await expect.poll(() => rowIds(grid)).toHaveLength(5);
    const inserted = (await rowIds(grid))[2]!;
    expect(inserted).toMatch(/_temp$/);
    expect(await rowIds(grid)).toEqual(['row_1001', 'row_1002', inserted, 'row_1003', added]);

    await palette(page, '上移行');
    await expect.poll(() => rowIds(grid)).toEqual(['row_1002', 'row_1001', inserted, 'row_1003', added]);
    await palette(page, '下移行');
    await expect.poll(() => rowIds(grid)).toEqual(['row_1001', 'row_1002', inserted, 'row_1003', added]);

    // delete a saved row and the new one together: it asks first, and only 1002 is a deleteId
    await tick(grid, added).check();
    await palette(page, '删除选中行');
    await page.getByText('确定要删除这 2 项吗?').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => rowIds(grid)).toEqual(['row_1001', inserted, 'row_1003']);
    await page.getByText('已删除：李强').waitFor();
    await page.context().close();
  });

  it('删除选中行 with nothing ticked warns and asks nothing', async () => {
    const { page, grid } = await openDemo(env);
    await palette(page, '删除选中行');
    await page.getByRole('alert').filter({ hasText: '请选择一条记录！' }).first().waitFor();
    await expect(page.getByText(/确定要删除这/).count()).resolves.toBe(0);
    await expect(rowIds(grid)).resolves.toEqual(['row_1001', 'row_1002', 'row_1003']);
    await page.context().close();
  });
});
