import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
}, 120_000);
afterAll(async () => env?.close());

describe('guard redirects', () => {
  it('sends an anonymous visitor to login with the redirect, and back after signing in', async () => {
    const page = await env.newPage();
    await page.goto(`${env.url}/isystem/user`);
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/isystem/user');
    await page.getByRole('textbox', { name: '账号' }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('123456');
    const slider = page.getByRole('slider', { name: '滑动验证' });
    await slider.focus();
    await slider.press('End');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(`${env.url}/isystem/user`);
    await page.getByRole('toolbar', { name: '用户操作' }).waitFor();
    // signed in: the login page and / both lead home; unknown paths lead to 404
    await page.goto(`${env.url}/user/login`);
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await page.goto(`${env.url}/`);
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await page.goto(`${env.url}/no/such/page`);
    await page.waitForURL(`${env.url}/404`);
    await page.getByRole('heading', { name: '抱歉，你访问的页面不存在' }).waitFor();
    await page.context().close();
  });

  it('refuses the login button until the slider is verified, and shows server messages', async () => {
    const page = await env.newPage();
    await page.goto(`${env.url}/user/login`);
    await page.getByRole('textbox', { name: '账号' }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('请完成滑块验证');
    const slider = page.getByRole('slider', { name: '滑动验证' });
    await slider.focus();
    await slider.press('End');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('用户名或密码错误').waitFor();
    await page.context().close();
  });
});

describe('permission load at start-up', () => {
  const PERMISSIONS = '**/sys/permission/getUserPermissionByToken**';
  const storedToken = (page: Page) =>
    page.evaluate(() => Object.keys(localStorage).some((k) => /token/i.test(k)));

  it('keeps the user signed in when they leave a page whose permissions are still loading', async () => {
    const page = await env.newPage();
    let calls = 0;
    // the first load is slow: the user reloads into another page before it answers
    await page.route(PERMISSIONS, async (route) => {
      if (calls++ === 0) await new Promise((r) => setTimeout(r, 3000));
      await route.continue().catch(() => undefined);
    });
    await login(page, env.url, 'admin');
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await page.goto(`${env.url}/isystem/user`);
    await page.getByRole('tab', { name: /用户管理/ }).waitFor();
    expect(page.url()).toBe(`${env.url}/isystem/user`);
    await expect(storedToken(page)).resolves.toBe(true);
    await page.context().close();
  });

  it('signs out and returns to login with the requested path when the load fails', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin');
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await page.route(PERMISSIONS, (route) => route.abort('connectionrefused'));
    await page.goto(`${env.url}/isystem/user`);
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/isystem/user');
    await expect(storedToken(page)).resolves.toBe(false);
    await page.context().close();
  });
});

describe('palette', () => {
  it('navigates by pinyin initials (yhgl → 用户管理)', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin');
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    // the URL changes before the signed-in frame (which owns the shortcuts) has rendered; a person
    // presses Mod+K once they see the page, so wait for its home tab
    await page.getByRole('tab', { name: /首页/ }).waitFor();
    // typed straight after the shortcut, as a power user does: no key may be lost
    await page.keyboard.press('Control+k');
    await page.keyboard.type('yhgl');
    await expect(
      page.getByPlaceholder('搜索菜单和命令（中文、拼音、首字母、英文）').inputValue(),
    ).resolves.toBe('yhgl');
    const first = page.locator('[cmdk-item]').first();
    await expect(first.textContent()).resolves.toContain('用户管理');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.url}/isystem/user`);
    await page.getByRole('tab', { name: /用户管理/ }).waitFor();

    // a saved script is a command of its own: found by its title, run on the server, its output shown
    await page.keyboard.press('Control+k');
    await page.keyboard.type('预览超时未支付');
    const script = page.locator('[cmdk-item]', { hasText: '脚本：预览超时未支付订单' });
    await script.waitFor();
    await script.click();
    await page.getByRole('status').filter({ hasText: '演练：将关闭' }).first().waitFor();
    await page.context().close();
  });
});

describe('tabs', () => {
  it('keeps 首页, refuses closing it, and closes the others', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin');
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await page.goto(`${env.url}/isystem/user`);
    await page.getByRole('tab', { name: /用户管理/ }).waitFor();
    // the page has loaded its rows (and placed its own focus) before the tab takes the focus: under
    // load, Delete otherwise reached the search field the page focused after the tab got it
    await page.locator('.ag-row').first().waitFor();
    const home = page.getByRole('tab', { name: /首页/ });
    await home.focus();
    await expect.poll(() => home.evaluate((t) => t === document.activeElement)).toBe(true);
    await page.keyboard.press('Delete');
    await page.getByText('首页不能关闭!').waitFor();
    // the × of a background tab closes it without switching to it
    await page.goto(`${env.url}/isystem/depart`);
    await page.getByRole('tab', { name: /部门管理/ }).waitFor();
    await page.goto(`${env.url}/isystem/user`);
    await page.getByRole('tab', { name: /用户管理/ }).waitFor();
    await page
      .getByRole('tab', { name: /部门管理/ })
      .locator('[data-close-tab]')
      .click();
    await expect.poll(() => page.getByRole('tab').count()).toBe(2);
    expect(page.url()).toBe(`${env.url}/isystem/user`);
    await page.getByRole('tab', { name: /用户管理/ }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect(page.getByRole('tab').count()).resolves.toBe(2);
    await page
      .getByRole('tab', { name: /用户管理/ })
      .locator('[data-close-tab]')
      .click();
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await expect(page.getByRole('tab').count()).resolves.toBe(1);
    await page.context().close();
  });
});

describe('user menu', () => {
  it('changes the password through the 修改密码 dialog with the spec rules', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'caiwu');
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await page.getByRole('button', { name: /王财务/ }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel('旧密码').fill('123456');
    await dialog.getByLabel('新密码', { exact: true }).fill('abcdef1');
    await dialog.getByLabel('确认新密码').fill('abcdef2');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('两次输入的密码不一样！').waitFor();
    await dialog.getByLabel('确认新密码').fill('abcdef1');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('密码重置成功!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // still on the page it was opened from; the old session is revoked, the new password works
    expect(await page.evaluate(() => document.title)).toContain('首页');
    await page.context().close();
    const again = await env.newPage();
    await login(again, env.url, 'caiwu', 'abcdef1');
    await again.waitForURL(`${env.url}/dashboard/analysis`);
    await again.context().close();
  });
});
