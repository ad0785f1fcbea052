import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session.ts';
import { apiBase } from '../../lib/api-client.ts';
import { permissionsQuery } from './permissions-query.ts';
import { indexMenu, type MenuEntry } from './menu-model.ts';

/** The signed-in user's permissions (already loaded by the route guard). */
export function usePermissions() {
  const { token } = useSession();
  return useSuspenseQuery(permissionsQuery(token)).data;
}

/** path → menu entry of the user's menu. */
export function useMenuIndex(): Map<string, MenuEntry> {
  const { token } = useSession();
  const { menu } = usePermissions();
  return useMemo(() => indexMenu(menu, { apiBase: apiBase(), token }), [menu, token]);
}
