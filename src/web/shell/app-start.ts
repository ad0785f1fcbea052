/**
 * What signing in to the frame needs beyond the public pages, loaded only then (the login page
 * stays light): permissions, the registry and its navigation commands, the menu index.
 */
import type { QueryClient } from '@tanstack/react-query';
import { session } from '../lib/session.ts';
import { notify } from '../lib/notify.ts';
import { apiBase, callTo } from '../lib/api-client.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { grantedCodes, lockedCodes, permissionsQuery } from './menus/permissions-query.ts';
import { indexMenu, matchPath, WRONG_VERSION_COMPONENT, type MenuNode } from './menus/menu-model.ts';
import { navigationCommands } from './menus/nav-commands.ts';
import { registry, runtime } from './runtime.ts';
import { refreshScriptCommands } from './saved-script-commands.ts';

const uses = (nodes: MenuNode[], component: string): boolean =>
  nodes.some((n) => n.component === component || uses(n.children ?? [], component));

let wired = false;

/** Connect the command runtime to the router once (navigation, route keys, query cache). */
export function wireRuntime(
  queryClient: QueryClient,
  navigate: (href: string) => unknown,
  onRoute: (listener: (pathname: string) => void) => void,
) {
  if (wired) return;
  wired = true;
  runtime.setQueryClient(queryClient);
  runtime.setNavigate(navigate);
  onRoute((pathname) => runtime.setKeys({ route: pathname }));
}

/** Spec §2's guard for a signed-in page: permissions, then the commands of the user's menu. */
export async function startApp(queryClient: QueryClient, token: string, pathname: string) {
  const p = await queryClient.ensureQueryData(permissionsQuery(token));
  session.setButtonAuth(p.auth, p.allAuth);
  runtime.setPermissions(grantedCodes(p));
  runtime.setLockedCodes(lockedCodes(p));
  runtime.setKeys({ username: session.get().userInfo?.username, route: pathname });
  registry.replaceGenerated('nav.', navigationCommands(indexMenu(p.menu, { apiBase: apiBase(), token })));
  // the user's saved scripts as palette commands (not awaited: the page does not wait for them)
  void refreshScriptCommands();
  if (uses(p.menu, WRONG_VERSION_COMPONENT))
    notify('error', '启动失败：菜单表与当前前端版本不匹配，请切换到对应版本的菜单表', '系统提示', 0);
}

/**
 * Where a menu path leads: 'page', a folder's redirect, 'forbidden' (a menu page outside the
 * caller's menu: the server knows it) or 'unknown' (no such page).
 */
export async function menuTarget(queryClient: QueryClient, token: string | null, pathname: string) {
  const p = queryClient.getQueryData(permissionsQuery(token).queryKey);
  if (!p) return { kind: 'page' as const };
  const entry = matchPath(indexMenu(p.menu, { apiBase: apiBase(), token }), pathname);
  if (!entry) {
    const known = await callTo<boolean>(ENDPOINTS.auth.menuPathExists, { query: { path: pathname } }).catch(
      () => false,
    );
    return { kind: known ? ('forbidden' as const) : ('unknown' as const) };
  }
  if (entry.redirect) return { kind: 'redirect' as const, href: entry.redirect };
  return { kind: 'page' as const };
}
