import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import {
  yyImages,
  yyPlatformConfig,
  yyPlatformConfigLog,
  yyProject,
} from '../../src/server/db/schema/index.ts';
import { decorativePng, type Rgb } from '../../src/server/lib/files/png.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * Operations screens: 轮播图 (added with an uploaded picture, then disabled), 平台配置 (a setting
 * edited by its type, logged), 车费 (the 车费试算 dialog).
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const open = (path: string, user = 'yunying') => openAs(env, path, user);
const rowWith = (page: Page, colId: string, text: string) =>
  page.locator('.ag-row', {
    has: page.locator(`[col-id="${colId}"]`, { hasText: new RegExp(`^${text}$`) }),
  });
const setting = async (key: string) =>
  (await env.database.db.select().from(yyPlatformConfig).where(eq(yyPlatformConfig.configKey, key)))[0]!;

async function editRow(page: Page, key: string) {
  const row = rowWith(page, 'configKey', key.replace(/\./g, '\\.'));
  await row.first().waitFor();
  const id = await row.first().getAttribute('row-id');
  await clickRowAction(page.locator(`.ag-row[row-id="${id}"] [col-id="actions"]`), '编辑');
  return page.getByRole('form', { name: '编辑平台配置' });
}

describe('平台配置', () => {
  it('edits a number by its type with the shared rules, then a switch, each change logged', async () => {
    const page = await open('/yy/config/platform');
    // values read as they mean: 20 %, 开启
    await rowWith(page, 'configKey', 'order\\.commissionRate')
      .locator('[col-id="value"]', { hasText: '20 %' })
      .waitFor();

    let form = await editRow(page, 'dispatch.radiusKm');
    const input = form.getByRole('textbox', { name: '派单半径' });
    await expect.poll(() => input.inputValue()).toBe('10');
    await input.fill('10.25');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('派单半径最多1位小数').waitFor();
    await input.fill('12.5');
    await form.getByRole('button', { name: '保存' }).click();
    await page.getByText('编辑成功!').waitFor();
    await form.waitFor({ state: 'detached' });
    await rowWith(page, 'configKey', 'dispatch\\.radiusKm')
      .locator('[col-id="value"]', { hasText: '12.5 公里' })
      .waitFor();
    expect((await setting('dispatch.radiusKm')).value).toBe('12.5');

    form = await editRow(page, 'dispatch.autoDispatch');
    const sw = form.getByRole('switch', { name: '自动派单' });
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    await sw.press('Space');
    expect(await sw.getAttribute('aria-checked')).toBe('false');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await setting('dispatch.autoDispatch')).value).toBe('false');

    // the dialog shows the change history
    form = await editRow(page, 'dispatch.radiusKm');
    await form.getByText(/yunying：10 公里 → 12\.5 公里/).waitFor();
    const log = await env.database.db.select().from(yyPlatformConfigLog);
    expect(log.map((l) => [l.configKey, l.oldValue, l.newValue, l.changedBy])).toEqual(
      expect.arrayContaining([
        ['dispatch.radiusKm', '10', '12.5', 'yunying'],
        ['dispatch.autoDispatch', 'true', 'false', 'yunying'],
      ]),
    );
    await page.context().close();
  });

  it('works at 390 px and by keyboard: the palette finds the settings by pinyin', async () => {
    const page = await open('/yy/config/platform');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('toolbar', { name: '平台配置操作' }).waitFor();
    await page.locator('.ag-row').first().waitFor();
    // nothing wider than the screen but the grid's own scroller
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('xgptpz');
    const first = page.locator('[cmdk-item]').first();
    await expect(first.textContent()).resolves.toContain('修改平台配置');
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});

describe('车费', () => {
  it('prices a trip in the 车费试算 dialog from the toolbar', async () => {
    const page = await open('/yy/config/fare');
    await page.locator('.ag-row', { hasText: '浙江省/杭州市' }).first().waitFor();
    await page.getByRole('toolbar', { name: '车费操作' }).getByRole('button', { name: '车费试算' }).click();
    const form = page.getByRole('form', { name: '车费试算' });
    await form.getByLabel('距离（公里）').fill('10.37');
    await form.getByLabel('出发时间（HH:mm，默认现在）').fill('09:30');
    await form.getByRole('button', { name: '试算' }).click();
    const result = page.getByRole('region', { name: '试算结果' });
    await result
      .getByText('车费 30.43 元（白天 09:30，10.37 公里：起步价 12.00 + 里程 7.37 公里 18.43）')
      .waitFor();
    await result.getByRole('row', { name: /应付车费\s*30\.43/ }).waitFor();
    await page.context().close();
  });

  it('is not in the menu of finance staff', async () => {
    const page = await open('/dashboard/analysis', 'caiwu');
    await page.getByText('对账单', { exact: true }).first().waitFor();
    expect(await page.getByText('车费', { exact: true }).count()).toBe(0);
    expect(await page.getByText('平台配置', { exact: true }).count()).toBe(0);
    await page.context().close();
  });
});

