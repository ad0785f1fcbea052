import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

/** A signed-in page on the users list with clipboard access granted. */
async function usersPage(): Promise<Page> {
  const page = await env.newPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
  await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fuser');
  await page.waitForURL(`${env.url}/isystem/user`);
  await page.locator('.ag-row[row-index="1"] [col-id="realname"]').waitFor();
  return page;
}

const cell = (page: Page, row: number, colId: string) =>
  page.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${colId}"]`);

const texts = async (page: Page, rows: number[], cols: string[]) =>
  Promise.all(
    rows.map(async (r) => Promise.all(cols.map(async (c) => (await cell(page, r, c).innerText()).trim()))),
  );

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('spreadsheet range and clipboard on a read-only list', () => {
  it('Shift+click selects a rectangle and Ctrl+C puts it on the clipboard as TSV', async () => {
    const page = await usersPage();
    await page.evaluate(() => navigator.clipboard.writeText('stale'));
    await cell(page, 0, 'username').click();
    await cell(page, 1, 'realname').click({ modifiers: ['Shift'] });
    await expect.poll(() => page.locator('.ag-cell.ss-range').count()).toBe(4);
    await expect(cell(page, 2, 'username').getAttribute('class')).resolves.not.toContain('ss-range');
    await page.keyboard.press('Control+c');
    const expected = await texts(page, [0, 1], ['username', 'realname']);
    await expect.poll(() => clipboard(page)).toBe(expected.map((r) => r.join('\t')).join('\r\n'));
    await page.context().close();
  });

  it('Shift+arrows extend the range from the focused cell; a plain arrow collapses it', async () => {
    const page = await usersPage();
    await cell(page, 0, 'realname').click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => page.locator('.ag-cell.ss-range').count()).toBe(6);
    await page.keyboard.press('Control+c');
    const expected = await texts(page, [0, 1, 2], ['realname', 'sex_dictText']);
    await expect.poll(() => clipboard(page)).toBe(expected.map((r) => r.join('\t')).join('\r\n'));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('.ag-cell.ss-range').count()).toBe(0);
    await page.keyboard.press('Control+c');
    const single = (await cell(page, 1, 'realname').innerText()).trim();
    await expect.poll(() => clipboard(page)).toBe(single);
    await page.context().close();
  });

  it('mouse drag selects a range; Delete and paste change nothing on a read-only grid', async () => {
    const page = await usersPage();
    const before = await texts(page, [0, 1], ['username', 'realname']);
    const from = await cell(page, 0, 'username').boundingBox();
    const to = await cell(page, 1, 'realname').boundingBox();
    await page.mouse.move(from!.x + 5, from!.y + 5);
    await page.mouse.down();
    await page.mouse.move(to!.x + 5, to!.y + 5, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.locator('.ag-cell.ss-range').count()).toBe(4);
    await page.keyboard.press('Delete');
    await page.evaluate(() => navigator.clipboard.writeText('x\ty\r\nz\tw'));
    await page.keyboard.press('Control+v');
    await expect(texts(page, [0, 1], ['username', 'realname'])).resolves.toEqual(before);
    await page.context().close();
  });
});

/** The editable grid demo (可编辑表格示例), signed in, clipboard access granted. */
async function demoPage(): Promise<Page> {
  const page = await env.newPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
  await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fjeecg%2Fj-vxe-table-demo');
  await page.waitForURL(`${env.url}/jeecg/j-vxe-table-demo`);
  await cell(page, 1, 'phone').waitFor();
  return page;
}

const roster = (page: Page) => texts(page, [0, 1], ['techName', 'phone']);

