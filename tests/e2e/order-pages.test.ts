import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNotNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, visitInApp, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { sysUser, yyExceptionOrder, yyVisitOrder } from '../../src/server/db/schema/index.ts';
import { EXCEPTION_RESOLUTION, EXCEPTION_STATUS } from '../../src/shared/resources/exception-order-states.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * 上门订单 and 异常订单 open with their seeded rows for each account that has them in its menu
 * (admin, 运营专员, 普通员工), and an account bound to a partner sees only that partner's orders,
 * in the grid and in the tabs' counts. 运营专员 claims and resolves an exception order from its row.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const ORDERS = '/yy/order/visit';
const EXCEPTIONS = '/yy/order/exception';

/** The count a status tab shows (`全部2000`). */
const tabCount = async (page: Page, tab: string) => {
  const text = await page.getByRole('tab', { name: new RegExp(`^${tab}\\d+$`) }).innerText();
  return Number(/(\d+)\s*$/.exec(text)![1]);
};

/** Open `path` inside the running app, as a menu link does, and wait for its grid's first row. */
async function visit(page: Page, path: string, title: string) {
  await visitInApp(page, env.url, path);
  await page.getByRole('tab', { name: title, selected: true }).first().waitFor();
  await page.locator('#page-content .ag-row').first().waitFor();
}

/**
 * On 异常订单 (open), the first 待处理 row: 认领 from its row (the caller becomes its handler),
 * then 解决 with the note and the resolution asked for; the database holds the handling.
 */
async function handleException(page: Page) {
  await page.getByRole('tab', { name: /^待处理\d+$/ }).click();
  await page.getByRole('tab', { name: /^待处理\d+$/, selected: true }).waitFor();
  const first = page.locator('#page-content .ag-row[row-id]').first();
  await first.waitFor();
  const id = (await first.getAttribute('row-id'))!;
  const row = async () =>
    (await env.database.db.select().from(yyExceptionOrder).where(eq(yyExceptionOrder.id, id)))[0]!;
  expect((await row()).status).toBe(EXCEPTION_STATUS.open);
  const actions = page.locator(`#page-content .ag-row[row-id="${id}"] [col-id="actions"]`);
  await clickRowAction(actions, '认领', { exact: true });
  await page
    .getByRole('dialog', { name: '确定认领 1 个异常订单吗?此操作不可撤销。' })
    .getByRole('button', { name: '确定' })
    .click();
  await page.getByText('已认领 1 个异常订单').first().waitFor();
  await expect.poll(async () => (await row()).status).toBe(EXCEPTION_STATUS.handling);
  expect((await row()).handlerId).toBe('yunying');
  // a claimed row leaves the 待处理 tab: resolve it where it is now
  await page.getByRole('tab', { name: /^处理中\d+$/ }).click();
  await page.getByRole('tab', { name: /^处理中\d+$/, selected: true }).waitFor();
  await clickRowAction(actions, '解决', { exact: true });
  const note = page.getByRole('dialog', { name: '解决异常订单：请填写原因' });
  await note.getByRole('textbox').fill('已电话致歉，客户接受');
  await note.getByRole('button', { name: '确定' }).click();
  const resolution = page.getByRole('dialog', { name: /^解决异常订单：处理结果/ });
  await resolution.getByRole('textbox').fill('致歉');
  await resolution.getByRole('button', { name: '确定' }).click();
  await page
    .getByRole('dialog', { name: '确定解决 1 个异常订单吗?此操作不可撤销。' })
    .getByRole('button', { name: '确定' })
    .click();
  await page.getByText('已解决 1 个异常订单').first().waitFor();
  await expect.poll(async () => (await row()).status).toBe(EXCEPTION_STATUS.resolved);
  expect(await row()).toMatchObject({
    handlerId: 'yunying',
    resolution: EXCEPTION_RESOLUTION.apology,
    note: '已电话致歉，客户接受',
  });
  expect((await row()).resolveTime).not.toBeNull();
}

describe('the order pages', () => {
  for (const user of ['admin', 'yunying', 'yuangong']) {
    it(`open with seeded rows for ${user}`, async () => {
      const page = await env.newPage();
      await login(page, env.url, user, '123456', `/user/login?redirect=${encodeURIComponent(ORDERS)}`);
      await page.waitForURL(env.url + ORDERS);
      await page.locator('#page-content .ag-row').first().waitFor();
      // the counts arrive apart from the rows (a tab shows 0 until then)
      await expect.poll(() => tabCount(page, '全部')).toBeGreaterThanOrEqual(2000);
      await expect.poll(() => page.locator('#page-content .ag-row').count()).toBeGreaterThan(5);
      // the status tabs control the list as their panel (a tab's aria-controls named no element)
      if (user === 'admin') expect(await axeSerious(page)).toEqual([]);
      await visit(page, EXCEPTIONS, '异常订单');
      await expect.poll(() => page.locator('#page-content .ag-row').count()).toBeGreaterThan(0);
      if (user === 'admin') expect(await axeSerious(page)).toEqual([]);
      expect(await page.getByText('不存在').count()).toBe(0);
      // 运营专员 handles an open exception from its row: claims it, then resolves it with a note
      if (user === 'yunying') await handleException(page);
      await page.context().close();
    });
  }

  it("show a partner's staff only that partner's orders", async () => {
    const { db } = env.database;
    const [fewest] = await db
      .select({ partnerId: yyVisitOrder.partnerId, n: count() })
      .from(yyVisitOrder)
      .where(isNotNull(yyVisitOrder.partnerId))
      .groupBy(yyVisitOrder.partnerId)
      .orderBy(count())
      .limit(1);
    const partnerId = fewest!.partnerId!;
    const [all] = await db.select({ n: count() }).from(yyVisitOrder);
    // 运营专员 becomes the staff of that partner (the user edit, as 用户管理 does it)
    const signIn = await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { username: 'admin', password: '123456' },
    });
    const [me] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'yunying'));
    const bound = await env.app.inject({
      method: 'PUT',
      url: '/jeecg-boot/sys/user/edit',
      headers: { 'x-access-token': signIn.json().result.token },
      payload: { id: me!.id, realname: '运营专员', partnerId },
    });
    expect(bound.json()).toMatchObject({ success: true });

    const page = await env.newPage();
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/yy/yyVisitOrder/list'));
    await login(page, env.url, 'yunying', '123456', `/user/login?redirect=${encodeURIComponent(ORDERS)}`);
    await page.waitForURL(env.url + ORDERS);
    await page.locator('#page-content .ag-row').first().waitFor();
    const [own] = await db
      .select({ n: count() })
      .from(yyVisitOrder)
      .where(eq(yyVisitOrder.partnerId, partnerId));
    expect(own!.n).toBeLessThan(all!.n);
    await expect.poll(() => tabCount(page, '全部')).toBe(own!.n);
    // the rows the page was given all belong to the partner
    const records = ((await (await listed).json()) as { result: { records: Array<{ partnerId: string }> } })
      .result.records;
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.partnerId))).toEqual(new Set([partnerId]));
    await page.context().close();
  });
});
