import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { openDemo, saveDemo } from '../support/editable-demo.ts';

/** Editing keys of the editable grid: Esc cancels (click edit, F2, typing), Tab moves on. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const cell = (grid: Locator, id: string, key: string) =>
  grid.locator(`.ag-row[row-id="row_${id}"] .ag-cell[col-id="${key}"]`);

/** Column id of the focused cell of the grid. */
const focusedColumn = (grid: Locator) => grid.locator('.ag-cell-focus').first().getAttribute('col-id');

describe('Esc cancels an edit', () => {
  it('after a click edit: the typed value is discarded and the old value kept', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, '1002', 'techName').click();
    const editor = grid.getByRole('textbox', { name: '技师' });
    await expect(editor.inputValue()).resolves.toBe('李强');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('张三丰');
    await expect(editor.inputValue()).resolves.toBe('张三丰');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await expect(cell(grid, '1002', 'techName').textContent()).resolves.toBe('李强');
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1002')?.techName).toBe('李强');
    await page.context().close();
  });

  it('in F2 edit mode, also when the draft broke a rule: the rule message goes with it', async () => {
    const { page, grid } = await openDemo(env);
    // walk from the read-only sequence cell to 技师 by keyboard, then F2
    await cell(grid, '1001', '__seq').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focusedColumn(grid)).resolves.toBe('techName');
    await page.keyboard.press('F2');
    const editor = grid.getByRole('textbox', { name: '技师' });
    await expect(editor.inputValue()).resolves.toBe('王芳');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await grid.getByRole('tooltip').filter({ hasText: '技师不能为空' }).waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await expect(cell(grid, '1001', 'techName').textContent()).resolves.toBe('王芳');
    await grid.getByRole('tooltip').waitFor({ state: 'detached' });
    await expect(cell(grid, '1001', 'techName').getAttribute('class')).resolves.not.toContain('jvxe-invalid');
    // focus stays on the cell, not editing
    await expect(focusedColumn(grid)).resolves.toBe('techName');
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1001')?.techName).toBe('王芳');
    await page.context().close();
  });

  it('when editing was started by typing a character', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, '1002', '__seq').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focusedColumn(grid)).resolves.toBe('phone');
    await page.keyboard.type('9');
    const editor = grid.getByRole('textbox', { name: '手机' });
    await expect(editor.inputValue()).resolves.toBe('9');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await expect(cell(grid, '1002', 'phone').textContent()).resolves.toBe('13800001111');
    await page.context().close();
  });
});

describe('Tab', () => {
  it('moves focus to the next cell without editing, and Shift+Tab back', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, '1002', '__seq').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focusedColumn(grid)).resolves.toBe('techName');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedColumn(grid)).toBe('phone');
    await expect(grid.getByRole('textbox').count()).resolves.toBe(0);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedColumn(grid)).toBe('techName');
    await page.context().close();
  });

  it('commits the edit and opens the editor of the next cell', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, '1002', 'techName').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('李强强');
    await page.keyboard.press('Tab');
    const phone = grid.getByRole('textbox', { name: '手机' });
    await expect(phone.inputValue()).resolves.toBe('13800001111');
    await expect(cell(grid, '1002', 'techName').textContent()).resolves.toBe('李强强');
    // Esc on the next cell leaves the committed edit of the previous one alone
    await page.keyboard.press('Escape');
    await phone.waitFor({ state: 'detached' });
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1002')).toMatchObject({
      techName: '李强强',
      phone: '13800001111',
    });
    await page.context().close();
  });
});
