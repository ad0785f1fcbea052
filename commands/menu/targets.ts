import { invoke } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import type { PermissionTreeNode } from '../../src/shared/permission-menu.ts';
import type { CommandContext, TableColumn } from '../core/types.ts';

/** The query key prefix of 菜单管理's reads (the tree, a menu's data rules). */
export const MENUS_KEY = ['permission-tree'] as const;

/** Menu type names (dict `menu_type`). */
export const MENU_KIND = ['一级菜单', '子菜单', '按钮权限'];

/** A row of the menu tree, flattened, with its depth. */
export type MenuEntry = PermissionTreeNode & { depth: number };

const flatten = (nodes: PermissionTreeNode[], depth = 0): MenuEntry[] =>
  nodes.flatMap((n) => [{ ...n, depth }, ...flatten(n.children ?? [], depth + 1)]);

/** The whole menu tree (GET /sys/permission/list), flat in tree order. */
export const allMenus = async (ctx: CommandContext): Promise<MenuEntry[]> =>
  flatten(await invoke<PermissionTreeNode[]>(ctx.api, ENDPOINTS.permission.list));

/**
 * The one menu or button a word names: its id, its url, its permission code, or its (unique) name;
 * `父/子` names a row by its parent's name too.
 */
export function findMenu(all: MenuEntry[], word: string): MenuEntry {
  const w = word.trim();
  const byId = new Map(all.map((m) => [m.id, m]));
  const pathOf = (m: MenuEntry): string =>
    m.parentId && byId.has(m.parentId) ? `${pathOf(byId.get(m.parentId)!)}/${m.name}` : m.name;
  const hits = all.filter(
    (m) =>
      m.id === w ||
      m.url === w ||
      m.perms === w ||
      m.name === w ||
      (w.includes('/') && pathOf(m).endsWith(w)),
  );
  if (hits.length === 0) throw new Error(`菜单不存在: ${w}`);
  const exact = hits.filter((m) => m.id === w || m.url === w || m.perms === w);
  if (exact.length === 1) return exact[0]!;
  if (hits.length > 1) throw new Error(`菜单“${w}”不唯一，请用路径、授权标识或id`);
  return hits[0]!;
}

/** Columns the terminal shows for menus. */
export const MENU_COLUMNS: TableColumn[] = [
  { key: 'title', title: '菜单名称' },
  { key: 'kind', title: '类型' },
  { key: 'target', title: '路径 / 授权标识' },
  { key: 'component', title: '组件' },
  { key: 'sortNo', title: '排序', format: 'number' },
  { key: 'id', title: 'id' },
];

/** A menu as a row of the terminal's table (the name indented by its depth). */
export const menuRow = (m: MenuEntry) => ({
  id: m.id,
  title: `${'  '.repeat(m.depth)}${m.name}`,
  kind: MENU_KIND[m.menuType] ?? '',
  target: m.menuType === 2 ? (m.perms ?? '') : (m.url ?? ''),
  component: m.component ?? '',
  sortNo: m.sortNo,
});
