import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const YUNYING_PHONE = '13800000001';

describe('SMS login', () => {
  it('sends a code through the provider and logs in with it once', async () => {
    const sent = await t.call('POST', '/sys/sms', { body: { mobile: YUNYING_PHONE, smsmode: '0' } });
    expect(sent.body).toMatchObject({ success: true, result: null });
    expect(JSON.stringify(sent.body)).not.toContain((await t.sms.last(YUNYING_PHONE))!);
    const again = await t.call('POST', '/sys/sms', { body: { mobile: YUNYING_PHONE, smsmode: '0' } });
    expect(again.body).toMatchObject({ success: false, message: '验证码10分钟内，仍然有效！' });

    const code = (await t.sms.last(YUNYING_PHONE))!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await t.call('POST', '/sys/phoneLogin', {
      body: { mobile: YUNYING_PHONE, captcha: '000000' === code ? '111111' : '000000' },
    });
    expect(wrong.body).toMatchObject({ success: false, message: '手机验证码错误' });
    const ok = await t.call('POST', '/sys/phoneLogin', {
      body: { mobile: YUNYING_PHONE, captcha: code, remember_me: true },
    });
    expect(ok.body).toMatchObject({
      success: true,
      code: 200,
      result: { userInfo: { username: 'yunying' } },
    });
    const reused = await t.call('POST', '/sys/phoneLogin', {
      body: { mobile: YUNYING_PHONE, captcha: code },
    });
    expect(reused.body.success).toBe(false);
  });

  it('answers the same for registered, unknown and frozen numbers, but sends only to live accounts', async () => {
    const strip = (b: Record<string, unknown>) => ({ ...b, timestamp: 0 });
    const ask = (mobile: string, smsmode: string) =>
      t.call('POST', '/sys/sms', { body: { mobile, smsmode } });
    const sentBefore = t.sms.sent.length;
    const known = await ask('13800000003', '2'); // yuangong
    const unknown = await ask('13900000000', '2');
    // a frozen account of its own, so that no other test meets its pending code
    await t.database.rawQuery(
      `INSERT INTO sys_user (id, username, password, phone, status) VALUES ('frozen_sms', 'frozen_sms', '!', '13700000009', 2)`,
      [],
    );
    const frozen = await ask('13700000009', '0');
    expect(strip(unknown.body)).toEqual(strip(known.body));
    expect(strip(frozen.body)).toEqual(strip(known.body));
    expect(unknown.status).toBe(known.status);
    // a repeat is refused alike too
    expect(strip((await ask('13900000000', '2')).body)).toEqual(strip((await ask('13800000003', '2')).body));
    await t.sms.last('13800000003');
    expect(t.sms.sent.slice(sentBefore).map((s) => s.mobile)).toEqual(['13800000003']);
    // nothing to log in with or verify for a number without an account
    for (const captcha of ['000000', '123456'])
      expect(
        (await t.call('POST', '/sys/phoneLogin', { body: { mobile: '13900000000', captcha } })).body.message,
      ).toBe('手机验证码错误');
    expect(
      (
        await t.call('POST', '/sys/user/phoneVerification', {
          body: { phone: '13900000000', smscode: '000000' },
        })
      ).body.success,
    ).toBe(false);
  });

  it('validates the mobile number and the mode', async () => {
    expect((await t.call('POST', '/sys/sms', { body: { mobile: '12345', smsmode: '0' } })).body.message).toBe(
      '请输入正确手机号',
    );
    expect(
      (await t.call('POST', '/sys/sms', { body: { mobile: YUNYING_PHONE, smsmode: '9' } })).body.success,
    ).toBe(false);
  });
});

