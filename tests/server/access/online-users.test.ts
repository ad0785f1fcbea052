import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let staff: string;
const PASSWORD = 'Passw0rd!';

const NO_AUTH = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
const online = (token: string, query: Record<string, string> = {}) =>
  t.call('GET', '/sys/online/list', { token, query: { pageSize: '100', ...query } });
/** an endpoint every signed-in user may call: 200 with a live token, 401 otherwise */
const whoami = (token: string) => t.call('GET', '/sys/user/getCurrentUserDeparts', { token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const body = {
    username: 'online_one',
    realname: '在线一号',
    password: PASSWORD,
    confirmpassword: PASSWORD,
  };
  expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
  staff = await t.login('online_one', PASSWORD);
});
afterAll(async () => t?.close());

describe('GET /sys/online/list', () => {
  it('lists live sessions with a public session id, never a token', async () => {
    const r = await online(admin);
    expect(r.body).toMatchObject({ success: true, code: 200 });
    const page = r.body.result;
    expect(page).toMatchObject({ current: 1, size: 100 });
    const mine = page.records.find((s: { username: string }) => s.username === 'online_one');
    expect(mine).toMatchObject({ realname: '在线一号', current: false });
    expect(mine.id).toMatch(/^[0-9a-f]{32}$/);
    expect(mine.token).toBe(mine.id);
    const own = page.records.filter((s: { current: boolean }) => s.current);
    expect(own).toHaveLength(1);
    expect(own[0].username).toBe('admin');
    // neither token appears anywhere in the answer
    expect(r.raw.body).not.toContain(staff);
    expect(r.raw.body).not.toContain(admin);
  });

  it('filters by username and pages', async () => {
    const r = await online(admin, { username: 'online_' });
    expect(r.body.result.records.map((s: { username: string }) => s.username)).toEqual(['online_one']);
    expect(r.body.result.total).toBe(1);
    const p = await online(admin, { pageSize: '1', pageNo: '1' });
    expect(p.body.result.records).toHaveLength(1);
    expect(p.body.result.total).toBeGreaterThanOrEqual(2);
  });

  it('is refused without the permission, and without a token', async () => {
    expect((await online(staff)).body).toMatchObject(NO_AUTH);
    expect((await t.call('GET', '/sys/online/list')).status).toBe(401);
  });
});

describe('POST /sys/online/forceLogout', () => {
  it('is refused without the permission and changes nothing', async () => {
    const sessions = (await online(admin)).body.result.records;
    const adminSession = sessions.find((s: { current: boolean }) => s.current);
    const r = await t.call('POST', '/sys/online/forceLogout', {
      token: staff,
      body: { token: adminSession.id },
    });
    expect(r.body).toMatchObject(NO_AUTH);
    expect((await whoami(admin)).status).toBe(200);
  });

  it('refuses a malformed or unknown session id, and a real token in its place', async () => {
    for (const token of ['', 'nope', '0'.repeat(32), staff]) {
      const r = await t.call('POST', '/sys/online/forceLogout', { token: admin, body: { token } });
      expect(r.body, token).toMatchObject({ success: false, message: 'Token无效!' });
    }
    expect((await whoami(staff)).status).toBe(200);
  });

  it('ends the session: the next request with that token is refused', async () => {
    const before = (await online(admin, { username: 'online_one' })).body.result.records;
    expect(before).toHaveLength(1);
    expect((await whoami(staff)).status).toBe(200);
    const r = await t.call('POST', '/sys/online/forceLogout', {
      token: admin,
      body: { token: before[0].id },
    });
    expect(r.body).toMatchObject({ success: true, message: '退出登录成功！' });
    const after = await whoami(staff);
    expect(after.status).toBe(401);
    expect(after.body.message).toContain('Token失效');
    expect((await online(admin, { username: 'online_one' })).body.result.records).toEqual([]);
    // the same id again: already gone
    const again = await t.call('POST', '/sys/online/forceLogout', {
      token: admin,
      body: { token: before[0].id },
    });
    expect(again.body).toMatchObject({ success: false, message: 'Token无效!' });
    // signing in again opens a new session
    const fresh = await t.login('online_one', PASSWORD);
    expect((await whoami(fresh)).status).toBe(200);
  });
});

describe('GET /sys/thirdApp/getEnabledType', () => {
  it('answers that no third-party app is enabled, to signed-out callers too (the SSO page asks)', async () => {
    const token = await t.login('online_one', PASSWORD);
    const r = await t.call('GET', '/sys/thirdApp/getEnabledType', { token });
    expect(r.body).toMatchObject({
      success: true,
      code: 200,
      result: { wechatEnterprise: false, dingtalk: false, oidc: false, cas: false },
    });
    expect((await t.call('GET', '/sys/thirdApp/getEnabledType')).body.result).toMatchObject({ oidc: false });
  });
});
