import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { yyUserAddress, yyVisitOrder } from '../../src/server/db/schema/index.ts';
import { formatMoney } from '../../src/shared/format.ts';
import { fixtures, localTime } from '../server/yy/order-support.ts';
import type { TestApp } from '../support/app.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * 上门订单 in the browser as 客服 (普通员工): the status tabs with their counts, booking by the form
 * at one of the customer's addresses (the default preselected) with the server's price shown before
 * saving, and cancelling the booked order from its row (the
 * reason asked for), the tabs following.
 */
let env: BrowserEnv;
let f: Awaited<ReturnType<typeof fixtures>>;
beforeAll(async () => {
  env = await startBrowserEnv();
  f = await fixtures({ database: env.database } as unknown as TestApp);
  // a second, not default, address of the customer
  await env.database.db.insert(yyUserAddress).values({
    ...SECOND,
    userId: f.customer.id,
    areaCode: f.address.areaCode,
    location: f.address.location,
    isDefault: false,
    sortNo: 9,
  });
});

const SECOND = {
  id: 'e2e-visit-address-2',
  contact: '第二联系人',
  mobile: '13911113333',
  detail: '文三路 90 号',
};
afterAll(async () => env?.close());

const PATH = '/yy/order/visit';
const countOf = async (page: Page, tab: string) => {
  const text = await page.getByRole('tab', { name: new RegExp(`^${tab}\\d+$`) }).innerText();
  return Number(/(\d+)\s*$/.exec(text)![1]);
};

describe('上门订单', () => {
  it('books an order with the server price preview, then cancels it from the row', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'yuangong', '123456', `/user/login?redirect=${encodeURIComponent(PATH)}`);
    await page.waitForURL(`${env.url}${PATH}`);
    await page.locator('.ag-row').first().waitFor();
    // the counts arrive apart from the rows (a tab shows 0 until then)
    await expect.poll(() => countOf(page, '全部')).toBeGreaterThanOrEqual(2000);
    const unpaid = await countOf(page, '待支付');

    await page.getByRole('toolbar', { name: '订单操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增订单' });
    // the address waits for the customer, then offers the customer's, the default preselected
    const address = form.getByLabel('服务地址', { exact: true });
    expect(await address.isDisabled()).toBe(true);
    await form.getByLabel('客户', { exact: true }).selectOption(f.customer.id);
    await expect.poll(() => address.inputValue()).toBe(f.address.id);
    await address.selectOption(SECOND.id);
    await form.getByRole('textbox', { name: '预约时间', exact: true }).fill(localTime(2, '10:00'));
    await form.getByLabel('出行方式', { exact: true }).selectOption({ label: '打车' });
    await form.getByLabel('距离(公里)', { exact: true }).fill('8.5');
    await form.getByLabel('订单来源', { exact: true }).selectOption({ label: '电话' });
    await form.getByRole('button', { name: '添加服务项目' }).click();
    await form.getByLabel('第1行服务项目', { exact: true }).selectOption(f.projects[0]!.id);
    await form.getByLabel('第1行数量', { exact: true }).fill('2');

    const preview = form.getByRole('region', { name: '价格预览' });
    const total = preview.getByTestId('quote-total');
    await total.waitFor();
    expect(await axeSerious(page)).toEqual([]);
    const shown = await total.innerText();

    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('下单成功！').waitFor();
    await form.waitFor({ state: 'detached' });
    const [order] = await env.database.db
      .select()
      .from(yyVisitOrder)
      .orderBy(desc(yyVisitOrder.createTime))
      .limit(1);
    expect(order).toMatchObject({ status: '10', createBy: 'yuangong', customerId: f.customer.id });
    // the chosen address, copied
    expect(order).toMatchObject({ addressId: SECOND.id, contact: SECOND.contact, detail: SECOND.detail });
    // the price shown before saving is the price saved
    expect(formatMoney(order!.totalAmount)).toBe(shown);
    await page.getByRole('tab', { name: new RegExp(`^待支付${unpaid + 1}$`) }).waitFor();

    // 待支付 tab: the new order is there; its row's 取消 asks for the reason
    await page.getByRole('tab', { name: /^待支付\d+$/ }).click();
    const row = page.locator(`.ag-row[row-id="${order!.id}"]`);
    await row.first().waitFor();
    await clickRowAction(page.locator(`.ag-row[row-id="${order!.id}"] [col-id="actions"]`), '取消', {
      exact: true,
    });
    const prompt = page.getByRole('dialog', { name: '取消订单：请填写原因' });
    await prompt.getByRole('textbox').fill('客户电话改约');
    await prompt.getByRole('button', { name: '确定' }).click();
    // a cancelled order cannot come back: asked first
    await page
      .getByRole('dialog', { name: '确定取消 1 个订单吗?此操作不可撤销。' })
      .getByRole('button', { name: '确定' })
      .click();
    await page.getByText('已取消 1 个订单').waitFor();
    await page.getByRole('tab', { name: new RegExp(`^待支付${unpaid}$`) }).waitFor();
    const [after] = await env.database.db.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, order!.id));
    expect(after!.status).toBe('99');
  });
});
