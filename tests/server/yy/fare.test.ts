import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyFare } from '../../../src/server/db/schema/index.ts';
import { CODE, MSG } from '../../../src/shared/api.ts';
import { FARE, FARE_PREVIEW, priceFare } from '../../../src/shared/resources/fare.ts';

let t: TestApp;
const token: Record<string, string> = {};
const ep = FARE.endpoints;
const NO_AUTH = { success: false, code: CODE.NO_AUTH, message: MSG.noAuth };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

const preview = (query: Record<string, string>, who = 'yunying') =>
  t.call('GET', FARE_PREVIEW.path, { token: token[who], query });
const rule = (extra: Record<string, unknown> = {}) => ({
  cityCode: '440300',
  period: 'day',
  startTime: '08:00',
  endTime: '20:00',
  freeKm: '3',
  baseFare: '12',
  pricePerKm: '2.35',
  minFare: '15.00',
  enabled: true,
  remark: '深圳白天',
  ...extra,
});
const rowOf = async (cityCode: string, period: string) =>
  (
    await t.database.db
      .select()
      .from(yyFare)
      .where(and(eq(yyFare.cityCode, cityCode), eq(yyFare.period, period)))
  )[0];

describe('GET /yy/yyFare/preview', () => {
  it('prices a trip by the seeded rule of its city and time, in exact fen', async () => {
    // 杭州 day: base 12.00 covers 3 km, 2.50 per km beyond, minimum 15.00
    const day = await preview({ cityCode: '330100', distance: '10.37', time: '09:30' });
    expect(day.body.result).toMatchObject({
      period: 'day',
      distance: '10.37',
      chargeableKm: '7.37',
      baseFare: '12.00',
      mileageFare: '18.43', // 2.50 × 7.37 = 18.425 → half up
      minApplied: false,
      total: '30.43',
    });
    // night runs over midnight: 23:10 and 06:59 are night, 07:00 is day
    for (const time of ['23:10', '06:59'])
      expect((await preview({ cityCode: '330100', distance: '5', time })).body.result).toMatchObject({
        period: 'night',
        total: '25.00', // 18.00 + 2 × 3.50
      });
    const short = await preview({ cityCode: '330100', distance: '0.5', time: '07:00' });
    expect(short.body.result).toMatchObject({ period: 'day', minApplied: true, total: '15.00' });
  });

  it.each([
    [{ cityCode: '3301', distance: '5' }, '请选择城市'],
    [{ cityCode: '710000', distance: '5', time: '10:00' }, '该城市该时段没有启用的车费规则'],
    [{ cityCode: '330100', distance: '' }, '请输入距离'],
    [{ cityCode: '330100', distance: '-1' }, '距离须为0到1000之间的数字，最多两位小数'],
    [{ cityCode: '330100', distance: '1.234' }, '距离须为0到1000之间的数字，最多两位小数'],
    [{ cityCode: '330100', distance: '1000.01' }, '距离须为0到1000之间的数字，最多两位小数'],
    [{ cityCode: '330100', distance: '5', time: '25:00' }, '时间格式应为HH:mm'],
  ])('refuses %j with "%s"', async (query, message) => {
    expect((await preview(query)).body).toMatchObject({ success: false, message });
  });

  it('prices an address by its district: the rule of its city applies', async () => {
    // 西湖区 (330106) lies in 杭州市; 浦东新区 (310115) directly in 上海市; names work as codes do
    expect((await preview({ cityCode: '330106', distance: '5', time: '10:00' })).body.result).toMatchObject({
      cityCode: '330100',
      cityText: '浙江省/杭州市',
      total: '17.00',
    });
    expect(
      (await preview({ cityCode: '上海市/浦东新区', distance: '3', time: '10:00' })).body.result,
    ).toMatchObject({
      cityCode: '310000',
      total: '18.00',
    });
    // a city by its name alone, as people say it (杭州 is 杭州市)
    expect((await preview({ cityCode: '杭州', distance: '5', time: '10:00' })).body.result).toMatchObject({
      cityCode: '330100',
      total: '17.00',
    });
  });

  it('refuses staff without the fare menu', async () => {
    for (const who of ['caiwu', 'yuangong'])
      expect((await preview({ cityCode: '330100', distance: '5' }, who)).body).toMatchObject(NO_AUTH);
  });
});

