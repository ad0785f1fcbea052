import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysLog, sysSessionActivity, sysUser } from '../../src/server/db/schema/index.ts';
import { sha256 } from '../../src/server/lib/query/ids.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { SELF_ONLY } from '../../src/shared/account.ts';

let t: TestApp;
let yunyingId: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const users = await t.database.db.select({ id: sysUser.id, username: sysUser.username }).from(sysUser);
  yunyingId = users.find((u) => u.username === 'yunying')!.id;
  adminId = users.find((u) => u.username === 'admin')!.id;
});
afterAll(async () => t?.close());

const userRow = async (id: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.id, id)))[0]!;

/** The newest operation-log entry of a user for a path. */
const lastLog = async (userId: string, path: string) =>
  (
    await t.database.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.logType, 2), eq(sysLog.userid, userId), eq(sysLog.requestUrl, path)))
      .orderBy(desc(sysLog.createTime))
      .limit(1)
  )[0];

/** Every write of 账户设置 with a body naming another account: method, path, body. */
const WRITES = [
  [ENDPOINTS.self.editProfile, { realname: '别人' }],
  [ENDPOINTS.self.sendContactCode, { kind: 'email', value: 'other@example.com' }],
  [ENDPOINTS.self.changeContact, { kind: 'email', value: 'other@example.com', code: '123456' }],
  [ENDPOINTS.self.revokeSessions, { others: true }],
  [ENDPOINTS.self.savePrefs, { ui: { theme: 'dark' } }],
] as const;

