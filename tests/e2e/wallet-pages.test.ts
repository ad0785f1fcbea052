import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, visitInApp, type BrowserEnv } from '../support/browser.ts';
import { yyWithdraw } from '../../src/server/db/schema/index.ts';
import { WITHDRAW_STATUS } from '../../src/shared/resources/withdraw.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * 财务出纳 opens 提现管理, 物料订单 and 技师财务统计 with their seeded rows, and approves a pending
 * withdrawal from its row (审核通过): the database holds the review.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const WITHDRAWALS = '/yy/visitFinance/withdraw';

/** Open `path` inside the running app, as a menu link does, and wait for its grid's first row. */
async function visit(page: Page, path: string, title: string) {
  await visitInApp(page, env.url, path);
  await page.getByRole('tab', { name: title, selected: true }).first().waitFor();
  await page.locator('#page-content .ag-row').first().waitFor();
}

describe('wallet pages as 财务出纳', () => {
  it('open with seeded rows; 审核通过 from a withdrawal row', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'caiwu', '123456', `/user/login?redirect=${encodeURIComponent(WITHDRAWALS)}`);
    await page.locator('#page-content .ag-row').first().waitFor();
    const [pending] = await env.database.db
      .select()
      .from(yyWithdraw)
      .where(eq(yyWithdraw.status, WITHDRAW_STATUS.pending))
      .limit(1);
    expect(pending, 'a seeded pending withdrawal').toBeDefined();
    const row = page.locator(`#page-content .ag-row[row-id="${pending!.id}"]`);
    await row.first().waitFor();
    await clickRowAction(row.locator('[col-id="actions"]').first(), '审核通过', { exact: true });
    // no action leads back to 待审核: confirmed as irreversible
    await page
      .getByRole('dialog', { name: '确定审核通过 1 个提现吗?此操作不可撤销。' })
      .getByRole('button', { name: '确定' })
      .click();
    await page.getByText('已审核通过 1 个提现').first().waitFor();
    await expect
      .poll(
        async () =>
          (await env.database.db.select().from(yyWithdraw).where(eq(yyWithdraw.id, pending!.id)))[0]!,
      )
      .toMatchObject({ status: WITHDRAW_STATUS.approved, auditBy: 'caiwu' });

    await visit(page, '/yy/mall/materialOrder', '物料订单');
    await expect
      .poll(() => page.locator('#page-content .ag-row').first().innerText())
      .toMatch(/待发货|已发货|已收货|已取消/);
    await visit(page, '/yy/mall/techFinance', '技师财务统计');
    await expect.poll(() => page.locator('#page-content .ag-row').first().innerText()).toMatch(/\d{4}-\d{2}/);
    await page.close();
  });
});
