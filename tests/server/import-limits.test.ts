import fs from 'node:fs';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../../src/server/db/schema/index.ts';
import { MAX_IMPORT_ROWS } from '../../src/server/lib/excel/xlsx-import.ts';
import { MAX_UPLOAD_BYTES } from '../../src/server/routes/sys/common/upload.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { plainWorkbook, postParts } from './import-support.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

/** A header plus `n` user rows, written with the streaming writer. */
async function manyRows(n: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['用户账号', '用户姓名']).commit();
  for (let i = 0; i < n; i++) ws.addRow([`many_${i}`, '多']).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

/** Temp files exceljs's own streaming reader would spool sheets to (ours must leave none). */
const spooled = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}`)).length;

const userCount = () => t.database.db.$count(sysUser);

describe('import limits', () => {
  it(`refuses more than ${MAX_IMPORT_ROWS} data rows and imports none of them`, async () => {
    const before = await userCount();
    const tmpBefore = spooled();
    const file = await manyRows(MAX_IMPORT_ROWS + 1);
    const r = await postParts(t, '/sys/user/importExcel', admin, [
      { name: 'file', filename: 'big.xlsx', content: file },
    ]);
    expect(r.body).toMatchObject({ success: false, message: `数据行数超过${MAX_IMPORT_ROWS}行，请分批导入` });
    expect(await userCount()).toBe(before);
    // the reading stopped early: no temp file is left behind
    await expect.poll(spooled).toBe(tmpBefore);
    // and the next import still reads its file
    const small = await plainWorkbook([
      ['用户账号', '用户姓名'],
      ['after_big', '后'],
    ]);
    const next = await postParts(t, '/sys/user/importExcel', admin, [
      { name: 'file', filename: 's.xlsx', content: small },
    ]);
    expect(next.body).toMatchObject({ success: true, code: 200 });
  });

  it('refuses a file over the upload size limit', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const r = await postParts(t, '/sys/user/importExcel', admin, [
      { name: 'file', filename: 'huge.xlsx', content: big },
    ]);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('文件大小超出10MB限制');
  });

  it('imports the first 20 files of a request and reports the rest as not imported', async () => {
    const parts = await Promise.all(
      Array.from({ length: 21 }, async (_, i) => ({
        name: 'file',
        filename: `f${i}.xlsx`,
        content: await plainWorkbook([
          ['用户账号', '用户姓名'],
          [`files_${i}`, '多'],
        ]),
      })),
    );
    const r = await postParts(t, '/sys/user/importExcel', admin, parts);
    const log = await t.app.inject({
      method: 'GET',
      url: `/jeecg-boot${r.body.result.fileUrl}`,
      headers: { 'x-access-token': admin },
    });
    expect(log.body).toContain('文件 其余文件：一次最多导入20个文件');
    expect(r.body).toMatchObject({ success: true, code: 201, result: { successCount: 20, errorCount: 0 } });
  });
});
