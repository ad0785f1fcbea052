import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../../src/web/lib/api-client.ts';
import type * as Notify from '../../../src/web/lib/notify.ts';
import type * as Dialogs from '../../../src/web/lib/dialogs.ts';
import type * as Session from '../../../src/web/lib/session.ts';
import type * as Reauth from '../../../src/web/lib/reauth.ts';

/**
 * The client's HTTP layer against a real loopback server: headers, `_t`, unwrapping and the error
 * catalogue of spec §8. Browser globals the module reads are provided here.
 */
const store = new Map<string, string>();
const storage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};
const reload = vi.fn();
Object.assign(globalThis, {
  localStorage: storage,
  sessionStorage: storage,
  window: { location: { reload, origin: 'http://x' } },
});

const seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
const server = http.createServer((req, res) => {
  seen.push({ url: req.url ?? '', headers: req.headers });
  const path = (req.url ?? '').split('?')[0];
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (path?.endsWith('/ok'))
    return send(200, { success: true, message: '', code: 200, result: { a: 1 }, timestamp: 1 });
  if (path?.endsWith('/biz'))
    return send(200, { success: false, message: '该用户已冻结', code: 500, result: null, timestamp: 1 });
  if (path?.endsWith('/403')) return send(403, { message: 'x' });
  if (path?.endsWith('/404')) return send(404, { message: 'x' });
  // answers 401 to every token but the one a new sign-in gives
  if (path?.endsWith('/401-until-signed-in'))
    return req.headers['x-access-token'] === 'tok-new'
      ? send(200, { success: true, message: '', code: 200, result: { saved: true }, timestamp: 1 })
      : send(401, { success: false, message: 'Token失效，请重新登录!', code: 401 });
  if (path?.endsWith('/401'))
    return send(401, { success: false, message: 'Token失效，请重新登录!', code: 401 });
  if (path?.endsWith('/500-token')) return send(500, { message: 'Token失效，请重新登录' });
  if (path?.endsWith('/500')) return send(500, { message: '服务器炸了' });
  return send(504, {});
});

