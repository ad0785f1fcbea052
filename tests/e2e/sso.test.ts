import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { freePort, ssoConfig, startCasServer, startOidcProvider } from '../support/sso-providers.ts';
import { axeSerious } from '../support/axe.ts';
import { sysUser } from '../../src/server/db/schema/index.ts';
import { KEYS, NS } from '../../src/web/lib/storage.ts';

/**
 * Signing in through a local OpenID Connect provider and a local CAS server (127.0.0.1 only), as a
 * person would: the guard sends a signed-out visitor to the SSO page with the redirect kept, the
 * provider signs them in, the console lands where they were going with the right account. Then
 * 账户绑定 by keyboard: link a CAS identity (password, provider, back), see it in another browser
 * context, unlink it there; axe on the pages and the dialog.
 */
let env: BrowserEnv;
let op: Awaited<ReturnType<typeof startOidcProvider>>;
let cas: Awaited<ReturnType<typeof startCasServer>>;

beforeAll(async () => {
  const port = await freePort();
  op = await startOidcProvider([`http://127.0.0.1:${port}/jeecg-boot/sys/thirdLogin/oidc/callback`]);
  cas = await startCasServer();
  env = await startBrowserEnv({ port, config: { sso: ssoConfig(op, cas) } });
  await env.database.db
    .update(sysUser)
    .set({ email: 'admin@care.test' })
    .where(eq(sysUser.username, 'admin'));
});
afterAll(async () => {
  await env?.close();
  await op?.close();
  await cas?.close();
});

/** the account the page signed in as (as the page stores it) */
const signedInAs = (page: Page) =>
  page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? 'null') as { value?: { username?: string } } | null)?.value
        ?.username,
    NS + KEYS.userInfo,
  );

/** press a control by keyboard */
async function press(page: Page, name: string, role: 'button' | 'link' = 'button') {
  const control = page.getByRole(role, { name });
  await control.focus();
  await page.keyboard.press('Enter');
}

describe('single sign-on in the browser', () => {
  it('OIDC: the guard sends a visitor to the SSO page, the provider signs them in, the redirect is kept', async () => {
    const page = await env.newPage();
    op.signInAs({ sub: 'op-admin', email: 'admin@care.test', email_verified: true, name: '管理员' });
    await page.goto(`${env.url}/isystem/depart`);
    await page.waitForURL(/\/user\/sso\?redirect=/);
    await page.getByRole('link', { name: '使用企业身份登录' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await press(page, '使用企业身份登录', 'link');
    await page.waitForURL(`${env.url}/isystem/depart`);
    await page
      .getByRole('tab', { name: /部门管理/, selected: true })
      .first()
      .waitFor();
    expect(await signedInAs(page)).toBe('admin');
    await page.context().close();
  });

  it('CAS: signs in through the CAS server and lands on the home page; a bad ticket is refused on the page', async () => {
    const page = await env.newPage();
    cas.signInAs('caiwu');
    // the login page offers the way to the SSO page when a provider is on
    await page.goto(`${env.url}/user/login`);
    await press(page, '统一身份登录', 'link');
    await page.waitForURL(`${env.url}/user/sso`);
    await press(page, '使用统一认证登录', 'link');
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    expect(await signedInAs(page)).toBe('caiwu');
    // a replayed or forged ticket: the callback page says so and offers the way back
    const other = await env.newPage();
    await other.goto(`${env.url}/oauth2-app/login?thirdType=cas&ticket=ST-forged`);
    await other.getByRole('alert').filter({ hasText: '票据无效或已被使用' }).waitFor();
    expect(await axeSerious(other)).toEqual([]);
    await other.getByRole('link', { name: '重新登录' }).waitFor();
    await page.context().close();
    await other.context().close();
  });
});

describe('账户绑定', () => {
  it('links a CAS identity by keyboard, shows it in another context, unlinks it there', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=/account/settings/binding');
    const content = page.locator('#page-content');
    await content.getByRole('heading', { name: '账户绑定' }).waitFor();
    // the OIDC sign-in above linked admin's identity there (JIT); CAS is not linked
    await content.getByRole('button', { name: '解绑企业身份' }).waitFor();
    await content.getByText('未绑定').waitFor();
    expect(await axeSerious(page, '#page-content')).toEqual([]);

    cas.signInAs('cas-admin', { name: '管理员CAS' });
    await press(page, '绑定统一认证');
    const dialog = page.getByRole('dialog', { name: '绑定第三方账号' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: '统一认证' }).isChecked()).toBe(true);
    expect(await axeSerious(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.type('123456');
    await page.keyboard.press('Enter');
    // to the CAS server and back to 账户绑定, which finishes the link
    await content.getByText(/已绑定：管理员CAS/).waitFor();
    expect(new URL(page.url()).search).toBe('');

    const second = await env.newPage();
    await login(second, env.url, 'admin', '123456', '/user/login?redirect=/account/settings/binding');
    const there = second.locator('#page-content');
    await there.getByText(/已绑定：管理员CAS/).waitFor();
    await press(second, '解绑统一认证');
    await second.getByRole('dialog', { name: '解除绑定' }).waitFor();
    await second.keyboard.type('123456');
    await second.keyboard.press('Enter');
    await there.getByRole('button', { name: '绑定统一认证' }).waitFor();

    await page.reload();
    await content.getByRole('button', { name: '绑定统一认证' }).waitFor();
    // the OIDC identity linked by the first sign-in stays
    expect(await content.getByText(/已绑定/).count()).toBe(1);
    // at 390 px the page fits the width and its buttons stay reachable
    await page.setViewportSize({ width: 390, height: 800 });
    await content.getByRole('button', { name: '绑定统一认证' }).scrollIntoViewIfNeeded();
    const overflow = await content.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
    await second.context().close();
  });
});
