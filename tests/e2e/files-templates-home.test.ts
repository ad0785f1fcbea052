import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * A person's journey through 首页 (访问统计 and its chart, the bell and the notice modal), 文件管理
 * (upload through the file chooser, download, delete) and 模板管理 (a template added by form,
 * tried in the 测试模板 dialog); axe over each state.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const rowWith = (page: Page, colId: string, text: string) =>
  page.locator('.ag-row', { has: page.locator(`[col-id="${colId}"]`, { hasText: text }) }).first();
const rowAction = async (page: Page, colId: string, text: string, action: string) => {
  const id = await rowWith(page, colId, text).getAttribute('row-id');
  await clickRowAction(page.locator(`.ag-row[row-id="${id}"] [col-id="actions"]`), action);
};
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(3000, 5),
]);

describe('files, templates and the home chart', () => {
  it('walks 首页, 文件管理 and 模板管理', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin');
    await page.waitForURL(`${env.url}/dashboard/analysis`);

    // 首页: the statistics and the chart (lazily loaded), described for screen readers
    const stats = page.getByRole('region', { name: '访问统计' });
    await stats.waitFor();
    const chart = page.getByRole('img', { name: /^近7天访问量：/ });
    await chart.locator('canvas').first().waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/登录[1-9]\d*次/);
    await expect
      .poll(() => stats.getByText('今日登录').locator('..').locator('dd').textContent())
      .toMatch(/^[1-9]/);
    expect(await axeSerious(page)).toEqual([]);

    // the bell's popover and the notice modal
    const bell = page.getByRole('button', { name: /^消息通知/ });
    await bell.click();
    const popover = page.getByRole('dialog', { name: '消息通知' });
    await popover.getByRole('tab', { name: /通知/ }).first().waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await popover.getByRole('tabpanel').getByRole('button').first().click();
    const modal = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('button', { name: '关闭' }) })
      .last();
    await modal.getByText(/发布人：/).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await modal.getByRole('button', { name: '关闭' }).click();

    // 文件管理: upload through the system file chooser
    await page.goto(`${env.url}/oss/file`);
    const toolbar = page.getByRole('toolbar', { name: '文件管理操作' });
    await toolbar.waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      toolbar.getByRole('button', { name: '上传' }).click(),
    ]);
    await chooser.setFiles({ name: '服务协议.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('已上传 1 个文件：服务协议.png').first().waitFor();
    const row = rowWith(page, 'originalName', '服务协议.png');
    await row.waitFor();
    expect(await row.locator('[col-id="size"]').textContent()).toBe('2.9 KB');
    expect(await row.locator('[col-id="createBy"]').textContent()).toBe('admin');
    // the pointer off the 上传 button: a hovered primary button is the theme's, checked elsewhere
    await page.mouse.move(0, 0);
    expect(await axeSerious(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rowAction(page, 'originalName', '服务协议.png', '下载'),
    ]);
    expect(download.suggestedFilename()).toBe('服务协议.png');
    expect(fs.readFileSync((await download.path())!).equals(PNG)).toBe(true);
    await rowAction(page, 'originalName', '服务协议.png', '删除');
    await page.getByText('是否删除选中数据?').waitFor();
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await row.waitFor({ state: 'detached' });

    // 模板管理: a template by form, tried in the 测试模板 dialog
    await page.goto(`${env.url}/message/template`);
    await page.getByRole('toolbar', { name: '消息模板操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增消息模板' });
    await form.getByLabel('模板编码').fill('visit_remind');
    await form.getByLabel('模板标题').fill('上门提醒');
    await form.getByLabel('模板类型').selectOption({ label: '系统' });
    await form.getByLabel('模板内容').fill('<p>${name}您好，技师将于<b>${time}</b>上门</p>');
    await form.getByLabel('测试数据').fill('{"name":"王女士","time":"14:00"}');
    await form.getByRole('button', { name: '确定' }).click();
    await rowWith(page, 'templateCode', 'visit_remind').waitFor();
    await rowAction(page, 'templateCode', 'visit_remind', '测试');
    const dialog = page.getByRole('dialog', { name: '测试模板' });
    expect(await dialog.getByLabel('模板编码').inputValue()).toBe('visit_remind');
    await dialog.getByRole('button', { name: '测试', exact: true }).click();
    const rendered = dialog.getByRole('region', { name: '渲染结果' });
    await rendered.getByText('王女士您好，技师将于').waitFor();
    expect(await rendered.locator('b').textContent()).toBe('14:00');
    await dialog.getByText('模板变量：${name}、${time}').waitFor();
    await page.mouse.move(0, 0);
    expect(await axeSerious(page)).toEqual([]);
    // values are escaped: markup in a value is shown, never run
    await dialog.getByLabel(/^测试数据/).fill('{"name":"<i>赵</i>"}');
    await dialog.getByRole('button', { name: '测试', exact: true }).click();
    await rendered.getByText('<i>赵</i>您好').waitFor();
    expect(await rendered.locator('i').count()).toBe(0);
    await dialog.getByText('未给值的变量：time').waitFor();
    await page.context().close();
  });
});
