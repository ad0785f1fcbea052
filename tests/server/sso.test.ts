import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';
import { followToRedirect, ssoConfig, startCasServer, startOidcProvider } from '../support/sso-providers.ts';
import {
  sysLog,
  sysThirdAccount,
  sysUser,
  sysUserToken,
  sysVerifyCode,
} from '../../src/server/db/schema/index.ts';
import { SSO_MSG } from '../../src/shared/sso.ts';
import { logoutSessionIndex, parseServiceResponse } from '../../src/server/lib/sso/cas.ts';
import { sha256 } from '../../src/server/lib/query/ids.ts';

/**
 * Single sign-on against real local providers on 127.0.0.1: oidc-provider (openid-client on our
 * side) and a small CAS server. Every refusal the issue names: bad state, bad nonce, replayed and
 * unknown ticket, unverified claim, unknown user.
 */

const ORIGIN = 'http://localhost';
const REDIRECT_URI = `${ORIGIN}${BASE}/sys/thirdLogin/oidc/callback`;
const CAS_SERVICE = `${ORIGIN}/oauth2-app/login?thirdType=cas`;

let t: TestApp;
let op: Awaited<ReturnType<typeof startOidcProvider>>;
let cas: Awaited<ReturnType<typeof startCasServer>>;

beforeAll(async () => {
  op = await startOidcProvider([REDIRECT_URI]);
  cas = await startCasServer();
  t = await createTestApp({ sso: ssoConfig(op, cas) });
  await t.database.db
    .update(sysUser)
    .set({ email: 'yunying@care.test' })
    .where(eq(sysUser.username, 'yunying'));
});
afterAll(async () => {
  await t?.close();
  await op?.close();
  await cas?.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie'] ?? '').split(';')[0]!;
/** the client path the server sent the browser to */
const landing = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), ORIGIN);
};

/** render → provider → the callback's URL and the browser's cookie (the callback not yet called) */
async function toProvider(person: Parameters<typeof op.signInAs>[0]) {
  op.signInAs(person);
  const render = await get(`${BASE}/sys/thirdLogin/render/oidc`);
  const to = landing(render);
  expect(to.origin).toBe(op.issuer);
  expect(to.searchParams.get('code_challenge_method')).toBe('S256');
  const back = await followToRedirect(to.href, REDIRECT_URI);
  return { back, cookie: cookieOf(render) };
}

async function oidcSignIn(person: Parameters<typeof op.signInAs>[0]) {
  const { back, cookie } = await toProvider(person);
  return landing(await get(back.pathname + back.search, cookie));
}

