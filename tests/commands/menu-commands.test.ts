import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serverHarness } from './server-harness.ts';
import {
  sysPermission,
  sysPermissionDataRule,
  sysRole,
  sysRolePermission,
} from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';

/** menu, datarule and role datarule commands through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
const db = () => h.t.database.db;
const byName = async (name: string) =>
  (await db().select().from(sysPermission).where(eq(sysPermission.name, name)))[0];

beforeAll(async () => {
  h = await serverHarness('admin');
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

describe('menu commands', () => {
  it('menu list prints the tree (a subtree with its buttons)', async () => {
    const r = await h.terminal('menu list 菜单管理');
    expect(r.results[0]?.status).toBe('ok');
    expect(r.out).toMatch(/菜单管理\s+子菜单\s+\/isystem\/permission\s+system\/PermissionList/);
    expect(r.out).toMatch(/ {2}数据规则\s+按钮权限\s+permission:dataRule/);
    const menusOnly = await h.terminal('menu list 系统管理 --no-buttons');
    expect(menusOnly.out).not.toContain('permission:dataRule');
    expect(menusOnly.out).toContain('角色管理');
  });

  it('menu add makes a root, a sub menu and a button under it; the server normalises', async () => {
    expect((await h.terminal('menu add 终端根 --url termroot')).results[0]?.result?.message).toBe(
      '添加成功！（终端根）',
    );
    await h.terminal('menu add 终端页 终端根 --url /termroot/page --component views/demo/Page.vue');
    const page = await byName('终端页');
    expect(page).toMatchObject({ menuType: 1, component: 'demo/Page', url: '/termroot/page' });
    expect((await byName('终端根'))!).toMatchObject({ url: '/termroot', isLeaf: false });
    await h.terminal('menu add 终端导出 终端页 --type 2 --perms term:export --perms-type 2');
    expect(await byName('终端导出')).toMatchObject({
      menuType: 2,
      perms: 'term:export',
      permsType: '2',
      parentId: page!.id,
    });
    const bad = await h.terminal('menu add 坏按钮 终端页 --type 2 --perms "a b"');
    expect(bad.results[0]?.error).toMatch(/授权标识只允许/);
    const missing = await h.terminal('menu add 孤儿 不存在的菜单');
    expect(missing.results[0]?.error).toBe('菜单不存在: 不存在的菜单');
  });

  it('menu edit changes fields; menu delete asks, then removes the subtree', async () => {
    const edited = await h.terminal('menu edit 终端页 --name 终端页面 --keep-alive');
    expect(edited.results[0]?.result?.message).toBe('修改成功！');
    expect(await byName('终端页面')).toMatchObject({ keepAlive: true, component: 'demo/Page' });
    h.state.answer = false;
    const declined = await h.terminal('menu delete 终端页面');
    expect(declined.results[0]?.result?.message).toBe('已取消');
    expect(h.state.confirms.at(-1)).toBe('确定删除吗？其下级菜单、按钮权限和数据规则将一并删除。');
    expect(await byName('终端页面')).toBeDefined();
    const gone = await h.terminal('menu delete 终端页面 --yes');
    expect(gone.results[0]?.result?.message).toBe('删除成功!（1 项）');
    expect(await byName('终端页面')).toBeUndefined();
    expect(await byName('终端导出')).toBeUndefined();
    expect((await byName('终端根'))!.isLeaf).toBe(true);
    const builtin = await h.terminal('menu delete 用户管理 --yes');
    expect(builtin.results[0]?.error).toMatch(/系统内置/);
  });
});

describe('datarule commands', () => {
  it('adds, lists, edits and deletes rules of a menu; refuses raw SQL and unknown fields', async () => {
    const added = await h.terminal("datarule add 职务管理 本人创建 createBy = '#{sys_user_code}'");
    expect(added.results[0]?.result?.message).toBe('添加成功！（职务管理：本人创建）');
    const list = await h.terminal('datarule list /isystem/position');
    expect(list.out).toMatch(/本人创建\s+createBy\s+=（等于）\s+#\{sys_user_code\}\s+有效/);
    const sqlRule = await h.terminal("datarule add 职务管理 注入 code USE_SQL_RULES '1=1'");
    expect(sqlRule.results[0]?.status).not.toBe('ok');
    const unknown = await h.terminal('datarule add 职务管理 未知 no_such = x');
    expect(unknown.results[0]?.error).toBe('规则字段“no_such”不是“职务管理”的字段');
    await h.terminal('datarule edit 职务管理 本人创建 --status 0');
    expect((await h.terminal('datarule list 职务管理')).out).toMatch(/本人创建.*无效/);
    const gone = await h.terminal('datarule delete 职务管理 本人创建 --yes');
    expect(gone.results[0]?.result?.message).toBe('删除成功！（本人创建）');
    const rows = await db().select().from(sysPermissionDataRule);
    expect(rows).toEqual([]);
  });

  it('role datarule shows and sets the rules a role holds on a menu', async () => {
    const menu = (
      await db().select().from(sysPermission).where(eq(sysPermission.url, '/isystem/position'))
    )[0]!;
    const roleId = newId();
    await db().insert(sysRole).values({ id: roleId, roleName: '终端职务', roleCode: 'term_pos' });
    await h.terminal("datarule add 职务管理 本人 createBy = '#{sys_user_code}'");
    await h.terminal('datarule add 职务管理 一级 postRank = 1');
    const notGranted = await h.terminal('role datarule term_pos 职务管理 本人');
    expect(notGranted.results[0]?.error).toBe('请先保存角色菜单权限!');
    await db().insert(sysRolePermission).values({ id: newId(), roleId, permissionId: menu.id });
    const set = await h.terminal('role datarule term_pos 职务管理 本人 一级');
    expect(set.results[0]?.result?.message).toBe('保存成功!（终端职务 · 职务管理：2 条数据规则）');
    const shown = await h.terminal('role datarule term_pos 职务管理');
    expect(shown.out).toMatch(/✓\s+本人/);
    expect(shown.out).toMatch(/✓\s+一级/);
    await h.terminal('role datarule term_pos 职务管理 --clear');
    const [grant] = await db().select().from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId));
    expect(grant!.dataRuleIds).toBeNull();
  });
});
