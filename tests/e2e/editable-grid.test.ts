import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { openDemo, rowIds, saveDemo } from '../support/editable-demo.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const row = (grid: Locator, id: string) => grid.locator(`.ag-row[row-id="${id}"]`);
const cell = (grid: Locator, id: string, key: string) => row(grid, id).locator(`.ag-cell[col-id="${key}"]`);

describe('editable grid demo page', () => {
  it('edits cells with F2, typing and Tab, and shows rule messages in a tooltip', async () => {
    const { page, grid } = await openDemo(env);
    const tooltip = grid.getByRole('tooltip');
    // focus the non-editable sequence cell, walk right to 技师, start editing with F2
    await cell(grid, 'row_1002', '__seq').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('F2');
    const name = grid.getByRole('textbox', { name: '技师' });
    await expect(name.inputValue()).resolves.toBe('李强');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await tooltip.filter({ hasText: '技师不能为空' }).waitFor();
    await page.keyboard.type('王芳');
    await tooltip.filter({ hasText: '技师不能重复' }).waitFor();
    await page.keyboard.type('二');
    await tooltip.waitFor({ state: 'detached' });
    // Tab commits and edits the next cell (手机)
    await page.keyboard.press('Tab');
    await expect(cell(grid, 'row_1002', 'techName').textContent()).resolves.toBe('王芳二');
    const phone = grid.getByRole('textbox', { name: '手机' });
    await phone.waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('123');
    await tooltip.filter({ hasText: '请输入正确的手机号码' }).waitFor();
    await page.keyboard.press('Tab');
    // the committed bad value keeps failing: 保存 refuses and names it
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('校验未通过：请输入正确的手机号码').waitFor();
    await expect(cell(grid, 'row_1002', 'phone').getAttribute('class')).resolves.toContain('jvxe-invalid');
    await cell(grid, 'row_1002', 'phone').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('13911112222');
    await page.keyboard.press('Enter');
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1002')).toMatchObject({
      techName: '王芳二',
      phone: '13911112222',
      confirmed: 'N',
    });
    await page.context().close();
  });

  it('adds rows at the configured position and refuses clicks closer than 1500 ms', async () => {
    const { page, grid } = await openDemo(env);
    const toolbar = page.getByRole('toolbar', { name: '技师排班操作' });
    await toolbar.getByRole('button', { name: '新增设置' }).click();
    const settings = page.getByRole('dialog', { name: '新增设置' });
    await settings.getByLabel('新增行数').fill('2');
    await settings.getByLabel('插入位置').fill('1');
    await settings.getByRole('button', { name: '确定' }).click();
    await expect(page.evaluate(() => localStorage.getItem('JVXE_ADD_ROW_SETTINGS'))).resolves.toBe(
      JSON.stringify({ count: 2, position: 1, scroll: false }),
    );
    // two clicks in one task: the second is certainly within 1500 ms of the first
    await toolbar.getByRole('button', { name: '新增', exact: true }).evaluate((b: HTMLButtonElement) => {
      b.click();
      b.click();
    });
    await page.getByText('你点击的太快了，请慢点点击!').waitFor();
    const ids = await rowIds(grid);
    expect(ids).toHaveLength(5);
    expect(ids.slice(0, 2).every((id) => id.endsWith('_temp'))).toBe(true);
    expect(ids.slice(2)).toEqual(['row_1001', 'row_1002', 'row_1003']);
    // a new row gets per-type defaults (时长 60) and fails its required cells on 保存
    await expect(cell(grid, ids[0]!, 'duration').textContent()).resolves.toBe('60');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('校验未通过：技师不能为空').waitFor();
    await grid.getByRole('tooltip').filter({ hasText: '技师不能为空' }).waitFor();
    await page.context().close();
  });

  it('drag sort writes orderNum 1..n and deleting a saved row lands in deleteIds', async () => {
    const { page, grid } = await openDemo(env);
    const handle = row(grid, 'row_1002').locator('.ag-row-drag');
    const target = await row(grid, 'row_1001').boundingBox();
    const from = await handle.boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + from!.width / 2, target!.y + 10, { steps: 12 });
    await page.mouse.move(from!.x + from!.width / 2, target!.y + 5, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => rowIds(grid)).toEqual(['row_1002', 'row_1001', 'row_1003']);

    // a new row and a saved row removed together: only the saved one is a deleteId
    await page
      .getByRole('toolbar', { name: '技师排班操作' })
      .getByRole('button', { name: '新增', exact: true })
      .click();
    // the added row shows once the grid has rendered it
    let fresh = '';
    await expect
      .poll(async () => (fresh = (await rowIds(grid)).find((id) => id.endsWith('_temp')) ?? ''))
      .not.toBe('');
    for (const id of [fresh, 'row_1001'])
      await grid.locator(`.ag-row[row-id="${id}"] .ag-selection-checkbox input`).first().check();
    await page.getByRole('toolbar', { name: '技师排班操作' }).getByRole('button', { name: '删除' }).click();
    await page.getByText('确定要删除这 2 项吗?').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => rowIds(grid)).toEqual(['row_1002', 'row_1003']);
    await page.getByText('已删除：王芳').waitFor();

    const out = await saveDemo(page);
    expect(out.roster!.deleteIds).toEqual(['1001']);
    expect(out.roster!.values.map((v) => [v.id, v.orderNum])).toEqual([
      ['1002', 1],
      ['1003', 2],
    ]);
    expect(out.roster!.values[0]).toMatchObject({ photo: null, areas: '', sex: '1' });
    expect(out.material!.values).toEqual([{ id: '2001', name: '精油', qty: 2 }]);
    await page.context().close();
  });

  it('keeps disabled rows unselectable and activates the failing sub-table tab', async () => {
    const { page, grid } = await openDemo(env);
    await expect(row(grid, 'row_1003').getAttribute('class')).resolves.toContain('jvxe-disabled-row');
    const box = grid.locator('.ag-row[row-id="row_1003"] .ag-selection-checkbox input').first();
    await expect(box.isDisabled()).resolves.toBe(true);
    await page.getByRole('tab', { name: '物料清单' }).click();
    const materials = page.getByRole('tabpanel', { name: '物料清单' });
    await cell(materials, 'row_2001', 'qty').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('1.5');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: '技师排班' }).click();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('校验未通过：请输入整数').waitFor();
    await expect(page.getByRole('tab', { name: '物料清单' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await page.context().close();
  });
});

