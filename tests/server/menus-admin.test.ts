import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysPermission } from '../../src/server/db/schema/index.ts';
import { MENU_MSG, type PermissionTreeNode } from '../../src/shared/permission-menu.ts';

/** 菜单管理 endpoints (jeecg-api.md §4.3): the tree, the level reads, writes and their normalisation. */

let t: TestApp;
let admin: string;
let staff: string;
const PASSWORD = 'Passw0rd!';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const body = {
    username: 'menu_staff',
    realname: '菜单无权',
    password: PASSWORD,
    confirmpassword: PASSWORD,
  };
  expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
  staff = await t.login('menu_staff', PASSWORD);
});
afterAll(async () => t?.close());

const flat = (nodes: PermissionTreeNode[]): PermissionTreeNode[] =>
  nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const tree = async () => {
  const r = await t.call('GET', '/sys/permission/list', { token: admin });
  expect(r.body).toMatchObject({ success: true });
  return r.body.result as PermissionTreeNode[];
};
const row = async (id: string) =>
  (await t.database.db.select().from(sysPermission).where(eq(sysPermission.id, id)))[0];
const add = (body: Record<string, unknown>, token = admin) =>
  t.call('POST', '/sys/permission/add', { token, body });
const edit = (body: Record<string, unknown>, token = admin) =>
  t.call('PUT', '/sys/permission/edit', { token, body });
/** add and return the new row's id (found by its unique name) */
async function created(body: Record<string, unknown>): Promise<string> {
  const r = await add(body);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, message: MENU_MSG.added });
  const [found] = await t.database.db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(eq(sysPermission.name, String(body.name)));
  return found!.id;
}

describe('GET /sys/permission/list', () => {
  it('answers the whole tree as SysPermissionTree, buttons under their menus, leaves with children null', async () => {
    const all = flat(await tree());
    const system = all.find((n) => n.name === '系统管理')!;
    expect(system).toMatchObject({ menuType: 0, leaf: false, isLeaf: false, component: 'layouts/RouteView' });
    expect(system.key).toBe(system.id);
    expect(system.title).toBe('系统管理');
    const menus = all.find((n) => n.name === '菜单管理')!;
    expect(menus).toMatchObject({
      url: '/isystem/permission',
      component: 'system/PermissionList',
      leaf: false,
    });
    const buttons = menus.children!.filter((c) => c.menuType === 2);
    expect(buttons.map((b) => b.perms)).toEqual(
      expect.arrayContaining(['permission:list', 'permission:add', 'permission:dataRule']),
    );
    expect(buttons[0]).toMatchObject({
      leaf: true,
      isLeaf: true,
      children: null,
      status: '1',
      permsType: '1',
    });
  });

  it('searches by name flat, and refuses a caller without permission:list', async () => {
    const r = await t.call('GET', '/sys/permission/list', { token: admin, query: { name: '菜单管' } });
    expect(r.body.result.map((n: PermissionTreeNode) => n.name)).toEqual(['菜单管理']);
    expect(r.body.result[0].children).toBeNull();
    const refused = await t.call('GET', '/sys/permission/list', { token: staff });
    expect(refused.body).toMatchObject({ success: false, code: 510 });
  });

  it('reads roots, one level and several levels by parent', async () => {
    const roots = (await t.call('GET', '/sys/permission/getSystemMenuList', { token: admin })).body.result;
    expect(roots.every((n: PermissionTreeNode) => n.menuType === 0)).toBe(true);
    const system = roots.find((n: PermissionTreeNode) => n.name === '系统管理');
    expect(system.children).toEqual([]);
    const sub = await t.call('GET', '/sys/permission/getSystemSubmenu', {
      token: admin,
      query: { parentId: system.id },
    });
    expect(sub.body.result.map((n: PermissionTreeNode) => n.name)).toContain('菜单管理');
    const home = roots.find((n: PermissionTreeNode) => n.name === '首页');
    const batch = await t.call('GET', '/sys/permission/getSystemSubmenuBatch', {
      token: admin,
      query: { parentIds: `${system.id},${home.id}` },
    });
    expect(batch.body).toMatchObject({ success: true, code: 200 });
    expect(Object.keys(batch.body.result).sort()).toEqual([system.id, home.id].sort());
    expect(batch.body.result[home.id]).toEqual([]);
    const none = await t.call('GET', '/sys/permission/getSystemSubmenuBatch', { token: admin });
    expect(none.body).toMatchObject({ success: false, message: '请选择一条记录！' });
  });
});

