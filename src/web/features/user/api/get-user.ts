import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { UserRow } from './get-users.ts';

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: () => call<UserRow>('GET', '/sys/user/queryById', { query: { id } }),
  });

export const userRolesQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'roles', id],
    queryFn: () =>
      call<string[]>('GET', '/sys/user/queryUserRole', { query: { userid: id } }).catch(() => [] as string[]),
  });

export const userDepartsQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'departs', id],
    queryFn: () =>
      call<Array<{ key: string; title: string }>>('GET', '/sys/user/userDepartList', {
        query: { userId: id },
      }).catch(() => [] as Array<{ key: string; title: string }>),
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['roles', 'all'],
    queryFn: () =>
      call<Array<{ id: string; roleName: string; roleCode: string }>>('GET', '/sys/role/queryall'),
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
    queryFn: () => call<DepartNode[]>('GET', '/sys/sysDepart/queryIdTree'),
    staleTime: 60_000,
  });
