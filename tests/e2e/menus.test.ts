import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';
import {
  sysPermission,
  sysPermissionDataRule,
  sysRole,
  sysRolePermission,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { positionDepartmentRule } from '../support/data-rules.ts';

/**
 * 菜单管理 by keyboard: open it, walk the tree to 菜单管理, add a button under it from the row menu
 * (添加下级 → 按钮权限), find it in the tree under its menu; add a data rule to the menu in its
 * 数据规则 panel; axe over the page, the form and the panel; 390 px.
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
      text: a?.getAttribute('aria-label') ?? a?.textContent?.trim() ?? '',
      row: a?.closest('[role=row]')?.querySelector('[col-id="tree"]')?.textContent ?? '',
      inGrid: !!a?.closest('[role=grid],[role=treegrid]'),
    };
  });

const rowOf = (page: Page, name: string) =>
  page.locator('.ag-row', {
    has: page.locator('[col-id="tree"]', { hasText: new RegExp(`^[+−]?${name}$`) }),
  });

/** ArrowDown until the focused row is `name` (its tree cell). */
async function downTo(page: Page, name: string) {
  const is = async () => (await active(page)).row.replace(/^[+−]/, '') === name;
  for (let i = 0; i < 40 && !(await is()); i++) await page.keyboard.press('ArrowDown');
  expect(await is()).toBe(true);
}

/** The row menu of the focused row, then its item `label` by arrows and Enter. */
async function rowAction(page: Page, label: string) {
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: '行操作' });
  await menu.waitFor();
  for (let i = 0; i < 8 && (await active(page)).text !== label; i++) await page.keyboard.press('ArrowDown');
  expect((await active(page)).text).toBe(label);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });
}

