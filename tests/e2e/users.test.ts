import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const rowOf = (page: Page, username: string) =>
  page.locator('.ag-row', {
    has: page.locator('[col-id="username"]', { hasText: new RegExp(`^${username}$`) }),
  });

describe('users page', () => {
  // one signed-in admin page on 用户管理 for these tests, in order; each leaves no dialog open
  let page: Page;
  beforeAll(async () => {
    page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fuser');
    await page.waitForURL(`${env.url}/isystem/user`);
  });
  afterAll(async () => page?.context().close());

  it('asks for a selection before batch delete', async () => {
    await page.locator('.ag-row').first().waitFor();
    await page.getByRole('toolbar', { name: '用户操作' }).getByRole('button', { name: '批量删除' }).click();
    await page.getByText('请选择一条记录！').waitFor();
  });

  it('adds a user through the form with the shared validation rules', async () => {
    await page.locator('.ag-row').first().waitFor();
    await page.getByRole('toolbar', { name: '用户操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增用户' });
    await form.getByLabel('用户账号').fill('bad name');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('只允许字母、数字、下划线').waitFor();
    await form.getByLabel('用户账号').fill('admin');
    await form.getByLabel('用户账号').blur();
    await form.getByText('用户账号已存在').waitFor();
    await form.getByLabel('用户账号').fill('jishi01');
    await form.getByLabel('用户账号').blur();
    await form.getByLabel('登录密码').fill('secret1');
    await form.getByLabel('确认密码').fill('secret1');
    await form.getByLabel('用户姓名').fill('技师一号');
    await form.getByLabel('手机号码').fill('13912345678');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();
    await rowOf(page, 'jishi01').waitFor();
  });

  it('freezes a user from the terminal and the grid shows it', async () => {
    await page.locator('.ag-row').first().waitFor();
    const row = rowOf(page, 'caiwu');
    await expect(row.locator('[col-id="status_dictText"]').textContent()).resolves.toBe('正常');
    await page.keyboard.press('Control+Backquote');
    const input = page.getByTestId('terminal-input');
    await input.waitFor();
    await input.fill('user freeze caiwu --yes');
    await input.press('Enter');
    await page
      .getByTestId('terminal-output')
      .filter({ hasText: '冻结 1 个用户' })
      .waitFor({ state: 'attached' });
    await row.locator('[col-id="status_dictText"]', { hasText: '冻结' }).waitFor();
    // Chinese in the terminal has no gaps: in its font a CJK character is exactly two cells wide
    const widths = await page
      .locator('.xterm-rows')
      .first()
      .evaluate((rows) => {
        const { fontFamily, fontSize } = getComputedStyle(rows);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${fontSize} ${fontFamily}`;
        return { cjk: ctx.measureText('冻').width, latin: ctx.measureText('a').width };
      });
    expect(Math.abs(widths.cjk - 2 * widths.latin)).toBeLessThan(0.5);
  });
});

describe('permissions on every surface', () => {
  it('a user without user:add never sees 新增 in the toolbar, the palette or terminal help', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'yunying', '123456', '/user/login?redirect=%2Fisystem%2Fuser');
    await page.waitForURL(`${env.url}/isystem/user`);
    // yunying may list users but not add, delete or freeze: the toolbar is there and empty
    const toolbar = page.getByRole('toolbar', { name: '用户操作' });
    await toolbar.waitFor({ state: 'attached' });
    await page.locator('.ag-row').first().waitFor();
    await expect(toolbar.getByRole('button', { name: '新增' }).count()).resolves.toBe(0);
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('搜索菜单和命令（中文、拼音、首字母、英文）').fill('新增用户');
    await expect(page.locator('[cmdk-item]', { hasText: '新增用户' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Backquote');
    const input = page.getByTestId('terminal-input');
    await input.fill('help user');
    await input.press('Enter');
    const output = page.getByTestId('terminal-output');
    await output.filter({ hasText: 'user list' }).waitFor({ state: 'attached' });
    expect(await output.textContent()).not.toContain('user add');
    await page.context().close();
  });
});
