/**
 * Roles and their grants, shared by the server, the role page and the role commands: messages,
 * the role code rule, the authorisation tree's node (GET /sys/role/queryTreeList) and the diff of
 * a grant save (POST /sys/permission/saveRolePermission).
 */
import type { PatternRule } from './validation.ts';

/** The role whose members hold every permission, also rows created after the grant. */
export const ADMIN_ROLE_CODE = 'admin';

/** Role codes are typed in the terminal (`role grant <roleCode> …`): a letter, then letters, digits, `_`. */
export const ROLE_CODE_RULE: PatternRule = {
  pattern: /^[A-Za-z][A-Za-z0-9_]*$/,
  message: '角色编码须以字母开头，只允许字母、数字、下划线',
};

/** The first few names of a refusal, then how many in all. */
const few = (names: string[]) =>
  `${names.slice(0, 3).join('，')}${names.length > 3 ? ` 等 ${names.length} 项` : ''}`;

/** The writes to another user the grant limit guards, as a refusal words them. */
export type UserWrite = '重置其密码' | '编辑' | '冻结' | '删除' | '移入部门' | '移出部门';

export const ROLE_MSG = {
  codeTaken: '角色编码已存在',
  codeFree: '该值可用！',
  codeFixed: '角色编码保存后不能修改',
  deleted: '删除角色成功',
  deletedBatch: '删除角色成功!',
  adminKept: '不能删除管理员角色（admin）',
  chooseRole: '请选择角色',
  roleNotFound: '角色不存在',
  noRoles: '未找到角色信息',
  saved: '保存成功！',
  usersAdded: '添加成功!',
  usersRemoved: '删除成功!',
  chooseUsers: '请选择用户',
  tooMany: '一次最多保存 5000 项权限',
  badIds: '权限id格式不正确',
  unknownPermission: (ids: string[]) => `权限不存在或已删除：${ids.join('，')}`,
  unknownUser: (names: string[]) => `用户不存在：${names.join('，')}`,
  /** the grant limit: nobody hands out a right they do not hold */
  grantLimit: (names: string[]) =>
    `不能授予您自己没有的权限：${names.slice(0, 5).join('，')}${names.length > 5 ? ` 等 ${names.length} 项` : ''}`,
  /** adding users to a role grants them its rights: the same limit */
  roleGrantLimit: (role: string, names: string[]) =>
    `角色“${role}”拥有您没有的权限（${few(names)}），不能为其添加用户`,
  /** changing a role's grants or data rules, or taking members out of it: the same limit */
  roleEditLimit: (role: string, names: string[]) =>
    `不能修改权限超出您自身的角色：角色“${role}”拥有您没有的权限（${few(names)}）`,
  /** the admin role holds every right, also those created later */
  adminRoleOnly: '只有管理员角色的成员才能修改管理员角色或增减其成员',
  /** a department role or department holding rights the caller lacks */
  departRoleEditLimit: (role: string, names: string[]) =>
    `不能修改权限超出您自身的部门角色：部门角色“${role}”拥有您没有的权限（${few(names)}）`,
  departEditLimit: (names: string[]) =>
    `不能修改权限超出您自身的部门授权：该部门拥有您没有的权限（${few(names)}）`,
  /** writing to a user who holds rights the caller lacks (names empty: an admin-role member) */
  userLimit: (user: string, action: UserWrite, names: string[]) =>
    `用户“${user}”的权限超出您自身（${names.length ? `拥有您没有的权限：${few(names)}` : '管理员角色成员'}），不能${action}`,
} as const;

/**
 * A node of the authorisation tree. JeecgBoot's TreeModel of /sys/role/queryTreeList: `key` = `value`
 * = id, `slotTitle` = name, no `title`, leaves with `children: null`. `menuType`, `perms` and `url`
 * are ours (the commands name permissions by them; JeecgBoot's clients ignore them); `disabled` marks
 * a permission the caller does not hold and so may not grant.
 */
export interface RoleTreeNode {
  key: string;
  value: string;
  parentId: string | null;
  slotTitle: string;
  icon: string | null;
  ruleFlag: number;
  isLeaf: boolean;
  scopedSlots: { title: 'hasDatarule' };
  children: RoleTreeNode[] | null;
  /** 0 root menu, 1 sub menu, 2 button */
  menuType: number;
  perms: string | null;
  url: string | null;
  disabled?: boolean;
}

/** The answer of GET /sys/role/queryTreeList. */
export interface RoleTree {
  treeList: RoleTreeNode[];
  /** every permission id (全部勾选) */
  ids: string[];
}

/** Every node of a tree, depth first (parents before children). */
export function flattenTree(nodes: readonly RoleTreeNode[]): RoleTreeNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children ?? [])]);
}

/** A comma list (or array) of ids as a set, blanks dropped. */
export function idSet(v: unknown): Set<string> {
  const items = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [];
  return new Set(items.map((s) => s.trim()).filter(Boolean));
}

/**
 * The difference a grant save makes (JeecgBoot's saveRolePermission): links to add are in the new
 * list and not the last one, links to delete in the last list and not the new one; every other link
 * of the role is left as it is (with its data rules).
 */
export function grantDiff(permissionIds: unknown, lastpermissionIds: unknown) {
  const next = idSet(permissionIds);
  const last = idSet(lastpermissionIds);
  return {
    add: [...next].filter((id) => !last.has(id)),
    remove: [...last].filter((id) => !next.has(id)),
  };
}

/** How a permission reads to a person: `菜单名` or `菜单名（code）` for a button. */
export const permissionLabel = (n: Pick<RoleTreeNode, 'slotTitle' | 'perms' | 'menuType'>) =>
  n.menuType === 2 && n.perms ? `${n.slotTitle}（${n.perms}）` : n.slotTitle;
