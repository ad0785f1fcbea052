import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { login, openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { sysLog } from '../../src/server/db/schema/index.ts';

/**
 * Issue #11, done when: an administrator creates a role, grants it a subset of menus, buttons and a
 * data rule, assigns it to a new user in a new department; that user sees and can do exactly that
 * subset by sidebar, palette and terminal, while direct API calls outside it are refused; the
 * administrator sees the user online, forces them out, and finds every one of these actions in
 * the operation log.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const PASSWORD = 'Clerk#2026';

async function terminal(page: Page, line: string, expectText: string) {
  const input = page.getByTestId('terminal-input');
  // the signed-in layout (and its shortcuts) is mounted
  await page.getByRole('button', { name: /^终端/ }).waitFor();
  if (!(await input.isVisible())) await page.keyboard.press('Control+Backquote');
  await input.fill(line);
  await input.press('Enter');
  await page.getByTestId('terminal-output').filter({ hasText: expectText }).waitFor({ state: 'attached' });
}

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${env.url}/jeecg-boot${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token, ...(init.headers ?? {}) },
  });

/** The session token a page's own API requests carry (kept up to date as they go). */
function watchToken(page: Page): () => string {
  let token = '';
  page.on('request', (r) => {
    const t = r.headers()['x-access-token'];
    if (t) token = t;
  });
  return () => token;
}

describe('identity and access, end to end', () => {
  it('a role with a subset of 职务管理 and a data rule, given to a new user in a new department', async () => {
    const started = new Date(Date.now() - 1000);
    const admin = await openAs(env, '/isystem/roleUserList');

    // the data rule of 职务管理 and the new department, from the terminal
    await terminal(admin, "datarule add 职务管理 本人创建 createBy = '#{sys_user_code}'", '本人创建');
    await terminal(admin, 'dept add 上门服务一部', '上门服务一部');

    // the role, by its form
    await admin.getByRole('gridcell', { name: 'operator' }).waitFor();
    await admin.getByRole('toolbar', { name: '角色操作' }).getByRole('button', { name: '新增' }).click();
    const form = admin.getByRole('form', { name: '新增角色' });
    await form.getByLabel('角色名称').fill('职务录入员');
    await form.getByLabel('角色编码').fill('pos_clerk');
    await form.getByRole('button', { name: '确定' }).click();
    await form.waitFor({ state: 'detached' });

    // 授权: 职务管理 with 查询/添加/编辑 only, and its rule 本人创建
    await admin.getByRole('gridcell', { name: 'pos_clerk' }).click();
    await admin.keyboard.press('Shift+F10');
    await admin.getByRole('menu', { name: '行操作' }).getByRole('menuitem', { name: '授权' }).click();
    const drawer = admin.getByRole('dialog', { name: /角色权限配置 - 职务录入员/ });
    const tree = drawer.getByRole('tree', { name: '权限树' });
    await tree.getByRole('treeitem', { name: '系统管理', exact: true }).waitFor();
    await drawer.getByRole('button', { name: /展开/ }).first().click();
    const item = (name: string) => tree.getByRole('treeitem', { name, exact: true });
    await item('职务管理').focus();
    await admin.keyboard.press('Space');
    await expect.poll(() => item('职务管理').getAttribute('aria-checked')).toBe('true');
    for (const button of ['删除 position:delete', '导出 position:export', '导入 position:import']) {
      await expect.poll(() => item(button).getAttribute('aria-checked')).toBe('true');
      await item(button).focus();
      await admin.keyboard.press('Space');
      await expect.poll(() => item(button).getAttribute('aria-checked')).toBe('false');
    }
    await drawer.getByRole('button', { name: '保存', exact: true }).click();
    await admin.getByText('保存成功').first().waitFor();
    await drawer.getByRole('button', { name: '职务管理 数据规则' }).click();
    const rules = admin.getByRole('dialog', { name: '数据规则' });
    await rules.getByRole('checkbox', { name: /本人创建/ }).check();
    await rules.getByRole('button', { name: '保存' }).click();
    await rules.waitFor({ state: 'detached' });
    expect(await axeSerious(admin)).toEqual([]);
    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await drawer.waitFor({ state: 'detached' });

    // the new user, by the user form: the role and the department ticked
    await admin.goto(`${env.url}/isystem/user`);
    await admin.getByRole('toolbar', { name: /用户/ }).getByRole('button', { name: '新增' }).click();
    const userForm = admin.getByRole('form', { name: '新增用户' });
    await userForm.getByLabel('用户账号').fill('clerk01');
    await userForm.getByLabel('登录密码').fill(PASSWORD);
    await userForm.getByLabel('确认密码').fill(PASSWORD);
    await userForm.getByLabel('用户姓名').fill('张录入');
    await userForm.getByRole('checkbox', { name: '职务录入员' }).check();
    // 所属部门: the department tree select, searched by name
    await userForm.getByRole('button', { name: '所属部门', exact: true }).click();
    await admin.getByRole('combobox', { name: '搜索所属部门' }).fill('上门服务一部');
    await admin.getByRole('treeitem', { name: /上门服务一部/ }).click();
    await expect
      .poll(() => userForm.getByRole('button', { name: '所属部门', exact: true }).textContent())
      .toContain('上门服务一部');
    await admin.keyboard.press('Escape');
    await userForm.getByRole('button', { name: '确定' }).click();
    await userForm.waitFor({ state: 'detached' });

    // the clerk signs in: 职务管理 and nothing else of 系统管理
    const clerk = await env.newPage();
    const clerkToken = watchToken(clerk);
    await login(clerk, env.url, 'clerk01', PASSWORD);
    const nav = clerk.getByRole('navigation', { name: '侧边菜单' });
    await nav.waitFor();
    await nav.getByText('系统管理').click();
    await nav.getByText('职务管理').waitFor();
    for (const hidden of ['用户管理', '角色管理', '菜单管理', '部门管理', '在线用户'])
      expect(await nav.getByText(hidden, { exact: true }).count(), hidden).toBe(0);

    // the palette offers 职务 commands, not user or role ones
    await clerk.keyboard.press('Control+k');
    await clerk.keyboard.type('新增职务');
    await clerk.locator('[cmdk-item]').filter({ hasText: '新增职务' }).first().waitFor();
    await clerk.keyboard.press('Control+a');
    await clerk.keyboard.type('新增用户');
    await expect.poll(() => clerk.locator('[cmdk-item]').filter({ hasText: '新增用户' }).count()).toBe(0);
    await clerk.keyboard.press('Escape');

    // the page: 新增 is there, 导出 is not
    await clerk.goto(`${env.url}/isystem/position`);
    const toolbar = clerk.getByRole('toolbar', { name: '职务操作' });
    await toolbar.getByRole('button', { name: '新增' }).waitFor();
    expect(await toolbar.getByRole('button', { name: '导出' }).count()).toBe(0);

    // the terminal: an add works, the list shows only the clerk's own rows, a delete is refused
    await terminal(clerk, 'position add clerk_pos 录入职务 1', '添加成功');
    await terminal(clerk, 'position list', 'clerk_pos');
    const out = await clerk.getByTestId('terminal-output').textContent();
    expect(out).not.toContain('manager');
    await terminal(clerk, 'position delete clerk_pos', '没有权限，请联系管理员授权');

    // the API outside the subset is refused; inside it the rule applies
    const token = clerkToken();
    expect(token).toMatch(/\S{16,}/);
    const users = await (await api('/sys/user/list', token)).json();
    expect(users.success).toBe(false);
    const del = await (await api('/sys/position/deleteBatch?ids=x', token, { method: 'DELETE' })).json();
    expect(del.success).toBe(false);
    const listed = await (await api('/sys/position/list?pageSize=100', token)).json();
    expect(listed.success).toBe(true);
    expect(listed.result.records.map((r: { code: string }) => r.code)).toEqual(['clerk_pos']);

    // the administrator sees the clerk online and forces them out
    await admin.goto(`${env.url}/isystem/online`);
    const row = admin
      .getByRole('table', { name: '在线用户' })
      .getByRole('row')
      .filter({ hasText: 'clerk01' });
    await row.waitFor();
    await row.getByRole('button', { name: '强制退出 clerk01' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByRole('button', { name: '确定' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await api('/sys/position/list', token)).status).toBe(401);

    // every one of these actions is in the operation log
    const logged = await env.database.db
      .select({ content: sysLog.logContent })
      .from(sysLog)
      .where(and(eq(sysLog.logType, 2), gte(sysLog.createTime, started)));
    const contents = logged.map((l) => l.content ?? '');
    for (const expected of [
      /命令 datarule add.*成功/,
      /命令 dept add.*成功/,
      /POST \/sys\/role\/add 成功/,
      /POST \/sys\/permission\/saveRolePermission 成功/,
      /POST \/sys\/role\/datarule 成功/,
      /POST \/sys\/user\/add 成功/,
      /命令 position add.*成功/,
      /POST \/sys\/position\/add 成功/,
      /命令 position delete.*/,
      /POST \/sys\/online\/forceLogout 成功/,
    ])
      expect(
        contents.some((c) => expected.test(c)),
        `${expected} in\n${contents.join('\n')}`,
      ).toBe(true);
    // and the log page shows them
    await admin.goto(`${env.url}/isystem/log`);
    const search = admin.getByRole('form', { name: '查询条件' });
    await search.getByLabel('日志类型').selectOption({ label: '操作日志' });
    await search.getByLabel('搜索日志').fill('saveRolePermission');
    await search.getByRole('button', { name: '查询' }).click();
    await admin
      .getByText(/POST \/sys\/permission\/saveRolePermission 成功/)
      .first()
      .waitFor();
    await clerk.context().close();
    await admin.context().close();
  }, 240_000);
});