describe('菜单管理', () => {
  // three full axe runs and a keyboard journey: 9 s alone, past 30 s beside two other browser files
  it('adds a button under a menu by keyboard and a data rule to the menu', async () => {
    const page = await env.newPage();
    // the tree's roots are asked for once when the page opens (not again when nothing changed)
    let rootReads = 0;
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (
        u.pathname.endsWith('/sys/permission/list') &&
        u.searchParams.has('parentId') &&
        !u.searchParams.get('parentId')
      )
        rootReads++;
    });
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fpermission');
    await page.waitForURL(`${env.url}/isystem/permission`);
    await rowOf(page, '系统管理').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    expect(rootReads, 'requests for the menu tree’s roots').toBe(1);

    // into the tree, down to 系统管理, → opens it, down to 菜单管理
    await page.keyboard.press('Alt+g');
    await expect.poll(async () => (await active(page)).inGrid).toBe(true);
    await downTo(page, '系统管理');
    await page.keyboard.press('ArrowRight');
    await rowOf(page, '菜单管理').waitFor();
    await downTo(page, '菜单管理');

    // 添加下级: the form under 菜单管理; 按钮权限 by arrows in the type radios
    await rowAction(page, '添加下级');
    const form = page.getByRole('form', { name: '新增菜单' });
    await form.waitFor();
    await expect.poll(() => form.getByLabel('上级菜单').inputValue()).not.toBe('');
    await form.getByRole('radio', { name: '子菜单' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => form.getByRole('radio', { name: '按钮权限' }).isChecked()).toBe(true);
    await form.getByLabel('按钮/权限').waitFor();
    await form.getByLabel('按钮/权限').focus();
    await page.keyboard.type('键盘按钮');
    await form.getByLabel('授权标识').focus();
    await page.keyboard.type('menu:keyboard');
    expect(await axeSerious(page)).toEqual([]);
    await form.getByRole('button', { name: '确定' }).focus();
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });

    // the tree reloads with 系统管理 still open; 菜单管理 now shows the new button below it
    const [saved] = await env.database.db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.name, '键盘按钮'));
    expect(saved).toMatchObject({ menuType: 2, perms: 'menu:keyboard', permsType: '1', status: '1' });
    const [parent] = await env.database.db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.id, saved!.parentId!));
    expect(parent!.name).toBe('菜单管理');
    const menuRow = rowOf(page, '菜单管理');
    await menuRow.waitFor();
    await menuRow.getByRole('button', { name: '展开' }).click();
    await rowOf(page, '键盘按钮').waitFor();
    await expect(rowOf(page, '键盘按钮').locator('[col-id="url"]').textContent()).resolves.toBe(
      'menu:keyboard',
    );

    // 数据规则 of 职务管理 (a page with a list rules narrow) from its row menu: add a rule by keyboard
    await rowOf(page, '职务管理').locator('[col-id="tree"]').click();
    await rowAction(page, '数据规则');
    const panel = page.getByRole('dialog', { name: '数据规则：职务管理' });
    await panel.waitFor();
    await panel.getByRole('button', { name: '新增规则' }).focus();
    await page.keyboard.press('Enter');
    const ruleForm = panel.getByRole('form', { name: '新增数据规则' });
    await ruleForm.waitFor();
    await ruleForm.getByLabel('规则名称').focus();
    await page.keyboard.type('本人创建');
    await ruleForm.getByLabel('规则字段').focus();
    await page.keyboard.type('createBy');
    await ruleForm.getByLabel('规则值').focus();
    await page.keyboard.type('#{sys_user_code}');
    expect(await axeSerious(page)).toEqual([]);
    await ruleForm.getByRole('button', { name: '保存' }).focus();
    await page.keyboard.press('Enter');
    await ruleForm.waitFor({ state: 'detached' });
    await panel.getByRole('cell', { name: '本人创建', exact: true }).waitFor();
    const [positionMenu] = await env.database.db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.url, '/isystem/position'));
    const rules = await env.database.db
      .select()
      .from(sysPermissionDataRule)
      .where(eq(sysPermissionDataRule.permissionId, positionMenu!.id));
    expect(rules).toMatchObject([
      { ruleName: '本人创建', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' },
    ]);
    // a raw SQL rule cannot even be chosen
    await panel.getByRole('button', { name: '新增规则' }).click();
    const conditions = await panel.getByLabel('条件规则').locator('option').allTextContents();
    expect(conditions.some((c) => c.includes('USE_SQL_RULES'))).toBe(false);
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('gives a role data rules of a menu from the 授权 drawer', async () => {
    const db = env.database.db;
    const [role] = await db.select().from(sysRole).where(eq(sysRole.roleCode, 'operator'));
    const { menu, ruleId } = await positionDepartmentRule(db, '本部门');
    await db
      .insert(sysRolePermission)
      .values({ id: newId(), roleId: role!.id, permissionId: menu.id })
      .onConflictDoNothing();

    const page = await env.newPage();
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2FroleUserList');
    await page.waitForURL(`${env.url}/isystem/roleUserList`);
    await page.getByRole('gridcell', { name: 'operator' }).click();
    await rowAction(page, '授权');
    const drawer = page.getByRole('dialog', { name: /角色权限配置 - 运营专员/ });
    const rulesButton = drawer.getByRole('button', { name: '职务管理 数据规则' });
    await rulesButton.waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await rulesButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '数据规则' });
    const check = dialog.getByRole('checkbox', { name: /本部门/ });
    await check.waitFor();
    await check.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => check.isChecked()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    await dialog.getByRole('button', { name: '保存' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const [grant] = await db
          .select()
          .from(sysRolePermission)
          .where(and(eq(sysRolePermission.roleId, role!.id), eq(sysRolePermission.permissionId, menu.id)));
        return grant?.dataRuleIds;
      })
      .toBe(ruleId);
  });

  it('works at 390 px', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await login(page, env.url, 'admin', '123456', '/user/login?redirect=%2Fisystem%2Fpermission');
    await page.waitForURL(`${env.url}/isystem/permission`);
    await rowOf(page, '系统管理').waitFor();
    await page.getByRole('toolbar', { name: '菜单操作' }).getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('form', { name: '新增菜单' });
    await form.waitFor();
    const box = await form.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await axeSerious(page)).toEqual([]);
  });
});
