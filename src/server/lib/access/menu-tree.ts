import type { PermissionRow } from '../../repos/permissions.ts';
import { md5Hex } from '../query/ids.ts';
import type { MenuMeta, MenuNode } from '../../../shared/menu.ts';

export type { MenuNode };

const isExternal = (url: string) => /^(https?:\/\/|\{\{)/.test(url);

function routeName(row: PermissionRow): string {
  if (row.componentName) return row.componentName;
  return (row.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function node(row: PermissionRow, isRoot: boolean): MenuNode {
  const url = row.url ?? '';
  const component = row.component || 'layouts/RouteView';
  const meta: MenuMeta = {
    keepAlive: row.keepAlive,
    internalOrExternal: row.internalOrExternal,
    title: row.name,
    componentName: row.componentName || component.split('/').pop(),
  };
  if (row.icon) meta.icon = row.icon;
  if (row.hideTab) meta.hideTab = true;
  const n: MenuNode = {
    id: row.id,
    route: row.isRoute ? '1' : '0',
    path: isExternal(url) ? md5Hex(url) : url,
    name: routeName(row),
    component,
    meta,
  };
  if (isExternal(url)) meta.url = url;
  if (isRoot || row.redirect) n.redirect = row.redirect ?? null;
  if (row.hidden) {
    n.hidden = true;
    meta.hideMenu = true;
  }
  if (row.alwaysShow) n.alwaysShow = true;
  return n;
}

/**
 * Build the menu tree from the user's granted rows (already ordered by sort_no). Buttons are
 * excluded; children are nested; rows whose parent is not granted are dropped; a root whose
 * children are all hidden becomes hidden with meta `{ hideMenu: true }`.
 */
export function buildMenuTree(rows: PermissionRow[]): MenuNode[] {
  const menus = rows.filter((r) => r.menuType === 0 || r.menuType === 1);
  const byParent = new Map<string, PermissionRow[]>();
  for (const r of menus) {
    const key = r.parentId || '';
    if (!byParent.has(key)) byParent.set(key, []);
    byParent.get(key)!.push(r);
  }
  const build = (row: PermissionRow, isRoot: boolean): MenuNode => {
    const n = node(row, isRoot);
    const kids = byParent.get(row.id);
    if (kids?.length) n.children = kids.map((k) => build(k, false));
    return n;
  };
  const roots = (byParent.get('') ?? []).map((r) => build(r, true));
  for (const root of roots) {
    if (root.children?.length && root.children.every((c) => c.hidden)) {
      root.hidden = true;
      root.meta = { hideMenu: true };
    }
  }
  return roots;
}

/** `auth`: the user's enabled button rows; `allAuth`: every button row with its status. */
export function buttonAuth(granted: PermissionRow[], all: PermissionRow[]) {
  const auth = granted
    .filter((r) => r.menuType === 2 && r.status === '1' && r.perms)
    .map((r) => ({ action: r.perms!, type: r.permsType ?? '1', describe: r.name }));
  const allAuth = all
    .filter((r) => r.perms)
    .map((r) => ({ action: r.perms!, status: r.status ?? '1', type: r.permsType ?? '1', describe: r.name }));
  return { auth, allAuth };
}
