import { afterAll, beforeAll, it } from 'vitest';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

let env: BrowserEnv;
beforeAll(async () => { env = await startBrowserEnv(); }, 120_000);
afterAll(async () => env?.close());

it('debug', async () => {
  const page = await env.newPage();
  await login(page, env.url, 'admin');
  await page.getByRole('tab', { name: /首页/ }).waitFor();
  await page.goto(env.url + '/isystem/user');
  await page.waitForTimeout(3000);
  console.log(await page.locator('[role=tablist]').innerHTML());
  console.log(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200)));
  await page.screenshot({ path: '/tmp/shell-scratch/users.png' });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shell-scratch/users-390.png' });
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.keyboard.press('Control+b');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shell-scratch/users-1000.png' });
}, 120_000);
