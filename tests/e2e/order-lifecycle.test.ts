import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { yyVisitOrder } from '../../src/server/db/schema/index.ts';
import { ORDER_STATUS as S } from '../../src/shared/resources/order.ts';
import { booking, fixtures, localTime } from '../server/yy/order-support.ts';
import type { TestApp } from '../support/app.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * One order's whole life in the browser as 运营专员: paid and dispatched in the terminal, accepted
 * from the command palette with its row ticked, departed, arrived, started and finished from its
 * row's buttons, reviewed from the palette (the rating asked for); its timeline lists every step;
 * an illegal step is refused in Chinese.
 */
let env: BrowserEnv;
let f: Awaited<ReturnType<typeof fixtures>>;
beforeAll(async () => {
  env = await startBrowserEnv();
  f = await fixtures({ database: env.database } as unknown as TestApp);
});
afterAll(async () => env?.close());

const ORDERS = '/yy/order/visit';

async function terminal(page: Page, line: string, expectText: string) {
  const input = page.getByTestId('terminal-input');
  if (!(await input.isVisible())) await page.keyboard.press('Control+Backquote');
  await input.fill(line);
  await input.press('Enter');
  await page.getByTestId('terminal-output').filter({ hasText: expectText }).waitFor({ state: 'attached' });
}

/**
 * Run a command from the palette as a user does: Ctrl+K, type, the command is the first hit, Enter.
 * The command acts on the ticked rows.
 */
async function palette(page: Page, typed: string, title: string) {
  await page.keyboard.press('Control+k');
  await page.getByPlaceholder('搜索菜单和命令（中文、拼音、首字母、英文）').fill(typed);
  await page.locator('[cmdk-item]').first().filter({ hasText: title }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: '命令面板' }).waitFor({ state: 'detached' });
}

describe('an order from booking to review', () => {
  it('goes through every step from the terminal, the palette and the row buttons, with its timeline', async () => {
    const signIn = await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { username: 'yunying', password: '123456' },
    });
    const token = signIn.json().result.token as string;
    // booked for a day far from the seeded bookings, so the named technician is free
    const added = await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/yy/yyVisitOrder/add',
      headers: { 'x-access-token': token },
      payload: booking(f, { appointmentTime: localTime(40, '10:00') }),
    });
    expect(added.json()).toMatchObject({ success: true });
    const [order] = await env.database.db
      .select()
      .from(yyVisitOrder)
      .orderBy(desc(yyVisitOrder.createTime))
      .limit(1);
    const no = order!.orderNo;
    const status = async () =>
      (await env.database.db.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, order!.id)))[0]!.status;

    const page = await env.newPage();
    await login(page, env.url, 'yunying', '123456', `/user/login?redirect=${encodeURIComponent(ORDERS)}`);
    await page.waitForURL(env.url + ORDERS);
    await page.getByRole('button', { name: /^终端/ }).waitFor();

    // an illegal step first: a 待支付 order cannot be accepted
    await terminal(page, `order accept ${no}`, '不能');
    expect(await status()).toBe(S.unpaid);
    await terminal(page, `order pay ${no} --payMethod 微信支付 --payReference WX-E2E --yes`, `已支付 1`);
    expect(await status()).toBe(S.pending);
    const technician = f.technicians[0]!;
    await terminal(
      page,
      `order dispatch ${no} --technician ${technician.name} --force true --reason 客户指定`,
      '已派单 1',
    );
    expect(
      (await env.database.db.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, order!.id)))[0],
    ).toMatchObject({ technicianId: technician.id, status: S.pending });

    // 接单 from the palette, by its pinyin, on the ticked row
    const tick = page.locator(`.ag-row[row-id="${order!.id}"] .ag-selection-checkbox input`).first();
    await tick.check();
    await palette(page, 'jiedan', '接单订单');
    await page.getByText('已接单 1 个订单').first().waitFor();
    await expect.poll(status).toBe(S.accepted);

    // the row's buttons follow the state
    const row = page.locator(`.ag-row[row-id="${order!.id}"] [col-id="actions"]`);
    for (const [button, to] of [
      ['出发', S.departed],
      ['到达', S.arrived],
      ['开始服务', S.serving],
      ['服务完成', S.finished],
    ] as const) {
      await clickRowAction(row, button, { exact: true });
      // a step that cannot be undone is confirmed first
      if (button !== '出发')
        await page
          .getByRole('dialog', { name: `确定${button} 1 个订单吗?此操作不可撤销。` })
          .getByRole('button', { name: '确定' })
          .click();
      await page
        .getByText(new RegExp(`已${button} 1`))
        .first()
        .waitFor();
      await expect.poll(status).toBe(to);
    }

    // 评价 from the palette by its Chinese name: the rating is asked for
    await tick.check();
    await palette(page, '评价订单', '评价订单');
    const rating = page.getByRole('dialog', { name: /^评价订单：评分/ });
    await rating.getByRole('textbox').fill('5星');
    await rating.getByRole('button', { name: '确定' }).click();
    await page
      .getByRole('dialog', { name: '确定评价 1 个订单吗?此操作不可撤销。' })
      .getByRole('button', { name: '确定' })
      .click();
    await page.getByText('已评价 1 个订单').first().waitFor();
    await expect.poll(status).toBe(S.reviewed);
    expect(
      (await env.database.db.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, order!.id)))[0]!.rating,
    ).toBe(5);
    // the timeline (printed below its command line) names every step
    await terminal(page, `order timeline ${no}`, `order timeline ${no}`);
    const steps = ['支付', '派单', '接单', '出发', '到达', '开始服务', '服务完成', '评价'];
    const missing = async () => {
      const out = await page.getByTestId('terminal-output').innerText();
      const timeline = out.slice(out.lastIndexOf(`order timeline ${no}`));
      return steps.filter((step) => !timeline.includes(step));
    };
    await expect.poll(missing).toEqual([]);
    await page.context().close();
  });
});