// the modules read browser globals on load: import them after the globals above exist
let client: typeof ApiClient;
let notify: typeof Notify;
let dialogs: typeof Dialogs;
let session: typeof Session;
let reauth: typeof Reauth;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  (globalThis as Record<string, unknown>).__API_BASE__ =
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/jeecg-boot`;
  client = await import('../../../src/web/lib/api-client.ts');
  notify = await import('../../../src/web/lib/notify.ts');
  dialogs = await import('../../../src/web/lib/dialogs.ts');
  session = await import('../../../src/web/lib/session.ts');
  reauth = await import('../../../src/web/lib/reauth.ts');
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  for (const n of notify.noticeStore.get()) notify.dismiss(n.id);
});

const shown = () => notify.noticeStore.get().map((n) => n.message);

describe('api client', () => {
  it('sends the token, tenant-id 0 and _t in seconds on GETs, and unwraps the Result', async () => {
    session.session.login({
      token: 'tok',
      userInfo: { id: '1', username: 'a', realname: null, avatar: null, orgCode: null },
    });
    const before = Math.floor(Date.now() / 1000);
    expect(await client.call('GET', '/ok')).toEqual({ a: 1 });
    const req = seen[0]!;
    expect(req.headers['x-access-token']).toBe('tok');
    expect(req.headers['tenant-id']).toBe('0');
    const t = Number(new URL(req.url, 'http://x').searchParams.get('_t'));
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThan(before + 5);
    await client.request('GET', '/sys/dict/getDictItems/sex/ok');
    expect(seen[1]!.url).not.toContain('_t=');
    await client.request('POST', '/ok', { body: { x: 1 } });
    expect(seen[2]!.url).not.toContain('_t=');
  });

  it('turns success:false into an ApiError with the server message', async () => {
    await expect(client.call('GET', '/biz')).rejects.toMatchObject({ message: '该用户已冻结' });
  });

  it.each([
    ['/403', '拒绝访问'],
    ['/404', '很抱歉，资源未找到!'],
    ['/504', '网络超时'],
    ['/500', '服务器炸了'],
  ])('%s shows "%s"', async (path, message) => {
    await expect(client.request('GET', path)).rejects.toMatchObject({ message });
    expect(shown()).toEqual([message]);
  });

  /** The re-sign-in request, once the client has asked for it. */
  const asked = async () => {
    await vi.waitFor(() => expect(reauth.reauthStore.get()).not.toBeNull());
    return reauth.reauthStore.get()!;
  };

  it('401: asks the same account to sign in again, then runs the refused call again', async () => {
    session.session.login({
      token: 'tok-old',
      userInfo: { id: '1', username: 'a', realname: null, avatar: null, orgCode: null },
    });
    // two calls refused together wait for one sign-in
    const saves = [1, 2].map(() => client.call('POST', '/401-until-signed-in', { body: { form: 'kept' } }));
    const open = await asked();
    expect(open.username).toBe('a');
    // the dialog stores the new session, then settles
    session.session.login({
      token: 'tok-new',
      userInfo: { id: '1', username: 'a', realname: null, avatar: null, orgCode: null },
    });
    open.settle(true);
    expect(await Promise.all(saves)).toEqual([{ saved: true }, { saved: true }]);
    expect(reauth.reauthStore.get()).toBeNull();
    // the same body went again with the new token; nothing was shown, nothing reloaded
    const retried = seen.filter((r) => r.url.includes('401-until-signed-in'));
    expect(retried.map((r) => r.headers['x-access-token'])).toEqual([
      'tok-old',
      'tok-old',
      'tok-new',
      'tok-new',
    ]);
    expect(shown()).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
    expect(session.session.get().token).toBe('tok-new');
  });

  it('401 and 退出登录: says the login expired, clears the session and reloads after 1.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      session.session.login({
        token: 'tok',
        userInfo: { id: '1', username: 'a', realname: null, avatar: null, orgCode: null },
      });
      const refused = client.request('GET', '/401');
      (await asked()).settle(false);
      await expect(refused).rejects.toMatchObject({ message: '很抱歉，登录已过期，请重新登录' });
      expect(session.session.get().token).toBeNull();
      expect(shown()).toEqual(['很抱歉，登录已过期，请重新登录']);
      vi.advanceTimersByTime(1400);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(200);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('parallel 401s ask once; signed out, they say it once and reload once, and tell the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    reload.mockClear();
    try {
      session.session.login({
        token: 'tok-parallel',
        userInfo: { id: '1', username: 'a', realname: null, avatar: null, orgCode: null },
      });
      const pending = Promise.all(
        [1, 2, 3].map((): Promise<unknown> => client.request('GET', '/401').catch((e: unknown) => e)),
      );
      (await asked()).settle(false);
      const errors = await pending;
      for (const e of errors) expect(e).toMatchObject({ status: 401, sessionExpired: true });
      expect(shown()).toEqual(['很抱歉，登录已过期，请重新登录']);
      vi.advanceTimersByTime(1600);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('401 with nobody signed in: nothing to ask, the login expired as before', async () => {
    session.session.clear();
    await expect(client.request('GET', '/401')).rejects.toMatchObject({ status: 401, sessionExpired: true });
    expect(reauth.reauthStore.get()).toBeNull();
  });

  it('500 with Token失效: opens the 登录已过期 dialog whose 重新登录 logs out and reloads', async () => {
    reload.mockClear();
    session.session.login({
      token: 'tok',
      userInfo: { id: '1', username: 'a', realname: null, avatar: null, orgCode: null },
    });
    await expect(client.request('GET', '/500-token')).rejects.toMatchObject({
      message: '很抱歉，登录已过期，请重新登录',
    });
    const [dialog] = dialogs.dialogStore.get();
    expect(dialog).toMatchObject({
      title: '登录已过期',
      content: '很抱歉，登录已过期，请重新登录',
      okText: '重新登录',
      cancelText: null,
    });
    expect(session.session.get().token).toBe('tok');
    dialog!.resolve(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(session.session.get().token).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
