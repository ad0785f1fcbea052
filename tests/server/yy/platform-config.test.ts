import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyPlatformConfig, yyPlatformConfigLog } from '../../../src/server/db/schema/index.ts';
import { CODE, MSG } from '../../../src/shared/api.ts';
import {
  PLATFORM_CONFIG,
  PLATFORM_CONFIG_LOG,
  PLATFORM_SETTINGS,
  SETTING_BY_KEY,
  checkSettingValue,
} from '../../../src/shared/resources/platform-config.ts';

let t: TestApp;
const token: Record<string, string> = {};
const ep = PLATFORM_CONFIG.endpoints;
const NO_AUTH = { success: false, code: CODE.NO_AUTH, message: MSG.noAuth };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

const row = async (key: string) =>
  (await t.database.db.select().from(yyPlatformConfig).where(eq(yyPlatformConfig.configKey, key)))[0]!;
const edit = (key: string, value: unknown, who = 'yunying') =>
  row(key).then((r) => t.call('PUT', ep.edit.path, { token: token[who], body: { id: r.id, value } }));

describe('GET /yy/yyPlatformConfig/list', () => {
  it('lists every setting of the catalogue, seeded with its default, in catalogue order', async () => {
    const r = await t.call('GET', ep.list.path, { token: token.yunying, query: { pageSize: '100' } });
    expect(r.body.success).toBe(true);
    const records = r.body.result.records as Array<Record<string, unknown>>;
    expect(records.map((x) => x.configKey)).toEqual(PLATFORM_SETTINGS.map((s) => s.key));
    expect(records[0]).toMatchObject({
      configKey: 'order.commissionRate',
      name: '平台抽成比例',
      valueType: 'percent',
      value: '20',
      defaultValue: '20',
      unit: '%',
    });
  });

  it('finds a setting by its group and refuses staff without the menu', async () => {
    const r = await t.call('GET', ep.list.path, { token: token.admin, query: { groupName: '派单' } });
    expect(r.body.result.records.map((x: { configKey: string }) => x.configKey)).toEqual([
      'dispatch.radiusKm',
      'dispatch.autoDispatch',
      'dispatch.acceptTimeoutMinutes',
      'dispatch.radiusStepKm',
      'dispatch.maxRadiusKm',
      'dispatch.strategy',
      'dispatch.travelBufferMinutes',
      'dispatch.gapMinutes',
    ]);
    for (const who of ['caiwu', 'yuangong'])
      expect((await t.call('GET', ep.list.path, { token: token[who] })).body).toMatchObject(NO_AUTH);
  });
});

