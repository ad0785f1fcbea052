import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { openDemo, saveDemo } from '../support/editable-demo.ts';

/**
 * Dates in the formats of spec §9 with the console's own calendar (issue #15), never the browser's
 * native picker: editable-grid date cells, generated forms' datetime fields, list search dates.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const nativeDateInputs = (page: Page) =>
  page.locator('input[type=date], input[type=datetime-local], input[type=time]').count();

describe('date picker', () => {
  it('edits a grid date cell by keyboard with the calendar; the calendar is axe-clean', async () => {
    const { page, grid } = await openDemo(env);
    const cell = grid.locator('.ag-row[row-id="row_1002"] .ag-cell[col-id="serviceDate"]');
    // a click edits at once; Escape leaves the cell focused, Enter edits it again by keyboard
    await cell.click();
    const input = page.getByRole('textbox', { name: '服务日期', exact: true });
    await input.waitFor();
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    // the grid gives the cell its focus back after the editor closes: Enter then edits it again
    await expect.poll(() => cell.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await expect(input.inputValue()).resolves.toBe('2026-05-02');
    await expect(input.getAttribute('placeholder')).resolves.toBe('YYYY-MM-DD');
    await expect(nativeDateInputs(page)).resolves.toBe(0);
    // Alt+↓ opens the month grid on the cell's day (once the editor has the focus: under load it
    // takes it a moment after it renders); arrows and PageDown move, Enter picks
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Alt+ArrowDown');
    const calendar = page.getByRole('dialog', { name: '选择日期' });
    await calendar.getByRole('grid', { name: '2026年5月' }).waitFor();
    // never cut by the grid: the focused day is the topmost element at its centre
    const day = calendar.getByRole('button', { name: '2026-05-02' });
    const box = (await day.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('data-day'),
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe('2026-05-02');
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    await calendar.getByRole('grid', { name: '2026年6月' }).waitFor();
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    await expect(input.inputValue()).resolves.toBe('2026-06-03');
    // Escape in the calendar closes only the calendar, the cell keeps editing
    await page.keyboard.press('Alt+ArrowDown');
    await calendar.waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    await expect(input.isVisible()).resolves.toBe(true);
    // Enter commits the cell
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'detached' });
    await expect(cell.textContent()).resolves.toBe('2026-06-03');
    // typed text in another form is read as the spec's format
    await grid.locator('.ag-row[row-id="row_1001"] .ag-cell[col-id="orderTime"]').click();
    const time = page.getByRole('textbox', { name: '下单时间', exact: true });
    await time.fill('2026/7/8 9:05');
    await page.keyboard.press('Enter');
    await time.waitFor({ state: 'detached' });
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1002')).toMatchObject({ serviceDate: '2026-06-03' });
    expect(out.roster!.values.find((v) => v.id === '1001')).toMatchObject({
      orderTime: '2026-07-08 09:05:00',
    });
    await page.context().close();
  });

  it('a generated form’s datetime field and a list’s search date use the calendar', async () => {
    const page = await env.newPage();
    await login(
      page,
      env.url,
      'admin',
      '123456',
      `/user/login?redirect=${encodeURIComponent('/isystem/annountCement')}`,
    );
    await page.waitForURL(`${env.url}/isystem/annountCement`);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByRole('dialog', { name: /新增/ });
    const start = form.getByRole('textbox', { name: '开始时间', exact: true });
    await start.waitFor();
    await expect(start.getAttribute('placeholder')).resolves.toBe('YYYY-MM-DD HH:mm:ss');
    await expect(nativeDateInputs(page)).resolves.toBe(0);
    await start.fill('2026-03-04 08:30:00');
    await start.press('Alt+ArrowDown');
    const calendar = page.getByRole('dialog', { name: '选择日期' });
    await calendar.getByRole('grid', { name: '2026年3月' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    // the picked day keeps the typed time
    await expect(start.inputValue()).resolves.toBe('2026-03-11 08:30:00');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // 日志: its search bar's dates
    await page.goto(`${env.url}/isystem/log`);
    const begin = page.getByRole('textbox', { name: '开始日期', exact: true });
    await begin.waitFor();
    await expect(nativeDateInputs(page)).resolves.toBe(0);
    await begin.fill('2026-1-5');
    await begin.blur();
    await expect(begin.inputValue()).resolves.toBe('2026-01-05');
    await page.context().close();
  });
});
