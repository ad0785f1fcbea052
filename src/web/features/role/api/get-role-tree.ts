import { queryOptions } from '@tanstack/react-query';
import { callTo } from '../../../lib/api-client.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { ROLE } from '../../../../shared/resources/role.ts';
import type { RoleTree } from '../../../../shared/role.ts';

/** The authorisation tree: every menu and button (GET /sys/role/queryTreeList). */
export const roleTreeQuery = () =>
  queryOptions({
    queryKey: [...ROLE.queryKey, 'tree'],
    queryFn: () => callTo<RoleTree>(ENDPOINTS.role.queryTreeList),
    staleTime: 0,
  });