describe('账户设置: one changes only oneself', () => {
  it.each(WRITES)('%s refuses another id or username in the body, and logs the refusal', async (c, body) => {
    const token = await t.login('yunying');
    for (const other of [{ id: adminId }, { userId: adminId }, { username: 'admin' }]) {
      const r = await t.call(c.method, c.path, { token, body: { ...body, ...other } });
      expect(r.body).toMatchObject({ success: false, message: SELF_ONLY });
    }
    const admin = await userRow(adminId);
    expect(admin.realname).not.toBe('别人');
    const log = await lastLog(yunyingId, c.path);
    expect(log?.logContent).toContain(SELF_ONLY);
  });

  it('edits name, avatar, sex and birthday; logged; the profile reads them back', async () => {
    const token = await t.login('yunying');
    const r = await t.call('PUT', '/sys/user/appEdit', {
      token,
      body: { id: yunyingId, realname: '运营甲', avatar: 'temp/a.png', sex: 2, birthday: '1990-02-03' },
    });
    expect(r.body).toMatchObject({ success: true, result: { realname: '运营甲', sex: 2 } });
    const row = await userRow(yunyingId);
    expect(row).toMatchObject({ realname: '运营甲', avatar: 'temp/a.png', sex: 2, birthday: '1990-02-03' });
    expect((await lastLog(yunyingId, '/sys/user/appEdit'))?.logContent).toContain('成功');
    const p = await t.call('GET', '/sys/user/self/profile', { token });
    expect(p.body.result).toMatchObject({ realname: '运营甲', birthday: '1990-02-03' });
    const bad = await t.call('PUT', '/sys/user/appEdit', {
      token,
      body: { realname: '', birthday: '1990-13-01' },
    });
    expect(bad.body.success).toBe(false);
  });

  it('changes the phone only with the code sent by SMS to the new number', async () => {
    const token = await t.login('yunying');
    const phone = '13912345678';
    const send = await t.call('POST', '/sys/user/self/sendCode', {
      token,
      body: { kind: 'phone', value: phone },
    });
    expect(send.body.success).toBe(true);
    const code = await t.sms.last(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(t.sms.sent.at(-1)?.mode).toBe('3');
    const wrong = code === '000000' ? '111111' : '000000';
    const w = await t.call('PUT', '/sys/user/self/contact', {
      token,
      body: { kind: 'phone', value: phone, code: wrong },
    });
    expect(w.body).toMatchObject({ success: false, message: '验证码错误' });
    // the code proves this number only
    const other = await t.call('PUT', '/sys/user/self/contact', {
      token,
      body: { kind: 'phone', value: '13912345679', code },
    });
    expect(other.body.success).toBe(false);
    const okr = await t.call('PUT', '/sys/user/self/contact', {
      token,
      body: { kind: 'phone', value: phone, code },
    });
    expect(okr.body).toMatchObject({ success: true, result: { phone } });
    expect((await userRow(yunyingId)).phone).toBe(phone);
    expect((await lastLog(yunyingId, '/sys/user/self/contact'))?.logContent).toContain('成功');
    // the code is spent
    const again = await t.call('PUT', '/sys/user/self/contact', {
      token,
      body: { kind: 'phone', value: phone, code },
    });
    expect(again.body.success).toBe(false);
  });

  it('changes the e-mail with the code the mail provider sent; a taken address is refused', async () => {
    const token = await t.login('yunying');
    const email = 'yunying-new@example.com';
    expect(
      (await t.call('POST', '/sys/user/self/sendCode', { token, body: { kind: 'email', value: email } })).body
        .success,
    ).toBe(true);
    const code = t.mail.last(email)!;
    expect(code).toMatch(/^\d{6}$/);
    const r = await t.call('PUT', '/sys/user/self/contact', {
      token,
      body: { kind: 'email', value: email, code },
    });
    expect(r.body).toMatchObject({ success: true, result: { email } });
    const adminToken = await t.login('admin');
    const taken = await t.call('POST', '/sys/user/self/sendCode', {
      token: adminToken,
      body: { kind: 'email', value: email },
    });
    expect(taken.body).toMatchObject({ success: false, message: '邮箱已存在' });
    const malformed = await t.call('POST', '/sys/user/self/sendCode', {
      token,
      body: { kind: 'email', value: 'nope' },
    });
    expect(malformed.body.success).toBe(false);
  });

  it('lists own sessions with device and last use, signs out the others, never the current one', async () => {
    const ua = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120 Safari/537.36' };
    const other = (
      await t.call('POST', '/sys/login', { body: { username: 'yunying', password: '123456' }, headers: ua })
    ).body.result.token as string;
    const token = await t.login('yunying');
    const adminToken = await t.login('admin');
    expect((await t.call('GET', '/sys/user/self/profile', { token: other })).status).toBe(200);
    // its use was noted (apart from the token row, whose changes drop every session cache)
    const [used] = await t.database.db
      .select()
      .from(sysSessionActivity)
      .where(eq(sysSessionActivity.tokenHash, sha256(other)));
    expect(Date.now() - used!.lastUsedAt.getTime()).toBeLessThan(60_000);
    const list = await t.call('GET', '/sys/user/self/sessions', { token });
    const sessions = list.body.result as Array<{
      id: string;
      current: boolean;
      device: string;
      lastUsed: string;
    }>;
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.some((s) => s.device === 'Chrome · Windows')).toBe(true);
    expect(sessions.every((s) => s.lastUsed)).toBe(true);
    // admin's sessions are not among them, nor can they be named
    const adminSessions = (await t.call('GET', '/sys/user/self/sessions', { token: adminToken })).body
      .result as Array<{ id: string }>;
    expect(sessions.some((s) => adminSessions.some((a) => a.id === s.id))).toBe(false);
    const foreign = await t.call('POST', '/sys/user/self/revokeSessions', {
      token,
      body: { ids: [adminSessions[0]!.id] },
    });
    expect(foreign.body.success).toBe(false);
    const current = sessions.find((s) => s.current)!;
    const self = await t.call('POST', '/sys/user/self/revokeSessions', {
      token,
      body: { ids: [current.id] },
    });
    expect(self.body.success).toBe(false);

    const r = await t.call('POST', '/sys/user/self/revokeSessions', { token, body: { others: true } });
    expect(r.body.success).toBe(true);
    expect((await t.call('GET', '/sys/user/self/profile', { token: other })).status).toBe(401);
    expect((await t.call('GET', '/sys/user/self/profile', { token })).body.success).toBe(true);
    expect((await t.call('GET', '/sys/user/self/profile', { token: adminToken })).body.success).toBe(true);
    expect((await lastLog(yunyingId, '/sys/user/self/revokeSessions'))?.logContent).toContain('成功');
  });

  it('lists own recent sign-ins from the login log', async () => {
    const token = await t.login('yunying');
    const r = await t.call('GET', '/sys/user/self/logins', { token });
    expect(r.body.result.length).toBeGreaterThan(0);
    expect(r.body.result[0].content).toContain('yunying');
    expect(r.body.result.every((l: { content: string }) => !l.content.includes('admin'))).toBe(true);
  });

  it('keeps preferences on the server, merged, validated, per user', async () => {
    const token = await t.login('yunying');
    const before = await t.call('GET', '/sys/user/self/prefs', { token });
    expect(before.body.result).toEqual({ ui: {}, notify: { categories: ['1', '2'], speak: false } });
    await t.call('PUT', '/sys/user/self/savePrefs', {
      token,
      body: { ui: { theme: 'dark', multipage: false } },
    });
    const s = await t.call('PUT', '/sys/user/self/savePrefs', {
      token,
      body: { ui: { layout: 'topmenu' }, notify: { categories: ['1'], speak: true } },
    });
    expect(s.body.success).toBe(true);
    const again = await t.login('yunying');
    const after = await t.call('GET', '/sys/user/self/prefs', { token: again });
    expect(after.body.result).toEqual({
      ui: { theme: 'dark', multipage: false, layout: 'topmenu' },
      notify: { categories: ['1'], speak: true },
    });
    expect((await lastLog(yunyingId, '/sys/user/self/savePrefs'))?.logContent).toContain('成功');
    const bad = await t.call('PUT', '/sys/user/self/savePrefs', { token, body: { ui: { theme: 'pink' } } });
    expect(bad.body.success).toBe(false);
    const unknown = await t.call('PUT', '/sys/user/self/savePrefs', { token, body: { ui: { evil: 1 } } });
    expect(unknown.body.success).toBe(false);
    const adminPrefs = await t.call('GET', '/sys/user/self/prefs', { token: await t.login('admin') });
    expect(adminPrefs.body.result.ui).toEqual({});
  });
});
