import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';
import { postParts } from './import-support.ts';

/** 文件管理 (/sys/oss/file): upload, list, download through the static route, delete with the bytes. */
let t: TestApp;
let admin: string;
let staff: string;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-oss-'));

beforeAll(async () => {
  t = await createTestApp({ uploadDir });
  admin = await t.login('admin');
  staff = await t.login('yuangong');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(2000, 7),
]);
const upload = (filename: string, content: Buffer, token = admin) =>
  postParts(t, '/sys/oss/file/upload', token, [{ name: 'file', filename, content }]);
const list = (query: Record<string, string> = {}, token = admin) =>
  t.call('GET', '/sys/oss/file/list', { token, query });
const download = async (url: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `${BASE}/sys/common/static/${url}`,
    headers: { 'x-access-token': token },
  });

describe('/sys/oss/file', () => {
  it('uploads into the oss area and lists name, type, size, uploader and time (JeecgBoot names too)', async () => {
    const r = await upload('合同.png', PNG);
    expect(r.body).toMatchObject({ success: true, message: '上传成功！', result: { fileName: '合同.png' } });
    expect(r.body.result.url).toMatch(/^oss\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(uploadDir, r.body.result.url)).equals(PNG)).toBe(true);
    await upload('说明.txt', Buffer.from('纯文本说明'));
    const page = await list();
    expect(page.body.result.total).toBe(2);
    const row = page.body.result.records.find((f: { originalName: string }) => f.originalName === '合同.png');
    expect(row).toMatchObject({
      originalName: '合同.png',
      fileName: '合同.png',
      mimeType: 'image/png',
      size: PNG.length,
      createBy: 'admin',
      url: r.body.result.url,
      path: r.body.result.url,
    });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // searching by name
    const found = await list({ originalName: '*说明*' });
    expect(found.body.result.records.map((f: { fileName: string }) => f.fileName)).toEqual(['说明.txt']);
    // the Vue client's search parameter
    const vue = await list({ fileName: '合同' });
    expect(vue.body.result.records.map((f: { fileName: string }) => f.fileName)).toEqual(['合同.png']);
    const one = await t.call('GET', '/sys/oss/file/queryById', { token: admin, query: { id: row.id } });
    expect(one.body.result).toMatchObject({ fileName: '合同.png', url: row.url });
  });

  it('lists only its own area: other uploads stay out of it', async () => {
    const other = await postParts(t, '/sys/common/upload', staff, [
      { name: 'file', filename: '私人.png', content: PNG },
    ]);
    expect(other.body.success).toBe(true);
    const names = (await list()).body.result.records.map((f: { fileName: string }) => f.fileName);
    expect(names).not.toContain('私人.png');
    // the general upload may not write into the oss area
    const sneaky = await postParts(t, '/sys/common/upload', staff, [
      { name: 'biz', value: 'oss' },
      { name: 'file', filename: 'x.png', content: PNG },
    ]);
    expect(sneaky.body).toMatchObject({ success: false, message: '上传目录bizPath，格式非法！' });
  });

  it('downloads for holders of ossFile:download; others are told the file does not exist', async () => {
    const url = (await list({ originalName: '合同.png' })).body.result.records[0].url as string;
    const ok = await download(url, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PNG)).toBe(true);
    expect((await download(url, staff)).statusCode).toBe(404);
  });

  it('refuses a staff account on every endpoint', async () => {
    expect((await list({}, staff)).body).toMatchObject({ success: false, code: 510 });
    expect((await upload('a.png', PNG, staff)).body).toMatchObject({ success: false, code: 510 });
    const id = (await list()).body.result.records[0].id as string;
    const del = await t.call('DELETE', '/sys/oss/file/delete', { token: staff, query: { id } });
    expect(del.body).toMatchObject({ success: false, code: 510 });
    expect((await list()).body.result.total).toBe(2);
  });

  it('refuses bad input: no file, a type that does not match its content, an unknown id', async () => {
    const none = await postParts(t, '/sys/oss/file/upload', admin, [{ name: 'biz', value: 'oss' }]);
    expect(none.body).toMatchObject({ success: false, message: '未上传任何文件' });
    const fake = await upload('evil.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.body.success).toBe(false);
    expect(fake.body.message).toMatch(/^文件类型不允许/);
    const missing = await t.call('DELETE', '/sys/oss/file/delete', { token: admin, query: { id: 'nope' } });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应实体' });
    // a row of another area is not this screen's to delete
    const otherId = (
      await t.app.db.query.sysUpload.findFirst({ where: (u, { like }) => like(u.path, 'temp/%') })
    )?.id;
    expect(otherId).toBeTruthy();
    const other = await t.call('DELETE', '/sys/oss/file/delete', { token: admin, query: { id: otherId! } });
    expect(other.body.success).toBe(false);
    expect((await list()).body.result.total).toBe(2);
  });

  it('deletes rows and their stored files, one or a batch', async () => {
    const rows = (await list()).body.result.records as Array<{ id: string; url: string }>;
    const [first, second] = rows;
    const one = await t.call('DELETE', '/sys/oss/file/delete', { token: admin, query: { id: first!.id } });
    expect(one.body).toMatchObject({ success: true });
    expect(fs.existsSync(path.join(uploadDir, first!.url))).toBe(false);
    expect(fs.existsSync(path.join(uploadDir, second!.url))).toBe(true);
    expect((await download(first!.url, admin)).statusCode).toBe(404);
    const batch = await t.call('DELETE', '/sys/oss/file/deleteBatch', {
      token: admin,
      query: { ids: second!.id },
    });
    expect(batch.body.success).toBe(true);
    expect(fs.existsSync(path.join(uploadDir, second!.url))).toBe(false);
    expect((await list()).body.result.total).toBe(0);
  });
});
