import { queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../../shared/api.ts';
import { callTo } from '../../../lib/api-client.ts';
import type { DepartIdNode } from './depart-options.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

/** A user found by the user picker (value = username). */
export interface PickedUser {
  id: string;
  username: string;
  realname: string | null;
}

/** The department tree the department picker offers. */
export const departIdTreeQuery = () =>
  queryOptions({
    queryKey: ['superQuery', 'departIdTree'],
    queryFn: () => callTo<DepartIdNode[]>(ENDPOINTS.depart.queryIdTree),
    staleTime: 60_000,
  });

/** Users whose real name contains `text` (the first 10). */
export const userSearchQuery = (text: string) =>
  queryOptions({
    queryKey: ['superQuery', 'users', text],
    queryFn: async () =>
      (
        await callTo<Page<PickedUser>>(ENDPOINTS.user.queryUserComponentData, {
          query: { realname: `*${text}*`, pageNo: 1, pageSize: 10 },
        })
      ).records,
    enabled: text.trim() !== '',
    staleTime: 30_000,
  });
