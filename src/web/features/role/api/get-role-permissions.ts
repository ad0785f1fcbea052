import { queryOptions } from '@tanstack/react-query';
import { callTo } from '../../../lib/api-client.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { ROLE } from '../../../../shared/resources/role.ts';

/** The permission ids granted to a role (GET /sys/permission/queryRolePermission). */
export const rolePermissionsQuery = (roleId: string) =>
  queryOptions({
    queryKey: [...ROLE.queryKey, 'permissions', roleId],
    queryFn: () => callTo<string[]>(ENDPOINTS.role.queryRolePermission, { query: { roleId } }),
    enabled: roleId !== '',
    staleTime: 0,
  });
