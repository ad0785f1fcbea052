import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
}, 120_000);
afterAll(async () => env?.close());

const TREE_CALL = '**/sys/sysDepart/queryTreeTableList?**';

const rowOf = (page: Page, name: string) =>
  page.locator('.ag-row', {
    has: page.locator('[col-id="tree"]', { hasText: new RegExp(`^[+−]?${name}$`) }),
  });
/** Texts of the tree column in display order (AG Grid keeps DOM order stable, rows are positioned). */
const treeNames = (page: Page) =>
  page.$$eval('.ag-row', (rows) =>
    rows
      .filter((r) => r.querySelector('[col-id="tree"]'))
      .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
      .map((r) => r.querySelector('[col-id="tree"]')!.textContent),
  );

/** A children request (non-empty parentId) of the tree table. */
const isChildrenCall = (route: Route) => Boolean(new URL(route.request().url()).searchParams.get('parentId'));

async function openDepartPage(page: Page) {
  await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fdepart');
  await page.waitForURL(`${env.url}/isystem/depart`);
  await rowOf(page, '悦到家健康服务有限公司').waitFor();
}

describe('部门管理 tree table', () => {
  it('shows the roots, a loading child while children load, then the children', async () => {
    const page = await env.newPage();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(TREE_CALL, async (route) => {
      if (isChildrenCall(route)) await gate;
      await route.continue();
    });
    await openDepartPage(page);
    await rowOf(page, '城东服务站').waitFor();
    await expect(treeNames(page)).resolves.toHaveLength(2);

    const company = rowOf(page, '悦到家健康服务有限公司');
    await expect(company.locator('[col-id="orgCode"]').textContent()).resolves.toBe('A01');
    await expect(company.locator('[col-id="orgCategory_dictText"]').textContent()).resolves.toBe('公司');
    await company.getByRole('button', { name: '展开' }).click();
    await page.getByText('loading...', { exact: true }).waitFor();
    release();
    await rowOf(page, '技师管理部').waitFor();
    await page.getByText('loading...', { exact: true }).waitFor({ state: 'detached' });
    await expect(treeNames(page)).resolves.toEqual([
      '−悦到家健康服务有限公司',
      '运营部',
      '财务部',
      '+技师管理部',
      '+城东服务站',
    ]);
    // a leaf has no toggle; a row with children does
    await expect(rowOf(page, '运营部').getByRole('button').count()).resolves.toBe(0);
    await expect(rowOf(page, '技师管理部').getByRole('button', { name: '展开' }).count()).resolves.toBe(1);
    // collapse hides the children
    await company.getByRole('button', { name: '收起' }).click();
    await rowOf(page, '运营部').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('expands and collapses with the keyboard', async () => {
    const page = await env.newPage();
    await openDepartPage(page);
    const station = rowOf(page, '城东服务站');
    await station.locator('[col-id="tree"]').click();
    await page.keyboard.press('ArrowRight');
    await rowOf(page, '客服组').waitFor();
    // → again moves to the first child, ← there goes back to the parent, ← collapses
    await page.keyboard.press('ArrowRight');
    await rowOf(page, '客服组').locator('.ag-cell-focus').waitFor();
    await page.keyboard.press('ArrowLeft');
    await station.locator('.ag-cell-focus').waitFor();
    await page.keyboard.press('ArrowLeft');
    await rowOf(page, '客服组').waitFor({ state: 'detached' });
    // Enter toggles, from any column
    await station.locator('[col-id="orgCode"]').click();
    await page.keyboard.press('Enter');
    await rowOf(page, '客服组').waitFor();
    await page.keyboard.press('Enter');
    await rowOf(page, '客服组').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('searches by department name and lists the matches flat', async () => {
    const page = await env.newPage();
    await openDepartPage(page);
    const form = page.getByRole('form', { name: '查询条件' });
    // an empty search asks for a name and keeps the tree
    await form.getByRole('button', { name: '查询' }).click();
    await page.getByText('请输入搜索内容').waitFor();
    await rowOf(page, '悦到家健康服务有限公司').waitFor();
    await form.getByLabel('部门名称').fill('技师');
    await form.getByRole('button', { name: '查询' }).click();
    await rowOf(page, '技师主管').waitFor();
    await rowOf(page, '悦到家健康服务有限公司').waitFor({ state: 'detached' });
    await expect(treeNames(page)).resolves.toEqual(['技师管理部', '技师主管']);
    await form.getByRole('button', { name: '重置' }).click();
    await rowOf(page, '悦到家健康服务有限公司').waitFor();
    await page.context().close();
  });

  it('warns 返回数据类型不识别 on a response it cannot read and keeps the row collapsed', async () => {
    const page = await env.newPage();
    await page.route(TREE_CALL, async (route) =>
      isChildrenCall(route)
        ? route.fulfill({ contentType: 'application/json', body: '{"success":true,"result":"?"}' })
        : route.continue(),
    );
    await openDepartPage(page);
    const station = rowOf(page, '城东服务站');
    await station.getByRole('button', { name: '展开' }).click();
    await page.getByText('返回数据类型不识别').waitFor();
    await station.getByRole('button', { name: '展开' }).waitFor();
    await page.getByText('loading...', { exact: true }).waitFor({ state: 'detached' });
    await expect(treeNames(page)).resolves.toEqual(['+悦到家健康服务有限公司', '+城东服务站']);
    await page.context().close();
  });
});