describe('editable grid cell types', () => {
  it('reads out checkbox pairs, numbers, tags, selects, multi-selects, dates and radios', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, 'row_1002', 'confirmed').getByRole('checkbox').check();
    await cell(grid, 'row_1002', 'sex').getByRole('radio', { name: '女' }).check();
    // number: invalid keystrokes keep the previous text
    await cell(grid, 'row_1002', 'price').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('12a.3.4');
    await expect(grid.getByRole('textbox', { name: '价格' }).inputValue()).resolves.toBe('12.34');
    await page.keyboard.press('Enter');
    // tags: a semicolon after every 2 characters
    await cell(grid, 'row_1002', 'tags').click();
    await page.keyboard.type('推拿足疗艾');
    await expect(grid.getByRole('textbox', { name: '标签' }).inputValue()).resolves.toBe('推拿;足疗;艾');
    await page.keyboard.press('Enter');
    await cell(grid, 'row_1002', 'project').click();
    await page.getByRole('combobox', { name: '项目' }).selectOption('aijiu');
    await page.keyboard.press('Enter');
    await cell(grid, 'row_1002', 'areas').click();
    await page.getByRole('option', { name: '东城区' }).click();
    await page.getByRole('option', { name: '西城区' }).click();
    await page.keyboard.press('Enter');
    await expect(cell(grid, 'row_1002', 'areas').textContent()).resolves.toBe('东城区+1');
    await cell(grid, 'row_1002', 'serviceDate').click();
    await page.getByRole('textbox', { name: '服务日期', exact: true }).fill('2026-06-01');
    await page.keyboard.press('Enter');
    const out = await saveDemo(page);
    expect(out.roster!.values.find((v) => v.id === '1002')).toMatchObject({
      confirmed: 'Y',
      sex: '2',
      price: 12.34,
      tags: '推拿;足疗;艾',
      project: 'aijiu',
      areas: 'dc,xc',
      serviceDate: '2026-06-01',
    });
    expect(out.roster!.values.find((v) => v.id === '1001')).toMatchObject({
      photo: 'goods/seed/goods-1-1.png',
      internalCode: 'T-01',
    });
    // upload / file / image cells use the shared upload cell
    await expect(cell(grid, 'row_1002', 'license').textContent()).resolves.toBe('无文件');
    // a disabled (settled) row cannot be edited
    await cell(grid, 'row_1003', 'techName').click();
    await expect(grid.getByRole('textbox', { name: '技师' }).count()).resolves.toBe(0);
    // a row applied from outside replaces the row in place
    await page.getByRole('button', { name: '模拟实时更新' }).click();
    await cell(grid, 'row_1001', 'status').filter({ hasText: '服务中' }).waitFor();
    await expect(
      cell(grid, 'row_1001', 'progress').getByRole('progressbar').getAttribute('aria-valuenow'),
    ).resolves.toBe('80');
    await page.context().close();
  });
});

