import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import { sysPermission, sysRole, sysRolePermission } from '../../src/server/db/schema/index.ts';

/**
 * 角色管理 by keyboard: reach it by the palette, add a role, open its 授权 drawer, check the 角色管理
 * menu with everything below it (父子关联), save, reopen and find it kept; axe; 390 px.
 */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

const active = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      role: a?.getAttribute('role'),
      text: a?.getAttribute('aria-label') ?? a?.textContent?.trim() ?? '',
      row: a?.closest('[role=row]')?.textContent ?? '',
      inGrid: !!a?.closest('[role=grid],[role=treegrid]'),
    };
  });

async function grantedOf(code: string) {
  const db = env.database.db;
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, code));
  if (!role) return [];
  const rows = await db
    .select({ perms: sysPermission.perms, name: sysPermission.name })
    .from(sysRolePermission)
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(eq(sysRolePermission.roleId, role.id));
  return rows.map((r) => r.perms ?? r.name).sort();
}

/** The row menu of the focused grid row, then its item `label` by arrows and Enter. */
async function rowAction(page: Page, label: string) {
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: '行操作' });
  await menu.waitFor();
  for (let i = 0; i < 8 && (await active(page)).text !== label; i++) await page.keyboard.press('ArrowDown');
  expect((await active(page)).text).toBe(label);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });
}

/** Focus the grid's first row (the newest role) by keyboard. */
async function intoGrid(page: Page) {
  await page.keyboard.press('Alt+g');
  await expect.poll(async () => (await active(page)).inGrid).toBe(true);
}

