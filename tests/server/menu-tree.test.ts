import { describe, expect, it } from 'vitest';
import { buildMenuTree, buttonAuth } from '../../src/server/lib/access/menu-tree.ts';
import type { PermissionRow } from '../../src/server/repos/permissions.ts';
import { md5Hex } from '../../src/server/lib/query/ids.ts';

let seq = 0;
function row(p: Partial<PermissionRow>): PermissionRow {
  seq += 1;
  return {
    id: `id${seq}`,
    parentId: null,
    name: `menu${seq}`,
    url: `/m${seq}`,
    component: `views/M${seq}`,
    componentName: null,
    redirect: null,
    menuType: 0,
    perms: null,
    permsType: '1',
    sortNo: seq,
    alwaysShow: false,
    icon: null,
    isRoute: true,
    isLeaf: true,
    keepAlive: false,
    hidden: false,
    hideTab: false,
    description: null,
    delFlag: 0,
    ruleFlag: 0,
    status: '1',
    internalOrExternal: false,
    createBy: null,
    createTime: null,
    updateBy: null,
    updateTime: null,
    ...p,
  };
}

describe('buildMenuTree (jeecg-api.md §4.1)', () => {
  it('builds the node shape: route flag string, name from url, componentName, redirect on roots only', () => {
    const root = row({
      id: 'r',
      name: '系统管理',
      url: '/isystem',
      component: 'layouts/RouteView',
      icon: 'setting',
    });
    const child = row({
      id: 'c',
      parentId: 'r',
      menuType: 1,
      name: '用户管理',
      url: '/isystem/user',
      component: 'system/UserList',
    });
    const [node] = buildMenuTree([root, child]);
    expect(node).toEqual({
      id: 'r',
      route: '1',
      path: '/isystem',
      name: 'isystem',
      component: 'layouts/RouteView',
      redirect: null,
      meta: {
        keepAlive: false,
        internalOrExternal: false,
        title: '系统管理',
        componentName: 'RouteView',
        icon: 'setting',
      },
      children: [
        {
          id: 'c',
          route: '1',
          path: '/isystem/user',
          name: 'isystem-user',
          component: 'system/UserList',
          meta: { keepAlive: false, internalOrExternal: false, title: '用户管理', componentName: 'UserList' },
        },
      ],
    });
    expect(node!.children![0]).not.toHaveProperty('redirect');
    expect(node!.children![0]).not.toHaveProperty('hidden');
    expect(node!.children![0]).not.toHaveProperty('alwaysShow');
  });

  it('prefers component_name, maps ":" to "@", flags route "0", alwaysShow and hideTab', () => {
    const [a, b] = buildMenuTree([
      row({ url: '/online/cgformList/:code', componentName: null, isRoute: false, alwaysShow: true }),
      row({ url: '/x/y', componentName: 'Custom', hideTab: true }),
    ]);
    expect(a).toMatchObject({ name: 'online-cgformList-@code', route: '0', alwaysShow: true });
    expect(b).toMatchObject({ name: 'Custom', meta: { componentName: 'Custom', hideTab: true } });
  });

  it('gives external urls an md5 path and meta.url', () => {
    const url = "{{ window._CONFIG['domianURL'] }}/druid/";
    const [n] = buildMenuTree([row({ url, component: 'layouts/IframePageView' })]);
    expect(n!.path).toBe(md5Hex(url));
    expect(n!.meta.url).toBe(url);
    const [h] = buildMenuTree([row({ url: 'https://example.com/doc' })]);
    expect(h!.path).toBe(md5Hex('https://example.com/doc'));
  });

  it('never sends a null component', () => {
    const [n] = buildMenuTree([row({ component: null })]);
    expect(n!.component).toBe('layouts/RouteView');
  });

  it('marks hidden nodes and hides a root whose children are all hidden, replacing its meta', () => {
    const root = row({ id: 'acc', name: '个人页', url: '/account' });
    const kids = [
      row({ parentId: 'acc', menuType: 1, hidden: true }),
      row({ parentId: 'acc', menuType: 1, hidden: true }),
    ];
    const [n] = buildMenuTree([root, ...kids]);
    expect(n!.hidden).toBe(true);
    expect(n!.meta).toEqual({ hideMenu: true });
    expect(n!.children![0]).toMatchObject({ hidden: true, meta: { hideMenu: true, title: kids[0]!.name } });
    const mixedRoot = row({ id: 'mix' });
    const [m] = buildMenuTree([
      mixedRoot,
      row({ parentId: 'mix', menuType: 1, hidden: true }),
      row({ parentId: 'mix', menuType: 1 }),
    ]);
    expect(m!.hidden).toBeUndefined();
  });

  it('excludes buttons, keeps order, and drops rows whose parent is not granted', () => {
    const root = row({ id: 'p' });
    const btn = row({ parentId: 'p', menuType: 2, perms: 'x:add', url: null });
    const orphan = row({ parentId: 'not-granted', menuType: 1 });
    const second = row({});
    const tree = buildMenuTree([root, btn, orphan, second]);
    expect(tree.map((n) => n.id)).toEqual(['p', second.id]);
    expect(tree[0]!.children).toBeUndefined();
  });
});

describe('buttonAuth', () => {
  it('lists granted enabled buttons in auth and every button in allAuth with its status', () => {
    const add = row({ menuType: 2, perms: 'user:add', name: '添加', permsType: '1' });
    const off = row({ menuType: 2, perms: 'user:edit', name: '编辑', status: '0', permsType: '2' });
    const other = row({ menuType: 2, perms: 'user:delete', name: '删除' });
    const { auth, allAuth } = buttonAuth([add, off], [add, off, other]);
    expect(auth).toEqual([{ action: 'user:add', type: '1', describe: '添加' }]);
    expect(allAuth).toEqual([
      { action: 'user:add', status: '1', type: '1', describe: '添加' },
      { action: 'user:edit', status: '0', type: '2', describe: '编辑' },
      { action: 'user:delete', status: '1', type: '1', describe: '删除' },
    ]);
  });
});