describe('fare add / edit / delete', () => {
  it('adds a rule with money kept exact, then prices by it', async () => {
    const r = await t.call('POST', ep.add.path, { token: token.yunying, body: rule() });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await rowOf('440300', 'day')).toMatchObject({
      baseFare: '12.00',
      pricePerKm: '2.35',
      freeKm: '3.00',
    });
    const q = await preview({ cityCode: '440300', distance: '4.01', time: '12:00' });
    expect(q.body.result).toMatchObject({ mileageFare: '2.37', total: '15.00', minApplied: true });
    // a night rule that does not overlap the day
    const night = await t.call('POST', ep.add.path, {
      token: token.yunying,
      body: rule({ period: 'night', startTime: '20:00', endTime: '08:00', baseFare: '16' }),
    });
    expect(night.body.success).toBe(true);
  });

  it.each([
    [{ period: 'day', cityCode: '330100' }, '该城市该时段已有车费规则'],
    [
      { period: 'night', cityCode: '330100', startTime: '21:00', endTime: '07:00' },
      '与该城市另一时段的时间重叠',
    ],
    [{ cityCode: '' }, '请选择城市'],
    [{ period: 'noon' }, '时段取值无效'],
    [{ startTime: '8:00' }, '时间格式应为HH:mm'],
    [{ baseFare: '-1' }, '金额不能为负数'],
    [{ baseFare: '1.001' }, '起步价(元)取值无效'],
    [{ freeKm: '100.01' }, '免费里程须为0到100之间的数字，最多两位小数'],
    [{ minFare: '' }, '请输入最低车费(元)'],
  ])('refuses %j with "%s"', async (patch, message) => {
    const r = await t.call('POST', ep.add.path, {
      token: token.admin,
      body: rule({ cityCode: '510100', ...patch }),
    });
    expect(r.body).toMatchObject({ success: false, message });
  });

  it('edits a rule partially and refuses an edit that overlaps the other period', async () => {
    const id = (await rowOf('440300', 'day'))!.id;
    const r = await t.call('PUT', ep.edit.path, { token: token.yunying, body: { id, minFare: '18' } });
    expect(r.body.success).toBe(true);
    expect(await rowOf('440300', 'day')).toMatchObject({ minFare: '18.00', baseFare: '12.00' });
    const bad = await t.call('PUT', ep.edit.path, { token: token.yunying, body: { id, endTime: '21:00' } });
    expect(bad.body).toMatchObject({ success: false, message: '与该城市另一时段的时间重叠' });
  });

  it('an add without 启用 takes the default; an edit emptying it takes the default too', async () => {
    const { enabled: _left, ...without } = rule({ cityCode: '420100', remark: '武汉白天' });
    const r = await t.call('POST', ep.add.path, { token: token.yunying, body: without });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true });
    const row = await rowOf('420100', 'day');
    expect(row?.enabled).toBe(true);
    await t.call('PUT', ep.edit.path, { token: token.yunying, body: { id: row!.id, enabled: false } });
    expect((await rowOf('420100', 'day'))?.enabled).toBe(false);
    const cleared = await t.call('PUT', ep.edit.path, {
      token: token.yunying,
      body: { id: row!.id, enabled: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ success: true });
    expect((await rowOf('420100', 'day'))?.enabled).toBe(true);
  });

  it('refuses writes by staff and deletes for the operator', async () => {
    const id = (await rowOf('440300', 'night'))!.id;
    for (const who of ['caiwu', 'yuangong']) {
      expect((await t.call('GET', ep.list.path, { token: token[who] })).body).toMatchObject(NO_AUTH);
      expect(
        (await t.call('DELETE', ep.delete.path, { token: token[who], query: { id } })).body,
      ).toMatchObject(NO_AUTH);
    }
    const del = await t.call('DELETE', ep.delete.path, { token: token.yunying, query: { id } });
    expect(del.body.success).toBe(true);
    expect(await rowOf('440300', 'night')).toBeUndefined();
  });

  it('lists the seeded rules by city', async () => {
    const r = await t.call('GET', ep.list.path, { token: token.yunying, query: { cityCode: '310000' } });
    expect(r.body.result.records.map((x: { period: string }) => x.period).sort()).toEqual(['day', 'night']);
  });
});

describe('priceFare', () => {
  it('never uses floating point: 0.1 + 0.2 style sums stay exact', () => {
    const q = priceFare({ freeKm: '0', baseFare: '0.10', pricePerKm: '0.20', minFare: '0' }, 100);
    expect(q.total).toBe('0.30');
  });
});
