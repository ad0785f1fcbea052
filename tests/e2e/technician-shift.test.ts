import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { TECHNICIANS } from '../../src/server/db/seed/catalogue/data.ts';
import { stableId } from '../../src/server/lib/query/ids.ts';
import { PROJECTS } from '../../src/server/db/seed/catalogue/data.ts';
import { dispatchOrder } from '../../src/server/dispatch/dispatch.ts';
import { dispatchSettings } from '../../src/server/dispatch/settings.ts';
import { parseZoned } from '../../src/server/dispatch/time.ts';
import { clickRowAction } from '../support/grid-rows.ts';

/**
 * 技师排班: a technician's week edited in the editable grid and saved all at once; 派单记录: a
 * dispatch explained in 详细信息.
 */
let env: BrowserEnv;
let token: string;
beforeAll(async () => {
  env = await startBrowserEnv();
  const r = await env.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/login',
    payload: { username: 'admin', password: '123456' },
  });
  token = r.json().result.token;
});
afterAll(async () => env?.close());

const tech = TECHNICIANS[1]!;
const week = async () =>
  (
    await env.app.inject({
      method: 'GET',
      url: `/jeecg-boot/yy/yyTechnicianShift/list?technicianId=${stableId(`technician:${tech.key}`)}&pageSize=100`,
      headers: { 'x-access-token': token },
    })
  ).json().result.records as Array<{ weekday: number; startTime: string; endTime: string }>;

const cell = (dialog: Locator, index: number, key: string) =>
  dialog.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] .ag-cell[col-id="${key}"]`);

async function type(page: Page, target: Locator, text: string) {
  await target.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('技师排班', () => {
  it("edits one technician's week in the grid, refuses a wrong time, and saves the week", async () => {
    const before = await week();
    expect(before.length).toBeGreaterThan(0);
    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fyy%2Fdispatch%2Fshift');
    await page.waitForURL(`${env.url}/yy/dispatch/shift`);
    await page.getByRole('button', { name: '编辑周排班' }).first().click();
    const dialog = page.getByRole('dialog', { name: '编辑周排班' });
    await dialog.getByLabel('技师').selectOption({ label: tech.name });
    await expect.poll(() => dialog.locator('.ag-row:not(.ag-row-pinned)').count()).toBe(before.length);

    await type(page, cell(dialog, 0, 'endTime'), '25:00');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('结束时间格式应为HH:mm（最晚24:00）').first().waitFor();
    await type(page, cell(dialog, 0, 'endTime'), '13:30');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const after = await week();
    expect(after).toHaveLength(before.length);
    const first = [...before].sort(
      (a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime),
    )[0]!;
    expect(after).toContainEqual(
      expect.objectContaining({ weekday: first.weekday, startTime: first.startTime, endTime: '13:30' }),
    );
  });
});

describe('派单记录', () => {
  it('shows why a dispatch chose its technician in the 候选技师 tab of 详细信息', async () => {
    const start = parseZoned('2031-03-05 15:00', 'Asia/Shanghai')!;
    const db = env.database.db;
    const out = await db.transaction(async (tx) =>
      dispatchOrder(tx, {
        orderId: 'e2eorder00000000000000000000001',
        projectIds: [stableId(`project:${PROJECTS[0]!.name}`)],
        location: { x: 120.1304, y: 30.2595 },
        start,
        end: new Date(start.getTime() + 90 * 60_000),
        settings: await dispatchSettings(tx, '330106'),
        by: 'admin',
        timeZone: 'Asia/Shanghai',
      }),
    );
    expect(out.technicianId).not.toBeNull();
    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fyy%2Fdispatch%2Frecord');
    await page.waitForURL(`${env.url}/yy/dispatch/record`);
    await clickRowAction(page.locator(`.ag-row[row-id="${out.recordId}"] [col-id="actions"]`), '详情');
    const dialog = page.getByRole('dialog', { name: '详细信息' });
    await dialog.getByRole('tab', { name: '候选技师' }).click();
    await dialog.getByText(/按「距离优先」在半径 8(\.0)? 公里内找到 \d+ 位技师/).waitFor();
    const table = dialog.getByRole('table', { name: '派单时的候选技师' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(out.candidates.length);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('✓');
  });
});
