import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { login, openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { sysDepart, sysDepartPermission } from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { positionDepartmentRule } from '../support/data-rules.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const TREE_CALL = '**/sys/sysDepart/queryTreeList?**';
const SEARCH_CALL = '**/sys/sysDepart/searchBy?**';

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

async function openDepartPage(page: Page) {
  await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fdepart');
  await page.waitForURL(`${env.url}/isystem/depart`);
  await rowOf(page, '悦到家健康服务有限公司').waitFor();
}

describe('部门管理 tree table', () => {
  it('shows the whole tree from one queryTreeList call: expanding loads nothing more', async () => {
    const page = await env.newPage();
    const calls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/sys/sysDepart/')) calls.push(new URL(req.url()).pathname.split('/').pop()!);
    });
    await openDepartPage(page);
    await rowOf(page, '城东服务站').waitFor();
    await expect(treeNames(page)).resolves.toHaveLength(2);

    const company = rowOf(page, '悦到家健康服务有限公司');
    await expect(company.locator('[col-id="orgCode"]').textContent()).resolves.toBe('A01');
    await expect(company.locator('[col-id="orgCategory_dictText"]').textContent()).resolves.toBe('公司');
    await company.getByRole('button', { name: '展开' }).click();
    await rowOf(page, '技师管理部').waitFor();
    await expect(treeNames(page)).resolves.toEqual([
      '−悦到家健康服务有限公司',
      '运营部',
      '财务部',
      '+技师管理部',
      '+城东服务站',
    ]);
    await rowOf(page, '技师管理部').getByRole('button', { name: '展开' }).click();
    await rowOf(page, '技师主管').waitFor();
    // a leaf has no toggle; a row with children does
    await expect(rowOf(page, '运营部').getByRole('button').count()).resolves.toBe(0);
    // collapse hides the children
    await company.getByRole('button', { name: '收起' }).click();
    await rowOf(page, '运营部').waitFor({ state: 'detached' });
    expect(calls).toEqual(['queryTreeList']);
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
    await form.getByLabel('部门名称').fill('不存在的部门');
    await form.getByRole('button', { name: '查询' }).click();
    await page.getByText('未查询匹配数据！').first().waitFor();
    await form.getByRole('button', { name: '重置' }).click();
    await rowOf(page, '悦到家健康服务有限公司').waitFor();
    await page.context().close();
  });

  it("导出 downloads 部门信息.xlsx and 导入 adds the sheet's departments to the tree", async () => {
    const page = await env.newPage();
    await openDepartPage(page);
    const toolbar = page.getByRole('toolbar', { name: '部门操作' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      toolbar.getByRole('button', { name: '导出' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('部门信息.xlsx');
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const names: string[] = [];
    exported.worksheets[0]!.eachRow((r) => void names.push(String(r.getCell(1).value ?? '')));
    expect(names).toContain('悦到家健康服务有限公司');

    await toolbar.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog', { name: '导入EXCEL' });
    await dialog.waitFor();
    const sheet = new ExcelJS.Workbook();
    const ws = sheet.addWorksheet('部门');
    ws.addRow(['机构名称', '机构编码', '机构类别']);
    ws.addRow(['导入的分公司', 'W01', '公司']);
    ws.addRow(['导入的门店', 'W01A01', '部门']);
    await dialog.getByLabel('选择文件').setInputFiles([
      {
        name: '部门.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await sheet.xlsx.writeBuffer()),
      },
    ]);
    await dialog.getByRole('button', { name: '开始上传' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(page, '导入的分公司').waitFor();
    await page.context().close();
  });

  it('warns 返回数据类型不识别 on a tree answer it cannot read, and searches through searchBy', async () => {
    const page = await env.newPage();
    let searched = '';
    await page.route(SEARCH_CALL, async (route) => {
      searched = new URL(route.request().url()).searchParams.get('keyWord') ?? '';
      await route.continue();
    });
    await page.route(TREE_CALL, (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"success":true,"result":"?"}' }),
    );
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fdepart');
    await page.waitForURL(`${env.url}/isystem/depart`);
    await page.getByText('返回数据类型不识别').first().waitFor();
    await expect(treeNames(page)).resolves.toEqual([]);
    const form = page.getByRole('form', { name: '查询条件' });
    await form.getByLabel('部门名称').fill('客服');
    await form.getByRole('button', { name: '查询' }).click();
    await rowOf(page, '客服组').waitFor();
    expect(searched).toBe('客服');
    await page.context().close();
  });
});

/** Focus a control and wait until it really has the focus (then keys go to it). */
async function focus(l: Locator) {
  await l.focus();
  await expect.poll(() => l.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('部门授权 data rules', () => {
  it('gives a department data rules of a menu from its 部门权限 tab, by keyboard', async () => {
    const db = env.database.db;
    const [depart] = await db.select().from(sysDepart).where(eq(sysDepart.departName, '财务部'));
    const { menu, ruleId } = await positionDepartmentRule(db, '本部门职务');
    await db.insert(sysDepartPermission).values({ id: newId(), departId: depart!.id, permissionId: menu.id });

    const page = await openAs(env, '/isystem/depart');
    const panel = page.getByRole('region', { name: '部门授权' });
    const trigger = panel.getByLabel('部门', { exact: true });
    await focus(trigger);
    await page.keyboard.press('ArrowDown');
    const tree = page.getByRole('dialog', { name: '选择部门' }).getByRole('tree', { name: '部门' });
    await tree.getByRole('treeitem', { name: '悦到家健康服务有限公司' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await tree.getByRole('treeitem', { name: '财务部' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => trigger.textContent()).toBe('悦到家健康服务有限公司 / 财务部');
    const rulesButton = panel.getByRole('button', { name: '职务管理 数据规则' });
    await rulesButton.waitFor();
    await focus(rulesButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '数据规则' });
    const check = dialog.getByRole('checkbox', { name: /本部门职务/ });
    await check.waitFor();
    await focus(check);
    await page.keyboard.press('Space');
    await expect.poll(() => check.isChecked()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    await focus(dialog.getByRole('button', { name: '保存' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const [grant] = await db
          .select()
          .from(sysDepartPermission)
          .where(
            and(eq(sysDepartPermission.departId, depart!.id), eq(sysDepartPermission.permissionId, menu.id)),
          );
        return grant?.dataRuleIds;
      })
      .toBe(ruleId);
    await page.context().close();
  });
});
