import { queryOptions } from '@tanstack/react-query';
import { callTo } from '../../../lib/api-client.ts';
import type { UserRow } from './get-users.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: () => callTo<UserRow>(ENDPOINTS.user.queryById, { query: { id } }),
  });

export const userRolesQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'roles', id],
    queryFn: () =>
      callTo<string[]>(ENDPOINTS.user.queryUserRole, { query: { userid: id } }).catch(() => [] as string[]),
  });

export const userDepartsQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'departs', id],
    queryFn: () =>
      callTo<Array<{ key: string; title: string }>>(ENDPOINTS.user.userDepartList, {
        query: { userId: id },
      }).catch(() => [] as Array<{ key: string; title: string }>),
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['roles', 'all'],
    queryFn: () => callTo<Array<{ id: string; roleName: string; roleCode: string }>>(ENDPOINTS.role.queryall),
    staleTime: 60_000,
  });

export interface DepartNode {
  key: string;
  title: string;
  children: DepartNode[];
}

export const departTreeQuery = () =>
  queryOptions({
    queryKey: ['departs', 'idTree'],
    queryFn: () => callTo<DepartNode[]>(ENDPOINTS.depart.queryIdTree),
    staleTime: 60_000,
  });
