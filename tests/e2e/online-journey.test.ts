import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

/** A session of another person, opened through the API as their browser would. */
async function signIn(username: string): Promise<string> {
  const r = await fetch(`${env.url}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: '123456' }),
  });
  const body = (await r.json()) as { success: boolean; result: { token: string } };
  expect(body.success).toBe(true);
  return body.result.token;
}
const departsWith = (token: string) =>
  fetch(`${env.url}/jeecg-boot/sys/user/getCurrentUserDeparts`, { headers: { 'X-Access-Token': token } });

describe('在线用户 journey', () => {
  it('admin sees a user online, forces them out, and finds the actions in the operation log', async () => {
    const token = await signIn('yunying');
    expect((await departsWith(token)).status).toBe(200);

    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fonline');
    await page.waitForURL(`${env.url}/isystem/online`);
    const table = page.getByRole('table', { name: '在线用户' });
    const row = table.getByRole('row').filter({ hasText: 'yunying' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('李运营');
    // the page never holds a token: neither theirs nor admin's own
    await expect(page.content()).resolves.not.toContain(token);
    await expect(table.getByRole('row').filter({ hasText: '当前会话' }).count()).resolves.toBe(1);

    await row.getByRole('button', { name: '强制退出 yunying' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('确定强制退出选中的用户吗?').waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await row.waitFor({ state: 'detached' });
    // their next request is refused
    expect((await departsWith(token)).status).toBe(401);

    await page.goto(`${env.url}/isystem/log`);
    const search = page.getByRole('form', { name: '查询条件' });
    await search.getByLabel('日志类型').selectOption({ label: '操作日志' });
    await search.getByLabel('搜索日志').fill('forceLogout');
    await search.getByRole('button', { name: '查询' }).click();
    await page.getByText('POST /sys/online/forceLogout 成功：退出登录成功！').waitFor();
    await search.getByLabel('搜索日志').fill('online forceLogout');
    await search.getByRole('button', { name: '查询' }).click();
    await page.getByText('命令 online forceLogout（button）成功').waitFor();
    await page.context().close();
  });
});
