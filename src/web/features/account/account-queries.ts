import { queryOptions } from '@tanstack/react-query';
import type { OwnLogin, OwnSession, Prefs } from '../../../shared/account.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { ACCOUNT_KEYS, type OwnProfile } from '../../../../commands/account/targets.ts';
import { callTo } from '../../lib/api-client.ts';

/** The reads of the 账户设置 pages, keyed as the account commands invalidate them. */
export const profileQuery = () =>
  queryOptions({
    queryKey: [...ACCOUNT_KEYS.profile],
    queryFn: () => callTo<OwnProfile>(ENDPOINTS.self.profile),
  });
export const sessionsQuery = () =>
  queryOptions({
    queryKey: [...ACCOUNT_KEYS.sessions],
    queryFn: () => callTo<OwnSession[]>(ENDPOINTS.self.sessions),
  });
export const loginsQuery = () =>
  queryOptions({
    queryKey: [...ACCOUNT_KEYS.logins],
    queryFn: () => callTo<OwnLogin[]>(ENDPOINTS.self.logins),
  });
export const prefsQuery = () =>
  queryOptions({ queryKey: [...ACCOUNT_KEYS.prefs], queryFn: () => callTo<Prefs>(ENDPOINTS.self.prefs) });
