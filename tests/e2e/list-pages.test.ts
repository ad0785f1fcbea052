import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/** Two more list screens on the same ListPage: 职务管理 and 日志管理. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const open = (path: string) => openAs(env, path);

const rowWith = (page: Page, colId: string, text: string) =>
  page.locator('.ag-row', {
    has: page.locator(`[col-id="${colId}"]`, { hasText: new RegExp(`^${text}$`) }),
  });
const loginRow = (page: Page) =>
  page.locator('.ag-row', { has: page.locator('[col-id="logContent"]', { hasText: 'admin,登录成功' }) });
const dataRows = (page: Page) => page.locator('.ag-row', { has: page.locator('[col-id="code"]') });

describe('职务管理', () => {
  it('adds a position through the form with the shared rules, then finds it with a header filter', async () => {
    const page = await open('/isystem/position');
    const toolbar = page.getByRole('toolbar', { name: '职务操作' });
    await toolbar.getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增职务' });
    await form.getByLabel('职务编码').fill('bad code');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('职务编码只允许字母、数字、下划线和中划线').waitFor();
    await form.getByText('请输入职务名称').waitFor();
    await form.getByLabel('职务编码').fill('zl_tuina');
    await form.getByLabel('职务名称').fill('推拿组长');
    await form.getByLabel('职级').selectOption({ index: 1 });
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();
    await rowWith(page, 'code', 'zl_tuina').waitFor();

    // header filter: search-input mode on the server
    const filter = page.locator('.ag-floating-filter input.ag-input-field-input').first();
    await page.getByRole('columnheader', { name: '职务编码' }).waitFor();
    await filter.fill('nothing-like-this');
    await page.getByText('没有查询到任何数据').waitFor();
    await filter.fill('tuina');
    await rowWith(page, 'code', 'zl_tuina').waitFor();
    await page.context().close();
  });

  it('exports the filtered list as .xlsx', async () => {
    const page = await open('/isystem/position');
    await dataRows(page).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('toolbar', { name: '职务操作' }).getByRole('button', { name: '导出' }).click(),
    ]);
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells = sheet.getSheetValues().flat().map(String);
    expect(cells).toContain('职务编码');
    expect(cells).toContain('manager');
    expect(cells).toContain('总经理');
    await page.context().close();
  });

  it('asks for a selection before batch delete, then deletes the ticked row after confirmation', async () => {
    const page = await open('/isystem/position');
    const toolbar = page.getByRole('toolbar', { name: '职务操作' });
    await dataRows(page).first().waitFor();
    await toolbar.getByRole('button', { name: '批量删除' }).click();
    await page.getByText('请选择一条记录！').waitFor();
    const first = dataRows(page).first();
    const code = (await first.locator('[col-id="code"]').textContent())!;
    await first.locator('input[type="checkbox"]').check();
    await toolbar.getByRole('button', { name: '批量删除' }).click();
    await page.getByText('是否删除选中数据?').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await rowWith(page, 'code', code).waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('详细信息', () => {
  it('shows every column of a row in the 详细信息 modal (row action 详情)', async () => {
    const page = await open('/isystem/position');
    const row = rowWith(page, 'code', 'manager');
    const index = await row.first().getAttribute('row-index');
    await clickRowAction(page.locator(`.ag-row[row-index="${index}"] [col-id="actions"]`), '详情');
    const dialog = page.getByRole('dialog', { name: '详细信息' });
    await dialog.getByText('总经理').waitFor();
    await dialog.getByText('职务编码').waitFor();
    await page.context().close();
  });
});

describe('日志管理', () => {
  it('lists the login log and searches it by keyword', async () => {
    const page = await open('/isystem/log');
    await loginRow(page).first().waitFor();
    const search = page.getByRole('form', { name: '查询条件' });
    await search.getByLabel('搜索日志').fill('no-such-log-entry');
    await search.getByRole('button', { name: '查询' }).click();
    await page.getByText('没有查询到任何数据').waitFor();
    await search.getByRole('button', { name: '重置' }).click();
    await loginRow(page).first().waitFor();
    await page.context().close();
  });
});

describe('row actions (issue 27: cut off at 1440 px, hidden at 390 px)', () => {
  it('技师列表 at 1440×900: every action reachable, the first as buttons and the rest under 更多', async () => {
    const page = await open('/yy/technician/list');
    await page.setViewportSize({ width: 1440, height: 900 });
    const cell = page.locator('#page-content .ag-row [col-id="actions"]').first();
    await cell.getByRole('button', { name: '更多' }).waitFor();
    const right = (await cell.boundingBox())!;
    for (const b of await cell.getByRole('button').all()) {
      const box = (await b.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(right.x + right.width, 1440) + 0.5);
    }
    // 更多 opens a menu by keyboard too; 删除 there asks first
    await cell.getByRole('button', { name: '更多' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: '更多操作' });
    await expect.poll(() => menu.getByRole('menuitem').count()).toBeGreaterThan(0);
    // the one menu: Enter on 更多 does not also open the row's 行操作 menu
    expect(await page.getByRole('menu').count()).toBe(1);
    await menu.getByRole('menuitem', { name: '删除', exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: /删除/ });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('技师列表 at 390 px: 操作 scrolls with the columns instead of covering them', async () => {
    const page = await open('/yy/technician/list');
    await page.setViewportSize({ width: 390, height: 800 });
    const grid = page.locator('#page-content [role=treegrid], #page-content [role=grid]').first();
    await page.locator('#page-content .ag-row [col-id="name"]').first().waitFor();
    // nothing is pinned to the right edge, and more than one data column is in view
    await expect
      .poll(() => page.locator('#page-content .ag-pinned-right-cols-container [col-id]').count())
      .toBe(0);
    const view = (await grid.boundingBox())!;
    const inView = async () => {
      let n = 0;
      for (const h of await page.locator('#page-content .ag-header-cell[col-id]').all()) {
        const box = await h.boundingBox();
        if (box && box.width > 0 && box.x >= view.x - 1 && box.x + box.width <= view.x + view.width + 1) n++;
      }
      return n;
    };
    await expect.poll(inView).toBeGreaterThanOrEqual(2);
    // the 操作 cell is reached from the keyboard (End goes to the row's last column; the grid draws
    // only the columns in view), and works
    await page.locator('#page-content .ag-row [col-id="name"]').first().click();
    await page.keyboard.press('End');
    const more = page
      .locator('#page-content .ag-row [col-id="actions"]')
      .first()
      .getByRole('button', { name: '更多' });
    await more.scrollIntoViewIfNeeded();
    await more.click();
    await page.getByRole('menu', { name: '更多操作' }).waitFor();
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});