describe('editable grid pickers and row moves', () => {
  it('picks a user and a department from the server, inserts below and moves rows', async () => {
    const { page, grid } = await openDemo(env);
    await cell(grid, 'row_1001', 'manager').click();
    await page.getByRole('option', { name: /\(admin\)/ }).click();
    await expect(cell(grid, 'row_1001', 'manager').textContent()).resolves.toBe('管理员');
    await cell(grid, 'row_1001', 'depart').click();
    await page.getByRole('combobox', { name: '部门' }).fill('运营');
    await page.getByRole('option', { name: '运营部' }).click();
    await expect(cell(grid, 'row_1001', 'depart').textContent()).resolves.toBe('运营部');

    const toolbar = page.getByRole('toolbar', { name: '技师排班操作' });
    await grid.locator('.ag-row[row-id="row_1001"] .ag-selection-checkbox input').first().check();
    await toolbar.getByRole('button', { name: '插入' }).click();
    const ids = await rowIds(grid);
    expect(ids[0]).toBe('row_1001');
    expect(ids[1]!.endsWith('_temp')).toBe(true);
    expect(ids.slice(2)).toEqual(['row_1002', 'row_1003']);
    await toolbar.getByRole('button', { name: '下移' }).click();
    await expect.poll(() => rowIds(grid)).toEqual([ids[1], 'row_1001', 'row_1002', 'row_1003']);
    await toolbar.getByRole('button', { name: '上移' }).click();
    await toolbar.getByRole('button', { name: '上移' }).click();
    await expect.poll(() => rowIds(grid)).toEqual(ids);

    // the inserted row is new and empty: drop it, then the picked values are read out
    await grid.locator('.ag-row[row-id="row_1001"] .ag-selection-checkbox input').first().uncheck();
    await grid.locator(`.ag-row[row-id="${ids[1]}"] .ag-selection-checkbox input`).first().check();
    await toolbar.getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    const out = await saveDemo(page);
    expect(out.roster!.deleteIds).toEqual([]);
    const first = out.roster!.values.find((v) => v.id === '1001')!;
    expect(first.manager).toBe('admin');
    expect(typeof first.depart).toBe('string');
    expect(first.depart).not.toBe('');
    await page.context().close();
  });
});
