import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { BASE } from '../support/app.ts';

/** The users list page: pager (size changer, quick jumper), failure state, 查看详情 by palette. */
let env: BrowserEnv;
let total = 0;
beforeAll(async () => {
  env = await startBrowserEnv();
  // the seed has a handful of users: add enough for three pages of 10 through the API
  const signIn = await env.app.inject({
    method: 'POST',
    url: `${BASE}/sys/login`,
    payload: { username: 'admin', password: '123456' },
  });
  const token = (signIn.json() as { result: { token: string } }).result.token;
  for (let i = 1; i <= 30; i++) {
    const name = `pager${String(i).padStart(2, '0')}`;
    const r = await env.app.inject({
      method: 'POST',
      url: `${BASE}/sys/user/add`,
      headers: { 'x-access-token': token },
      payload: { username: name, realname: `分页${i}`, password: 'Passw0rd!', confirmpassword: 'Passw0rd!' },
    });
    expect(r.json()).toMatchObject({ success: true });
  }
  const list = await env.app.inject({
    method: 'GET',
    url: `${BASE}/sys/user/list?pageNo=1&pageSize=1`,
    headers: { 'x-access-token': token },
  });
  total = (list.json() as { result: { total: number } }).result.total;
});
afterAll(async () => env?.close());

const USERS = '/isystem/user';

async function usersPage(): Promise<Page> {
  const page = await env.newPage();
  await login(page, env.url, 'admin', '123456', `/user/login?redirect=${encodeURIComponent(USERS)}`);
  await page.waitForURL(`${env.url}${USERS}`);
  return page;
}

const isList = (r: Request) => r.method() === 'GET' && new URL(r.url()).pathname === `${BASE}/sys/user/list`;
const param = (r: Request, name: string) => new URL(r.url()).searchParams.get(name);

/** A body row of the grid by its index on the page. */
const bodyRow = (page: Page, index: number) => page.locator(`.ag-row[row-index="${index}"]`);

/** Scroll the grid to the bottom so that AG Grid renders its last rows. */
const scrollGridToBottom = (page: Page) =>
  page.getByRole('grid').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });

describe('pager on the users list', () => {
  it('the size changer asks for 20 per page and shows 20 rows', async () => {
    expect(total).toBeGreaterThan(30);
    const page = await usersPage();
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByText(`共 ${total} 条`).waitFor();
    await pager.getByText(`1 / ${Math.ceil(total / 10)}`).waitFor();
    await bodyRow(page, 9).waitFor();
    await expect(bodyRow(page, 10).count()).resolves.toBe(0);

    const [request] = await Promise.all([
      page.waitForRequest((r) => isList(r) && param(r, 'pageSize') === '20'),
      pager.getByRole('combobox', { name: '每页条数' }).selectOption('20'),
    ]);
    expect(param(request, 'pageNo')).toBe('1');
    const body = (await (await request.response())!.json()) as { result: { records: unknown[] } };
    expect(body.result.records).toHaveLength(20);
    await pager.getByText(`1 / ${Math.ceil(total / 20)}`).waitFor();
    await scrollGridToBottom(page);
    await bodyRow(page, 19).waitFor();
    await expect(bodyRow(page, 20).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('the quick jumper (跳至) loads the typed page on Enter, and clamps to the last page', async () => {
    const page = await usersPage();
    const pager = page.getByRole('navigation', { name: '分页' });
    const pages = Math.ceil(total / 10);
    await pager.getByText(`1 / ${pages}`).waitFor();
    const jumper = pager.getByRole('textbox', { name: '跳至页码' });
    await jumper.fill('3');
    const [request] = await Promise.all([
      page.waitForRequest((r) => isList(r) && param(r, 'pageNo') === '3'),
      jumper.press('Enter'),
    ]);
    expect(param(request, 'pageSize')).toBe('10');
    const body = (await (await request.response())!.json()) as {
      result: { records: Array<{ username: string }> };
    };
    await pager.getByText(`3 / ${pages}`).waitFor();
    // the grid shows the third page's first user
    await bodyRow(page, 0)
      .locator('[col-id="username"]', { hasText: new RegExp(`^${body.result.records[0]!.username}$`) })
      .waitFor();
    await expect(jumper.inputValue()).resolves.toBe('');

    await jumper.fill('99');
    const [last] = await Promise.all([
      page.waitForRequest((r) => isList(r) && param(r, 'pageNo') === String(pages)),
      jumper.press('Enter'),
    ]);
    expect(param(last, 'pageSize')).toBe('10');
    await pager.getByText(`${pages} / ${pages}`).waitFor();
    await expect(pager.getByRole('button', { name: '下一页' }).isDisabled()).resolves.toBe(true);
    await page.context().close();
  });
});

/** The users list answering `success:false` with `message` until unrouted, opened signed in. */
async function failingUsersPage(message: string): Promise<Page> {
  const page = await env.newPage();
  await page.route(`**${BASE}/sys/user/list**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message, code: 500, result: null }),
    }),
  );
  await login(page, env.url, 'admin', '123456', `/user/login?redirect=${encodeURIComponent(USERS)}`);
  await page.waitForURL(`${env.url}${USERS}`);
  return page;
}

describe('list failure state', () => {
  it('shows the server message of success:false as a warning and an empty grid, then recovers', async () => {
    const message = '查询失败：数据源暂不可用';
    const page = await failingUsersPage(message);
    // a toast (warning) and the inline message above the grid
    const toast = page.locator('[aria-live="polite"]').getByRole('alert').filter({ hasText: message });
    await toast.waitFor();
    await expect(toast.getAttribute('class')).resolves.toContain('amber');
    await page.locator('p[role="alert"]', { hasText: message }).waitFor();
    await page.getByText('没有查询到任何数据').waitFor();
    await expect(page.locator('.ag-row').count()).resolves.toBe(0);
    await page.getByRole('navigation', { name: '分页' }).getByText('共 0 条').waitFor();

    // the server answers again: 刷新表格 (Alt+R) shows rows and drops the message
    await page.unroute(`**${BASE}/sys/user/list**`);
    await page.keyboard.press('Alt+r');
    await bodyRow(page, 0).waitFor();
    await page.locator('p[role="alert"]', { hasText: message }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('retries the list on 查询 after a failed answer, even with unchanged conditions', async () => {
    const message = '查询失败：数据源暂不可用';
    const page = await failingUsersPage(message);
    await page.locator('p[role="alert"]', { hasText: message }).waitFor();
    await page.unroute(`**${BASE}/sys/user/list**`);
    // the same conditions: 查询 must still ask the server again
    const asked = page.waitForRequest(isList);
    await page.getByRole('form', { name: '查询条件' }).getByRole('button', { name: '查询' }).click();
    await asked;
    await page.locator('.ag-row[row-index="0"]').waitFor();
    await page.context().close();
  });
});

describe('查看详情 by palette', () => {
  it('opens 详细信息 of the ticked row from the command palette', async () => {
    const page = await usersPage();
    const row = page.locator('.ag-row', {
      has: page.locator('[col-id="username"]', { hasText: /^pager07$/ }),
    });
    const search = page.getByRole('form', { name: '查询条件' });
    await search.getByLabel('账号').fill('pager07');
    await search.getByRole('button', { name: '查询' }).click();
    await row.first().waitFor();
    await row.locator('.ag-selection-checkbox input').first().check();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('搜索菜单和命令（中文、拼音、首字母、英文）').fill('查看详情');
    await page.locator('[cmdk-item]', { hasText: '查看详情' }).first().waitFor();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '详细信息' });
    await dialog.getByText('分页7', { exact: true }).waitFor();
    await dialog.getByText('pager07', { exact: true }).waitFor();
    await page.context().close();
  });

  it('refuses with 请选择一条记录！ when nothing is ticked', async () => {
    const page = await usersPage();
    await bodyRow(page, 0).waitFor();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('搜索菜单和命令（中文、拼音、首字母、英文）').fill('查看详情');
    await page.locator('[cmdk-item]', { hasText: '查看详情' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('请选择一条记录！').waitFor();
    await expect(page.getByRole('dialog', { name: '详细信息' }).count()).resolves.toBe(0);
    await page.context().close();
  });
});