describe('PUT|POST /yy/yyPlatformConfig/edit', () => {
  it('changes a value by its type, normalised, and logs who changed what when', async () => {
    const before = Date.now();
    expect((await edit('dispatch.radiusKm', ' 12.50 ')).body).toMatchObject({ success: true });
    expect((await row('dispatch.radiusKm')).value).toBe('12.5');
    expect((await edit('order.minAmount', '88')).body.success).toBe(true);
    expect((await row('order.minAmount')).value).toBe('88.00');
    const post = await row('dispatch.autoDispatch').then((r) =>
      t.call('POST', ep.edit.path, { token: token.admin, body: { id: r.id, value: '关闭' } }),
    );
    expect(post.body.success).toBe(true);
    expect((await row('dispatch.autoDispatch')).value).toBe('false');

    const log = await t.database.db
      .select()
      .from(yyPlatformConfigLog)
      .orderBy(asc(yyPlatformConfigLog.changedAt));
    expect(log.map((l) => [l.configKey, l.oldValue, l.newValue, l.changedBy])).toEqual([
      ['dispatch.radiusKm', '10', '12.5', 'yunying'],
      ['order.minAmount', '99.00', '88.00', 'yunying'],
      ['dispatch.autoDispatch', 'true', 'false', 'admin'],
    ]);
    expect(log[0]!.changedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('logs nothing when the value stays the same', async () => {
    const count = async () => (await t.database.db.select().from(yyPlatformConfigLog)).length;
    const n = await count();
    expect((await edit('dispatch.radiusKm', '12.5')).body.success).toBe(true);
    expect(await count()).toBe(n);
  });

  it.each([
    ['order.commissionRate', '101', '平台抽成比例须在0到100之间'],
    ['order.commissionRate', '-1', '平台抽成比例须在0到100之间'],
    ['order.commissionRate', '12.345', '平台抽成比例最多2位小数'],
    ['order.unpaidCloseMinutes', '1.5', '未支付订单自动关闭须为整数'],
    ['order.unpaidCloseMinutes', 'abc', '未支付订单自动关闭须为整数'],
    ['order.unpaidCloseMinutes', '0', '未支付订单自动关闭须在1到1440之间'],
    ['dispatch.radiusKm', '10.25', '派单半径最多1位小数'],
    ['order.minAmount', '1e3', '起订金额最多2位小数'],
    ['dispatch.autoDispatch', 'maybe', '自动派单只能是开启或关闭'],
    ['service.phone', '12345', '请输入正确的客服电话'],
    ['service.hours', '9-22', '客服时间格式应为HH:mm-HH:mm'],
    ['service.phone', '', '请输入配置值'],
  ])('refuses %s = %j with "%s"', async (key, value, message) => {
    const was = (await row(key)).value;
    expect((await edit(key, value)).body).toMatchObject({ success: false, message });
    expect((await row(key)).value).toBe(was);
  });

  it('changes nothing but the value (name, type and default stay)', async () => {
    const r = await edit('service.phone', '0571-88886666');
    expect(r.body.success).toBe(true);
    const id = (await row('service.phone')).id;
    await t.call('PUT', ep.edit.path, {
      token: token.admin,
      body: { id, name: '改名', valueType: 'number', defaultValue: 'x', configKey: 'y' },
    });
    expect(await row('service.phone')).toMatchObject({
      configKey: 'service.phone',
      name: '客服电话',
      valueType: 'text',
      defaultValue: '400-820-8820',
      value: '0571-88886666',
    });
  });

  it('refuses staff without the edit permission, before looking at the body', async () => {
    for (const who of ['caiwu', 'yuangong']) {
      const r = await edit('order.commissionRate', '30', who);
      expect(r.body).toMatchObject(NO_AUTH);
    }
    expect((await row('order.commissionRate')).value).toBe('20');
  });

  it('has no add or delete: settings are the catalogue', async () => {
    expect((await t.call('POST', '/yy/yyPlatformConfig/add', { token: token.admin, body: {} })).status).toBe(
      404,
    );
    const id = (await row('service.hours')).id;
    const del = await t.call('DELETE', '/yy/yyPlatformConfig/delete', { token: token.admin, query: { id } });
    expect(del.status).toBe(404);
  });
});

describe('GET /yy/yyPlatformConfigLog/list', () => {
  it('lists the changes of one setting, newest first', async () => {
    const r = await t.call('GET', PLATFORM_CONFIG_LOG.endpoints.list.path, {
      token: token.yunying,
      query: { configKey: 'dispatch.radiusKm' },
    });
    expect(r.body.result.records).toEqual([
      expect.objectContaining({
        configKey: 'dispatch.radiusKm',
        oldValue: '10',
        newValue: '12.5',
        changedBy: 'yunying',
      }),
    ]);
    expect(r.body.result.records[0].changedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(
      (await t.call('GET', PLATFORM_CONFIG_LOG.endpoints.list.path, { token: token.yuangong })).body,
    ).toMatchObject(NO_AUTH);
  });
});

describe('checkSettingValue (the form, the commands and the server share it)', () => {
  it('keeps money to two places and drops trailing zeros of numbers', () => {
    const def = (k: string) => SETTING_BY_KEY.get(k)!;
    expect(checkSettingValue(def('technician.minWithdraw'), '50')).toEqual({ ok: true, value: '50.00' });
    expect(checkSettingValue(def('order.commissionRate'), '12.50')).toEqual({ ok: true, value: '12.5' });
    expect(checkSettingValue(def('platform.maintenance'), '开启')).toEqual({ ok: true, value: 'true' });
    expect(checkSettingValue(def('order.minAmount'), '100000.01')).toMatchObject({ ok: false });
  });
});
