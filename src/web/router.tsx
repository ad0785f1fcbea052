import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { lazy } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { session } from './lib/session.ts';
import { LoginPage } from './features/auth/login-page.tsx';
import { ExceptionPage } from './features/exception/exception-page.tsx';
import { RouteError } from './features/exception/route-error.tsx';
import { DialogHost, Toasts } from './components/overlays.tsx';
import { ReauthDialog } from './components/reauth-dialog.tsx';
import { isLeavingPage } from './lib/page-lifecycle.ts';
import { OAuth2LoginPage, SsoLoginPage, TestHomePage, signInPath } from './features/auth/sso-pages.tsx';
import { SSO_ROUTES } from '../shared/sso.ts';

export interface RouterContext {
  queryClient: QueryClient;
  /** what the command runtime needs of the router, connected when the signed-in frame first loads */
  shellHooks: {
    navigate(href: string): unknown;
    onRoute(listener: (pathname: string) => void): void;
  };
}

const RegisterResultPage = lazy(() =>
  import('./features/auth/register-page.tsx').then((m) => ({ default: m.RegisterResultPage })),
);

/** A search parameter that is text, else absent (no schema library on the light public pages). */
const optionalText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The signed-in frame's code, loaded on the first signed-in page (the login page stays light). */
const appStart = () => import('./shell/app-start.ts');

export const HOME = '/dashboard/analysis';
const LOGIN = '/user/login';
/** Unknown paths land here (spec §2), inside the layout. */
export const NOT_FOUND = '/404';
/** A menu page outside the user's menu lands here, inside the layout. */
export const FORBIDDEN = '/403';

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toasts />
      <DialogHost />
      <ReauthDialog />
    </>
  ),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: LOGIN,
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalText(search.redirect),
  }),
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
  component: lazyRouteComponent(() => import('./features/auth/register-page.tsx'), 'RegisterPage'),
});
const registerResultRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/register-result',
  validateSearch: (search: Record<string, unknown>): { account?: string } => ({
    account: optionalText(search.account),
  }),
  component: function RegisterResult() {
    return <RegisterResultPage account={registerResultRoute.useSearch().account} />;
  },
});
/** The alternative login route: the company's identity providers (the guard's target under SSO_MODE). */
const ssoLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: SSO_ROUTES.login,
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalText(search.redirect),
  }),
  beforeLoad: () => {
    if (session.get().token) throw redirect({ href: HOME });
  },
  component: function SsoLogin() {
    return <SsoLoginPage redirect={ssoLoginRoute.useSearch().redirect} />;
  },
});
const oauth2Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/oauth2-app',
  beforeLoad: () => {
    throw redirect({ href: SSO_ROUTES.callback });
  },
});
/** Where the providers send the browser back (src/shared/sso.ts SSO_ROUTES.callback). */
const oauth2LoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: SSO_ROUTES.callback,
  validateSearch: (
    search: Record<string, unknown>,
  ): { thirdType?: string; token?: string; ticket?: string; error?: string } => ({
    thirdType: optionalText(search.thirdType),
    token: optionalText(search.token),
    ticket: optionalText(search.ticket),
    error: optionalText(search.error),
  }),
  component: function OAuth2Login() {
    return <OAuth2LoginPage {...oauth2LoginRoute.useSearch()} />;
  },
});
const testHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/test/home',
  component: TestHomePage,
});
/** A signed-out visitor's way in, keeping where they were going. */
const toSignIn = async (href: string) =>
  redirect({ href: `${await signInPath()}?${new URLSearchParams({ redirect: href }).toString()}` });

const alterationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/alteration',
  component: lazyRouteComponent(() => import('./features/auth/alteration-page.tsx'), 'AlterationPage'),
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
    if (!token) throw await toSignIn(location.href);
    // loading the frame's code is not a failure of the session: outside the try
    const start = await appStart();
    start.wireRuntime(context.queryClient, context.shellHooks.navigate, context.shellHooks.onRoute);
    try {
      await start.startApp(context.queryClient, token, location.pathname);
    } catch (e) {
      // Leaving the page aborts this request. Signing out then would also sign out the page being
      // opened (the session is shared storage): a reload during start-up landed on the login page.
      if (isLeavingPage()) throw e;
      session.clear();
      throw await toSignIn(location.href);
    }
  },
  component: lazyRouteComponent(() => import('./components/layout/app-layout.tsx'), 'AppLayout'),
});
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: HOME });
  },
});
/**
 * Every menu page: unknown paths go to /404, folders to their first page (spec §2); a menu page the
 * user lacks goes to /403 (the server tells a page outside the user's menu from a typo). Both are
 * drawn inside the layout (signed in; a visitor signs in first).
 */
const menuRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  beforeLoad: async ({ context, location }) => {
    if (location.pathname === NOT_FOUND || location.pathname === FORBIDDEN) return;
    const start = await appStart();
    const target = await start.menuTarget(context.queryClient, session.get().token, location.pathname);
    if (target.kind === 'unknown') throw redirect({ href: NOT_FOUND, replace: true });
    if (target.kind === 'forbidden') throw redirect({ href: FORBIDDEN, replace: true });
    if (target.kind === 'redirect') throw redirect({ href: target.href, replace: true });
  },
  component: lazyRouteComponent(() => import('./shell/menus/menu-page.tsx'), 'MenuPage'),
  errorComponent: RouteError,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  userRoute,
  registerRoute,
  registerResultRoute,
  alterationRoute,
  ssoLoginRoute,
  oauth2Route,
  oauth2LoginRoute,
  testHomeRoute,
  appRoute.addChildren([indexRoute, menuRoute]),
]);

export function makeRouter(queryClient: QueryClient) {
  const shellHooks: RouterContext['shellHooks'] = {
    navigate: (href) => router.navigate({ href }),
    onRoute: (listener) => router.subscribe('onResolved', ({ toLocation }) => listener(toLocation.pathname)),
  };
  const router = createRouter({
    routeTree,
    context: { queryClient, shellHooks },
    defaultPreload: false,
    // never the router's English default screens
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => <ExceptionPage type="404" />,
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
