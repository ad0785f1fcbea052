import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { sysPermission, sysRole, sysRolePermission } from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { clickRowAction } from '../support/grid-rows.ts';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  // yunying (operator) lists users; here it may also add and edit them, still without position:list
  const db = env.database.db;
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, 'operator'));
  const buttons = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(inArray(sysPermission.perms, [PERM.user.add, PERM.user.edit]), eq(sysPermission.menuType, 2)));
  expect(buttons).toHaveLength(2);
  await db
    .insert(sysRolePermission)
    .values(buttons.map((b) => ({ id: newId(), roleId: role!.id, permissionId: b.id })));
});
afterAll(async () => env?.close());

const positionList = (r: Request) => new URL(r.url()).pathname.endsWith('/sys/position/list');

let token: string | undefined;
async function adminToken(): Promise<string> {
  if (token) return token;
  const r = await env.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/login',
    payload: { username: 'admin', password: '123456' },
  });
  token = r.json().result.token as string;
  return token;
}

async function userByName(username: string): Promise<Record<string, unknown>> {
  const r = await env.app.inject({
    method: 'GET',
    url: '/jeecg-boot/sys/user/list',
    query: { username },
    headers: { 'x-access-token': await adminToken() },
  });
  const records = r.json().result.records as Array<Record<string, unknown>>;
  expect(records).toHaveLength(1);
  return records[0]!;
}

async function openUsers(username: string): Promise<Page> {
  const page = await env.newPage();
  await login(page, env.url, username, '123456', '/user/login?redirect=%2Fisystem%2Fuser');
  await page.waitForURL(`${env.url}/isystem/user`);
  await page.locator('.ag-row').first().waitFor();
  return page;
}

describe('user form 职务 (j-select-position)', () => {
  it('picks two positions in the business select modal, saves them and shows them again on edit', async () => {
    const page = await openUsers('admin');
    await page.getByRole('toolbar', { name: '用户操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增用户' });
    await form.getByLabel('用户账号').fill('zhiwu01');
    await form.getByLabel('登录密码').fill('secret1');
    await form.getByLabel('确认密码').fill('secret1');
    await form.getByLabel('用户姓名').fill('职务测试');

    // keyboard: Enter on the read-only field opens the picker on its first page of 5
    const firstPage = page.waitForRequest(positionList);
    await form.getByLabel('职务', { exact: true }).press('Enter');
    const picker = page.getByRole('dialog', { name: '选择职务' });
    await picker.waitFor();
    const first = new URL((await firstPage).url()).searchParams;
    expect(first.get('pageSize')).toBe('5');
    expect(first.get('pageNo')).toBe('1');
    await expect(picker.getByLabel('每页条数').inputValue()).resolves.toBe('5');
    await picker.getByRole('cell', { name: '总经理' }).waitFor();
    for (const title of ['职务编码', '职务名称', '职级'])
      await picker.getByRole('columnheader', { name: title }).waitFor();

    const searched = page.waitForRequest(
      (r) => positionList(r) && new URL(r.url()).searchParams.get('name') === '*专员*',
    );
    await picker.getByLabel('职务名称').fill('专员');
    await picker.getByRole('button', { name: '查询' }).click();
    expect(new URL((await searched).url()).searchParams.get('pageSize')).toBe('5');
    await picker.getByRole('cell', { name: '总经理' }).waitFor({ state: 'detached' });
    await picker.getByRole('cell', { name: '运营专员' }).waitFor();
    await picker.getByRole('cell', { name: '客服专员' }).waitFor();
    await picker.getByLabel('选择 operator').check();
    await picker.getByLabel('选择 staff').check();
    await picker.getByRole('button', { name: '确定' }).click();
    await picker.waitFor({ state: 'detached' });

    // searching inside the picker did not submit the user form underneath
    await expect(form.isVisible()).resolves.toBe(true);
    await expect(form.getByLabel('职务', { exact: true }).inputValue()).resolves.toBe('运营专员,客服专员');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('添加成功！').waitFor();

    const saved = await userByName('zhiwu01');
    expect(String(saved.post).split(',').sort()).toEqual(['operator', 'staff']);
    expect(String(saved.post_dictText).split(',').sort()).toEqual(['客服专员', '运营专员']);

    // edit: the names show and both codes start selected in the picker
    const row = page.locator('.ag-row', {
      has: page.locator('[col-id="username"]', { hasText: /^zhiwu01$/ }),
    });
    await row.first().waitFor();
    const rowIndex = await row.first().getAttribute('row-index');
    await clickRowAction(page.locator(`.ag-row[row-index="${rowIndex}"] [col-id="actions"]`), '编辑');
    const edit = page.getByRole('form', { name: '编辑用户' });
    await expect.poll(() => edit.getByLabel('职务', { exact: true }).inputValue()).toBe('运营专员,客服专员');
    const chosen = page.waitForRequest(
      (r) => positionList(r) && new URL(r.url()).searchParams.get('code') === 'operator,staff',
    );
    await edit.getByRole('button', { name: '选择职务' }).click();
    await chosen;
    const again = page.getByRole('dialog', { name: '选择职务' });
    await again.getByText('已选择 2 项').waitFor();
    await expect(again.getByLabel('选择 operator').isChecked()).resolves.toBe(true);
    await expect(again.getByLabel('选择 staff').isChecked()).resolves.toBe(true);
    await expect(again.getByLabel('选择 manager').isChecked()).resolves.toBe(false);

    // swap staff for manager and save through 编辑
    await again.getByLabel('选择 staff').uncheck();
    await again.getByLabel('选择 manager').check();
    await again.getByRole('button', { name: '确定' }).click();
    await again.waitFor({ state: 'detached' });
    await expect(edit.getByLabel('职务', { exact: true }).inputValue()).resolves.toBe('运营专员,总经理');
    await edit.getByRole('button', { name: '确定' }).click();
    await page.getByText('修改成功!').waitFor();
    expect(
      String((await userByName('zhiwu01')).post)
        .split(',')
        .sort(),
    ).toEqual(['manager', 'operator']);
    await page.context().close();
  });

  it('without position:list the picker is disabled with a reason, not an empty dialog', async () => {
    const page = await openUsers('yunying');
    await page.getByRole('toolbar', { name: '用户操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增用户' });
    await form.getByText('无权查看职务列表，不能选择职务').waitFor();
    await expect(form.getByRole('button', { name: '选择职务' }).isDisabled()).resolves.toBe(true);
    await form.getByLabel('职务', { exact: true }).press('Enter');
    await expect(page.getByRole('dialog', { name: '选择职务' }).count()).resolves.toBe(0);
    // the server refuses the list to this user anyway
    const login = await env.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { username: 'yunying', password: '123456' },
    });
    const r = await env.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/position/list',
      headers: { 'x-access-token': login.json().result.token as string },
    });
    expect(r.json()).toMatchObject({ success: false, message: '没有权限，请联系管理员授权' });
    await page.context().close();
  });
});
