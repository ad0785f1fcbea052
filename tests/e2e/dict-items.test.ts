import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/** 数据字典: a fourth list screen on the ListPage, and 字典配置, an editable grid saved to the server. */
let env: BrowserEnv;
let token: string;
beforeAll(async () => {
  env = await startBrowserEnv();
  const r = await env.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/login',
    payload: { username: 'admin', password: '123456' },
  });
  token = r.json().result.token;
});
afterAll(async () => env?.close());

const api = async (url: string) =>
  (
    await env.app.inject({ method: 'GET', url: `/jeecg-boot${url}`, headers: { 'x-access-token': token } })
  ).json().result;

/** Open the dictionary list, find `code` and click its row action `action`. */
async function rowAction(code: string, action: string, given?: Page): Promise<Page> {
  const page = given ?? (await env.newPage());
  await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fdict');
  await page.waitForURL(`${env.url}/isystem/dict`);
  const search = page.getByRole('form', { name: '查询条件' });
  await search.getByLabel('字典编码').fill(code);
  await search.getByRole('button', { name: '查询', exact: true }).click();
  const row = page.locator('.ag-row', {
    has: page.locator('[col-id="dictCode"]', { hasText: new RegExp(`^${code}$`) }),
  });
  await row.first().waitFor();
  // the pinned 操作 cells sit in a row element of their own, with the same row-id
  const id = await row.first().getAttribute('row-id');
  await clickRowAction(page.locator(`.ag-row[row-id="${id}"] [col-id="actions"]`), action);
  return page;
}

async function openItems(code: string, name: string, given?: Page): Promise<{ page: Page; dialog: Locator }> {
  const page = await rowAction(code, '字典配置', given);
  const dialog = page.getByRole('dialog', { name: `字典配置 - ${name}（${code}）` });
  await dialog.locator('.ag-row').first().waitFor();
  return { page, dialog };
}

const cell = (dialog: Locator, index: number, key: string) =>
  dialog.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] .ag-cell[col-id="${key}"]`);

async function type(page: Page, target: Locator, text: string) {
  await target.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('字典配置', () => {
  it('edits the items in a grid, refuses what the rules refuse, and saves all at once', async () => {
    const { page, dialog } = await openItems('priority', '优先级');
    await expect.poll(() => dialog.locator('.ag-row:not(.ag-row-pinned)').count()).toBe(3);
    await dialog
      .getByRole('toolbar', { name: '字典项操作' })
      .getByRole('button', { name: '新增', exact: true })
      .click();
    await expect.poll(() => dialog.locator('.ag-row:not(.ag-row-pinned)').count()).toBe(4);

    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('请输入名称').first().waitFor();
    await type(page, cell(dialog, 3, 'itemText'), '紧急');
    await type(page, cell(dialog, 3, 'itemValue'), 'H');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('数据值不能重复').first().waitFor();
    await type(page, cell(dialog, 3, 'itemValue'), 'U');

    // remove 低 (L): tick it, 删除
    await cell(dialog, 2, 'itemText').waitFor();
    await dialog.locator('.ag-row:not(.ag-row-pinned)[row-index="2"] .ag-selection-checkbox input').check();
    await dialog.getByRole('toolbar', { name: '字典项操作' }).getByRole('button', { name: '删除' }).click();
    await page.getByText('确定要删除这 1 项吗?').waitFor();
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await expect.poll(() => dialog.locator('.ag-row:not(.ag-row-pinned)').count()).toBe(3);

    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/保存成功！优先级 共 3 项/).waitFor();

    const [dict] = (await api('/sys/dict/list?dictCode=priority')).records;
    const items = (await api(`/sys/dictItem/list?dictId=${dict.id}`)).records as Array<
      Record<string, unknown>
    >;
    expect(items.map((i) => `${i.itemValue}=${i.itemText}`)).toEqual(['H=高', 'M=中', 'U=紧急']);
    expect(items[2]).toMatchObject({ status: 1 });
    await page.context().close();
  });

  it('takes only integers in a numeric dictionary and keeps the dialog open on a refusal', async () => {
    const { page, dialog } = await openItems('msg_category', '消息类型');
    await type(page, cell(dialog, 0, 'itemValue'), 'x');
    await cell(dialog, 0, 'itemValue').hover();
    await page.getByRole('tooltip').filter({ hasText: '数据值必须是整数' }).waitFor();
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('数据值必须是整数').first().waitFor();
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('shows a dictionary with its items as a sub form in 详细信息', async () => {
    const page = await rowAction('priority', '详情');
    const dialog = page.getByRole('dialog', { name: '详细信息' });
    await dialog.getByText('优先级', { exact: true }).waitFor();
    await dialog.getByText('字符串', { exact: true }).waitFor();
    await dialog.getByRole('tab', { name: '字典项' }).click();
    const items = dialog.getByRole('table', { name: '字典项' });
    await items.getByRole('cell', { name: '高', exact: true }).waitFor();
    await expect(items.getByRole('row').count()).resolves.toBeGreaterThan(2);
    await page.context().close();
  });

  it('shows items saved elsewhere in an open item grid (realtime)', async () => {
    const page = await env.newPage();
    const live = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/vxeSocket/')) return;
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('heart_beat')) resolve();
        });
      }),
    );
    const { dialog } = await openItems('is_open', '是否开启', page);
    await live;
    const [dict] = (await api('/sys/dict/list?dictCode=is_open')).records;
    const items = (await api(`/sys/dictItem/list?dictId=${dict.id}`)).records as Array<
      Record<string, unknown>
    >;
    const rows = items.map((i) => (i.itemValue === 'Y' ? { ...i, itemText: '是的' } : i));
    const saved = await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/dictItem/saveBatch',
      headers: { 'x-access-token': token },
      payload: { dictId: dict.id, rows },
    });
    expect(saved.json()).toMatchObject({ success: true });
    await expect.poll(() => cell(dialog, 0, 'itemText').textContent()).toBe('是的');
    await page.context().close();
  });
});
