import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { openDemo, saveDemo } from '../support/editable-demo.ts';
import { BASE } from '../support/app.ts';

/** File and upload cells of the editable grid: a refused upload, then a stored non-image file. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const UPLOAD = `**${BASE}/sys/common/upload`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const cell = (grid: Locator, id: string, key: string) =>
  grid.locator(`.ag-row[row-id="row_${id}"] .ag-cell[col-id="${key}"]`);

/** Answer every upload with a business failure. */
const refuseUploads = (page: Page, message: string) =>
  page.route(UPLOAD, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message, code: 500, result: null }),
        })
      : route.continue(),
  );

describe('file cell', () => {
  it('shows "<name> 上传失败" and the server message when the upload answers success:false', async () => {
    const { page, grid } = await openDemo(env);
    await refuseUploads(page, '磁盘已满');
    await cell(grid, '1002', 'license').click();
    const editor = page.getByRole('dialog', { name: '文件' });
    await editor.waitFor();
    await editor
      .getByLabel('选择文件')
      .setInputFiles({ name: '资质证书.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('alert').filter({ hasText: '资质证书.pdf 上传失败' }).waitFor();
    const item = editor.locator('li[data-status="error"]', { hasText: '资质证书.pdf' });
    await item.waitFor();
    await expect(item.textContent()).resolves.toContain('磁盘已满');
    // nothing was stored: 确定 refuses, 取消 leaves the cell empty
    await editor.getByRole('button', { name: '确定' }).click();
    await page.getByRole('alert').filter({ hasText: '未上传任何文件' }).waitFor();
    await editor.getByRole('button', { name: '取消' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect(cell(grid, '1002', 'license').textContent()).resolves.toBe('无文件');
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1002')).toMatchObject({ license: null });
    await page.context().close();
  });

  it('stores the server path of an uploaded non-image file, read out by 保存', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, '1002', 'license').click();
    const editor = page.getByRole('dialog', { name: '文件' });
    await editor.waitFor();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/sys/common/upload') && r.request().method() === 'POST'),
      editor
        .getByLabel('选择文件')
        .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF }),
    ]);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^temp\/\d{8}\/[^/]+\.pdf$/);
    const done = editor.locator('li[data-status="done"]', { hasText: 'report.pdf' });
    await done.waitFor();
    // the column's btnText names the upload button; allowRemove false keeps stored files
    await editor.getByRole('button', { name: '上传资质' }).waitFor();
    await expect(done.getByRole('button', { name: '删除 report.pdf' }).count()).resolves.toBe(0);
    await editor.getByRole('button', { name: '确定' }).click();
    await editor.waitFor({ state: 'detached' });
    // the cell shows the name shortened to 5 characters
    await expect(cell(grid, '1002', 'license').textContent()).resolves.toBe('repor…');
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1002')?.license).toBe(body.message);
    await page.context().close();
  });
});

describe('upload cell', () => {
  it('shows the failure and the server message of a refused upload', async () => {
    const { page, grid } = await openDemo(env);
    await refuseUploads(page, '磁盘已满');
    await cell(grid, '1001', 'attachment').click();
    const editor = page.getByRole('dialog', { name: '上传文件' });
    await editor.waitFor();
    await editor
      .getByLabel('选择文件')
      .setInputFiles({ name: 'note.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('alert').filter({ hasText: 'note.pdf 上传失败' }).waitFor();
    await expect(
      editor.locator('li[data-status="error"]', { hasText: 'note.pdf' }).textContent(),
    ).resolves.toContain('磁盘已满');
    await page.context().close();
  });
});
