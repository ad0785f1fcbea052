import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, BASE, type TestApp } from '../../support/app.ts';
import { ANONYMOUS, AUTHENTICATED } from '../../../src/shared/permissions.ts';
import { sysRole } from '../../../src/server/db/schema/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let admin: string;
let bare: string;
let bareId: string;
const PASSWORD = 'Passw0rd!';
const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权', result: null };

/** The anonymous login family: the only routes that need no token. */
const ANONYMOUS_ROUTES = [
  'GET /sys/randomImage/:key',
  'POST /sys/login',
  'POST /sys/logout',
  'GET /sys/logout',
  'POST /sys/phoneLogin',
  'POST /sys/sms',
  'POST /sys/user/register',
  'POST /sys/user/phoneVerification',
  'POST /sys/user/passwordChange',
  'GET /sys/user/passwordChange',
  'GET /sys/user/checkOnlyUser',
  // single sign-on: the providers' redirects and the signed-out SSO page (tests/server/sso.test.ts)
  'GET /sys/thirdApp/getEnabledType',
  'GET /sys/thirdLogin/render/:source',
  'GET /sys/thirdLogin/oidc/callback',
  'GET /sys/thirdLogin/getLoginUser/:token/:thirdType',
  'GET /sys/cas/client/validateLogin',
  'POST /sys/cas/client/logout',
];

/** Every registered API route (`METHOD /path` under the base) with the permission it checks. */
const apiRoutes = () =>
  [...t.app.routePermissions.entries()]
    .filter(([key]) => key.split(' ')[1]!.startsWith(`${BASE}/`))
    .map(([key, perm]) => {
      const [method, url] = key.split(' ') as [Method, string];
      return { method, path: url.slice(BASE.length), perm };
    });
/** A concrete URL of a route pattern: parameters filled with harmless values. */
const concrete = (path: string) => path.replace(/:[A-Za-z_]\w*/g, 'x1').replace(/\*$/, 'temp/x.png');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const body = { username: 'no_rights', realname: '无权限', password: PASSWORD, confirmpassword: PASSWORD };
  expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
  const list = await t.call('GET', '/sys/user/list', { token: admin, query: { username: 'no_rights' } });
  bareId = list.body.result.records[0].id;
  bare = await t.login('no_rights', PASSWORD);
});
afterAll(async () => t?.close());

describe('every registered route is enforced on the server', () => {
  it('declares a permission for every route; only the login family is anonymous', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(150);
    for (const r of routes) expect(r.perm, `${r.method} ${r.path}`).toBeTruthy();
    const anonymous = routes.filter((r) => r.perm === ANONYMOUS).map((r) => `${r.method} ${r.path}`);
    expect(anonymous.sort()).toEqual([...ANONYMOUS_ROUTES].sort());
  });

  it('refuses a signed-in user lacking the permission on every gated route (code 510), changing nothing', async () => {
    const gated = apiRoutes().filter((r) => r.perm !== ANONYMOUS && r.perm !== AUTHENTICATED);
    expect(gated.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const r of gated) {
      const res = await t.app.inject({
        method: r.method,
        url: `${BASE}${concrete(r.path)}`,
        headers: { 'x-access-token': bare },
        ...(r.method === 'POST' || r.method === 'PUT' ? { payload: { id: bareId, ids: bareId } } : {}),
      });
      let body: Record<string, unknown> | string;
      try {
        body = res.json();
      } catch {
        body = res.body;
      }
      const refused =
        res.statusCode === 200 &&
        typeof body === 'object' &&
        Object.entries(NO_AUTH).every(([k, v]) => body[k as keyof typeof body] === v);
      if (!refused)
        failures.push(
          `${r.method} ${r.path} (${r.perm}): ${res.statusCode} ${JSON.stringify(body).slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
    // the bare user is still there and unchanged
    const me = await t.call('GET', '/sys/user/queryById', { token: admin, query: { id: bareId } });
    expect(me.body.result).toMatchObject({ username: 'no_rights', status: 1, delFlag: 0 });
  });

  it('refuses every non-anonymous route without a valid token (HTTP 401)', async () => {
    const guarded = apiRoutes().filter((r) => r.perm !== ANONYMOUS);
    const failures: string[] = [];
    for (const r of guarded) {
      for (const token of [undefined, 'forged-token']) {
        const res = await t.app.inject({
          method: r.method,
          url: `${BASE}${concrete(r.path)}`,
          headers: token ? { 'x-access-token': token } : {},
        });
        if (res.statusCode !== 401) failures.push(`${r.method} ${r.path}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('rights changes apply on the next request', () => {
  it('a role granted is honoured at once, and so is its removal', async () => {
    const online = () => t.call('GET', '/sys/online/list', { token: bare });
    expect((await online()).body).toMatchObject(NO_AUTH);
    const [adminRole] = (await t.database.db.select().from(sysRole)).filter((r) => r.roleCode === 'admin');
    const grant = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: bareId, realname: '无权限', selectedroles: adminRole!.id },
    });
    expect(grant.body.success).toBe(true);
    expect((await online()).body).toMatchObject({ success: true });
    const revoke = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: bareId, realname: '无权限', selectedroles: '' },
    });
    expect(revoke.body.success).toBe(true);
    expect((await online()).body).toMatchObject(NO_AUTH);
  });

  it('a frozen account is refused on its next request', async () => {
    const token = await t.login('no_rights', PASSWORD);
    expect((await t.call('GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(200);
    await t.call('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: bareId, status: '2' } });
    expect((await t.call('GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
  });
});
