import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { PROJECT } from '../../../src/shared/resources/project.ts';

/** 服务项目's export: the rich text 项目介绍 goes into the sheet as its text, not as HTML. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('yunying');
});
afterAll(async () => t?.close());

describe('rich text in an export', () => {
  it('writes the plain text of the description', async () => {
    const added = await t.call('POST', PROJECT.endpoints.add.path, {
      token,
      body: {
        name: '导出测试项目',
        category: 'massage',
        duration: 60,
        price: '1288.00',
        status: '1',
        description: '<h2>项目说明</h2><p>放松<b>肩颈</b>&amp;背部</p><ul><li>60分钟</li></ul>',
      },
    });
    expect(added.body).toMatchObject({ success: true });
    const r = await t.call('GET', PROJECT.endpoints.exportXls.path, {
      token,
      query: { name: '导出测试项目' },
    });
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(3).values as unknown[]).map(String);
    const row = sheet.getRow(4).values as unknown[];
    expect(row[header.indexOf('项目名称')]).toBe('导出测试项目');
    expect(row[header.indexOf('项目介绍')]).toBe('项目说明 放松肩颈&背部 60分钟');
  });
});
