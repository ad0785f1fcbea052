import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { openAs, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { sysPermission, sysRole, sysRolePermission } from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { PERM } from '../../src/shared/permissions.ts';

/**
 * Spec §6 in the browser: the operator (yunying) lacks the seeded field rights `user:sex` (type 1:
 * the 性别 column and form field are hidden) and `user:form:phone` (type 2: 手机号码 is disabled),
 * and here also 新增 (`user:add`, made a type "2" button: shown disabled, not hidden); the
 * administrator holds them all. Both pages are axe clean.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  const db = env.database.db;
  await db.update(sysPermission).set({ permsType: '2' }).where(eq(sysPermission.perms, PERM.user.add));
  // the operator may edit users (so the form opens), still without the field rights
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, 'operator'));
  const [edit] = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(inArray(sysPermission.perms, [PERM.user.edit]), eq(sysPermission.menuType, 2)));
  await db.insert(sysRolePermission).values({ id: newId(), roleId: role!.id, permissionId: edit!.id });
});
afterAll(async () => env?.close());

const headers = async (page: Page) => {
  await page.getByRole('columnheader', { name: '用户账号', exact: true }).first().waitFor();
  return (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean);
};
const toolbar = (page: Page) => page.getByRole('toolbar', { name: '用户操作' });

describe('field and button rights on the users page', () => {
  it('the administrator sees every column and an enabled 新增', async () => {
    const page = await openAs(env, '/isystem/user', 'admin');
    const cols = await headers(page);
    expect(cols).toEqual(expect.arrayContaining(['用户账号', '性别', '手机号码']));
    const add = toolbar(page).getByRole('button', { name: '新增' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    await page.context().close();
  });

  it('the operator sees fewer columns, a disabled 新增, and a form without 性别 and with 手机号码 locked', async () => {
    const admin = await openAs(env, '/isystem/user', 'admin');
    const adminCols = await headers(admin);
    await admin.context().close();

    const page = await openAs(env, '/isystem/user', 'yunying');
    const cols = await headers(page);
    expect(cols).not.toContain('性别');
    expect(cols).toContain('手机号码');
    expect(cols.length).toBeLessThan(adminCols.length);
    const add = toolbar(page).getByRole('button', { name: '新增' });
    await add.waitFor();
    await expect.poll(() => add.isDisabled()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);

    // the row's 编辑 opens the form: 性别 is not there, 手机号码 is shown but cannot be changed
    const row = page.locator('.ag-row', {
      has: page.locator('[col-id="username"]', { hasText: /^caiwu$/ }),
    });
    await row.getByRole('button', { name: '编辑' }).click();
    const form = page.getByRole('form', { name: '编辑用户' });
    await form.getByLabel('用户姓名').waitFor();
    await expect.poll(() => form.getByLabel('手机号码').inputValue()).toMatch(/^1\d{10}$/);
    await expect(form.getByLabel('手机号码').isDisabled()).resolves.toBe(true);
    await expect(form.getByLabel('性别').count()).resolves.toBe(0);
    expect(await axeSerious(page)).toEqual([]);
    await form.getByLabel('用户姓名').fill('王财务改');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('修改成功!').waitFor();
    await page.context().close();
  });
});

describe('租户管理 page', () => {
  it('lists the tenants and adds one through the generated form', async () => {
    const page = await openAs(env, '/isys/tenant', 'admin');
    await page.getByRole('columnheader', { name: '租户名称', exact: true }).first().waitFor();
    await page.locator('.ag-row', { hasText: '总部租户' }).first().waitFor();
    await page.getByRole('toolbar', { name: '租户操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增租户' });
    await form.getByLabel('租户名称').fill('城南租户');
    await form.getByLabel('状态').selectOption({ label: '正常' });
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();
    await page.locator('.ag-row', { hasText: '城南租户' }).first().waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await page.context().close();
  });
});
