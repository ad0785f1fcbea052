import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../../shared/api.ts';
import { call } from '../../../lib/api-client.ts';

/** A user row of GET /sys/user/list (with `_dictText` siblings). */
export interface UserRow {
  id: string;
  username: string;
  realname: string | null;
  sex: number | null;
  sex_dictText: string | null;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  orgCodeTxt: string | null;
  status: number;
  status_dictText: string | null;
  workNo: string | null;
  post: string | null;
  createTime: string | null;
  [key: string]: unknown;
}

export type UsersQuery = Record<string, string | number | undefined>;

/** The query key prefix the user commands invalidate (commands/user/targets.ts USERS_KEY). */
export const usersQuery = (params: UsersQuery) =>
  queryOptions({
    queryKey: ['users', 'list', params],
    queryFn: () => call<Page<UserRow>>('GET', '/sys/user/list', { query: params }),
    placeholderData: keepPreviousData,
  });