describe('OIDC sign-in', () => {
  it('getEnabledType tells which providers are on', async () => {
    const r = await t.call('GET', '/sys/thirdApp/getEnabledType');
    expect(r.body.result).toMatchObject({
      oidc: true,
      cas: true,
      names: { oidc: '企业身份', cas: '统一认证' },
      ssoMode: true,
    });
  });

  it('signs in the account a verified email names, links it, and the one-time token works once', async () => {
    const to = await oidcSignIn({
      sub: 'op-yunying',
      email: 'yunying@care.test',
      email_verified: true,
      name: '运营',
    });
    expect(to.pathname).toBe('/oauth2-app/login');
    expect(to.searchParams.get('error')).toBeNull();
    const token = to.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const r = await t.call('GET', `/sys/thirdLogin/getLoginUser/${token}/oidc`);
    expect(r.body).toMatchObject({ success: true, message: '登录成功' });
    expect(r.body.result.userInfo.username).toBe('yunying');
    // the first sign-in linked the identity (JIT), and said so in the operation log
    const [jit] = await t.database.db
      .select({ content: sysLog.logContent })
      .from(sysLog)
      .where(
        and(
          eq(sysLog.logType, 2),
          like(sysLog.logContent, '账户绑定：首次登录%'),
          eq(sysLog.createBy, 'yunying'),
        ),
      );
    expect(jit?.content).toBe('账户绑定：首次登录，已绑定企业身份（op-yunying）');
    // a session like the password login's: a stored token hash and the login log
    const [stored] = await t.database.db
      .select()
      .from(sysUserToken)
      .where(eq(sysUserToken.tokenHash, sha256(r.body.result.token)));
    expect(stored).toBeDefined();
    const perms = await t.call('GET', '/sys/permission/getUserPermissionByToken', {
      token: r.body.result.token,
    });
    expect(perms.body.success).toBe(true);
    // single use
    const again = await t.call('GET', `/sys/thirdLogin/getLoginUser/${token}/oidc`);
    expect(again.body).toMatchObject({ success: false, message: SSO_MSG.badToken });
    // the identity is linked now: the next sign-in finds it by subject, whatever the email says
    const next = await oidcSignIn({ sub: 'op-yunying', email: 'changed@care.test', email_verified: false });
    const r2 = await t.call('GET', `/sys/thirdLogin/getLoginUser/${next.searchParams.get('token')}/oidc`);
    expect(r2.body.result.userInfo.username).toBe('yunying');
  });

  it('refuses a bad state: unknown, or from another browser', async () => {
    const { back, cookie } = await toProvider({
      sub: 'op-s',
      email: 'yunying@care.test',
      email_verified: true,
    });
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    const r1 = landing(await get(forged.pathname + forged.search, cookie));
    expect(r1.searchParams.get('error')).toBe(SSO_MSG.badState);
    expect(r1.searchParams.get('token')).toBeNull();
    const again = await toProvider({ sub: 'op-s', email: 'yunying@care.test', email_verified: true });
    const r2 = landing(
      await get(again.back.pathname + again.back.search, 'care_sso=someone-elses-browser-cookie'),
    );
    expect(r2.searchParams.get('error')).toBe(SSO_MSG.badState);
    // the state is used up even by a refused attempt
    const r3 = landing(await get(again.back.pathname + again.back.search, again.cookie));
    expect(r3.searchParams.get('error')).toBe(SSO_MSG.badState);
  });

  it('refuses an ID token whose nonce is not the one the flow sent', async () => {
    const { back, cookie } = await toProvider({
      sub: 'op-n',
      email: 'yunying@care.test',
      email_verified: true,
    });
    const rows = await t.database.db
      .select()
      .from(sysVerifyCode)
      .where(eq(sysVerifyCode.key, `sso:flow:${sha256(back.searchParams.get('state')!)}`));
    expect(rows).toHaveLength(1);
    const flow = JSON.parse(rows[0]!.payload!);
    flow.oidc.nonce = 'another-nonce';
    await t.database.db
      .update(sysVerifyCode)
      .set({ payload: JSON.stringify(flow) })
      .where(eq(sysVerifyCode.key, rows[0]!.key));
    const r = landing(await get(back.pathname + back.search, cookie));
    expect(r.searchParams.get('error')).toBe(SSO_MSG.providerRefused);
    expect(r.searchParams.get('token')).toBeNull();
  });

  it('refuses an email the provider has not verified, and a person with no account', async () => {
    const r1 = await oidcSignIn({ sub: 'op-u', email: 'yunying@care.test', email_verified: false });
    expect(r1.searchParams.get('error')).toBe(SSO_MSG.unverifiedClaim('邮箱'));
    const r2 = await oidcSignIn({ sub: 'op-x', email: 'stranger@care.test', email_verified: true });
    expect(r2.searchParams.get('error')).toBe(SSO_MSG.unknownUser);
    const r3 = await oidcSignIn({ sub: 'op-m' });
    expect(r3.searchParams.get('error')).toBe(SSO_MSG.missingClaim('邮箱'));
    const links = await t.database.db
      .select()
      .from(sysThirdAccount)
      .where(like(sysThirdAccount.thirdUserId, 'op-_'));
    expect(links).toEqual([]);
  });
});

