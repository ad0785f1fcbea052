import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

/** 高级查询构造器 on the users page: build, run, save, overwrite, run saved, delete, reset. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const rowOf = (page: Page, username: string) =>
  page.locator('.ag-row', {
    has: page.locator('[col-id="username"]', { hasText: new RegExp(`^${username}$`) }),
  });
const userRows = (page: Page) => page.locator('.ag-row', { has: page.locator('[col-id="username"]') });
const builder = (page: Page) => page.getByRole('dialog', { name: '高级查询构造器' });
const superQueryButton = (page: Page) =>
  page.getByRole('toolbar', { name: '用户操作' }).getByRole('button', { name: '高级查询' });
const openBuilder = async (page: Page) => {
  await superQueryButton(page).click();
  await builder(page).waitFor();
  return builder(page);
};
/** Answer the name prompt of 保存查询条件. */
const saveAs = async (page: Page, name: string) => {
  await builder(page).getByRole('button', { name: '保存查询条件' }).click();
  const prompt = page.getByRole('dialog', { name: '请输入保存的名称' });
  await prompt.getByRole('textbox').fill(name);
  await prompt.getByRole('button', { name: '确定' }).click();
};

describe('super query builder', () => {
  it('builds, runs, saves, overwrites, reruns and deletes a query on the users list', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fuser');
    await page.waitForURL(`${env.url}/isystem/user`);
    await rowOf(page, 'admin').waitFor();

    // an empty condition may neither be searched nor saved
    let dialog = await openBuilder(page);
    await dialog.getByRole('button', { name: '查询', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '不能查询空条件' }).waitFor();
    await dialog.getByRole('button', { name: '保存查询条件' }).click();
    await page.getByRole('alert').filter({ hasText: '空条件不能保存' }).waitFor();

    // 用户账号 包含 yu; Enter in the value runs 查询
    await dialog.getByLabel('条件1字段').selectOption({ label: '用户账号' });
    await dialog.getByLabel('条件1规则').selectOption({ label: '包含' });
    await dialog.getByLabel('条件1值').fill('yu');
    await dialog.getByLabel('条件1值').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await rowOf(page, 'admin').waitFor({ state: 'detached' });
    await rowOf(page, 'yunying').waitFor();
    await rowOf(page, 'yuangong').waitFor();
    await expect(userRows(page).count()).resolves.toBe(2);
    await expect(superQueryButton(page).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByTestId('super-query-count').textContent()).resolves.toBe('1');

    // save under a name, then again under the same name: overwrite is asked for
    dialog = await openBuilder(page);
    await expect(dialog.getByLabel('条件1值').inputValue()).resolves.toBe('yu');
    await saveAs(page, '含yu');
    await page.getByText('保存成功').first().waitFor();
    const saved = dialog.getByRole('region', { name: '保存的查询' });
    await saved.getByRole('button', { name: '含yu', exact: true }).waitFor();
    await saveAs(page, '含yu');
    const overwrite = page.getByRole('dialog', { name: '含yu 已存在，是否覆盖？' });
    await overwrite.getByRole('button', { name: '确定' }).click();
    await overwrite.waitFor({ state: 'detached' });
    await expect(saved.getByRole('button', { name: '含yu', exact: true }).count()).resolves.toBe(1);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).toContain('pro__JSuperQuery_admin_user');

    // 重置 drops the super query: every user is back and the button is no longer marked
    await dialog.getByRole('button', { name: '重置' }).click();
    await rowOf(page, 'admin').waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(superQueryButton(page).getAttribute('aria-pressed')).resolves.toBe('false');

    // a saved card runs its query
    dialog = await openBuilder(page);
    await saved.getByRole('button', { name: '含yu', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(page, 'admin').waitFor({ state: 'detached' });
    await rowOf(page, 'yunying').waitFor();

    // delete with confirmation
    dialog = await openBuilder(page);
    await dialog.getByRole('button', { name: '删除查询 含yu' }).click();
    const confirm = page.getByRole('dialog', { name: '是否删除当前查询？' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('暂无保存的查询').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('runs a saved query by name from the terminal', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fuser');
    await page.waitForURL(`${env.url}/isystem/user`);
    await rowOf(page, 'admin').waitFor();
    const dialog = await openBuilder(page);
    await dialog.getByLabel('条件1字段').selectOption({ label: '用户账号' });
    await dialog.getByLabel('条件1规则').selectOption({ label: '等于' });
    await dialog.getByLabel('条件1值').fill('caiwu');
    await saveAs(page, '财务');
    await page.getByText('保存成功').first().waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+Backquote');
    const input = page.getByTestId('terminal-input');
    await input.waitFor();
    await input.fill('grid superQuery 财务');
    await input.press('Enter');
    await page
      .getByTestId('terminal-output')
      .filter({ hasText: '已按保存的查询「财务」查询' })
      .waitFor({ state: 'attached' });
    await rowOf(page, 'admin').waitFor({ state: 'detached' });
    await rowOf(page, 'caiwu').waitFor();
    await expect(userRows(page).count()).resolves.toBe(1);
    await page.context().close();
  });

  it('types the value editor by field: dictionary checkboxes for in, the user picker by keyboard', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fuser');
    await page.waitForURL(`${env.url}/isystem/user`);
    await rowOf(page, 'admin').waitFor();
    await page.keyboard.press('Alt+q');
    const dialog = builder(page);
    await dialog.waitFor();

    // 性别 在...中 {女}; leaving `in` keeps the first value
    await dialog.getByLabel('条件1字段').selectOption({ label: '性别' });
    await dialog.getByLabel('条件1规则').selectOption({ label: '在...中' });
    await dialog.getByRole('group', { name: '条件1值' }).getByLabel('女').check();
    await dialog.getByLabel('条件1规则').selectOption({ label: '等于' });
    await expect(dialog.getByLabel('条件1值').inputValue()).resolves.toBe('2');

    // 创建人 等于 the user picked by real name (value: username)
    await dialog.getByRole('button', { name: '在条件1后添加条件' }).press('Enter');
    await dialog.getByLabel('条件2字段').selectOption({ label: '创建人' });
    const picker = dialog.getByRole('combobox', { name: '条件2值' });
    await picker.fill('管理');
    await dialog.getByRole('option', { name: '管理员（admin）' }).waitFor();
    await picker.press('Enter');
    await dialog.getByText('管理员（admin）').waitFor();

    const request = page.waitForRequest(
      (r) => r.url().includes('/sys/user/list') && r.url().includes('superQuery'),
    );
    await picker.press('Enter');
    const url = new URL((await request).url());
    const sent = JSON.parse(decodeURIComponent(url.searchParams.get('superQueryParams')!)) as unknown;
    expect(sent).toEqual([
      { field: 'sex', rule: 'eq', val: '2', type: 'select', dbType: 'string' },
      { field: 'createBy', rule: 'eq', val: 'admin', type: 'sel_user', dbType: 'string' },
    ]);
    expect(url.searchParams.get('superQueryMatchType')).toBe('and');
    await rowOf(page, 'admin').waitFor({ state: 'detached' });
    await rowOf(page, 'caiwu').waitFor();
    await rowOf(page, 'yunying').waitFor();
    await expect(page.getByTestId('super-query-count').textContent()).resolves.toBe('2');
    await page.context().close();
  });
});