describe('spreadsheet paste and undo on the editable grid', () => {
  it('pastes a 2×2 block copied from Excel, undo restores and redo re-applies it', async () => {
    const page = await demoPage();
    const before = await roster(page);
    expect(before).toEqual([
      ['王芳', '13912345678'],
      ['李强', '13800001111'],
    ]);
    await page.evaluate(() => navigator.clipboard.writeText('张三\t13911112222\r\n李四\t13922223333\r\n'));
    await cell(page, 0, 'techName').click();
    // single-click editing opens the editor asynchronously: wait for it before leaving it
    await page.locator('.ag-cell-inline-editing').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ag-cell-inline-editing').waitFor({ state: 'detached' });
    // the grid gives focus back to the cell after editing: keys before that go to the page
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ag-cell'))))
      .toBe(true);
    await page.keyboard.press('Control+v');
    const pasted = [
      ['张三', '13911112222'],
      ['李四', '13922223333'],
    ];
    await expect.poll(() => roster(page)).toEqual(pasted);
    await page.keyboard.press('Control+z');
    await expect.poll(() => roster(page)).toEqual(before);
    await page.keyboard.press('Control+y');
    await expect.poll(() => roster(page)).toEqual(pasted);
    // an edit made in the cell editor is undone the same way
    await cell(page, 1, 'phone').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('13633334444');
    await page.keyboard.press('Enter');
    await page.locator('.ag-cell-inline-editing').waitFor({ state: 'detached' });
    await expect.poll(() => cell(page, 1, 'phone').innerText()).toBe('13633334444');
    await page.keyboard.press('Control+z');
    await expect.poll(() => roster(page)).toEqual(pasted);
    await page.context().close();
  });
  it('Delete clears the editable cells of a Shift+arrow range, skips disabled rows, and undo restores', async () => {
    const page = await demoPage();
    const before = await texts(page, [0, 1, 2], ['techName']);
    await cell(page, 0, 'techName').click();
    // single-click editing opens the editor asynchronously: wait for it before leaving it
    await page.locator('.ag-cell-inline-editing').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ag-cell-inline-editing').waitFor({ state: 'detached' });
    // the grid gives focus back to the cell after editing: keys before that go to the page
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ag-cell'))))
      .toBe(true);
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => page.locator('.ag-cell.ss-range').count()).toBe(3);
    await page.keyboard.press('Delete');
    // emptied cells show the column placeholder; the third row is settled (已结算) and therefore
    // disabled: it keeps its value
    await expect
      .poll(() => texts(page, [0, 1, 2], ['techName']))
      .toEqual([['技师姓名'], ['技师姓名'], before[2]]);
    await page.keyboard.press('Control+z');
    await expect.poll(() => texts(page, [0, 1, 2], ['techName'])).toEqual(before);
    await page.evaluate(() => navigator.clipboard.writeText('甲\r\n乙\r\n丙'));
    await page.keyboard.press('Control+v');
    await page.getByText('1 个单元格不可编辑，已跳过').waitFor();
    await expect.poll(() => texts(page, [0, 1, 2], ['techName'])).toEqual([['甲'], ['乙'], before[2]]);
    await page.context().close();
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('image upload cell', () => {
  it('refuses a non-image, uploads a PNG to /sys/common/upload and shows it read back with the token', async () => {
    const page = await demoPage();
    await cell(page, 1, 'photo').click();
    const editor = page.getByRole('dialog', { name: '图片' });
    await editor.waitFor();
    const input = editor.getByLabel('选择文件');
    await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('请上传图片').waitFor();
    // the server checks the content: a text file named .png is refused (success:false)
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    await editor.locator('li[data-status="error"]', { hasText: 'fake.png' }).waitFor();
    await page.getByText(/^错误信息：文件类型不允许/).waitFor();
    await editor.getByRole('button', { name: '删除 fake.png' }).click();
    await input.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    const item = editor.locator('li[data-status="done"]');
    await item.waitFor();
    await expect(item.textContent()).resolves.toContain('dot.png');
    await editor.getByRole('button', { name: '确定' }).click();
    await editor.waitFor({ state: 'detached' });
    const img = cell(page, 1, 'photo').locator('img');
    await img.waitFor();
    await expect(img.getAttribute('src')).resolves.toMatch(/^blob:/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
    await page.context().close();
  });
});