describe('CAS sign-in', () => {
  it('render sends the browser to the CAS login with our service', async () => {
    const to = landing(await get(`${BASE}/sys/thirdLogin/render/cas`));
    expect(`${to.origin}${to.pathname}`).toBe(`${cas.url}/login`);
    expect(to.searchParams.get('service')).toBe(CAS_SERVICE);
  });

  it('validates a ticket into a session, refuses it replayed, and single logout ends that session', async () => {
    const ticket = cas.issue('caiwu', CAS_SERVICE);
    const r = await t.call('GET', '/sys/cas/client/validateLogin', {
      query: { ticket, service: CAS_SERVICE },
    });
    expect(r.body).toMatchObject({ success: true, message: '登录成功' });
    expect(r.body.result.userInfo.username).toBe('caiwu');
    const session = r.body.result.token as string;
    expect(
      (await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: session })).body.success,
    ).toBe(true);
    const replay = await t.call('GET', '/sys/cas/client/validateLogin', {
      query: { ticket, service: CAS_SERVICE },
    });
    expect(replay.body).toMatchObject({ success: false, message: SSO_MSG.badTicket });

    const logout = await t.app.inject({
      method: 'POST',
      url: `${BASE}/sys/cas/client/logout`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        logoutRequest: `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="x" Version="2.0" IssueInstant="2026-11-27T10:00:00Z"><saml:NameID xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">caiwu</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`,
      }).toString(),
    });
    expect(logout.json()).toMatchObject({ success: true });
    const after = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: session });
    expect(after.status).toBe(401);
  });

  it('refuses an unknown ticket, a foreign service and an unknown user', async () => {
    const unknown = await t.call('GET', '/sys/cas/client/validateLogin', {
      query: { ticket: 'ST-never-issued', service: CAS_SERVICE },
    });
    expect(unknown.body).toMatchObject({ success: false, message: SSO_MSG.badTicket });
    const foreign = 'https://evil.example/oauth2-app/login?thirdType=cas';
    const wrongService = await t.call('GET', '/sys/cas/client/validateLogin', {
      query: { ticket: cas.issue('caiwu', foreign), service: foreign },
    });
    expect(wrongService.body).toMatchObject({ success: false, message: SSO_MSG.badService });
    const nobody = await t.call('GET', '/sys/cas/client/validateLogin', {
      query: { ticket: cas.issue('no-such-user', CAS_SERVICE), service: CAS_SERVICE },
    });
    expect(nobody.body).toMatchObject({ success: false, message: SSO_MSG.unknownUser });
  });
});

describe('CAS answers as read', () => {
  const NS = 'xmlns:cas="http://www.yale.edu/tp/cas"';
  it('reads CAS 2.0/3.0 success with attributes, failures with their code, and refuses declared entities', () => {
    expect(
      parseServiceResponse(
        `<cas:serviceResponse ${NS}><cas:authenticationSuccess><cas:user>li&amp;wang</cas:user><cas:attributes><cas:name>李王</cas:name><cas:memberOf>a</cas:memberOf><cas:memberOf>b</cas:memberOf></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`,
      ),
    ).toEqual({ ok: true, user: 'li&wang', attributes: { name: '李王', memberOf: 'a' } });
    expect(
      parseServiceResponse(
        `<cas:serviceResponse ${NS}><cas:authenticationFailure code="INVALID_SERVICE">no</cas:authenticationFailure></cas:serviceResponse>`,
      ),
    ).toMatchObject({ ok: false, code: 'INVALID_SERVICE' });
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><cas:serviceResponse ${NS}><cas:authenticationSuccess><cas:user>&b;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(parseServiceResponse(bomb)).toMatchObject({ ok: false });
    expect(parseServiceResponse('not xml <<<')).toMatchObject({ ok: false });
    expect(
      logoutSessionIndex(
        '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><samlp:SessionIndex>ST-1</samlp:SessionIndex></samlp:LogoutRequest>',
      ),
    ).toBe('ST-1');
  });
});

