import { describe, expect, it } from 'vitest';
import {
  indexMenu,
  matchPath,
  navCommandId,
  navigablePages,
  type MenuNode,
} from '../../../src/web/shell/menus/menu-model.ts';

// the browser globals the model reads
// assigned, not defaulted: with the unit tier's shared globals another file may have set its own window
globalThis.window = { location: { origin: 'http://host:8080' } } as never;

const node = (path: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path,
  route: '1',
  path,
  name: path.replace(/^\//, '').replace(/\//g, '-'),
  component: 'views/X',
  meta: { title },
  ...extra,
});

const MENU: MenuNode[] = [
  node('/dashboard/analysis', '首页', { component: 'dashboard/Analysis' }),
  node('/isystem', '系统管理', {
    component: 'layouts/RouteView',
    children: [
      node('/isystem/user', '用户管理', { component: 'system/UserList' }),
      node('/isystem/hidden', '隐藏', { hidden: true }),
    ],
  }),
  node('/noroute', '只显示', { route: '0' }),
  node('/account/settings', '个人设置', {
    component: 'layouts/RouteView',
    alwaysShow: true,
    redirect: '/account/settings/base',
    children: [node('/account/settings/base', '基本设置', { hidden: true })],
  }),
  node('6f0b…', 'SQL监控', {
    component: 'layouts/IframePageView',
    meta: { title: 'SQL监控', url: "{{ window._CONFIG['domianURL'] }}/druid/?t=${token}" },
  }),
];

const env = { apiBase: '/jeecg-boot', token: 'tok en' };

describe('menu model (spec §2 dynamic routes)', () => {
  it('skips route "0", nests children and redirects folders to their first visible child', () => {
    const index = indexMenu(MENU, env);
    expect(index.has('/noroute')).toBe(false);
    expect(matchPath(index, '/isystem')?.redirect).toBe('/isystem/user');
    expect(matchPath(index, '/isystem/user/')?.parents.map((p) => p.meta.title)).toEqual(['系统管理']);
    expect(matchPath(index, '/account/settings')?.redirect).toBe('/account/settings/base');
  });

  it('evaluates only the known url placeholders', () => {
    const entry = indexMenu(MENU, env).get('6f0b…')!;
    // the access token never goes into a URL (it would reach logs, history and Referer headers)
    expect(entry.url).toBe('http://host:8080/jeecg-boot/druid/?t=');
    expect(entry.url).not.toContain('tok');
    const evil = indexMenu([node('/e', 'e', { meta: { title: 'e', url: '{{ alert(1) }}/x' } })], env).get(
      '/e',
    )!;
    expect(evil.url).toBe('/x');
  });

  it('lists the navigable pages for navigation commands (no folders, no hidden pages)', () => {
    const titles = navigablePages(indexMenu(MENU, env)).map((e) => e.title);
    expect(titles).toEqual(['首页', '用户管理', 'SQL监控']);
  });

  it('leaves out the pages of a hidden folder (the 403/404/500 exception pages)', () => {
    const menu = [
      ...MENU,
      node('/exception', '异常页', {
        component: 'layouts/RouteView',
        hidden: true,
        children: [node('/exception/403', '403'), node('/exception/404', '404')],
      }),
    ];
    const index = indexMenu(menu, env);
    expect(navigablePages(index).map((e) => e.title)).toEqual(['首页', '用户管理', 'SQL监控']);
    // still routable by their URL
    expect(matchPath(index, '/exception/403')?.title).toBe('403');
  });

  it('derives valid, stable navigation command ids', () => {
    expect(navCommandId('/isystem/user')).toBe('nav.isystemUser');
    expect(navCommandId('/exception/403')).toBe('nav.exception403');
    expect(navCommandId('/yy/order/visit')).toBe('nav.yyOrderVisit');
    expect(navCommandId('/403')).toBe('nav.p403');
  });
});
