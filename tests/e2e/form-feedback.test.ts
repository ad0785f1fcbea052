import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FARE, FARE_MSG } from '../../src/shared/resources/fare.ts';
import { POSITION } from '../../src/shared/resources/position.ts';
import { TECHNICIAN } from '../../src/shared/resources/technician.ts';
import { MENUS } from '../../src/server/db/seed/data/menus.ts';
import type { SeedMenu } from '../../src/server/db/seed/data/types.ts';
import { login, startBrowserEnv, visitInApp, type BrowserEnv } from '../support/browser.ts';

/**
 * What a form tells the operator (issue #27 item 10): messages next to their fields, server
 * refusals too, gone once the field is fixed; the focus on the first field in error after an
 * invalid submit and back where the work was after a save by keyboard (never <body>); 车费试算
 * asks for the city with the area cascader. (Required marks and aria-required are swept over every
 * declared form in resource-pages.test.ts.)
 */
let env: BrowserEnv;
let page: Page;

const ROUTES = new Map<string, string>();
const walk = (menus: SeedMenu[]) =>
  menus.forEach((m) => (ROUTES.set(m.component, m.url), walk(m.children ?? [])));
walk(MENUS);
const route = (component: string | undefined) => ROUTES.get(component ?? '')!;

beforeAll(async () => {
  env = await startBrowserEnv();
  page = await env.newPage();
  const first = route(POSITION.decl.component);
  await login(page, env.url, 'admin', '123456', `/user/login?redirect=${encodeURIComponent(first)}`);
  await page.waitForURL(`${env.url}${first}`);
});
afterAll(async () => env?.close());

/** What has the focus: its tag and accessible bits, and its grid row if in one. */
const focused = () =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      tag: a?.tagName ?? '',
      label: a?.getAttribute('aria-label') ?? a?.textContent?.trim() ?? '',
      id: a?.id ?? '',
      rowId: a?.closest('[row-id]')?.getAttribute('row-id') ?? null,
    };
  });

describe('generated form feedback', () => {
  const toolbar = () => page.getByRole('toolbar', { name: '职务操作' });

  it('adds by keyboard: focus to the first field in error, the refusal beside its field, back to 新增 after saving', async () => {
    await page.getByRole('columnheader', { name: '职务编码', exact: true }).first().waitFor();
    const add = toolbar().getByRole('button', { name: '新增' });
    await add.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: '新增职务' });
    const code = form.getByLabel('职务编码', { exact: true });
    await code.focus();
    // Enter in an empty form: the messages, and the focus on the first field in error
    await page.keyboard.press('Enter');
    await form.getByText('请输入职务编码', { exact: true }).waitFor();
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');

    // a code already taken: the server's refusal shows next to 职务编码, not as a toast
    const taken = await page.locator('.ag-row [col-id="code"]').first().textContent();
    await code.fill(taken!.trim());
    // typing fixed 请输入职务编码: it is gone at once
    await expect.poll(() => form.getByText('请输入职务编码', { exact: true }).count()).toBe(0);
    await form.getByLabel('职务名称', { exact: true }).fill('反馈测试职务');
    await form.getByLabel('职级', { exact: true }).selectOption({ index: 1 });
    await form.getByLabel('职务名称', { exact: true }).press('Enter');
    // the message describes the field (its aria-describedby), and the field is invalid
    const message = () =>
      code.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
    await expect.poll(message).toBe('职务编码已存在');
    await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await code.fill(`fb${Date.now() % 100_000}`);
    await expect.poll(() => form.getByText('职务编码已存在').count()).toBe(0);

    // saved by Enter: the dialog closes and the focus is back on 新增
    await code.press('Enter');
    await form.waitFor({ state: 'detached' });
    await expect.poll(focused).toMatchObject({ tag: 'BUTTON', label: '新增' });
  });

  it('edits a row by keyboard: after saving, the focus is on that row again', async () => {
    const cell = page.locator('.ag-row [col-id="name"]').first();
    const rowId = await cell.evaluate((el) => el.closest('[row-id]')!.getAttribute('row-id'));
    await cell.click();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: '行操作' });
    await menu.getByRole('menuitem', { name: '编辑' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: '编辑职务' });
    const name = form.getByLabel('职务名称', { exact: true });
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill(`${(await name.inputValue()).slice(0, 40)}改`);
    await name.press('Enter');
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused()).rowId).toBe(rowId);
  });

  it('clears 请选择等级 as soon as a level is chosen', async () => {
    await visitInApp(page, env.url, route(TECHNICIAN.decl.component));
    await page.getByRole('toolbar', { name: '技师操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增技师' });
    await form.getByRole('button', { name: '确定' }).click();
    const level = form.getByLabel('等级', { exact: true });
    await form.getByText('请选择等级', { exact: true }).waitFor();
    await expect(level.getAttribute('aria-invalid')).resolves.toBe('true');
    await level.selectOption({ label: '中级' });
    await expect.poll(() => form.getByText('请选择等级', { exact: true }).count()).toBe(0);
    await expect(level.getAttribute('aria-invalid')).resolves.toBeNull();
    // the other messages stay until their fields are fixed
    await form.getByText('请输入姓名', { exact: true }).waitFor();
    await form.getByRole('button', { name: '取消' }).click();
    await form.waitFor({ state: 'detached' });
  });
});

