import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../../shared/api.ts';
import { callTo } from '../../../lib/api-client.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { ROLE } from '../../../../shared/resources/role.ts';

/** A member of a role as the list shows it. */
export interface RoleUser {
  id: string;
  username: string;
  realname: string | null;
  phone: string | null;
  status_dictText?: string | null;
}

/** One page of a role's users (GET /sys/user/userRoleList). */
export const roleUsersQuery = (
  roleId: string,
  params: { username: string; pageNo: number; pageSize: number },
) =>
  queryOptions({
    queryKey: [...ROLE.queryKey, 'users', roleId, params],
    queryFn: () => callTo<Page<RoleUser>>(ENDPOINTS.role.userRoleList, { query: { roleId, ...params } }),
    enabled: roleId !== '',
    placeholderData: keepPreviousData,
  });