describe('registration', () => {
  const phone = '13912345678';
  it('registers with an SMS code, then the new account logs in', async () => {
    expect(
      (await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: 'newbie' } })).body,
    ).toMatchObject({
      success: true,
      result: true,
    });
    expect((await t.call('POST', '/sys/sms', { body: { mobile: phone, smsmode: '1' } })).body.success).toBe(
      true,
    );
    const body = { username: 'newbie', password: 'secret123', phone, smscode: '' };
    expect(
      (await t.call('POST', '/sys/user/register', { body: { ...body, smscode: 'nope' } })).body.message,
    ).toBe('手机验证码错误');
    const r = await t.call('POST', '/sys/user/register', {
      body: { ...body, smscode: (await t.sms.last(phone))! },
    });
    expect(r.body).toMatchObject({ success: true, message: '注册成功' });
    expect(await t.login('newbie', 'secret123')).toBeTruthy();
    expect(
      (await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: 'newbie' } })).body,
    ).toMatchObject({
      success: false,
      message: '用户账号已存在',
    });
  });

  it('refuses a taken username or phone and bad input with the spec messages', async () => {
    // a code is sent to a registered number too: only its holder then learns that it is taken
    expect(
      (await t.call('POST', '/sys/sms', { body: { mobile: YUNYING_PHONE, smsmode: '1' } })).body,
    ).toMatchObject({ success: true, result: null });
    const yunyingCode = (await t.sms.last(YUNYING_PHONE))!;
    const base = { password: 'secret123', phone: '13912340000', smscode: '123456' };
    // without a valid code nothing about names or numbers is told
    expect(
      (await t.call('POST', '/sys/user/register', { body: { ...base, username: 'admin' } })).body.message,
    ).toBe('手机验证码失效，请重新获取');
    await t.call('POST', '/sys/sms', { body: { mobile: base.phone, smsmode: '1' } });
    base.smscode = (await t.sms.last(base.phone))!;
    expect(
      (await t.call('POST', '/sys/user/register', { body: { ...base, username: 'admin' } })).body.message,
    ).toBe('用户名已注册');
    expect(
      (await t.call('POST', '/sys/user/register', { body: { ...base, username: 'a b' } })).body.message,
    ).toBe('只允许字母、数字、下划线');
    expect(
      (await t.call('POST', '/sys/user/register', { body: { ...base, username: 'abc' } })).body.message,
    ).toContain('6到18个字符');
    expect(
      (
        await t.call('POST', '/sys/user/register', {
          body: { ...base, username: 'fresh1', phone: YUNYING_PHONE, smscode: yunyingCode },
        })
      ).body.message,
    ).toBe('该手机号已注册');
    expect(
      (
        await t.call('POST', '/sys/user/register', {
          body: { ...base, username: 'fresh1', phone: '13912349999' },
        })
      ).body.message,
    ).toBe('手机验证码失效，请重新获取');
  });
});

describe('forgot password', () => {
  it('verifies the phone, resets the password and revokes old sessions', async () => {
    const phone = '13800000002'; // caiwu
    const oldToken = await t.login('caiwu');
    await t.call('POST', '/sys/sms', { body: { mobile: phone, smsmode: '2' } });
    const code = (await t.sms.last(phone))!;
    const v = await t.call('POST', '/sys/user/phoneVerification', { body: { phone, smscode: code } });
    expect(v.body).toMatchObject({ success: true, result: { username: 'caiwu' } });
    const wrongUser = await t.call('GET', '/sys/user/passwordChange', {
      query: { username: 'admin', password: 'newpass1', phone, smscode: code },
    });
    expect(wrongUser.body.success).toBe(false);
    const r = await t.call('GET', '/sys/user/passwordChange', {
      query: { username: 'caiwu', password: 'newpass1', phone, smscode: code },
    });
    expect(r.body).toMatchObject({ success: true, message: '密码重置成功!' });
    expect(
      (await t.call('POST', '/sys/login', { body: { username: 'caiwu', password: '123456' } })).body.message,
    ).toBe('用户名或密码错误');
    expect(await t.login('caiwu', 'newpass1')).toBeTruthy();
    expect((await t.call('GET', '/sys/user/getCurrentUserDeparts', { token: oldToken })).status).toBe(401);
  });
});
