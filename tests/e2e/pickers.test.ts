import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { openDemo } from '../support/editable-demo.ts';
import { axeSerious } from '../support/axe.ts';

/**
 * The pickers by keyboard: the category tree-select (lazy children, path text, search) in the 分类
 * form, the user picker (queryUserComponentData) in the 系统通告 form, the department tree select on
 * the 部门管理 page, and a department and a user in editable-grid cells; axe over each open picker.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

/** Focus a control and wait until it really has the focus (then keys go to it). */
async function focus(l: Locator) {
  await l.focus();
  await expect.poll(() => l.evaluate((el) => el === document.activeElement)).toBe(true);
}

async function openAdd(page: Page, toolbar: string, form: string): Promise<Locator> {
  await page.getByRole('toolbar', { name: toolbar }).getByRole('button', { name: '新增' }).click();
  const f = page.getByRole('form', { name: form });
  await f.waitFor();
  return f;
}

describe('pickers by keyboard', () => {
  it('category tree-select: → loads children, ↓ and Enter pick, the path shows; a search picks too', async () => {
    const page = await openAs(env, '/isys/category');
    const form = await openAdd(page, '分类操作', '新增分类');
    const trigger = form.getByLabel('上级分类', { exact: true });
    await focus(trigger);
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: '选择上级分类' });
    const tree = picker.getByRole('tree', { name: '上级分类' });
    await tree.getByRole('treeitem', { name: '服务类型' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    // 服务类型 is the first root: → expands it (its children load now), ↓ ↓ reaches 足疗
    await page.keyboard.press('ArrowRight');
    await tree.getByRole('treeitem', { name: '足疗' }).waitFor();
    await expect
      .poll(() => tree.getByRole('treeitem', { name: '服务类型' }).getAttribute('aria-expanded'))
      .toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => trigger.textContent()).toBe('服务类型 / 足疗');
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    // typing searches (debounced) and shows paths; Enter picks the first match
    await page.keyboard.press('Enter');
    await picker.waitFor();
    await page.keyboard.type('精油');
    await tree.getByRole('treeitem', { name: '商品分类 / 精油' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.textContent()).toBe('商品分类 / 精油');
    await page.context().close();
  });

  it('user picker in a form: type a name, Enter picks; Esc closes and gives the focus back', async () => {
    const page = await openAs(env, '/isystem/annountCement');
    const form = await openAdd(page, '系统通告操作', '新增系统通告');
    const trigger = form.getByLabel('指定用户', { exact: true });
    await focus(trigger);
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: '选择指定用户' });
    const list = picker.getByRole('listbox', { name: '指定用户' });
    await list.getByRole('option').first().waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await focus(picker.getByRole('combobox', { name: '搜索指定用户' }));
    await page.keyboard.type('管理员');
    await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['管理员 (admin)']);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => list.getByRole('option', { name: /管理员/ }).getAttribute('aria-selected'))
      .toBe('true');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => trigger.textContent()).toBe('管理员');
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('department picker on 部门管理: chosen by keyboard, its 部门权限 tab shows the grantable tree', async () => {
    const page = await openAs(env, '/isystem/depart');
    const panel = page.getByRole('region', { name: '部门授权' });
    const trigger = panel.getByLabel('部门', { exact: true });
    await focus(trigger);
    await page.keyboard.press('ArrowDown');
    const picker = page.getByRole('dialog', { name: '选择部门' });
    const tree = picker.getByRole('tree', { name: '部门' });
    await tree.getByRole('treeitem', { name: '悦到家健康服务有限公司' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await tree.getByRole('treeitem', { name: '财务部' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.textContent()).toBe('悦到家健康服务有限公司 / 财务部');
    await panel.getByRole('tab', { name: '部门权限' }).waitFor();
    await panel
      .getByRole('tree', { name: '权限树' })
      .getByRole('treeitem', { name: '系统管理', exact: true })
      .waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.context().close();
  });

  it('a department, a user and a category in grid cells, by keyboard', async () => {
    const { page, grid } = await openDemo(env);
    const cell = (key: string) => grid.locator(`.ag-row[row-id="row_1001"] .ag-cell[col-id="${key}"]`);
    // a click opens the cell's editor (its search box takes the focus); the rest is keys
    await cell('depart').click();
    const depart = page.getByRole('combobox', { name: '部门' });
    await expect.poll(() => depart.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter at once: the list still shows every department, and the answer for 财务 is picked
    // (Enter picked the stale first row, the company, when it came before the search's answer)
    await page.keyboard.type('财务');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell('depart').textContent()).toBe('财务部');
    await cell('manager').click();
    const user = page.getByRole('combobox', { name: '督导' });
    await expect.poll(() => user.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('管理员');
    await page.getByRole('option', { name: /\(admin\)/ }).waitFor();
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => cell('manager').textContent()).toBe('管理员');
    // a 分类字典 node by the category tree-select: search, Enter picks, the cell shows its path
    const ROOTS = '**/sys/category/loadTreeRoot**';
    let releaseRoots = () => undefined as void;
    const rootsHeld = new Promise<void>((r) => (releaseRoots = r));
    let rootsAnswered: Promise<void> | undefined;
    await page.route(ROOTS, (route) => {
      rootsAnswered = rootsHeld.then(() => route.continue());
      return rootsAnswered;
    });
    await cell('serviceCategory').scrollIntoViewIfNeeded();
    await cell('serviceCategory').click();
    const category = page.getByRole('combobox', { name: '搜索服务分类' });
    await expect.poll(() => category.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter at once, before the search has answered, picks what it answers, even while the tree's
    // roots are still on their way and nothing is listed (a loaded machine: Enter was ignored)
    await page.keyboard.type('精油');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell('serviceCategory').textContent()).toBe('商品分类 / 精油');
    releaseRoots();
    await rootsAnswered;
    await page.unroute(ROOTS);
    expect(await axeSerious(page)).toEqual([]);
    await page.context().close();
  });
});