describe('the hand-written user form', () => {
  it('marks its required fields as the generated forms do, and focuses the first in error', async () => {
    await visitInApp(page, env.url, '/isystem/user');
    await page.getByRole('toolbar', { name: '用户操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增用户' });
    for (const [label, required] of [
      ['用户账号', true],
      ['登录密码', true],
      ['用户姓名', true],
      ['工号', false],
    ] as const) {
      const input = form.getByLabel(label, { exact: true });
      expect(await input.getAttribute('aria-required'), label).toBe(required ? 'true' : null);
      const star = await input.evaluate((el) =>
        [...el.closest('.space-y-1')!.querySelectorAll('[aria-hidden="true"]')].some(
          (s) => s.textContent === '*',
        ),
      );
      expect(star, label).toBe(required);
    }
    await form.getByLabel('工号', { exact: true }).focus();
    await page.keyboard.press('Enter');
    const username = form.getByLabel('用户账号', { exact: true });
    await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByRole('button', { name: '取消' }).click();
    await form.waitFor({ state: 'detached' });
  });
});

describe('车费试算', () => {
  it('asks for the city with the area cascader, its message inline until a city is chosen', async () => {
    await visitInApp(page, env.url, route(FARE.decl.component));
    await page.getByRole('toolbar', { name: '车费操作' }).getByRole('button', { name: '车费试算' }).click();
    const form = page.getByRole('form', { name: '车费试算' });
    const city = form.getByRole('group', { name: '城市' });
    const province = city.getByLabel('城市省');
    // 杭州市 to start with, chosen as 浙江省 › 杭州市: nothing to type
    await expect.poll(() => city.getByLabel('城市市').inputValue()).toBe('330100');
    expect(await province.getAttribute('aria-required')).toBe('true');
    await province.selectOption('');
    await form.getByLabel('距离（公里）').fill('5');
    await form.getByRole('button', { name: '试算' }).click();
    await form.getByText(FARE_MSG.city, { exact: true }).waitFor();
    await expect.poll(() => province.evaluate((el) => el === document.activeElement)).toBe(true);
    await province.selectOption({ label: '浙江省' });
    await expect.poll(() => form.getByText(FARE_MSG.city, { exact: true }).count()).toBe(0);
    await city.getByLabel('城市市').selectOption({ label: '杭州市' });
    await form.getByLabel(/出发时间/).fill('10:00');
    await form.getByRole('button', { name: '试算' }).click();
    await page
      .getByRole('region', { name: '试算结果' })
      .getByText('车费 17.00 元', { exact: false })
      .waitFor();
  });
});