describe('账户绑定', () => {
  it('links by OIDC after the password, lists, refuses another account, unlinks; each change logged', async () => {
    const token = await t.login('yuangong');
    const [me] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'yuangong'));
    // a session older than five minutes must give the password
    await t.database.db
      .update(sysUserToken)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sysUserToken.tokenHash, sha256(token)));
    const bind = (body: object) => t.call('POST', '/sys/thirdApp/bind', { token, body });
    expect((await bind({ thirdType: 'oidc' })).body.message).toBe(SSO_MSG.passwordRequired);
    expect((await bind({ thirdType: 'oidc', password: 'wrong' })).body.message).toBe(SSO_MSG.passwordWrong);
    const admin = (await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0]!;
    expect((await bind({ thirdType: 'oidc', password: '123456', userId: admin.id })).body.message).toBe(
      SSO_MSG.onlySelf,
    );
    const ok = await bind({ thirdType: 'oidc', password: '123456' });
    expect(ok.body.success).toBe(true);
    op.signInAs({ sub: 'op-yuangong', email: 'someone@care.test', email_verified: true, name: '员工' });
    const back = await followToRedirect(ok.body.result.url, REDIRECT_URI);
    const done = landing(await get(back.pathname + back.search, cookieOf(ok.raw)));
    expect(done.pathname).toBe('/account/settings/binding');
    expect(done.searchParams.get('bound')).toBe('oidc');

    const list = await t.call('GET', '/sys/thirdApp/bindings', { token });
    expect(list.body.result).toMatchObject([
      { thirdType: 'oidc', providerName: '企业身份', thirdUserId: 'op-yuangong' },
    ]);
    // the linked identity signs in as yuangong
    const signIn = await oidcSignIn({ sub: 'op-yuangong' });
    const r = await t.call('GET', `/sys/thirdLogin/getLoginUser/${signIn.searchParams.get('token')}/oidc`);
    expect(r.body.result.userInfo.username).toBe('yuangong');

    // the same identity cannot be linked to a second account
    const adminBind = await t.call('POST', '/sys/thirdApp/bind', {
      token: await t.login('admin'),
      body: { thirdType: 'oidc', password: '123456' },
    });
    const adminBack = await followToRedirect(adminBind.body.result.url, REDIRECT_URI);
    const refused = landing(await get(adminBack.pathname + adminBack.search, cookieOf(adminBind.raw)));
    expect(refused.pathname).toBe('/account/settings/binding');
    expect(refused.searchParams.get('error')).toBe(SSO_MSG.linkedElsewhere);

    const id = list.body.result[0].id as string;
    const adminToken = await t.login('admin');
    const foreign = await t.call('POST', '/sys/thirdApp/unbind', {
      token: adminToken,
      body: { id, password: '123456' },
    });
    expect(foreign.body.message).toBe(SSO_MSG.bindingMissing);
    const gone = await t.call('POST', '/sys/thirdApp/unbind', { token, body: { id, password: '123456' } });
    expect(gone.body).toMatchObject({ success: true, message: SSO_MSG.unbound('企业身份') });
    expect((await t.call('GET', '/sys/thirdApp/bindings', { token })).body.result).toEqual([]);

    const log = await t.database.db
      .select({ content: sysLog.logContent, url: sysLog.requestUrl })
      .from(sysLog)
      .where(and(eq(sysLog.userid, me!.id), eq(sysLog.logType, 2)));
    const contents = log.map((l) => l.content).join('\n');
    expect(contents).toContain('账户绑定：已绑定企业身份');
    expect(contents).toContain('POST /sys/thirdApp/unbind 成功');
    expect(contents).toContain('POST /sys/thirdApp/bind 失败');
  });

  it('links a CAS identity with a fresh session, bound to the state of the bind started', async () => {
    const token = await t.login('admin');
    const started = await t.call('POST', '/sys/thirdApp/bind', { token, body: { thirdType: 'cas' } });
    expect(started.body.success).toBe(true);
    cas.signInAs('cas-admin');
    const service = new URL(started.body.result.url).searchParams.get('service')!;
    const back = await followToRedirect(started.body.result.url, service);
    const state = new URL(service).searchParams.get('state')!;
    const ticket = back.searchParams.get('ticket')!;
    const cookie = cookieOf(started.raw);
    const other = await t.login('caiwu');
    const stolen = await t.call('POST', '/sys/thirdApp/bindCas', {
      token: other,
      body: { ticket, state },
      headers: { cookie },
    });
    expect(stolen.body.message).toBe(SSO_MSG.badState);
    // the refused attempt used the state up: start again
    const again = await t.call('POST', '/sys/thirdApp/bind', {
      token,
      body: { thirdType: 'cas' },
      headers: { cookie },
    });
    const back2 = await followToRedirect(
      again.body.result.url,
      new URL(again.body.result.url).searchParams.get('service')!,
    );
    const state2 = new URL(new URL(again.body.result.url).searchParams.get('service')!).searchParams.get(
      'state',
    )!;
    const r = await t.call('POST', '/sys/thirdApp/bindCas', {
      token,
      body: { ticket: back2.searchParams.get('ticket'), state: state2 },
      headers: { cookie },
    });
    expect(r.body).toMatchObject({ success: true, message: SSO_MSG.bound('统一认证') });
    // the CAS principal now signs in as admin
    const login = await t.call('GET', '/sys/cas/client/validateLogin', {
      query: { ticket: cas.issue('cas-admin', CAS_SERVICE), service: CAS_SERVICE },
    });
    expect(login.body.result.userInfo.username).toBe('admin');
  });
});

