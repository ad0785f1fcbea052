import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeSerious } from '../support/axe.ts';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { rowAction, rowWith } from '../support/grid-rows.ts';

/**
 * 定时任务 as a person uses it: a job scheduled every 2 seconds with the cron editor (keyboard),
 * its preview of the next 10 run times and 无执行时间, the job running on schedule in its history,
 * stopped from its row; axe over the page and the editor; the editor at 390 px.
 */
let env: BrowserEnv;
const CLASS = 'e2e.TickJob';

beforeAll(async () => {
  env = await startBrowserEnv();
  env.app.jobs.register({ className: CLASS, title: '浏览器测试任务', run: async () => 'tick' });
});
afterAll(async () => env?.close());

async function open(width = 1400): Promise<Page> {
  const page = await env.newPage();
  await page.setViewportSize({ width, height: 900 });
  await login(
    page,
    env.url,
    'admin',
    '123456',
    `/user/login?redirect=${encodeURIComponent('/isystem/QuartzJobList')}`,
  );
  await page.getByRole('columnheader', { name: '任务类名', exact: true }).first().waitFor();
  return page;
}

const rowOf = (page: Page, className: string) => rowWith(page, 'jobClassName', className);
const jobAction = (page: Page, className: string, action: string) =>
  rowAction(page, 'jobClassName', className, action);

describe('定时任务', () => {
  it('schedules a job with the cron editor and shows it running in its history', async () => {
    const page = await open();
    expect(await axeSerious(page)).toEqual([]);
    await page.getByRole('toolbar', { name: '定时任务操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增定时任务' });
    await form.getByLabel('任务类名', { exact: true }).fill(CLASS);
    await form.getByRole('button', { name: '编辑Cron表达式' }).click();

    const editor = page.getByRole('dialog', { name: 'Cron表达式' });
    const expression = editor.getByLabel('表达式', { exact: true });
    expect(await expression.inputValue()).toBe('* * * * * ? *');
    // the next 10 times of the default (every second), then none for a year gone by
    await editor.getByRole('list', { name: '运行时间' }).getByRole('listitem').nth(9).waitFor();
    await expression.fill('0 0 0 1 1 ? 2019');
    await editor.getByText('无执行时间').waitFor();
    expect(await axeSerious(page)).toEqual([]);

    // by keyboard: the tabs by arrow keys, the 秒 tab's increment mode, every 2 seconds
    const secondTab = editor.getByRole('tab', { name: '秒' });
    await secondTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => editor.getByRole('tab', { name: '分' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => secondTab.getAttribute('aria-selected')).toBe('true');
    await editor.getByLabel('秒：间隔').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await editor.getByRole('radio', { name: '循环' }).first().waitFor();
    await expect.poll(() => editor.getByRole('radio', { name: '循环' }).first().isChecked()).toBe(true);
    // the year typed above stays until changed: back to every year in the 年 tab
    await editor.getByRole('tab', { name: '年' }).click();
    await editor.getByRole('radio', { name: '每年' }).check();
    await expect.poll(() => expression.inputValue()).toBe('0/2 0 0 1 1 ? *');
    // 日 back to every day makes the month, hour and minute free again too
    await editor.getByRole('tab', { name: '月' }).click();
    await editor.getByRole('radio', { name: '每月' }).check();
    await editor.getByRole('tab', { name: '日' }).click();
    await editor.getByRole('radio', { name: '每日' }).check();
    await editor.getByRole('tab', { name: '时' }).click();
    await editor.getByRole('radio', { name: '每小时' }).check();
    await editor.getByRole('tab', { name: '分' }).click();
    await editor.getByRole('radio', { name: '每分钟' }).check();
    await expect.poll(() => expression.inputValue()).toBe('0/2 * * * * ? *');
    const runs = editor.getByRole('list', { name: '运行时间' }).getByRole('listitem');
    await runs.nth(9).waitFor();
    const [first, second] = [await runs.nth(0).textContent(), await runs.nth(1).textContent()];
    const seconds = (t: string | null) => Number(/:(\d\d)$/.exec(t ?? '')?.[1]);
    expect(seconds(first) % 2).toBe(0);
    expect((seconds(second) - seconds(first) + 60) % 60).toBe(2);
    await editor.getByRole('button', { name: '确定' }).click();
    await editor.waitFor({ state: 'detached' });

    expect(await form.getByLabel('Cron表达式', { exact: true }).inputValue()).toBe('0/2 * * * * ? *');
    await form.getByLabel('状态', { exact: true }).selectOption({ label: '正常' });
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('创建定时任务成功').waitFor();
    await form.waitFor({ state: 'detached' });

    await jobAction(page, CLASS, '详情');
    await page.getByRole('tab', { name: '执行记录' }).click();
    const history = page.getByRole('table', { name: '执行记录' });
    // runs on its schedule: several of them, every one a success with its result
    await history.getByRole('row').nth(3).waitFor({ timeout: 60_000 });
    await history.getByRole('cell', { name: '成功' }).first().waitFor();
    await history.getByRole('cell', { name: 'tick' }).first().waitFor();
    expect(await history.getByRole('cell', { name: '定时' }).count()).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('Escape');

    await jobAction(page, CLASS, '停止');
    await page.getByText('停止定时任务成功').waitFor();
    await rowOf(page, CLASS).first().locator('[col-id="status_dictText"]', { hasText: '停止' }).waitFor();
    await page.context().close();
  });

  it('the cron editor is usable at 390 px', async () => {
    const page = await open(390);
    await jobAction(page, CLASS, '编辑');
    const form = page.getByRole('form', { name: '编辑定时任务' });
    await form.getByRole('button', { name: '编辑Cron表达式' }).click();
    const editor = page.getByRole('dialog', { name: 'Cron表达式' });
    await editor.getByRole('tab', { name: '周' }).click();
    await editor.getByRole('radio', { name: '第几周的星期几' }).check();
    await expect
      .poll(() => editor.getByLabel('表达式', { exact: true }).inputValue())
      .toBe('0/2 0 0 ? * 1#1 *');
    // the day is given up while a weekday is chosen
    await editor.getByRole('tab', { name: '日' }).click();
    expect(await editor.getByRole('radio', { name: '每日' }).isDisabled()).toBe(true);
    const box = (await editor.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const overflow = await editor.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBe(0);
    expect(await axeSerious(page)).toEqual([]);
    await page.context().close();
  });
});
