import { useMemo, useRef } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session.ts';
import { apiBase } from '../../lib/api-client.ts';
import { permissionsQuery } from './permissions-query.ts';
import { indexMenu, type MenuEntry } from './menu-model.ts';

/** The signed-in user's permissions (already loaded by the route guard). */
export function usePermissions() {
  const { token } = useSession();
  // Signing out (退出登录, an expired session) clears the session while the frame is still drawn:
  // it keeps the permissions it was drawn with until it leaves, rather than asking the server
  // without a token (a 401 showed 登录已过期 and reloaded the page after every 退出登录).
  const drawnWith = useRef(token);
  if (token) drawnWith.current = token;
  return useSuspenseQuery(permissionsQuery(drawnWith.current)).data;
}

/** path → menu entry of the user's menu. */
export function useMenuIndex(): Map<string, MenuEntry> {
  const { token } = useSession();
  const { menu } = usePermissions();
  return useMemo(() => indexMenu(menu, { apiBase: apiBase(), token }), [menu, token]);
}
