import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../support/app.ts';
import { authPlugin } from '../../src/server/plugins/auth.ts';
import { AUTHENTICATED } from '../../src/shared/permissions.ts';
import { sysDepart } from '../../src/server/db/schema/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  method: Method;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, string> = {};
let a01: string;

const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权', result: null };
const call = (who: string | undefined, e: Endpoint) =>
  t.call(e.method, e.path, { token: who ? token[who] : undefined, query: e.query, body: e.body });
const byId = async (userId: string) =>
  (await t.call('GET', '/sys/user/queryById', { token: token.admin, query: { id: userId } })).body.result;

beforeAll(async () => {
  t = await createTestApp();
  token.admin = await t.login('admin');
  const r = await t.call('GET', '/sys/user/list', { token: token.admin, query: { pageSize: '100' } });
  for (const u of r.body.result.records) id[u.username] = u.id;
  a01 = (await t.database.db.select().from(sysDepart)).find((d) => d.orgCode === 'A01')!.id;
  const body = { username: 'no_role', realname: '无角色', password: '123456' };
  expect((await t.call('POST', '/sys/user/add', { token: token.admin, body })).body.success).toBe(true);
  for (const u of ['yunying', 'caiwu', 'yuangong', 'no_role']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

/** Every permission-gated user endpoint, with a request that would succeed for admin. */
const endpoints = (): Record<string, Endpoint> => ({
  list: { method: 'GET', path: '/sys/user/list' },
  queryById: { method: 'GET', path: '/sys/user/queryById', query: { id: id.caiwu! } },
  queryUserRole: { method: 'GET', path: '/sys/user/queryUserRole', query: { userid: id.caiwu! } },
  userDepartList: { method: 'GET', path: '/sys/user/userDepartList', query: { userId: id.caiwu! } },
  add: {
    method: 'POST',
    path: '/sys/user/add',
    body: { username: 'perm_new', realname: '新人', password: '123456', confirmpassword: '123456' },
  },
  editPut: { method: 'PUT', path: '/sys/user/edit', body: { id: id.caiwu, realname: '被改了' } },
  editPost: { method: 'POST', path: '/sys/user/edit', body: { id: id.caiwu, realname: '被改了' } },
  delete: { method: 'DELETE', path: '/sys/user/delete', query: { id: id.caiwu! } },
  deleteBatch: { method: 'DELETE', path: '/sys/user/deleteBatch', query: { ids: `${id.caiwu},` } },
  frozenBatch: { method: 'PUT', path: '/sys/user/frozenBatch', body: { ids: id.caiwu, status: '2' } },
  changePassword: {
    method: 'PUT',
    path: '/sys/user/changePassword',
    body: { username: 'caiwu', password: 'Changed1', confirmpassword: 'Changed1' },
  },
  queryUserComponentData: { method: 'GET', path: '/sys/user/queryUserComponentData' },
  queryUserByDepId: { method: 'GET', path: '/sys/user/queryUserByDepId', query: { id: a01 } },
  getMultiUser: { method: 'GET', path: '/sys/user/getMultiUser' },
});

describe('users without the permission code get code 510', () => {
  it.each([
    ['yunying', 'add'],
    ['yunying', 'editPut'],
    ['yunying', 'editPost'],
    ['yunying', 'delete'],
    ['yunying', 'deleteBatch'],
    ['yunying', 'frozenBatch'],
    ['yunying', 'changePassword'],
    ['yuangong', 'list'],
    ['yuangong', 'queryById'],
    ['yuangong', 'queryUserRole'],
    ['yuangong', 'userDepartList'],
    ['caiwu', 'list'],
    ['caiwu', 'add'],
    ['no_role', 'queryUserComponentData'],
    ['no_role', 'queryUserByDepId'],
    ['no_role', 'getMultiUser'],
  ])('%s on %s', async (who, name) => {
    const r = await call(who, endpoints()[name]!);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...NO_AUTH, timestamp: expect.any(Number) });
  });

  it('checks the permission before validating the body', async () => {
    const r = await t.call('POST', '/sys/user/add', { token: token.yunying, body: { username: '!' } });
    expect(r.body).toMatchObject(NO_AUTH);
  });

  it('changed nothing: caiwu is intact, can log in with the old password, and perm_new does not exist', async () => {
    expect(await byId(id.caiwu!)).toMatchObject({
      username: 'caiwu',
      realname: '王财务',
      status: 1,
      delFlag: 0,
    });
    expect(await t.login('caiwu', '123456')).toBeTruthy();
    const live = await t.call('GET', '/sys/user/getCurrentUserDeparts', { token: token.caiwu });
    expect(live.status).toBe(200);
    const free = await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: 'perm_new' } });
    expect(free.body.success).toBe(true);
  });
});

describe('users with the permission code are let through', () => {
  it.each([
    ['yunying', 'list'],
    ['yunying', 'queryById'],
    ['yunying', 'queryUserRole'],
    ['yunying', 'userDepartList'],
    ['yuangong', 'queryUserComponentData'],
    ['yuangong', 'queryUserByDepId'],
    ['caiwu', 'getMultiUser'],
    ['admin', 'list'],
    ['admin', 'queryById'],
    ['admin', 'queryUserRole'],
    ['admin', 'userDepartList'],
    ['admin', 'queryUserComponentData'],
    ['admin', 'queryUserByDepId'],
  ])('%s on %s', async (who, name) => {
    const r = await call(who, endpoints()[name]!);
    expect(r.status).toBe(200);
    if (name === 'getMultiUser') expect(Array.isArray(r.body)).toBe(true);
    else expect(r.body.success).toBe(true);
  });

  it('admin may run every write the others were refused', async () => {
    const e = endpoints();
    const expectOk = async (name: string, message: string) => {
      const r = await call('admin', e[name]!);
      expect(r.body, name).toMatchObject({ success: true, message });
    };
    await expectOk('add', '添加成功！');
    await expectOk('editPut', '修改成功!');
    await expectOk('editPost', '修改成功!');
    expect((await byId(id.caiwu!)).realname).toBe('被改了');
    await expectOk('changePassword', '密码修改成功!');
    expect(await t.login('caiwu', 'Changed1')).toBeTruthy();
    await expectOk('frozenBatch', '操作成功!');
    expect((await byId(id.caiwu!)).status).toBe(2);
    await expectOk('delete', '删除用户成功');
    expect(await byId(id.caiwu!)).toBeNull();
    const batch = await call('admin', { ...e.deleteBatch!, query: { ids: `${id.yuangong},` } });
    expect(batch.body).toMatchObject({ success: true, message: '批量删除用户成功' });
    expect(await byId(id.yuangong!)).toBeNull();
  });
});