/** The 新增轮播图 form with a title and an uploaded picture of two colours. */
async function newBanner(page: Page, title: string, from: Rgb, to: Rgb) {
  await page.getByRole('toolbar', { name: '轮播图操作' }).getByRole('button', { name: '新增' }).click();
  const form = page.getByRole('form', { name: '新增轮播图' });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('选择图片').setInputFiles({
    name: `${title}.png`,
    mimeType: 'image/png',
    buffer: decorativePng(150, 60, from, to, title.length),
  });
  await form.locator('li[data-status="done"]').waitFor();
  return form;
}

describe('轮播图', () => {
  it('shows the seeded banners with real pictures and a project link by its name', async () => {
    const page = await open('/yy/banner/list');
    const rows = page.locator('.ag-row [col-id="title"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(6);
    // every seeded picture loads (none broken): the test database's seed wrote them
    const images = page.locator('.ag-row [col-id="image"] img');
    const shown = await rows.count();
    await expect.poll(() => images.count()).toBe(shown);
    for (const img of await images.all())
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // 跳转目标 of a project link reads as the project's name, not its id
    await rowWith(page, 'title', '肩颈理疗 专业技师上门')
      .locator('[col-id="linkTarget_dictText"]', { hasText: /^肩颈调理$/ })
      .waitFor();
    await page.context().close();
  });

  it('links a banner to a project picked by name; the form asks by the link type', async () => {
    const page = await open('/yy/banner/list');
    const form = await newBanner(page, '足疗套餐 限时特价', [250, 208, 196], [255, 209, 255]);
    await form.getByLabel('位置').selectOption('2');
    // 不跳转 asks for no target
    await form.getByLabel('跳转类型').selectOption('none');
    expect(await form.getByLabel('跳转目标').count()).toBe(0);
    await form.getByLabel('跳转类型').selectOption('project');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('请选择跳转的服务项目').waitFor();
    const target = form.getByRole('combobox', { name: '跳转目标' });
    await target.selectOption({ label: '中式足疗' });
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();
    const saved = (
      await env.database.db.select().from(yyImages).where(eq(yyImages.title, '足疗套餐 限时特价'))
    )[0]!;
    expect(saved.linkType).toBe('project');
    const [project] = await env.database.db.select().from(yyProject).where(eq(yyProject.name, '中式足疗'));
    expect(saved.linkTarget).toBe(project!.id);
    await rowWith(page, 'title', '足疗套餐 限时特价')
      .locator('[col-id="linkTarget_dictText"]', { hasText: /^中式足疗$/ })
      .waitFor();
    await page.context().close();
  });

  it('adds a banner with an uploaded picture, shows it, then disables it from its row', async () => {
    const page = await open('/yy/banner/list');
    const form = await newBanner(page, '端午安康 艾灸套餐8折', [67, 206, 162], [24, 90, 157]);
    await form.getByLabel('位置').selectOption('1');
    await form.getByLabel('跳转类型').selectOption('url');
    await form.getByLabel('跳转目标').fill('ftp://x');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('请输入以http和https开头的网址').first().waitFor();
    await form.getByLabel('跳转目标').fill('https://m.yuedaojia.com/dragon-boat');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();

    const row = page.locator('.ag-row', { hasText: '端午安康 艾灸套餐8折' });
    await row.first().waitFor();
    // the picture is really there (not a broken image)
    const img = page.locator('.ag-row img').first();
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    const id = await row.first().getAttribute('row-id');
    await clickRowAction(page.locator(`.ag-row[row-id="${id}"] [col-id="actions"]`), '禁用');
    await page.getByText('已禁用 1 个轮播图').waitFor();
    await expect
      .poll(
        async () => (await env.database.db.select().from(yyImages).where(eq(yyImages.id, id!)))[0]?.status,
      )
      .toBe('0');
    await page.context().close();
  });
});