describe('角色管理', () => {
  it('adds a role, grants it a menu subtree with 父子关联 by keyboard, and keeps it', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin');
    await page.getByRole('tab', { name: /首页/ }).waitFor();

    // the palette to 角色管理
    await page.keyboard.press('Control+k');
    await page.keyboard.type('jsgl');
    await page.locator('[cmdk-item]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.url}/isystem/roleUserList`);
    await page.getByRole('gridcell', { name: 'operator' }).waitFor();

    // 新增 by the palette, the form by keyboard
    await page.keyboard.press('Control+k');
    await page.keyboard.type('新增角色');
    await page.locator('[cmdk-item]').first().waitFor();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: '新增角色' });
    await form.waitFor();
    await form.getByLabel('角色名称').focus();
    await page.keyboard.type('键盘角色');
    await form.getByLabel('角色编码').focus();
    await page.keyboard.type('kb_role');
    await form.getByRole('button', { name: '确定' }).focus();
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'kb_role' }).waitFor();

    // the new role is the first row: its 授权 from the row menu
    await intoGrid(page);
    for (let i = 0; i < 3 && !(await active(page)).row.includes('键盘角色'); i++)
      await page.keyboard.press('ArrowDown');
    expect((await active(page)).row).toContain('键盘角色');
    await rowAction(page, '授权');
    const drawer = page.getByRole('dialog', { name: /角色权限配置 - 键盘角色/ });
    await drawer.waitFor();
    const tree = drawer.getByRole('tree', { name: '权限树' });
    const system = tree.getByRole('treeitem', { name: '系统管理', exact: true });
    await system.waitFor();
    expect(await drawer.getByRole('button', { name: '父子关联' }).getAttribute('aria-pressed')).toBe('true');

    // arrows from 系统管理 down to 角色管理, → opens it, Space checks it with all below it
    await system.focus();
    for (let i = 0; i < 10 && (await active(page)).text !== '角色管理'; i++)
      await page.keyboard.press('ArrowDown');
    expect((await active(page)).text).toBe('角色管理');
    const roleMenu = tree.getByRole('treeitem', { name: '角色管理', exact: true });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => roleMenu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => roleMenu.getAttribute('aria-checked')).toBe('true');
    const authorize = tree.getByRole('treeitem', { name: '授权 role:authorize', exact: true });
    await expect.poll(() => authorize.getAttribute('aria-checked')).toBe('true');
    // the menu above is checked too, the sibling menus are not
    expect(await system.getAttribute('aria-checked')).toBe('true');
    expect(
      await tree.getByRole('treeitem', { name: '用户管理', exact: true }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(await axeSerious(page)).toEqual([]);

    await drawer.getByRole('button', { name: '保存并关闭' }).focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    await expect
      .poll(() => grantedOf('kb_role'))
      .toEqual(
        [
          'role:add',
          'role:authorize',
          'role:delete',
          'role:edit',
          'role:export',
          'role:import',
          'role:list',
          '系统管理',
          '角色管理',
        ].sort(),
      );

    // reopened, the checks are there
    await intoGrid(page);
    for (let i = 0; i < 3 && !(await active(page)).row.includes('键盘角色'); i++)
      await page.keyboard.press('ArrowDown');
    await rowAction(page, '授权');
    const again = page.getByRole('dialog', { name: /角色权限配置 - 键盘角色/ });
    const roleAgain = again.getByRole('treeitem', { name: '角色管理', exact: true });
    await expect.poll(() => roleAgain.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'detached' });
    expect(await axeSerious(page)).toEqual([]);
    await page.context().close();
  });

  it('the 用户 panel adds a user with the picker and removes them, by keyboard', async () => {
    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2FroleUserList');
    await page.waitForURL(`${env.url}/isystem/roleUserList`);
    await page.getByRole('gridcell', { name: 'finance' }).click();
    await rowAction(page, '用户');
    const panel = page.getByRole('region', { name: /用户 - 财务出纳/ });
    await panel.getByRole('cell', { name: 'caiwu', exact: true }).waitFor();
    // the panel has the focus once it opens
    await expect.poll(async () => (await active(page)).text).toBe('用户 - 财务出纳（finance）');

    await panel.getByRole('button', { name: '添加用户' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '添加用户 - 财务出纳' });
    const picker = dialog.getByRole('combobox', { name: '选择用户' });
    await picker.focus();
    await page.keyboard.type('运营');
    await dialog.getByRole('option', { name: /李运营（yunying）/ }).waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByText('yunying').waitFor();
    await dialog.getByRole('button', { name: '确定' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('cell', { name: 'yunying', exact: true }).waitFor();

    await panel.getByRole('button', { name: '移除 yunying' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: /移出角色/ });
    await confirm.waitFor();
    // the confirmation opens on 取消: Tab to 确定
    await expect.poll(async () => (await active(page)).text).toBe('取消');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await active(page)).text).toBe('确定');
    await page.keyboard.press('Enter');
    await panel.getByRole('cell', { name: 'yunying', exact: true }).waitFor({ state: 'detached' });
    await panel.getByRole('cell', { name: 'caiwu', exact: true }).waitFor();
    await page.context().close();
  });

  it('the drawer and the users panel are usable at 390 px', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2FroleUserList');
    await page.waitForURL(`${env.url}/isystem/roleUserList`);
    const row = page.getByRole('gridcell', { name: 'operator' });
    await row.click();
    await rowAction(page, '用户');
    const panel = page.getByRole('region', { name: /用户 - 运营专员/ });
    await panel.getByRole('cell', { name: 'yunying', exact: true }).waitFor();
    expect(await axeSerious(page)).toEqual([]);

    await row.click();
    await rowAction(page, '授权');
    const drawer = page.getByRole('dialog', { name: /角色权限配置 - 运营专员/ });
    await drawer.getByRole('treeitem', { name: '系统管理', exact: true }).waitFor();
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await drawer.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const saveClose = drawer.getByRole('button', { name: '保存并关闭' });
    const b = (await saveClose.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    expect(b.y + b.height).toBeLessThanOrEqual(844);
    expect(await axeSerious(page)).toEqual([]);
    await page.context().close();
  });
});
