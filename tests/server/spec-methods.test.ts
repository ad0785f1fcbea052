import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/** Spec §7 names POST for these calls; the original client sends PUT: both are served. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('methods of spec §7', () => {
  it('POST and PUT /sys/user/updatePassword both change the own password', async () => {
    const token = await t.login('caiwu');
    const posted = await t.call('POST', '/sys/user/updatePassword', {
      token,
      body: { username: 'caiwu', oldpassword: '123456', password: 'Post-2026', confirmpassword: 'Post-2026' },
    });
    expect(posted.body).toMatchObject({ success: true, message: '密码重置成功!' });
    const again = await t.login('caiwu', 'Post-2026');
    const put = await t.call('PUT', '/sys/user/updatePassword', {
      token: again,
      body: {
        username: 'caiwu',
        oldpassword: 'Post-2026',
        password: 'Put-2026',
        confirmpassword: 'Put-2026',
      },
    });
    expect(put.body).toMatchObject({ success: true });
    await t.login('caiwu', 'Put-2026');
  });

  it('POST /sys/selectDepart switches the own department', async () => {
    const token = await t.login('admin');
    const departs = await t.call('GET', '/sys/user/getCurrentUserDeparts', { token });
    const orgCode = departs.body.result.list[0]?.orgCode as string;
    expect(orgCode).toBeTruthy();
    const res = await t.call('POST', '/sys/selectDepart', { token, body: { orgCode, username: 'admin' } });
    expect(res.body).toMatchObject({ success: true, result: { userInfo: { orgCode } } });
  });
});
