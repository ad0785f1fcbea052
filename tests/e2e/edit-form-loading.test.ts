import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

/**
 * The hand-written edit forms (用户, 菜单) wait for their record as the generated ones do
 * (resource-pages.test.ts sweeps those): while it loads they offer no field and nothing to save,
 * so nothing typed early is overwritten by the load and no blank record is saved. (Typing into
 * 用户姓名 before the user arrived was lost under load: the keyboard journey failed in CI.)
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

/** Holds the page's GET of `path` until the returned function is called. */
async function hold(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `/jeecg-boot${path}`,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

async function expectLoading(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('status').filter({ hasText: '加载中' }).waitFor();
  expect(await dialog.getByRole('textbox').count()).toBe(0);
  expect(await dialog.locator('button[type=submit]').count()).toBe(0);
  return dialog;
}

describe('edit forms that load their record', () => {
  it('用户: 用户姓名 appears with the user’s name once the user has loaded', async () => {
    const page = await openAs(env, '/isystem/user');
    const release = await hold(page, '/sys/user/queryById');
    await page.getByRole('gridcell', { name: 'caiwu', exact: true }).click();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: '行操作' }).getByRole('menuitem', { name: '编辑' }).click();
    const dialog = await expectLoading(page, '编辑用户');
    release();
    const name = dialog.getByRole('form', { name: '编辑用户' }).getByLabel('用户姓名');
    await expect.poll(() => name.inputValue()).toBe('王财务');
    await page.context().close();
  });

  it('菜单: the fields appear with the menu’s values once it has loaded', async () => {
    const page = await openAs(env, '/isystem/permission');
    const release = await hold(page, '/sys/permission/queryById');
    await page
      .locator('.ag-row [col-id="tree"]', { hasText: /^[+−]?系统管理$/ })
      .first()
      .click();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: '行操作' }).getByRole('menuitem', { name: '编辑' }).click();
    const dialog = await expectLoading(page, '编辑菜单');
    release();
    const form = dialog.getByRole('form', { name: '编辑菜单' });
    await expect.poll(() => form.getByLabel('菜单名称').inputValue()).toBe('系统管理');
    await page.context().close();
  });
});
