import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RULE_MESSAGES } from '../../src/shared/validation.ts';
import { IMPORT_MSG } from '../../src/server/lib/excel/xlsx-sheet-reader.ts';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function openDialog(page: Page) {
  await page.getByRole('toolbar', { name: '用户操作' }).getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入EXCEL' });
  await dialog.waitFor();
  return dialog;
}

describe('导入EXCEL on the users page', () => {
  it('lists chosen files, reports bad rows with a downloadable error file, then imports', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fuser');
    await page.waitForURL(`${env.url}/isystem/user`);

    let dialog = await openDialog(page);
    const start = dialog.getByRole('button', { name: '开始上传' });
    await expect(start.isDisabled()).resolves.toBe(true);

    const bad = await workbook([
      ['用户账号', '用户姓名', '手机号码'],
      ['e2e_imp1', '导入一', '13900000031'],
      ['e2e_imp2', '', ''],
    ]);
    const input = dialog.getByLabel('选择文件');
    await input.setInputFiles([
      { name: '用户.xlsx', mimeType: XLSX, buffer: bad },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
    ]);
    await page.getByText('只能导入 .xls 或 .xlsx 文件').waitFor();
    const list = dialog.getByRole('list', { name: '待导入文件' });
    await expect(list.getByRole('listitem').allTextContents()).resolves.toEqual([
      expect.stringContaining('用户.xlsx'),
    ]);
    await dialog.getByRole('button', { name: '移除 用户.xlsx' }).click();
    await expect(start.isDisabled()).resolves.toBe(true);

    await input.setInputFiles([{ name: '用户.xlsx', mimeType: XLSX, buffer: bad }]);
    await start.click();
    const errors = page.getByRole('dialog', { name: '导入成功,但是有错误数据!' });
    await errors.waitFor();
    await errors.getByText('总上传行数：2，已导入行数：0，错误行数：1').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      errors.getByRole('link', { name: '下载错误文件' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^userImportExcelErrorLog\d+\.txt$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text).toContain(`第3行：${RULE_MESSAGES.realnameRequired}`);
    await errors.getByRole('button', { name: '关闭' }).click();
    await errors.waitFor({ state: 'detached' });

    dialog = await openDialog(page);
    const biff = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    await dialog
      .getByLabel('选择文件')
      .setInputFiles([{ name: 'old.xls', mimeType: 'application/vnd.ms-excel', buffer: biff }]);
    await dialog.getByRole('button', { name: '开始上传' }).click();
    // an OLE header with nothing behind it is no workbook; a real Excel 97-2003 file imports
    await page.getByText(IMPORT_MSG.unreadable).waitFor();
    await dialog.getByRole('button', { name: '移除 old.xls' }).click();
    await dialog.getByLabel('选择文件').setInputFiles('tests/fixtures/users-import.xls');
    await dialog.getByRole('button', { name: '开始上传' }).click();
    await page.getByText('共3行数据全部导入成功！').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ag-row [col-id="username"]', { hasText: /^xls_u3$/ }).waitFor();
    dialog = await openDialog(page);

    const good = await workbook([
      ['用户账号', '用户姓名'],
      ['e2e_imp1', '导入一'],
      ['e2e_imp3', '导入三'],
    ]);
    await dialog.getByLabel('选择文件').setInputFiles([{ name: '好.xlsx', mimeType: XLSX, buffer: good }]);
    await dialog.getByRole('button', { name: '开始上传' }).click();
    await page.getByText('共2行数据全部导入成功！').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ag-row [col-id="username"]', { hasText: /^e2e_imp3$/ }).waitFor();
    await page.context().close();
  });
});
