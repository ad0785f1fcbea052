import { queryOptions } from '@tanstack/react-query';
import { callTo } from '../../../lib/api-client.ts';
import { TENANT_QUERY_LIST } from '../../../../shared/resources/tenant.ts';

export interface TenantChoice {
  id: number;
  name: string;
}

/** The active tenants the caller may give a user (GET /sys/tenant/queryList). */
export const tenantChoicesQuery = () =>
  queryOptions({
    queryKey: ['resource:tenant', 'choices'],
    queryFn: () => callTo<TenantChoice[]>(TENANT_QUERY_LIST),
    staleTime: 60_000,
  });
