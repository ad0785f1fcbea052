import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyImages } from '../../../src/server/db/schema/index.ts';
import { CODE, MSG } from '../../../src/shared/api.ts';
import { BANNER, BANNER_FORBID } from '../../../src/shared/resources/banner.ts';
import { encodePng } from '../../../src/server/lib/files/png.ts';

let t: TestApp;
const token: Record<string, string> = {};
const ep = BANNER.endpoints;
const NO_AUTH = { success: false, code: CODE.NO_AUTH, message: MSG.noAuth };
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-banner-'));

beforeAll(async () => {
  t = await createTestApp({ uploadDir });
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

/** Upload a real PNG to the banner area as the form does; the stored path. */
async function upload(who = 'yunying'): Promise<string> {
  const png = encodePng(8, 4, (x) => [x * 30, 120, 200]);
  const boundary = '----banner';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nbanner\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await t.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/common/upload',
    headers: { 'x-access-token': token[who]!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(r.json()).toMatchObject({ success: true });
  return r.json().message as string;
}
const byTitle = async (title: string) =>
  (await t.database.db.select().from(yyImages).where(eq(yyImages.title, title)))[0];

describe('轮播图 add / edit / delete', () => {
  it('adds a banner with an uploaded picture that other operators can open', async () => {
    const image = await upload();
    expect(image).toMatch(/^banner\/\d{8}\/[0-9a-f]{32}\.png$/);
    const r = await t.call('POST', ep.add.path, {
      token: token.yunying,
      body: {
        title: '五一特惠',
        image,
        position: '1',
        linkType: 'url',
        linkTarget: 'https://m.yuedaojia.com/51',
        sortNo: 5,
      },
    });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await byTitle('五一特惠')).toMatchObject({ image, status: '1', createBy: 'yunying' });
    // admin (banner list permission) sees the picture; staff do not
    const file = await t.call('GET', `/sys/common/static/${image}`, { token: token.admin });
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toBe('image/png');
    expect((await t.call('GET', `/sys/common/static/${image}`, { token: token.yuangong })).status).toBe(404);
  });

  it.each([
    [{ image: 'banner/20260101/none.png' }, '图片取值无效'],
    [{ image: '' }, '请上传图片'],
    [{ title: '' }, '请输入标题'],
    [{ position: '9' }, '位置取值无效'],
    [{ linkType: 'url', linkTarget: 'javascript:alert(1)' }, '请输入以http和https开头的网址'],
    [{ linkType: 'url', linkTarget: '' }, '请输入跳转目标'],
    [{ linkType: 'project', linkTarget: 'f'.repeat(32) }, '跳转的服务项目不存在'],
    [{ sortNo: 10000 }, '排序须为0到9999之间的整数'],
    [{ linkType: 'project', linkTarget: '' }, '请选择跳转的服务项目'],
  ])('refuses %j with "%s"', async (patch, message) => {
    const image = await upload();
    const r = await t.call('POST', ep.add.path, {
      token: token.admin,
      body: { title: '坏的', image, position: '1', linkType: 'none', ...patch },
    });
    expect(r.body).toMatchObject({ success: false, message });
  });

  it('links to an existing service project', async () => {
    const projects = await t.call('GET', '/yy/yyProject/list', {
      token: token.admin,
      query: { pageSize: '1' },
    });
    const projectId = projects.body.result.records[0].id as string;
    const r = await t.call('POST', ep.add.path, {
      token: token.yunying,
      body: {
        title: '项目直达',
        image: await upload(),
        position: '2',
        linkType: 'project',
        linkTarget: projectId,
      },
    });
    expect(r.body.success).toBe(true);
    expect(await byTitle('项目直达')).toMatchObject({ linkType: 'project', linkTarget: projectId });
  });

  it('clears the target of a banner that links nowhere; edits by PUT', async () => {
    const row = (await byTitle('五一特惠'))!;
    const r = await t.call('PUT', ep.edit.path, {
      token: token.yunying,
      body: { id: row.id, linkType: 'none' },
    });
    expect(r.body.success).toBe(true);
    expect(await byTitle('五一特惠')).toMatchObject({ linkType: 'none', linkTarget: null });
  });

  it('refuses staff: finance and employees neither list nor write banners', async () => {
    const row = (await byTitle('五一特惠'))!;
    for (const who of ['caiwu', 'yuangong']) {
      expect((await t.call('GET', ep.list.path, { token: token[who] })).body).toMatchObject(NO_AUTH);
      expect(
        (await t.call('PUT', ep.edit.path, { token: token[who], body: { id: row.id, title: 'x' } })).body,
      ).toMatchObject(NO_AUTH);
      expect(
        (await t.call('POST', BANNER_FORBID.path, { token: token[who], body: { id: row.id } })).body,
      ).toMatchObject(NO_AUTH);
      expect(
        (await t.call('DELETE', ep.delete.path, { token: token[who], query: { id: row.id } })).body,
      ).toMatchObject(NO_AUTH);
    }
    expect(await byTitle('五一特惠')).toMatchObject({ title: '五一特惠', status: '1' });
  });
});

describe('POST /yy/yyImages/forbiddenImage', () => {
  it('disables and enables a banner, or toggles it when no status is given', async () => {
    const { id } = (await byTitle('五一特惠'))!;
    const off = await t.call('POST', BANNER_FORBID.path, { token: token.yunying, body: { id, status: '0' } });
    expect(off.body).toMatchObject({ success: true, message: '禁用成功!' });
    expect((await byTitle('五一特惠'))!.status).toBe('0');
    const toggle = await t.call('POST', BANNER_FORBID.path, { token: token.yunying, body: { id } });
    expect(toggle.body).toMatchObject({ success: true, message: '启用成功!' });
    expect((await byTitle('五一特惠'))!.status).toBe('1');
    const list = await t.call('GET', ep.list.path, {
      token: token.yunying,
      query: { status: '1', title: '五一特惠' },
    });
    expect(list.body.result.total).toBe(1);
  });

  it.each([
    [{}, '轮播图不存在'],
    [{ id: 'nope' }, '轮播图不存在'],
    [{ id: 'x', status: '2' }, '状态取值无效'],
  ])('refuses %j with "%s"', async (body, message) => {
    expect((await t.call('POST', BANNER_FORBID.path, { token: token.admin, body })).body).toMatchObject({
      success: false,
      message,
    });
  });

  it('deletes a banner', async () => {
    const { id } = (await byTitle('五一特惠'))!;
    expect(
      (await t.call('DELETE', ep.delete.path, { token: token.yunying, query: { id } })).body.success,
    ).toBe(true);
    expect(await byTitle('五一特惠')).toBeUndefined();
  });
});
