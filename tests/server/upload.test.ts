import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, BASE, type TestApp } from '../support/app.ts';
import { IMAGE_UPLOAD_AREAS } from '../../src/shared/uploads.ts';
import { UPLOAD_MSG } from '../../src/server/lib/files/stored-files.ts';

let t: TestApp;
let token: string;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-upload-'));
beforeAll(async () => {
  t = await createTestApp({ uploadDir });
  token = await t.login('yuangong');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

/** A multipart/form-data body as a browser sends it. */
function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; content: Buffer }>,
) {
  const boundary = '----care' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(parts: Parameters<typeof multipart>[0], auth = token) {
  const { payload, headers } = multipart(parts);
  const r = await t.app.inject({
    method: 'POST',
    url: `${BASE}/sys/common/upload`,
    payload,
    headers: { ...headers, 'x-access-token': auth },
  });
  return { status: r.statusCode, body: r.json() };
}

describe('POST /sys/common/upload', () => {
  it('stores the file outside the web root under a generated name and returns its path in message', async () => {
    const r = await upload([
      { name: 'biz', value: 'avatar' },
      { name: 'file', filename: '头像.png', content: PNG },
    ]);
    expect(r.body).toMatchObject({ success: true, result: null });
    expect(r.body.message).toMatch(/^avatar\/\d{8}\/[0-9a-f]{32}\.png$/);
    const onDisk = path.join(uploadDir, r.body.message);
    expect(fs.readFileSync(onDisk).equals(PNG)).toBe(true);
  });

  it('serves it back to signed-in users only, with safe headers and the original name', async () => {
    const { body } = await upload([{ name: 'file', filename: '头像.png', content: PNG }]);
    expect(body.message).toMatch(/^temp\//);
    const url = `${BASE}/sys/common/static/${body.message}`;
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const r = await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': token } });
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(PNG)).toBe(true);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toContain('sandbox');
    expect(String(r.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('头像.png')}`,
    );
  });

  it('refuses a file whose content does not match its name, and unknown types', async () => {
    const fake = await upload([
      { name: 'file', filename: 'evil.png', content: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(fake.body.success).toBe(false);
    expect(fake.body.message).toMatch(/^文件类型不允许/);
    const html = await upload([
      { name: 'file', filename: 'page.html', content: Buffer.from('<html></html>') },
    ]);
    expect(html.body.success).toBe(false);
  });

  it('refuses an illegal biz directory and files over 10 MB', async () => {
    const traversal = await upload([
      { name: 'biz', value: '../etc' },
      { name: 'file', filename: 'a.png', content: PNG },
    ]);
    expect(traversal.body).toMatchObject({ success: false, message: '上传目录bizPath，格式非法！' });
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload([{ name: 'file', filename: 'big.png', content: big }]);
    expect(tooBig.body).toMatchObject({
      success: false,
      message: '文件大小超出10MB限制, 请压缩或降低文件质量! ',
    });
    // nothing written but the two earlier uploads (beside the seed's pictures, under <area>/seed/)
    expect(
      fs
        .readdirSync(uploadDir, { recursive: true })
        .map((f) => String(f).replaceAll(path.sep, '/'))
        .filter((f) => f.endsWith('.png') && !/^[a-z]+\/seed\//.test(f)),
    ).toHaveLength(2);
  });

  it('takes only pictures in the area of every declared image field, checked by content', async () => {
    expect([...IMAGE_UPLOAD_AREAS]).toEqual(
      expect.arrayContaining(['banner', 'goods', 'technician', 'user']),
    );
    const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
    const others = [
      { filename: '合同.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
      { filename: '报表.xlsx', content: ZIP },
      { filename: '打包.zip', content: ZIP },
      // a pdf renamed as a picture is still no picture
      { filename: '伪装.png', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ];
    for (const biz of IMAGE_UPLOAD_AREAS) {
      for (const file of others) {
        const r = await upload([
          { name: 'biz', value: biz },
          { name: 'file', ...file },
        ]);
        expect(r.body, `${biz} ${file.filename}`).toMatchObject({
          success: false,
          message: UPLOAD_MSG.notImage,
        });
      }
      const png = await upload([
        { name: 'biz', value: biz },
        { name: 'file', filename: 'a.png', content: PNG },
      ]);
      expect(png.body.message, biz).toMatch(new RegExp(`^${biz}/\\d{8}/`));
    }
    expect(UPLOAD_MSG.notImage).toBe('只能上传图片，请上传以下类型：png、jpg、jpeg、gif、webp');
    // elsewhere (temporary files, imports) other accepted types still go
    const pdf = await upload([{ name: 'file', filename: '合同.pdf', content: Buffer.from('%PDF-1.4\n') }]);
    expect(pdf.body.message).toMatch(/^temp\/.*\.pdf$/);
  });

  it('serves only recorded files: unknown and traversal paths are 404', async () => {
    fs.writeFileSync(path.join(uploadDir, 'secret.txt'), 'not uploaded');
    for (const p of ['secret.txt', '../../etc/passwd', 'temp/nothing.png']) {
      const r = await t.app.inject({
        method: 'GET',
        url: `${BASE}/sys/common/static/${p}`,
        headers: { 'x-access-token': token },
      });
      expect(r.statusCode).toBe(404);
    }
  });

  it('keeps a file to its uploader: another signed-in user is told it does not exist', async () => {
    const { body } = await upload([{ name: 'file', filename: '私人.png', content: PNG }]);
    const url = `${BASE}/sys/common/static/${body.message}`;
    const read = async (username: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': await t.login(username) } }))
        .statusCode;
    expect(await read('yuangong')).toBe(200);
    // not even the administrator reads someone's temporary upload or import
    expect(await read('caiwu')).toBe(404);
    expect(await read('admin')).toBe(404);
  });

  it("shares an area's files with holders of its screen's permission, and an avatar with its account", async () => {
    const { body } = await upload([
      { name: 'biz', value: 'user' },
      { name: 'file', filename: '头像.png', content: PNG },
    ]);
    const url = `${BASE}/sys/common/static/${body.message}`;
    const read = async (username: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': await t.login(username) } }))
        .statusCode;
    expect(await read('admin')).toBe(200); // user:list
    expect(await read('caiwu')).toBe(404); // no user:list
    await t.database.rawQuery(`UPDATE sys_user SET avatar = $1 WHERE username = 'caiwu'`, [body.message]);
    expect(await read('caiwu')).toBe(200);
  });

  it("does not open someone's temporary upload to whoever names it as their avatar", async () => {
    const { body } = await upload([{ name: 'file', filename: '私密.png', content: PNG }]);
    await t.database.rawQuery(`UPDATE sys_user SET avatar = $1 WHERE username = 'caiwu'`, [body.message]);
    const r = await t.app.inject({
      method: 'GET',
      url: `${BASE}/sys/common/static/${body.message}`,
      headers: { 'x-access-token': await t.login('caiwu') },
    });
    expect(r.statusCode).toBe(404);
  });

  it('needs a signed-in user to upload', async () => {
    const r = await upload([{ name: 'file', filename: 'a.png', content: PNG }], 'bad-token');
    expect(r.status).toBe(401);
  });
});
