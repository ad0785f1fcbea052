import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { session } from './lib/session.ts';
import { notify } from './lib/notify.ts';
import { apiBase } from './lib/api-client.ts';
import { grantedCodes, permissionsQuery } from './shell/menus/permissions-query.ts';
import { indexMenu, matchPath, WRONG_VERSION_COMPONENT, type MenuNode } from './shell/menus/menu-model.ts';
import { navigationCommands } from './shell/menus/nav-commands.ts';
import { registry, runtime } from './shell/runtime.ts';
import { AppLayout } from './components/layout/app-layout.tsx';
import { MenuPage } from './shell/menus/menu-page.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { RegisterPage, RegisterResultPage } from './features/auth/register-page.tsx';
import { AlterationPage } from './features/auth/alteration-page.tsx';
import { ExceptionPage } from './features/exception/exception-page.tsx';
import { RouteError } from './features/exception/route-error.tsx';
import { DialogHost, Toasts } from './components/overlays.tsx';
import { isLeavingPage } from './lib/page-lifecycle.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const HOME = '/dashboard/analysis';
const LOGIN = '/user/login';
/** Unknown paths land here (spec §2), inside the layout. */
export const NOT_FOUND = '/404';

const uses = (nodes: MenuNode[], component: string): boolean =>
  nodes.some((n) => n.component === component || uses(n.children ?? [], component));

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toasts />
      <DialogHost />
    </>
  ),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: LOGIN,
  validateSearch: z.object({ redirect: z.string().optional() }),
  // logged in and going to login → the home path (spec §2)
  beforeLoad: () => {
    if (session.get().token) throw redirect({ href: HOME });
  },
  component: function Login() {
    return <LoginPage redirect={loginRoute.useSearch().redirect} />;
  },
});
const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user',
  beforeLoad: () => {
    throw redirect({ to: LOGIN });
  },
});
const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/register',
  component: RegisterPage,
});
const registerResultRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/register-result',
  validateSearch: z.object({ account: z.string().optional() }),
  component: function RegisterResult() {
    return <RegisterResultPage account={registerResultRoute.useSearch().account} />;
  },
});
const alterationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/alteration',
  component: AlterationPage,
});

/**
 * The guard of spec §2 for every signed-in page: no token → login with the redirect query; token
 * and no menu yet → fetch permissions, build routes and commands; failure → logout, then login.
 */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const { token } = session.get();
    if (!token) throw redirect({ to: LOGIN, search: { redirect: location.href } });
    try {
      const p = await context.queryClient.ensureQueryData(permissionsQuery(token));
      session.setButtonAuth(p.auth, p.allAuth);
      runtime.setPermissions(grantedCodes(p));
      runtime.setKeys({ username: session.get().userInfo?.username, route: location.pathname });
      registry.replaceGenerated('nav.', navigationCommands(indexMenu(p.menu, { apiBase: apiBase(), token })));
      if (uses(p.menu, WRONG_VERSION_COMPONENT))
        notify('error', '启动失败：菜单表与当前前端版本不匹配，请切换到对应版本的菜单表', '系统提示', 0);
    } catch (e) {
      // Leaving the page aborts this request. Signing out then would also sign out the page being
      // opened (the session is shared storage): a reload during start-up landed on the login page.
      if (isLeavingPage()) throw e;
      session.clear();
      throw redirect({ to: LOGIN, search: { redirect: location.href } });
    }
  },
  component: AppLayout,
});
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: HOME });
  },
});
/**
 * Every menu page: unknown paths go to /404, folders to their first page (spec §2). /404 itself is
 * drawn inside the layout (signed in; a visitor signs in first). A path outside the user's menu
 * is a 404 as well: the client cannot tell it from a typo without being shown menus it may not see.
 */
const menuRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  beforeLoad: ({ context, location }) => {
    const { token } = session.get();
    const p = context.queryClient.getQueryData(permissionsQuery(token).queryKey);
    if (!p || location.pathname === NOT_FOUND) return;
    const entry = matchPath(indexMenu(p.menu, { apiBase: apiBase(), token }), location.pathname);
    if (!entry) throw redirect({ href: NOT_FOUND, replace: true });
    if (entry.redirect) throw redirect({ href: entry.redirect, replace: true });
  },
  component: MenuPage,
  errorComponent: RouteError,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  userRoute,
  registerRoute,
  registerResultRoute,
  alterationRoute,
  appRoute.addChildren([indexRoute, menuRoute]),
]);

export function makeRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: false,
    // never the router's English default screens
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => <ExceptionPage type="404" />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
