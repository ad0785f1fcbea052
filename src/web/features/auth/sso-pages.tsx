import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { apiUrl, requestTo } from '../../lib/api-client.ts';
import { session, type UserInfo } from '../../lib/session.ts';
import { CODE, type Result } from '../../../shared/api.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { SSO_MSG, SSO_ROUTES, THIRD_TYPES, type EnabledTypes } from '../../../shared/sso.ts';
import { AuthFrame } from './auth-frame.tsx';

const HOME = '/dashboard/analysis';
/** where to go after a provider's sign-in: kept across the trip to the provider (this tab only) */
const REDIRECT_KEY = 'care.sso.redirect';

const safePath = (p: string | null | undefined) =>
  p && p.startsWith('/') && !p.startsWith('//') ? p : undefined;

let enabledTypes: Promise<EnabledTypes | undefined> | undefined;
/** The providers on this server (asked once per page load; undefined when it cannot tell). */
export function loadEnabledTypes(): Promise<EnabledTypes | undefined> {
  enabledTypes ??= requestTo<Result<EnabledTypes>>(ENDPOINTS.thirdApp.getEnabledType)
    .then((r) => (r.success ? r.result : undefined))
    .catch(() => undefined);
  return enabledTypes;
}

/** The sign-in page of a signed-out visitor: the SSO page while SSO_MODE is on, else /user/login. */
export async function signInPath(): Promise<string> {
  return (await loadEnabledTypes())?.ssoMode ? SSO_ROUTES.login : '/user/login';
}

/** The alternative login route (SSO_ROUTES.login): sign in with the company's identity provider. */
export function SsoLoginPage({ redirect }: { redirect?: string }) {
  const [types, setTypes] = useState<EnabledTypes | null | undefined>(undefined);
  useEffect(() => {
    void loadEnabledTypes().then((t) => setTypes(t ?? null));
  }, []);
  const go = () => {
    const target = safePath(redirect);
    if (target) sessionStorage.setItem(REDIRECT_KEY, target);
    else sessionStorage.removeItem(REDIRECT_KEY);
  };
  const providers = types ? THIRD_TYPES.filter((t) => types[t]) : [];
  return (
    <AuthFrame title="统一身份登录">
      <h2 className="mb-4 text-base font-semibold text-gray-800">统一身份登录</h2>
      {types === undefined ? (
        <p className="text-sm text-gray-700">加载中…</p>
      ) : providers.length ? (
        <div className="space-y-2">
          {providers.map((t) => (
            <a
              key={t}
              href={apiUrl(ENDPOINTS.auth.thirdRender.path.replace(':source', t))}
              onClick={go}
              className="block rounded border border-[var(--primary)] bg-[var(--primary)] px-3 py-2 text-center text-sm text-white hover:brightness-90 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] focus-visible:ring-offset-2"
            >
              使用{types!.names[t]}登录
            </a>
          ))}
        </div>
      ) : (
        <p className="text-sm text-gray-700">{SSO_MSG.notConfigured}</p>
      )}
      <p className="mt-4 text-center text-sm">
        <Link
          to="/user/login"
          search={{ redirect: safePath(redirect) }}
          className="text-[var(--primary)] underline-offset-2 hover:underline"
        >
          账号密码登录
        </Link>
      </p>
    </AuthFrame>
  );
}

type LoginResult = Result<{ token: string; userInfo: UserInfo; sysAllDictItems?: Record<string, never[]> }>;

/**
 * /oauth2-app/login: where the providers send the browser back. `token` (OIDC: one-time) or
 * `ticket` (CAS) becomes the session as the password login makes it; `error` is shown.
 */
export function OAuth2LoginPage(search: {
  thirdType?: string;
  token?: string;
  ticket?: string;
  error?: string;
}) {
  const navigate = useNavigate();
  const [error, setError] = useState(search.error ?? '');
  const started = useRef(false);
  useEffect(() => {
    if (started.current || search.error) return;
    started.current = true;
    const exchange = search.ticket
      ? requestTo<LoginResult>(ENDPOINTS.auth.casValidateLogin, {
          query: {
            ticket: search.ticket,
            service: `${window.location.origin}${SSO_ROUTES.callback}?thirdType=cas`,
          },
        })
      : search.token && search.thirdType
        ? requestTo<LoginResult>(
            ENDPOINTS.auth.thirdLoginUser,
            {},
            { token: search.token, thirdType: search.thirdType },
          )
        : Promise.resolve({ success: false, code: CODE.ERROR, message: SSO_MSG.badToken } as LoginResult);
    exchange
      .then(async (res) => {
        if (!res.success || Number(res.code) !== CODE.OK) return setError(res.message || SSO_MSG.badToken);
        session.login(res.result);
        const target = safePath(sessionStorage.getItem(REDIRECT_KEY)) ?? HOME;
        sessionStorage.removeItem(REDIRECT_KEY);
        await navigate({ href: target, replace: true });
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [navigate, search.error, search.ticket, search.thirdType, search.token]);
  return (
    <AuthFrame title="第三方登录">
      <h2 className="mb-4 text-base font-semibold text-gray-800">第三方登录</h2>
      {error ? (
        <>
          <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
          <p className="mt-4 flex justify-between text-sm">
            <Link to={SSO_ROUTES.login} className="text-[var(--primary)] hover:underline">
              重新登录
            </Link>
            <Link to="/user/login" className="text-[var(--primary)] hover:underline">
              账号密码登录
            </Link>
          </p>
        </>
      ) : (
        <p role="status" className="text-sm text-gray-700">
          正在登录…
        </p>
      )}
    </AuthFrame>
  );
}

/** /test/home (spec §2): a public page telling whether this browser is signed in. */
export function TestHomePage() {
  const { userInfo } = session.get();
  return (
    <AuthFrame title="测试首页">
      <h2 className="mb-4 text-base font-semibold text-gray-800">测试首页</h2>
      <p className="text-sm text-gray-700">
        {userInfo ? `当前登录：${userInfo.realname ?? userInfo.username}` : '当前未登录'}
      </p>
      <p className="mt-4 text-sm">
        <a href={userInfo ? HOME : '/user/login'} className="text-[var(--primary)] hover:underline">
          {userInfo ? '进入首页' : '去登录'}
        </a>
      </p>
    </AuthFrame>
  );
}

/** The login page's way to the SSO page, shown when a provider is on. */
export function SsoEntry({ redirect }: { redirect?: string }) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    void loadEnabledTypes().then((t) => live && setOn(Boolean(t?.oidc || t?.cas)));
    return () => {
      live = false;
    };
  }, []);
  if (!on) return null;
  return (
    <p className="mt-4 border-t pt-3 text-center text-sm">
      <Link
        to={SSO_ROUTES.login}
        search={{ redirect: safePath(redirect) }}
        className="text-[var(--primary)] hover:underline"
      >
        统一身份登录
      </Link>
    </p>
  );
}
