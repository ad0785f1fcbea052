import { queryOptions } from '@tanstack/react-query';
import { callTo, setSignatureSecret } from '../../lib/api-client.ts';
import type { AuthEntry } from '../../lib/session.ts';
import type { MenuNode } from './menu-model.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { actionCodes, isDisabledByAuth } from '../../../shared/auth-rules.ts';

export interface UserPermissions {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  sysSafeMode?: boolean;
  /** secret of the signed dictionary calls, when the server checks signatures */
  signatureSecret?: string;
}

/** GET /sys/permission/getUserPermissionByToken; an empty menu is a failure (spec §4). */
export const permissionsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['permissions', token],
    queryFn: async () => {
      const p = await callTo<UserPermissions>(ENDPOINTS.auth.permissions);
      if (!Array.isArray(p?.menu) || p.menu.length === 0)
        throw new Error('permissions must be a non-null array');
      setSignatureSecret(p.signatureSecret);
      return p;
    },
    staleTime: Infinity,
    retry: false,
  });

/**
 * The permission codes a user holds (spec §6): the user's own `auth` entries (comma-separated actions
 * split), plus codes whose rule is switched off for everyone (`allAuth` status "0").
 */
export function grantedCodes(p: Pick<UserPermissions, 'auth' | 'allAuth'>): Set<string> {
  const codes = new Set<string>();
  for (const a of p.auth) for (const c of a.action.split(',')) codes.add(c.trim());
  for (const a of p.allAuth) if (a.status === '0') for (const c of a.action.split(',')) codes.add(c.trim());
  return codes;
}

/**
 * The codes of type "2" rights the user lacks (spec §6 `disabledAuthFilter`): buttons needing them
 * show disabled rather than hidden.
 */
export function lockedCodes(p: Pick<UserPermissions, 'auth' | 'allAuth'>): Set<string> {
  const out = new Set<string>();
  for (const a of p.allAuth)
    if (a.type === '2')
      for (const code of actionCodes(a.action)) if (isDisabledByAuth(code, p.auth, p.allAuth)) out.add(code);
  return out;
}
