import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { login, secondInstance, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

/**
 * Two browsers on two server instances sharing one database: an announcement released from the
 * terminal of one reaches the bell of the other without a reload (notification socket fan-out
 * through PostgreSQL LISTEN/NOTIFY), and opens in the notice modal.
 */
let env: BrowserEnv;
let second: FastifyInstance;
let secondUrl: string;
beforeAll(async () => {
  env = await startBrowserEnv();
  ({ app: second, url: secondUrl } = await secondInstance(env));
});
afterAll(async () => {
  await second?.close();
  await env?.close();
});

async function signIn(base: string, username: string): Promise<Page> {
  const page = await env.newPage();
  await login(page, base, username);
  await page.waitForURL(`${base}/dashboard/analysis`);
  await page.getByRole('button', { name: /终端/ }).waitFor();
  return page;
}

describe('notification bell', () => {
  it('a notice released in one browser appears in the other browser’s bell at once', async () => {
    const reader = await signIn(secondUrl, 'yuangong');
    // the bell's socket is open (the bell re-reads its list on open)
    const socketOpen = reader.waitForEvent('websocket', (ws) => ws.url().includes('/websocket/'));
    await reader.reload();
    await socketOpen;
    const bell = reader.getByRole('button', { name: /^消息通知/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('消息通知，1 条未读');
    // the bell is drawn (an SVG of its own), not a character a machine may lack the font for
    const icon = bell.locator('svg');
    expect((await icon.boundingBox())!.width).toBeGreaterThan(10);
    expect(await bell.evaluate((b) => /\p{Extended_Pictographic}/u.test(b.textContent ?? ''))).toBe(false);

    const writer = await signIn(env.url, 'admin');
    const input = writer.getByTestId('terminal-input');
    await writer.keyboard.press('Control+Backquote');
    await input.fill('notice send --to all --title 今晚系统维护 --content 维护期间暂停接单 --priority H');
    await input.press('Enter');
    await writer.getByText('该系统通知发布成功（全体用户）').first().waitFor();

    // no reload: the count and the list follow the release
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('消息通知，2 条未读');
    await bell.click();
    const popover = reader.getByRole('dialog', { name: '消息通知' });
    await popover.getByRole('tab', { name: '通知(2)' }).waitFor();
    const entry = popover.getByRole('button', { name: /今晚系统维护/ });
    await expect.poll(() => entry.textContent()).toContain('紧急');
    await entry.click();
    const modal = reader.getByRole('dialog', { name: '今晚系统维护' });
    await modal.getByText('维护期间暂停接单').waitFor();
    await modal.getByText('发布人：admin').waitFor();
    await modal.getByRole('button', { name: '关闭' }).click();
    // opened is read
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('消息通知，1 条未读');

    await bell.click();
    await reader.getByRole('tab', { name: /系统消息/ }).click();
    await reader.getByText('暂无消息').waitFor();
    await reader.getByRole('button', { name: '查看更多' }).click();
    await reader.waitForURL(`${secondUrl}/isps/userAnnouncement`);
    await reader.getByRole('row', { name: /今晚系统维护.*紧急.*admin.*已读/ }).waitFor();
  });
});
