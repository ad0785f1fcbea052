import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

async function signedIn(username = 'admin'): Promise<Page> {
  const page = await env.newPage();
  await login(page, env.url, username);
  await page.waitForURL(`${env.url}/dashboard/analysis`);
  // the signed-in layout (and its shortcuts) is mounted
  await page.getByRole('button', { name: /终端/ }).waitFor();
  return page;
}

async function terminal(page: Page, line: string) {
  const input = page.getByTestId('terminal-input');
  if (!(await input.isVisible())) await page.keyboard.press('Control+Backquote');
  await input.fill(line);
  await input.press('Enter');
}

const cellTexts = (page: Page, table: string, column: number) =>
  page
    .getByRole('table', { name: table })
    .locator(`tbody tr td:nth-child(${column + 1})`)
    .allTextContents();

describe('popup report from the terminal', () => {
  it('searches, refuses an empty confirm, and returns the chosen row', async () => {
    const page = await signedIn();
    await terminal(page, 'grid popup user_select');
    const dialog = page.getByRole('dialog', { name: '选择用户' });
    await dialog
      .getByRole('table', { name: '选择用户' })
      .getByRole('radio', { name: '选择 caiwu' })
      .waitFor();
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(1200);
    // the third search item (性别) is collapsed until 展开
    await expect(dialog.getByLabel('性别').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: '展开' }).click();
    await dialog.getByLabel('性别').waitFor();

    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('请选择一条记录', { exact: true }).waitFor();
    await expect(dialog.isVisible()).resolves.toBe(true);

    await dialog.getByLabel('用户姓名').fill('财');
    await dialog.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => cellTexts(page, '选择用户', 1)).toEqual(['caiwu']);
    // dictionary values are shown as their text
    await expect(cellTexts(page, '选择用户', 3)).resolves.toEqual(['女']);
    await dialog.getByRole('radio', { name: '选择 caiwu' }).check();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });

    const output = page.getByTestId('terminal-output');
    await output.filter({ hasText: '已选择 1 条记录：caiwu' }).waitFor({ state: 'attached' });
    expect(await output.textContent()).toContain('王财务');
    await page.context().close();
  });

  it('shows Popup初始化失败 with the server message for an unknown report or a missing permission', async () => {
    const page = await signedIn('yuangong');
    await terminal(page, 'grid popup no_such_report');
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Popup初始化失败，请检查你的配置或稍后重试！实体不存在' })
      .waitFor();
    // full screen is switchable, and every opening starts at the normal width again (spec §4)
    await dialog.getByRole('button', { name: '全屏' }).click();
    await expect(dialog.getAttribute('data-fullscreen')).resolves.toBe('true');
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(1400);
    await page.keyboard.press('Escape');
    await page
      .getByTestId('terminal-output')
      .filter({ hasText: '已取消选择' })
      .waitFor({ state: 'attached' });

    await terminal(page, 'grid popup depart_select');
    await expect(page.getByRole('dialog').getAttribute('data-fullscreen')).resolves.toBe('false');
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: 'Popup初始化失败，请检查你的配置或稍后重试！没有权限，请联系管理员授权' })
      .waitFor();
    await page.context().close();
  });
});

describe('popup report from the palette', () => {
  it('sorts by a column and returns several rows in multi mode', async () => {
    const page = await signedIn();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('搜索菜单和命令（中文、拼音、首字母、英文）').fill('popup');
    await expect.poll(() => page.locator('[cmdk-item]').first().textContent()).toContain('报表选择');
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: '报表选择 参数' }).waitFor();
    await page.locator('#arg-code').fill('depart_select');
    await page.locator('#arg-multi').check();
    await page.getByRole('button', { name: '执行' }).click();

    const dialog = page.getByRole('dialog', { name: '选择部门' });
    await dialog.getByRole('checkbox', { name: '选择 客服组' }).waitFor();
    const header = dialog.getByRole('button', { name: /机构编码/ });
    await header.click();
    await expect.poll(async () => (await cellTexts(page, '选择部门', 2))[0]).toBe('A01');
    await header.click();
    await expect.poll(async () => (await cellTexts(page, '选择部门', 2))[0]).toBe('A02A01');
    await expect(cellTexts(page, '选择部门', 3)).resolves.toContain('公司');

    await dialog.getByRole('checkbox', { name: '选择 客服组' }).check();
    await dialog.getByRole('checkbox', { name: '选择 运营部' }).check();
    await dialog.getByText('已选择 2 项').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('已选择 2 条记录：客服组、运营部').waitFor();
    await page.context().close();
  });
});
