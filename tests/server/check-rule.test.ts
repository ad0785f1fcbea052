import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/** 编码校验规则 (jeecg-api.md §6.13): the generated family and checkByCode. */
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staff = await t.login('yuangong');
});
afterAll(async () => t?.close());

const check = (ruleCode: string, value: string, token = staff) =>
  t.call('GET', '/sys/checkRule/checkByCode', { token, query: { ruleCode, value } });

describe('/sys/checkRule', () => {
  it('lists the seeded rules to its readers only', async () => {
    const r = await t.call('GET', '/sys/checkRule/list', { token: admin });
    expect(r.body.result.records.map((x: { ruleCode: string }) => x.ruleCode).sort()).toEqual([
      'common',
      'order_no',
    ]);
    expect((await t.call('GET', '/sys/checkRule/list', { token: staff })).body).toMatchObject({
      success: false,
      code: 510,
    });
  });

  it('adds a rule only with valid rule JSON, codes unique', async () => {
    const body = {
      ruleCode: 'phone_tail',
      ruleName: '尾号',
      ruleJson: '[{"digits":"*","pattern":"\\\\d{4}","message":"须为4位数字"}]',
    };
    expect((await t.call('POST', '/sys/checkRule/add', { token: admin, body })).body.success).toBe(true);
    expect((await t.call('POST', '/sys/checkRule/add', { token: admin, body })).body).toMatchObject({
      success: false,
      message: '规则编码已存在',
    });
    const bad = await t.call('POST', '/sys/checkRule/add', {
      token: admin,
      body: { ...body, ruleCode: 'bad', ruleJson: '[{"digits":"1","pattern":"(","message":"x"}]' },
    });
    expect(bad.body).toMatchObject({ success: false, message: '第1条规则的正则表达式无效' });
    expect((await check('phone_tail', '1234')).body).toMatchObject({ success: true });
    expect((await check('phone_tail', '12a4')).body).toMatchObject({
      success: false,
      message: '须为4位数字',
    });
  });

  it('checks a value by code for any signed-in user, with the failing part', async () => {
    expect((await check('order_no', 'YY202401010001')).body.success).toBe(true);
    const r = await check('order_no', 'YX202401010001');
    expect(r.body).toMatchObject({
      success: false,
      code: 500,
      message: '订单编号须以 YY 开头',
      result: { beginIndex: 0, endIndex: 2, checkValue: 'YX', passed: false },
    });
    // the client URL-encodes the value once more
    expect((await check('common', encodeURIComponent('a_b'))).body.success).toBe(true);
    expect((await check('common', '')).body.success).toBe(true);
    expect((await check('no_such_rule', 'x')).body).toMatchObject({
      success: false,
      message: '该编码不存在',
    });
    expect(
      (await t.call('GET', '/sys/checkRule/checkByCode', { query: { ruleCode: 'common', value: 'a' } }))
        .status,
    ).toBe(401);
  });
});
