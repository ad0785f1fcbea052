import type { Page } from '../../src/shared/api.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { ROLE } from '../../src/shared/resources/role.ts';
import { flattenTree, permissionLabel, type RoleTree, type RoleTreeNode } from '../../src/shared/role.ts';
import type { CommandContext, TableColumn } from '../core/types.ts';
import { findByRef } from '../resources/generate.ts';

/** A role as the role list answers it. */
export interface RoleRef extends Record<string, unknown> {
  id: string;
  roleCode: string;
  roleName: string;
}

/** A member of a role (GET /sys/user/userRoleList). */
export interface RoleMember extends Record<string, unknown> {
  id: string;
  username: string;
  realname: string | null;
  status_dictText?: string;
}

/** The role named by id or code (role list); `角色不存在` otherwise. */
export const findRole = (ctx: CommandContext, word: string) => findByRef<RoleRef>(ctx, ROLE, word);

/** The query key prefix of every role read (list, members, grants). */
export const ROLES_KEY = ROLE.queryKey;

/** Every member of a role (the whole list, for lookups). */
export async function roleMembers(ctx: CommandContext, roleId: string): Promise<RoleMember[]> {
  const page = await invoke<Page<RoleMember>>(ctx.api, ENDPOINTS.role.userRoleList, {
    roleId,
    pageNo: 1,
    pageSize: 1000,
  });
  return page.records;
}

export const MEMBER_COLUMNS: TableColumn[] = [
  { key: 'username', title: '账号' },
  { key: 'realname', title: '姓名' },
  { key: 'status_dictText', title: '状态' },
];

export const PERMISSION_COLUMNS: TableColumn[] = [
  { key: 'name', title: '名称' },
  { key: 'kind', title: '类型' },
  { key: 'perms', title: '权限编码' },
  { key: 'url', title: '路径' },
];

const KIND = ['一级菜单', '子菜单', '按钮'];

/** A permission as a row of the terminal's table. */
export const permissionRow = (n: RoleTreeNode) => ({
  id: n.key,
  name: n.slotTitle,
  kind: KIND[n.menuType] ?? '',
  perms: n.perms ?? '',
  url: n.url ?? '',
});

/** Every permission of the authorisation tree, parents before children. */
export async function permissionNodes(ctx: CommandContext): Promise<RoleTreeNode[]> {
  return flattenTree((await invoke<RoleTree>(ctx.api, ENDPOINTS.role.queryTreeList)).treeList);
}

/**
 * The permissions a word names: an id, a permission code (`user:add`), a menu path
 * (`/isystem/user`) or a name; a name several rows carry (`添加`) must be told apart by
 * `菜单名/按钮名` or by its code.
 */
export function findPermissions(nodes: readonly RoleTreeNode[], word: string): RoleTreeNode {
  const byId = new Map(nodes.map((n) => [n.key, n]));
  const codes = (n: RoleTreeNode) => (n.perms ?? '').split(',').map((c) => c.trim());
  let hits = nodes.filter((n) => n.key === word || codes(n).includes(word) || n.url === word);
  if (hits.length === 0) {
    const [parentName, name] = word.includes('/') ? word.split('/', 2) : [undefined, word];
    hits = nodes.filter(
      (n) => n.slotTitle === name && (!parentName || byId.get(n.parentId ?? '')?.slotTitle === parentName),
    );
  }
  // a menu and its own button may share a path (a button without url never does)
  if (hits.length > 1 && hits.some((n) => n.menuType !== 2)) hits = hits.filter((n) => n.menuType !== 2);
  if (hits.length === 0) throw new Error(`权限不存在: ${word}`);
  if (hits.length > 1)
    throw new Error(
      `权限“${word}”不唯一（${hits
        .slice(0, 4)
        .map((n) => `${byId.get(n.parentId ?? '')?.slotTitle ?? ''}/${permissionLabel(n)}`)
        .join('、')}），请用权限编码、菜单路径或“菜单名/按钮名”`,
    );
  return hits[0]!;
}

/** A node with every node below it. */
export function withDescendants(node: RoleTreeNode): RoleTreeNode[] {
  return flattenTree([node]);
}

/** Open a widget of the role page; false when it is not on screen (another page is open). */
export async function opened(
  ctx: CommandContext,
  widget: string,
  props: Record<string, unknown>,
): Promise<boolean> {
  try {
    await ctx.open!(widget, props);
    return true;
  } catch {
    return false;
  }
}