describe('anonymous and invalid tokens', () => {
  it.each(Object.keys(endpoints()))('%s without a valid token answers HTTP 401 Token失效', async (name) => {
    for (const tk of [undefined, 'not-a-real-token']) {
      const e = endpoints()[name]!;
      const r = await t.call(e.method, e.path, { token: tk, query: e.query, body: e.body });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: 401, result: null });
      expect(r.body.message).toContain('Token失效');
    }
  });

  it('guards HEAD requests of GET routes too', async () => {
    const r = await t.app.inject({ method: 'HEAD', url: '/jeecg-boot/sys/user/list' });
    expect(r.statusCode).toBe(401);
  });

  it('does not accept the token as a query parameter', async () => {
    const r = await t.call('GET', '/sys/user/list', { query: { token: token.admin! } });
    expect(r.status).toBe(401);
  });

  it('lets anonymous callers use checkOnlyUser', async () => {
    const r = await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: 'admin' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, message: '用户账号已存在' });
  });

  it('answers an unknown API path with 404 and success:false, with or without a token', async () => {
    for (const tk of [undefined, token.admin]) {
      for (const path of ['/sys/user/nope', '/sys/nothing/here', '/']) {
        const r = await t.call('GET', path, { token: tk });
        expect(r.status, path).toBe(404);
        expect(r.body).toMatchObject({
          success: false,
          code: 404,
          message: '路径不存在，请检查路径是否正确',
        });
      }
    }
  });
});

/** Full `METHOD /path` list from Fastify's route tree (printRoutes compresses shared prefixes). */
function registeredRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)(?:[├└]── )?(\S+)(?: \(([^)]+)\))?$/.exec(line.replace(/\s+$/, ''));
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    if (m[3])
      for (const method of m[3].split(', ')) out.push(`${method} ${stack.join('').replace(/^\/?/, '/')}`);
  }
  return out;
}

describe('route declarations', () => {
  const ANONYMOUS_PATHS = new Set([
    '/jeecg-boot/sys/randomImage/:key',
    '/jeecg-boot/sys/login',
    '/jeecg-boot/sys/logout',
    '/jeecg-boot/sys/phoneLogin',
    '/jeecg-boot/sys/sms',
    '/jeecg-boot/sys/user/register',
    '/jeecg-boot/sys/user/phoneVerification',
    '/jeecg-boot/sys/user/passwordChange',
    '/jeecg-boot/sys/user/checkOnlyUser',
    // single sign-on: the providers' redirects and the signed-out SSO page (tests/server/sso.test.ts)
    '/jeecg-boot/sys/thirdApp/getEnabledType',
    '/jeecg-boot/sys/thirdLogin/render/:source',
    '/jeecg-boot/sys/thirdLogin/oidc/callback',
    '/jeecg-boot/sys/thirdLogin/getLoginUser/:token/:thirdType',
    '/jeecg-boot/sys/cas/client/validateLogin',
    '/jeecg-boot/sys/cas/client/logout',
  ]);

  it('registers the user routes and guards every non-anonymous API route', async () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    for (const r of [
      'GET /jeecg-boot/sys/user/list',
      'POST /jeecg-boot/sys/user/add',
      'PUT /jeecg-boot/sys/user/edit',
      'POST /jeecg-boot/sys/user/edit',
      'DELETE /jeecg-boot/sys/user/delete',
      'DELETE /jeecg-boot/sys/user/deleteBatch',
      'PUT /jeecg-boot/sys/user/frozenBatch',
      'PUT /jeecg-boot/sys/user/changePassword',
      'GET /jeecg-boot/sys/user/checkOnlyUser',
    ])
      expect(routes).toContain(r);
    const api = routes.filter((r) => r.includes(' /jeecg-boot/') && !r.startsWith('HEAD '));
    expect(api.length).toBeGreaterThan(20);
    for (const route of api) {
      const [method, url] = route.split(' ') as [string, string];
      if (ANONYMOUS_PATHS.has(url)) continue;
      const res = await t.app.inject({ method: method as Method, url: url.replace(':key', 'k') });
      expect(res.statusCode, route).toBe(401);
    }
  });

  it('refuses to register an API route that declares no permission', async () => {
    const build = async (declare: boolean) => {
      const app = Fastify({ logger: false });
      try {
        await app.register(authPlugin);
        app.get('/declared', { config: { perm: AUTHENTICATED } }, async () => 'ok');
        if (!declare) app.get('/undeclared', async () => 'oops');
        await app.ready();
        return app.printRoutes({ commonPrefix: false });
      } finally {
        await app.close().catch(() => undefined);
      }
    };
    expect(registeredRoutes(await build(true))).toContain('GET /declared');
    await expect(build(false)).rejects.toThrow(/GET \/undeclared declares no permission/);
  });
});
