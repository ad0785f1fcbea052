import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginByForm as login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

/** An account whose password an administrator reset must choose its own at the next login. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  const admin = await env.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/login',
    payload: { username: 'admin', password: '123456' },
  });
  const reset = await env.app.inject({
    method: 'PUT',
    url: '/jeecg-boot/sys/user/changePassword',
    headers: { 'x-access-token': admin.json().result.token },
    payload: { username: 'yuangong', password: 'Reset-By-Admin1', confirmpassword: 'Reset-By-Admin1' },
  });
  expect(reset.json().success).toBe(true);
});
afterAll(async () => env?.close());

describe('first login after an administrator reset', () => {
  it('asks for an own password, checks it like the server, then signs in with it', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'yuangong', 'Reset-By-Admin1');
    const form = page.getByRole('form', { name: '设置新密码' });
    await form.waitFor();
    expect(page.url()).toContain('/user/login');
    // the old password is known from the login: only the new one and its confirmation are asked
    expect(await form.getByLabel('旧密码').count()).toBe(0);

    await form.getByLabel('新密码', { exact: true }).fill('Mine-2026');
    await form.getByLabel('确认新密码').fill('Mine-2027');
    await form.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('两次输入的密码不一样！');

    await form.getByLabel('新密码', { exact: true }).fill('Reset-By-Admin1');
    await form.getByLabel('确认新密码').fill('Reset-By-Admin1');
    await form.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('新密码不能与旧密码相同');

    await form.getByLabel('新密码', { exact: true }).fill('Mine-2026');
    await form.getByLabel('确认新密码').press('Control+a');
    await form.getByLabel('确认新密码').fill('Mine-2026');
    await form.getByLabel('确认新密码').press('Enter');
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await page.getByRole('button', { name: /终端/ }).waitFor();

    // the reset password is gone; the own one works
    const old = await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { username: 'yuangong', password: 'Reset-By-Admin1' },
    });
    expect(old.json().success).toBe(false);
    const own = await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { username: 'yuangong', password: 'Mine-2026' },
    });
    expect(own.json().result.mustChangePassword).toBe(false);
  });
});
