import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, visitInApp, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { COMMANDS } from '../../commands/index.ts';
import { formatKeybinding } from '../../commands/core/keybinding.ts';

/**
 * The frame for everyone (issue #15): keyboard-only journeys, narrow screens, session expiry,
 * route errors, tabs kept across reloads.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const active = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      tag: a?.tagName,
      role: a?.getAttribute('role'),
      text: a?.textContent?.trim().slice(0, 40),
      inPage: !!a?.closest('#page-content'),
      inGrid: !!a?.closest('[role=grid],[role=treegrid]'),
      inMenu: !!a?.closest('[role=menu]'),
    };
  });

async function signIn(page: Page, username = 'admin', target = '/user/login') {
  await login(page, env.url, username, '123456', target);
  await page.getByRole('tab', { name: /首页/ }).waitFor();
}

describe('keyboard only', () => {
  it('signs in, reaches a page by the palette, works a row and a form, the menus and the tabs', async () => {
    const page = await env.newPage();
    await page.goto(`${env.url}/user/login`);
    await page.getByRole('textbox', { name: '账号' }).focus();
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123456');
    // to the slider, complete it, and Enter on it submits the form
    const slider = page.getByRole('slider', { name: '滑动验证' });
    for (let i = 0; i < 10 && !(await slider.evaluate((s) => s === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.url}/dashboard/analysis`);
    await page.getByRole('tab', { name: /首页/ }).waitFor();

    // the palette to 用户管理: focus lands in the page's first search field
    await page.keyboard.press('Control+k');
    await page.keyboard.type('yhgl');
    await page.locator('[cmdk-item]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.url}/isystem/user`);
    await page.getByRole('gridcell', { name: 'caiwu' }).waitFor();
    await expect.poll(async () => (await active(page)).tag).toBe('INPUT');
    expect((await active(page)).inPage).toBe(true);

    // Alt+G into the grid; Enter on a row opens its actions; arrows move; Esc gives focus back
    await page.keyboard.press('Alt+g');
    await expect.poll(async () => (await active(page)).inGrid).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const rowMenu = page.getByRole('menu', { name: '行操作' });
    await rowMenu.waitFor();
    expect((await active(page)).text).toBe('详情');
    await page.keyboard.press('ArrowDown');
    expect((await active(page)).text).toBe('编辑');
    await page.keyboard.press('Escape');
    await rowMenu.waitFor({ state: 'detached' });
    expect((await active(page)).inGrid).toBe(true);

    // 编辑 from the row menu, change the name, save by keyboard
    await page.keyboard.press('Shift+F10');
    await rowMenu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: /编辑用户/ });
    await form.waitFor();
    const name = form.getByLabel('用户姓名');
    await name.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('键盘改名');
    await form.getByRole('button', { name: '确定' }).focus();
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: '键盘改名' }).waitFor();

    // the skip link comes before the menus in the Tab order and goes into the page (once the
    // page has settled: a page re-rendering its fields drops focus by itself)
    await page.getByRole('navigation', { name: '侧边菜单' }).locator('a, button').first().focus();
    await page.keyboard.press('Shift+Tab');
    expect((await active(page)).text).toBe('跳到主要内容');
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.activeElement?.closest('#page-content')
            ? 'in page'
            : document.activeElement?.outerHTML.slice(0, 200),
        ),
      )
      .toBe('in page');

    // the user menu: Enter opens with focus on its first item, arrows move, Esc returns focus
    const trigger = page.getByRole('button', { name: /管理员/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const userMenu = page.getByRole('menu', { name: '用户菜单' });
    await userMenu.waitFor();
    expect((await active(page)).role).toBe('menuitem');
    await page.keyboard.press('End');
    expect((await active(page)).text).toBe('退出登录');
    await page.keyboard.press('Escape');
    await userMenu.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((t) => t === document.activeElement)).toBe(true);
    // an outside click closes it too
    await page.keyboard.press('Enter');
    await userMenu.waitFor();
    await page.mouse.click(700, 600);
    await userMenu.waitFor({ state: 'detached' });

    // `?` lists every keybinding of the registry; buttons name their shortcut in their title
    await page.locator('#page-content').focus();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: '快捷键' });
    await sheet.waitFor();
    const text = (await sheet.textContent()) ?? '';
    for (const c of COMMANDS.filter((c) => c.keybinding)) {
      expect(text).toContain(c.title);
      expect(text).toContain(formatKeybinding(c.keybinding!, false));
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: '搜索菜单' }).getAttribute('title')).resolves.toContain(
      'Ctrl+K',
    );

    // tabs: ←/→ move, Delete closes a background tab without switching to it; 首页 has no ×
    await page.keyboard.press('Control+k');
    await page.keyboard.type('bmgl');
    await page.locator('[cmdk-item]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.url}/isystem/depart`);
    await page.getByRole('tab', { name: /部门管理/ }).focus();
    await page.keyboard.press('ArrowLeft');
    expect((await active(page)).text).toContain('用户管理');
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByRole('tab').count()).toBe(2);
    expect(page.url()).toBe(`${env.url}/isystem/depart`);
    await expect(page.getByRole('tab', { name: /首页/ }).locator('[data-close-tab]').count()).resolves.toBe(
      0,
    );
    await page.getByRole('tab', { name: /首页/ }).focus();
    await page.keyboard.press('Delete');
    await page.getByText('首页不能关闭!').waitFor();

    await page.context().close();
  });

  it('keeps the tabs of a user across reloads', async () => {
    const page = await env.newPage();
    await signIn(page, 'admin', '/user/login?redirect=%2Fisystem%2Fuser');
    await page.getByRole('tab', { name: /用户管理/ }).waitFor();
    await page.goto(`${env.url}/isystem/depart`);
    await page.getByRole('tab', { name: /部门管理/ }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: /部门管理/ }).waitFor();
    const names = await page.getByRole('tab').allTextContents();
    expect(names.map((n) => n.replace('×', ''))).toEqual(['首页', '用户管理', '部门管理']);
    await page.context().close();
  });

  it('lists only non-hidden menu entries in the palette', async () => {
    const page = await env.newPage();
    await signIn(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('403');
    await page.waitForTimeout(300);
    const items = await page.locator('[cmdk-item]').allTextContents();
    expect(items.some((t) => t.includes('403'))).toBe(false);
    await page.context().close();
  });
});

describe('shortcuts shown', () => {
  it('names the editable grid’s Alt keys in its buttons’ titles', async () => {
    const page = await env.newPage();
    await signIn(page, 'admin', '/user/login?redirect=%2Fjeecg%2Fj-vxe-table-demo');
    const toolbar = page.getByRole('toolbar', { name: '技师排班操作' });
    await expect(
      toolbar.getByRole('button', { name: '新增', exact: true }).getAttribute('title'),
    ).resolves.toContain('Alt+N');
    await expect(toolbar.getByRole('button', { name: '插入' }).getAttribute('title')).resolves.toContain(
      'Alt+I',
    );
    await expect(toolbar.getByRole('button', { name: '上移' }).getAttribute('title')).resolves.toContain(
      'Alt+Up',
    );
    await page.context().close();
  });
});

describe('dates', () => {
  it('reads and writes spec §9 dates with its own calendar, not the native picker', async () => {
    const page = await env.newPage();
    await signIn(page, 'admin', '/user/login?redirect=%2Fisystem%2Fuser');
    await page.getByRole('toolbar', { name: '用户操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增用户' });
    const birthday = form.getByRole('textbox', { name: '生日' });
    await expect(birthday.getAttribute('type')).resolves.not.toBe('date');
    await expect(birthday.getAttribute('placeholder')).resolves.toBe('YYYY-MM-DD');
    await birthday.fill('1990/2/3');
    await birthday.blur();
    await expect(birthday.inputValue()).resolves.toBe('1990-02-03');
    await birthday.focus();
    await page.keyboard.press('Alt+ArrowDown');
    const calendar = page.getByRole('dialog', { name: '选择日期' });
    await calendar.getByRole('grid', { name: '1990年2月' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    await expect(birthday.inputValue()).resolves.toBe('1990-02-04');
    await page.context().close();
  });
});

describe('narrow screens', () => {
  it('at 390 px: one header line, ☰ opens the menu drawer, a page opens from it', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page);
    const header = await page.locator('header').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(56);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('navigation', { name: '侧边菜单' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
    const drawer = page.getByRole('dialog', { name: '菜单' });
    await drawer.getByRole('button', { name: /系统管理/ }).click();
    await drawer.getByRole('link', { name: '用户管理' }).click();
    await page.waitForURL(`${env.url}/isystem/user`);
    await drawer.waitFor({ state: 'detached' });
    await expect(
      page.evaluate(() => JSON.parse(localStorage.getItem('console.settings') ?? '{}').device),
    ).resolves.toBe('mobile');
    await page.context().close();
  });

  it('collapsed sidebar shows icons, not cut text, and a folder’s pages beside it', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1000, height: 800 });
    await signIn(page);
    await page.keyboard.press('Control+b');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await expect.poll(async () => (await nav.boundingBox())?.width).toBe(80);
    const entries = nav.locator('li > a, li > button');
    const n = await entries.count();
    expect(n).toBeGreaterThan(5);
    for (let i = 0; i < n; i++) {
      await expect(entries.nth(i).locator('svg').count()).resolves.toBe(1);
      await expect(entries.nth(i).innerText()).resolves.toBe('');
      await expect(entries.nth(i).getAttribute('aria-label')).resolves.toBeTruthy();
    }
    // a folder opens its pages beside the collapsed bar
    await nav.getByRole('button', { name: '系统管理' }).click();
    await page.getByRole('menu', { name: '系统管理' }).getByRole('menuitem', { name: '用户管理' }).click();
    await page.waitForURL(`${env.url}/isystem/user`);

    await page.context().close();
  });
});

describe('session expiry and route errors', () => {
  /** Revoke the page's session on the server (as an expiry or a sign-out elsewhere would). */
  async function revoke(page: Page) {
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => /token/i.test(k))!;
      return (JSON.parse(localStorage.getItem(key)!) as { value: string }).value;
    });
    await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/logout',
      headers: { 'x-access-token': token },
    });
  }

  it('an expired session keeps the form: sign in again in the dialog and the save goes through', async () => {
    const page = await env.newPage();
    await signIn(page);
    await visitInApp(page, env.url, '/isystem/position');
    await page.getByRole('toolbar', { name: '职务操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增职务' });
    await form.getByLabel('职务编码').fill('reauth_kept');
    await form.getByLabel('职务名称').fill('过期后保存');
    await form.getByLabel('职级').selectOption({ index: 1 });
    await revoke(page);
    await form.getByRole('button', { name: '确定' }).click();

    const dialog = page.getByRole('dialog', { name: '登录已过期' });
    await dialog.getByText('很抱歉，登录已过期，请重新登录', { exact: false }).waitFor();
    // the form is still there behind it (hidden from assistive technology while the dialog is
    // modal), and Escape does not drop the waiting save
    await page.keyboard.press('Escape');
    await dialog.waitFor();
    const behind = page.getByRole('form', { name: '新增职务', includeHidden: true });
    await expect(behind.locator('input[value="过期后保存"]').count()).resolves.toBe(1);
    await expect(dialog.getByLabel('用户名').inputValue()).resolves.toBe('admin');
    expect(await axeSerious(page)).toEqual([]);
    // a wrong password is said in the dialog, which stays
    await dialog.getByLabel('密码').fill('wrong-password');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('密码').fill('123456');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await dialog.waitFor({ state: 'detached' });
    // the refused save ran again with the new session: saved once, the form closed, still on the page
    await page.getByText('添加成功！').waitFor();
    await form.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${env.url}/isystem/position`);
    const saved = await env.database.rawQuery("SELECT name FROM sys_position WHERE code = 'reauth_kept'", []);
    expect(saved.rows).toEqual([{ name: '过期后保存' }]);
    await page.context().close();
  });

  it('a revoked session and 退出登录: 登录已过期 once, then back to login', async () => {
    const page = await env.newPage();
    await signIn(page);
    // 首页's own calls (its statistics) are answered before the session is revoked
    await page.getByRole('img', { name: /^近7天访问量/ }).waitFor();
    let unauthorised = 0;
    page.on('response', (r) => {
      if (r.status() === 401) unauthorised += 1;
    });
    await revoke(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('yhgl');
    await page.locator('[cmdk-item]').first().waitFor();
    await page.keyboard.press('Enter');
    // the page's calls failed with 401; one dialog asks
    const dialog = page.getByRole('dialog', { name: '登录已过期' });
    await dialog.waitFor();
    await expect.poll(() => unauthorised).toBeGreaterThanOrEqual(1);
    await expect(dialog.count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: '退出登录' }).click();
    await page.getByText('很抱歉，登录已过期，请重新登录').first().waitFor();
    await expect(
      page.getByRole('alert').filter({ hasText: '很抱歉，登录已过期，请重新登录' }).count(),
    ).resolves.toBe(1);
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    await page.waitForURL(/\/user\/login/);
    await page.context().close();
  });

  it('500 with Token失效 opens the 登录已过期 dialog whose 重新登录 signs out', async () => {
    const page = await env.newPage();
    await signIn(page);
    await page.route('**/sys/user/list**', (r) =>
      r.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Token失效，请重新登录"}',
      }),
    );
    await page.goto(`${env.url}/isystem/user`);
    const dialog = page
      .getByRole('alertdialog', { name: '登录已过期' })
      .or(page.getByRole('dialog', { name: '登录已过期' }));
    await dialog.getByText('很抱歉，登录已过期，请重新登录').waitFor();
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL(/\/user\/login/);
    await page.context().close();
  });

  it('a page that fails to load shows a Chinese error inside the layout; unknown URLs a 404 there', async () => {
    const page = await env.newPage();
    await signIn(page);
    await page.route('**/assets/user-page-*.js', (r) => r.abort('failed'));
    await page.goto(`${env.url}/isystem/user`);
    await page.getByRole('heading', { name: '页面加载失败' }).waitFor();
    await page.getByRole('button', { name: '重试' }).waitFor();
    await page.locator('header').waitFor();
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    await page.goto(`${env.url}/no/such/page`);
    await page.waitForURL(`${env.url}/404`);
    await page.getByRole('heading', { name: '抱歉，你访问的页面不存在' }).waitFor();
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await page.context().close();
  });
  it('a menu page outside the user’s menu shows 403 inside the layout; a typo 404 there', async () => {
    const page = await env.newPage();
    await signIn(page, 'caiwu');
    await page.goto(`${env.url}/isystem/user`);
    await page.waitForURL(`${env.url}/403`);
    await page.getByRole('heading', { name: '抱歉，你无权访问该页面' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.locator('header').waitFor();
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await expect(page.getByRole('gridcell').count()).resolves.toBe(0);
    await page.goto(`${env.url}/isystem/no-such-page`);
    await page.waitForURL(`${env.url}/404`);
    await page.getByRole('heading', { name: '抱歉，你访问的页面不存在' }).waitFor();
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await page.context().close();
  });
});
