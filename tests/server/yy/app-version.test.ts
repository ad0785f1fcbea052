import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyAppVersion } from '../../../src/server/db/schema/index.ts';
import { CODE, MSG } from '../../../src/shared/api.ts';
import { APP_VERSION, APP_VERSION_LATEST } from '../../../src/shared/resources/app-version.ts';

let t: TestApp;
const token: Record<string, string> = {};
const ep = APP_VERSION.endpoints;
const NO_AUTH = { success: false, code: CODE.NO_AUTH, message: MSG.noAuth };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

const latestOf = async (app: string, platform: string) =>
  (
    await t.database.db
      .select()
      .from(yyAppVersion)
      .where(
        and(eq(yyAppVersion.app, app), eq(yyAppVersion.platform, platform), eq(yyAppVersion.isLatest, true)),
      )
  ).map((r) => r.versionName);
const byName = async (app: string, platform: string, versionName: string) =>
  (
    await t.database.db
      .select()
      .from(yyAppVersion)
      .where(
        and(
          eq(yyAppVersion.app, app),
          eq(yyAppVersion.platform, platform),
          eq(yyAppVersion.versionName, versionName),
        ),
      )
  )[0];
const version = (extra: Record<string, unknown> = {}) => ({
  app: 'technician',
  platform: 'ios',
  versionName: '3.0.0',
  versionCode: 300,
  downloadUrl: 'https://apps.apple.com/cn/app/id1460000002',
  forceUpdate: false,
  published: false,
  notes: '全新技师端',
  ...extra,
});

describe('seeded versions', () => {
  it('have exactly one latest per app and platform: the published one with the highest code', async () => {
    for (const app of ['customer', 'technician'])
      for (const platform of ['android', 'ios']) expect(await latestOf(app, platform)).toEqual(['2.4.1']);
    const r = await t.call('GET', ep.list.path, {
      token: token.yunying,
      query: { app: 'customer', platform: 'android', isLatest: 'true' },
    });
    expect(r.body.result.records).toEqual([
      expect.objectContaining({ versionName: '2.4.1', versionCode: 241, isLatest: true, forceUpdate: true }),
    ]);
  });
});

describe('POST /yy/yyAppVersion/add and edit', () => {
  it('adds an unpublished version without changing the latest, then publishing it makes it the one', async () => {
    const r = await t.call('POST', ep.add.path, { token: token.yunying, body: version() });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await latestOf('technician', 'ios')).toEqual(['2.4.1']);
    const id = (await byName('technician', 'ios', '3.0.0'))!.id;
    const pub = await t.call('PUT', ep.edit.path, { token: token.yunying, body: { id, published: true } });
    expect(pub.body.success).toBe(true);
    expect(await latestOf('technician', 'ios')).toEqual(['3.0.0']);
    // other apps and platforms are untouched
    expect(await latestOf('technician', 'android')).toEqual(['2.4.1']);

    const latest = await t.call('GET', APP_VERSION_LATEST.path, {
      token: token.yunying,
      query: { app: 'technician', platform: 'ios' },
    });
    expect(latest.body.result).toMatchObject({ versionName: '3.0.0', versionCode: 300, isLatest: true });
  });

  it('falls back to the next published version when the latest is withdrawn or deleted', async () => {
    const id = (await byName('technician', 'ios', '3.0.0'))!.id;
    await t.call('PUT', ep.edit.path, { token: token.admin, body: { id, published: 'false' } });
    expect(await latestOf('technician', 'ios')).toEqual(['2.4.1']);
    const old = (await byName('technician', 'ios', '2.4.1'))!.id;
    const del = await t.call('DELETE', ep.delete.path, { token: token.admin, query: { id: old } });
    expect(del.body.success).toBe(true);
    expect(await latestOf('technician', 'ios')).toEqual(['2.4.0']);
  });

  it('ignores a client that tries to set the latest flag itself', async () => {
    const id = (await byName('customer', 'ios', '2.3.0'))!.id;
    await t.call('PUT', ep.edit.path, { token: token.admin, body: { id, isLatest: true } });
    expect(await latestOf('customer', 'ios')).toEqual(['2.4.1']);
  });

  it.each([
    [{ versionCode: 241, app: 'customer', platform: 'android' }, '该应用该平台已有相同的版本号'],
    [{ downloadUrl: 'ftp://x.cn/a.apk' }, '请输入以http和https开头的网址'],
    [{ downloadUrl: '' }, '请输入下载地址'],
    [{ versionName: 'v3' }, '版本名称格式应为1.2.3'],
    [{ versionCode: '3.5' }, '版本号须为1到999999999之间的整数'],
    [{ versionCode: 0 }, '版本号须为1到999999999之间的整数'],
    [{ app: 'boss' }, '应用取值无效'],
    [{ platform: '' }, '请选择平台'],
  ])('refuses %j with "%s"', async (patch, message) => {
    const r = await t.call('POST', ep.add.path, {
      token: token.admin,
      body: version({ versionName: '9.9.9', versionCode: 999, ...patch }),
    });
    expect(r.body).toMatchObject({ success: false, message });
  });

  it('refuses a code taken by another version of the same app and platform on edit', async () => {
    const id = (await byName('customer', 'android', '2.3.0'))!.id;
    const r = await t.call('PUT', ep.edit.path, { token: token.admin, body: { id, versionCode: 240 } });
    expect(r.body).toMatchObject({ success: false, message: '该应用该平台已有相同的版本号' });
    // the same code on another platform is fine
    const ok = await t.call('POST', ep.add.path, {
      token: token.admin,
      body: version({ app: 'customer', platform: 'ios', versionName: '2.6.0', versionCode: 260 }),
    });
    expect(ok.body.success).toBe(true);
  });

  it('refuses staff: finance and employees neither read nor write versions', async () => {
    for (const who of ['caiwu', 'yuangong']) {
      expect((await t.call('GET', ep.list.path, { token: token[who] })).body).toMatchObject(NO_AUTH);
      const add = await t.call('POST', ep.add.path, {
        token: token[who],
        body: version({ versionCode: 777 }),
      });
      expect(add.body).toMatchObject(NO_AUTH);
    }
    expect(
      (
        await t.call('GET', APP_VERSION_LATEST.path, {
          token: token.yuangong,
          query: { app: 'customer', platform: 'ios' },
        })
      ).body,
    ).toMatchObject(NO_AUTH);
  });

  it('answers latest with a clear message for bad or empty choices', async () => {
    const bad = await t.call('GET', APP_VERSION_LATEST.path, {
      token: token.admin,
      query: { app: 'x', platform: 'ios' },
    });
    expect(bad.body).toMatchObject({ success: false, message: '应用取值无效' });
    await t.database.db
      .update(yyAppVersion)
      .set({ published: false })
      .where(eq(yyAppVersion.platform, 'android'));
    const none = await t.call('GET', APP_VERSION_LATEST.path, {
      token: token.admin,
      query: { app: 'customer', platform: 'android' },
    });
    expect(none.body).toMatchObject({ success: false, message: '该应用该平台还没有已发布的版本' });
  });
});