describe('GET /sys/permission/queryTreeList', () => {
  it('answers every row as TreeModel (title, slotTitle, label, key = value = id) with all ids', async () => {
    const r = await t.call('GET', '/sys/permission/queryTreeList', { token: admin });
    expect(r.body).toMatchObject({ success: true });
    const { treeList, ids } = r.body.result as { treeList: Array<Record<string, unknown>>; ids: string[] };
    const flatIds = (nodes: Array<Record<string, unknown>>): string[] =>
      nodes.flatMap((n) => [
        n.key as string,
        ...flatIds((n.children as Array<Record<string, unknown>>) ?? []),
      ]);
    expect(flatIds(treeList).sort()).toEqual([...ids].sort());
    const system = treeList.find((n) => n.title === '系统管理')!;
    expect(system).toMatchObject({ slotTitle: '系统管理', label: '系统管理', isLeaf: false });
    expect(system.key).toBe(system.value);
    expect((await t.call('GET', '/sys/permission/queryTreeList', { token: staff })).body).toMatchObject({
      code: 510,
    });
  });
});

describe('add / edit / delete with JeecgBoot normalisation', () => {
  it('normalises component paths and urls; a root gets no parent and layouts/RouteView', async () => {
    const root = await created({ menuType: 0, name: '测试根菜单', url: 'testroot.vue', parentId: 'ignored' });
    expect(await row(root)).toMatchObject({
      parentId: null,
      url: '/testroot',
      component: 'layouts/RouteView',
      isLeaf: true,
      delFlag: 0,
    });
    const sub = await created({
      menuType: 1,
      name: '测试子菜单',
      parentId: root,
      url: '/testroot/page',
      component: '/src/views/system/TestPage.vue',
      keepAlive: true,
      hidden: 1,
    });
    expect(await row(sub)).toMatchObject({ component: 'system/TestPage', keepAlive: true, hidden: true });
    const ext = await created({
      menuType: 1,
      name: '外部链接',
      parentId: root,
      url: 'https://example.com/a.vue',
      component: 'views/layouts/IframePageView',
      internalOrExternal: true,
    });
    expect(await row(ext)).toMatchObject({
      url: 'https://example.com/a',
      component: 'layouts/IframePageView',
      internalOrExternal: true,
    });
    // the parent stopped being a leaf
    expect((await row(root))!.isLeaf).toBe(false);
  });

  it('adds a button with perms, permsType and status; refuses a taken code', async () => {
    const parent = await created({ menuType: 0, name: '按钮父菜单', url: '/btnparent' });
    const id = await created({
      menuType: 2,
      name: '导出按钮',
      parentId: parent,
      perms: 'demo:export',
      permsType: '2',
      status: '0',
      url: '/ignored',
    });
    expect(await row(id)).toMatchObject({
      menuType: 2,
      perms: 'demo:export',
      permsType: '2',
      status: '0',
      url: null,
      component: null,
    });
    expect((await row(parent))!.isLeaf).toBe(false);
    const again = await add({ menuType: 2, name: '重复按钮', parentId: parent, perms: 'demo:export' });
    expect(again.body).toMatchObject({ success: false, message: MENU_MSG.permsTaken });
    const builtin = await add({ menuType: 2, name: '抢内置', parentId: parent, perms: 'user:add' });
    expect(builtin.body).toMatchObject({ success: false, message: MENU_MSG.permsTaken });
    // the button shows in the admin's allAuth with its status and type
    const perms = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: admin });
    expect(perms.body.result.allAuth).toContainEqual(
      expect.objectContaining({ action: 'demo:export', status: '0', type: '2' }),
    );
  });

  it('refuses bad input: no name, no parent, no url or component, a button parent, hostile perms', async () => {
    const parent = await created({ menuType: 0, name: '校验父菜单', url: '/checkparent' });
    const button = await created({ menuType: 2, name: '校验按钮', parentId: parent, perms: 'check:btn' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ menuType: 0, url: '/x' }, MENU_MSG.nameRequired],
      [{ menuType: 0, name: '  ', url: '/x' }, MENU_MSG.nameRequired],
      [{ menuType: 1, name: '无父', url: '/x', component: 'a/B' }, MENU_MSG.parentRequired],
      [{ menuType: 1, name: '无路径', parentId: parent, component: 'a/B' }, MENU_MSG.urlRequired],
      [{ menuType: 1, name: '无组件', parentId: parent, url: '/y' }, MENU_MSG.componentRequired],
      [
        { menuType: 1, name: '不存在的父', parentId: 'nope', url: '/y', component: 'a/B' },
        MENU_MSG.parentMissing,
      ],
      [{ menuType: 2, name: '挂按钮下', parentId: button, perms: 'x:y' }, MENU_MSG.parentIsButton],
      [
        { menuType: 2, name: '注入', parentId: parent, perms: "x'; drop table sys_user;--" },
        MENU_MSG.permsInvalid,
      ],
      [{ menuType: 7, name: '类型', url: '/z' }, '菜单类型无效'],
      [{ menuType: 2, name: '策略', parentId: parent, permsType: '9' }, '授权策略无效'],
    ];
    for (const [body, message] of cases)
      expect((await add(body)).body, JSON.stringify(body)).toMatchObject({ success: false, message });
    expect((await add({ menuType: 0, name: '无权添加', url: '/q' }, staff)).body).toMatchObject({
      code: 510,
    });
  });

  it('keeps leaf flags right when a menu moves, refuses a cycle, turns a menu into a root', async () => {
    const a = await created({ menuType: 0, name: '移动A', url: '/movea' });
    const b = await created({ menuType: 0, name: '移动B', url: '/moveb' });
    const child = await created({
      menuType: 1,
      name: '移动子',
      parentId: a,
      url: '/movea/c',
      component: 'x/C',
    });
    expect((await row(a))!.isLeaf).toBe(false);
    const moved = await edit({ id: child, parentId: b, menuType: 1, name: '移动子' });
    expect(moved.body).toMatchObject({ success: true, message: MENU_MSG.edited });
    expect((await row(a))!.isLeaf).toBe(true);
    expect((await row(b))!.isLeaf).toBe(false);
    expect((await row(child))!.parentId).toBe(b);
    const cycle = await edit({ id: b, menuType: 1, parentId: child, name: '移动B', component: 'x/B' });
    expect(cycle.body).toMatchObject({ success: false, message: MENU_MSG.parentInSubtree });
    const self = await edit({ id: b, menuType: 1, parentId: b, name: '移动B', component: 'x/B' });
    expect(self.body).toMatchObject({ success: false, message: MENU_MSG.parentInSubtree });
    // a sub menu made a root: no parent, its old parent a leaf again
    const root = await edit({ id: child, menuType: 0, parentId: b, name: '移动子', component: '' });
    expect(root.body).toMatchObject({ success: true });
    expect(await row(child)).toMatchObject({ parentId: null, menuType: 0, component: 'layouts/RouteView' });
    expect((await row(b))!.isLeaf).toBe(true);
    expect((await edit({ id: 'nope', name: 'x' })).body).toMatchObject({
      success: false,
      message: MENU_MSG.notFound,
    });
  });

  it('deletes a menu with its whole subtree, rules and grants; the parent becomes a leaf', async () => {
    const top = await created({ menuType: 0, name: '删除顶', url: '/deltop' });
    const mid = await created({
      menuType: 1,
      name: '删除中',
      parentId: top,
      url: '/deltop/m',
      // a page with a list rules narrow (a rule on a page without one is refused)
      component: 'system/SysPositionList',
    });
    const btn = await created({ menuType: 2, name: '删除钮', parentId: mid, perms: 'del:btn' });
    const rule = await t.call('POST', '/sys/permission/addPermissionRule', {
      token: admin,
      body: {
        permissionId: mid,
        ruleName: '删规则',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: 'x',
      },
    });
    expect(rule.body).toMatchObject({ success: true });
    const r = await t.call('DELETE', '/sys/permission/delete', { token: admin, query: { id: mid } });
    expect(r.body).toMatchObject({ success: true, message: MENU_MSG.deleted });
    expect(await row(mid)).toBeUndefined();
    expect(await row(btn)).toBeUndefined();
    expect((await row(top))!.isLeaf).toBe(true);
    const rules = await t.call('GET', '/sys/permission/queryPermissionRule', {
      token: admin,
      query: { permissionId: mid },
    });
    expect(rules.body.result).toEqual([]);
    const again = await t.call('DELETE', '/sys/permission/delete', { token: admin, query: { id: mid } });
    expect(again.body).toMatchObject({ success: false, message: MENU_MSG.notFound });
  });

  it('refuses deleting or renaming the product’s own permission codes (nothing deleted)', async () => {
    const all = flat(await tree());
    const system = all.find((n) => n.name === '系统管理')!;
    const userAdd = all.find((n) => n.perms === 'user:add')!;
    const batch = await t.call('DELETE', '/sys/permission/deleteBatch', {
      token: admin,
      query: { ids: `${system.id},${userAdd.id}` },
    });
    expect(batch.body).toMatchObject({ success: false });
    expect(batch.body.message).toMatch(/系统内置/);
    expect(await row(system.id)).toBeDefined();
    const renamed = await edit({ id: userAdd.id, menuType: 2, name: '添加用户', perms: 'user:add2' });
    expect(renamed.body.message).toBe(MENU_MSG.builtinPerms('user:add'));
    const disabled = await edit({
      id: userAdd.id,
      menuType: 2,
      name: '添加用户',
      perms: 'user:add',
      status: '0',
    });
    expect(disabled.body.message).toBe(MENU_MSG.builtinPerms('user:add'));
    const retyped = await edit({
      id: userAdd.id,
      menuType: 1,
      name: '添加用户',
      url: '/x',
      component: 'x/Y',
    });
    expect(retyped.body.message).toBe(MENU_MSG.builtinPerms('user:add'));
    const retitled = await edit({
      id: userAdd.id,
      menuType: 2,
      name: '新增用户',
      perms: 'user:add',
      permsType: '2',
    });
    expect(retitled.body).toMatchObject({ success: true });
    expect(await row(userAdd.id)).toMatchObject({ name: '新增用户', permsType: '2' });
  });

  it('deleteBatch removes several menus; queryById answers one row', async () => {
    const x = await created({ menuType: 0, name: '批删X', url: '/bx' });
    const y = await created({ menuType: 0, name: '批删Y', url: '/by' });
    const one = await t.call('GET', '/sys/permission/queryById', { token: admin, query: { id: x } });
    expect(one.body).toMatchObject({
      success: true,
      result: { id: x, name: '批删X', url: '/bx', leaf: true },
    });
    const r = await t.call('DELETE', '/sys/permission/deleteBatch', {
      token: admin,
      query: { ids: `${x},${y},` },
    });
    expect(r.body).toMatchObject({ success: true });
    expect(await row(x)).toBeUndefined();
    expect(await row(y)).toBeUndefined();
    const refused = await t.call('DELETE', '/sys/permission/deleteBatch', {
      token: staff,
      query: { ids: x },
    });
    expect(refused.body).toMatchObject({ code: 510 });
  });
});