describe('a username claim', () => {
  let u: TestApp;
  beforeAll(async () => {
    const sso = ssoConfig(op, cas);
    u = await createTestApp({ sso: { ...sso, oidc: { ...sso.oidc!, linkClaim: 'preferred_username' } } });
  });
  afterAll(async () => u?.close());

  it('finds the account by the username the provider asserts, and refuses an unknown one', async () => {
    const signIn = async (person: Parameters<typeof op.signInAs>[0]) => {
      op.signInAs(person);
      const render = await u.app.inject({ method: 'GET', url: `${BASE}/sys/thirdLogin/render/oidc` });
      const back = await followToRedirect(landing(render).href, REDIRECT_URI);
      const res = await u.app.inject({
        method: 'GET',
        url: back.pathname + back.search,
        headers: { cookie: cookieOf(render) },
      });
      return landing(res);
    };
    const ok = await signIn({ sub: 'u-caiwu', preferred_username: 'caiwu' });
    const r = await u.call('GET', `/sys/thirdLogin/getLoginUser/${ok.searchParams.get('token')}/oidc`);
    expect(r.body.result.userInfo.username).toBe('caiwu');
    const unknown = await signIn({ sub: 'u-x', preferred_username: 'no_such_user' });
    expect(unknown.searchParams.get('error')).toBe(SSO_MSG.unknownUser);
  });
});

describe('without a provider configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({
      sso: { mode: true, publicUrl: undefined, oidc: undefined, cas: undefined },
    });
  });
  afterAll(async () => bare?.close());

  it('says so in Chinese everywhere', async () => {
    const types = await bare.call('GET', '/sys/thirdApp/getEnabledType');
    expect(types.body.result).toMatchObject({ oidc: false, cas: false });
    expect(types.body.message).toBe(SSO_MSG.notConfigured);
    const render = await bare.app.inject({ method: 'GET', url: `${BASE}/sys/thirdLogin/render/oidc` });
    expect(new URL(String(render.headers.location), ORIGIN).searchParams.get('error')).toBe(
      SSO_MSG.notConfigured,
    );
    const cas2 = await bare.call('GET', '/sys/cas/client/validateLogin', { query: { ticket: 'ST-1' } });
    expect(cas2.body).toMatchObject({ success: false, message: SSO_MSG.notConfigured });
    const token = await bare.login('admin');
    const bind = await bare.call('POST', '/sys/thirdApp/bind', { token, body: { thirdType: 'oidc' } });
    expect(bind.body.message).toBe(SSO_MSG.notConfigured);
  });
});
