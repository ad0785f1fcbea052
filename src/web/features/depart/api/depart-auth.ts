import { queryOptions } from '@tanstack/react-query';
import { callTo } from '../../../lib/api-client.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import type { RoleTree, RoleTreeNode } from '../../../../shared/role.ts';
import type { DepartRoleRow } from '../../../../shared/depart-role.ts';
import { DEPART_PERMS_KEY } from '../../../../../commands/dept/perm.ts';
import { DEPART_ROLES_KEY } from '../../../../../commands/dept/role/roles.ts';

const EP = ENDPOINTS.departRole;
/** the server's trees leave a root's parentId '' (the tree component reads null) */
const rooted = (tree: RoleTree | null): RoleTree => {
  const fix = (nodes: RoleTreeNode[] | null): RoleTreeNode[] | null =>
    nodes
      ? nodes.map((n) => ({
          ...n,
          parentId: n.parentId || null,
          url: n.url ?? null,
          children: fix(n.children),
        }))
      : null;
  return { treeList: fix(tree?.treeList ?? []) ?? [], ids: tree?.ids ?? [] };
};

/** What the caller may hand out to a department. */
export const grantableTreeQuery = () =>
  queryOptions({
    queryKey: [...DEPART_PERMS_KEY, 'grantable'],
    queryFn: async () => rooted(await callTo<RoleTree>(EP.grantableTree)),
    staleTime: 0,
  });

export const departPermissionsQuery = (departId: string) =>
  queryOptions({
    queryKey: [...DEPART_PERMS_KEY, departId],
    queryFn: async () => (await callTo<string[]>(EP.queryDepartPermission, { query: { departId } })) ?? [],
    staleTime: 0,
  });

/** A department's own permissions (what its roles may get). */
export const deptRoleTreeQuery = (departId: string) =>
  queryOptions({
    queryKey: [...DEPART_PERMS_KEY, 'role-tree', departId],
    queryFn: async () => rooted(await callTo<RoleTree>(EP.queryTreeListForDeptRole, { query: { departId } })),
    staleTime: 0,
  });

export const departRolesQuery = (departId: string) =>
  queryOptions({
    queryKey: [...DEPART_ROLES_KEY, departId],
    queryFn: async () => (await callTo<DepartRoleRow[]>(EP.getDeptRoleList, { query: { departId } })) ?? [],
    staleTime: 0,
  });

export const deptRolePermissionsQuery = (roleId: string) =>
  queryOptions({
    queryKey: [...DEPART_ROLES_KEY, 'perms', roleId],
    queryFn: async () => (await callTo<string[]>(EP.queryDeptRolePermission, { query: { roleId } })) ?? [],
    staleTime: 0,
  });

export interface RoleUser {
  id: string;
  username: string;
  realname: string | null;
}
export const deptRoleUsersQuery = (roleId: string) =>
  queryOptions({
    queryKey: [...DEPART_ROLES_KEY, 'users', roleId],
    queryFn: async () =>
      (await callTo<{ records: RoleUser[] }>(EP.userList, { query: { roleId, pageSize: 200 } }))?.records ??
      [],
    staleTime: 0,
  });
