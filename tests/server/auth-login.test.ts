import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysUser, sysUserToken } from '../../src/server/db/schema/index.ts';
import { isArgon2Hash, legacyJeecgHash } from '../../src/server/lib/access/password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: 3 });
});
afterAll(async () => t?.close());

describe('legacy JeecgBoot password hashes', () => {
  it('reproduces the published test vectors', () => {
    expect(legacyJeecgHash('admin', '123456', 'RCGTeGiH')).toBe('cb362cfeefbf3d8d');
    expect(legacyJeecgHash('jeecg', '123456', 'mIgiYJow')).toBe('eee378a1258530cb');
  });

  it('verifies an imported legacy admin hash and upgrades it to argon2id on login', async () => {
    // JeecgBoot's own admin row, as its install script writes it
    await t.database.db
      .update(sysUser)
      .set({ password: 'cb362cfeefbf3d8d', salt: 'RCGTeGiH' })
      .where(eq(sysUser.username, 'admin'));
    const r = await t.call('POST', '/sys/login', {
      body: { username: 'admin', password: '123456', remember_me: true },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const [after] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    expect(isArgon2Hash(after!.password)).toBe(true);
    expect(after!.salt).toBeNull();
    // and the upgraded hash still lets admin in
    expect(await t.login('admin')).toMatch(/^[\w-]{40,}$/);
  });
});

describe('POST /sys/login', () => {
  it('returns the JeecgBoot login result shape', async () => {
    const r = await t.call('POST', '/sys/login', { body: { username: 'yunying', password: '123456' } });
    const res = r.body.result;
    expect(Object.keys(r.body)).toEqual(['success', 'message', 'code', 'result', 'timestamp']);
    expect(res.userInfo).toMatchObject({
      username: 'yunying',
      realname: '李运营',
      orgCode: 'A01A01',
      status: 1,
    });
    expect(res.userInfo).not.toHaveProperty('password');
    expect(res.userInfo).not.toHaveProperty('salt');
    expect(res.multi_depart).toBe(1);
    expect(res.departs[0]).toMatchObject({ orgCode: 'A01A01', departName: '运营部' });
    expect(res.sysAllDictItems.sex).toEqual([
      expect.objectContaining({ value: '1', text: '男', title: '男', label: '男' }),
      expect.objectContaining({ value: '2', text: '女' }),
    ]);
    expect(res.tenantList).toEqual([expect.objectContaining({ id: 1, status: 1 })]);
  });

  it.each([
    [{ username: 'nobody', password: 'x' }, '用户名或密码错误'],
    [{ username: 'yunying', password: 'wrong' }, '用户名或密码错误'],
    [{ username: '', password: 'x' }, '请输入用户名'],
    [{ username: 'yunying' }, '请输入密码'],
  ])('refuses %j with "%s"', async (body, message) => {
    const r = await t.call('POST', '/sys/login', { body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, code: 500, message });
  });

  it('refuses frozen and deleted accounts with their messages', async () => {
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'caiwu'));
    expect(
      (await t.call('POST', '/sys/login', { body: { username: 'caiwu', password: '123456' } })).body.message,
    ).toBe('该用户已冻结');
    await t.database.db.update(sysUser).set({ status: 1, delFlag: 1 }).where(eq(sysUser.username, 'caiwu'));
    expect(
      (await t.call('POST', '/sys/login', { body: { username: 'caiwu', password: '123456' } })).body.message,
    ).toBe('该用户已注销');
    await t.database.db.update(sysUser).set({ delFlag: 0 }).where(eq(sysUser.username, 'caiwu'));
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await t.call('POST', '/sys/login', { body: { username: 'yuangong', password: `bad${i}` } });
      expect(r.body.message).toBe('用户名或密码错误');
    }
    const locked = await t.call('POST', '/sys/login', { body: { username: 'yuangong', password: '123456' } });
    expect(locked.body).toMatchObject({ success: false });
    expect(locked.body.message).toMatch(/登录失败次数过多/);
  });

  it('treats SQL-looking credentials as plain text', async () => {
    const r = await t.call('POST', '/sys/login', {
      body: { username: "admin' OR '1'='1", password: "' OR 1=1 --" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, message: '用户名或密码错误' });
  });

  it('answers an unknown account exactly like a wrong password (no account enumeration)', async () => {
    // an app of its own: the failures of the other tests (one address) must not lock this one
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const strip = (b: Record<string, unknown>) => ({ ...b, timestamp: 0 });
    const unknown = await t.call('POST', '/sys/login', {
      body: { username: 'no_such_user', password: 'x1' },
    });
    const wrong = await t.call('POST', '/sys/login', { body: { username: 'yuangong', password: 'x1' } });
    expect(unknown.status).toBe(wrong.status);
    expect(strip(unknown.body)).toEqual(strip(wrong.body));
    expect(unknown.body.message).toBe('用户名或密码错误');
    // frozen accounts only say so to someone who knows the password
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'yuangong'));
    {
      const frozenWrong = await t.call('POST', '/sys/login', {
        body: { username: 'yuangong', password: 'x1' },
      });
      expect(frozenWrong.body.message).toBe('用户名或密码错误');
    }
  });
});

describe('captcha', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ captchaEnabled: true });
  });
  afterAll(async () => c?.close());

  it('requires a captcha when enabled and answers a wrong one with code 412', async () => {
    const img = await c.call('GET', '/sys/randomImage/1658300000000');
    expect(img.body).toMatchObject({ success: true, code: 0 });
    expect(img.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const missing = await c.call('POST', '/sys/login', { body: { username: 'admin', password: '123456' } });
    expect(missing.body).toMatchObject({ success: false, message: '验证码无效' });
    const wrong = await c.call('POST', '/sys/login', {
      body: { username: 'admin', password: '123456', captcha: 'zzzz', checkKey: 1658300000000 },
    });
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
  });

  it('accepts the right captcha once, case-insensitively', async () => {
    await c.call('GET', '/sys/randomImage/k1');
    // the image is an SVG whose text holds the code: read it back as a person would
    const img = await c.call('GET', '/sys/randomImage/k2');
    const svg = Buffer.from(img.body.result.split(',')[1], 'base64').toString();
    const code = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
    expect(code).toHaveLength(4);
    const body = { username: 'admin', password: '123456', captcha: code.toUpperCase(), checkKey: 'k2' };
    expect((await c.call('POST', '/sys/login', { body })).body).toMatchObject({ success: true, code: 200 });
    expect((await c.call('POST', '/sys/login', { body })).body).toMatchObject({ success: false, code: 412 });
  });
});

describe('tokens', () => {
  it('answers a missing, unknown or malformed token with HTTP 401 and Token失效', async () => {
    for (const token of [undefined, 'nope', 'x'.repeat(500)]) {
      const r = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: 401 });
      expect(r.body.message).toContain('Token失效');
    }
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('yunying');
    const rows = await t.database.db.select().from(sysUserToken);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('expires tokens after their lifetime', async () => {
    const token = await t.login('yunying');
    const ok = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(ok.status).toBe(200);
    await t.database.db.update(sysUserToken).set({ expiresAt: new Date(Date.now() - 1000) });
    const r = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(r.status).toBe(401);
  });

  it('gives tokens a 7-day lifetime', async () => {
    const before = Date.now();
    await t.login('yunying');
    const rows = await t.database.db.select().from(sysUserToken);
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    const life = newest.expiresAt.getTime() - before;
    expect(life).toBeGreaterThan(604_800_000 - 60_000);
    expect(life).toBeLessThanOrEqual(604_800_000 + 60_000);
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('yunying');
    const out = await t.call('POST', '/sys/logout', { token });
    expect(out.body).toMatchObject({ success: true, message: '退出登录成功！' });
    expect((await t.call('GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
    expect((await t.call('POST', '/sys/logout', { token })).body).toMatchObject({
      success: false,
      message: 'Token无效!',
    });
    expect((await t.call('POST', '/sys/logout')).body).toMatchObject({
      success: false,
      message: '退出登录失败！',
    });
  });

  it('refuses a tenant-id the user does not belong to', async () => {
    const token = await t.login('yunying');
    const ok = await t.call('GET', '/sys/user/getCurrentUserDeparts', {
      token,
      headers: { 'tenant-id': '1' },
    });
    expect(ok.status).toBe(200);
    const zero = await t.call('GET', '/sys/user/getCurrentUserDeparts', {
      token,
      headers: { 'tenant-id': '0' },
    });
    expect(zero.status).toBe(200);
    const r = await t.call('GET', '/sys/user/getCurrentUserDeparts', {
      token,
      headers: { 'tenant-id': '99' },
    });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('用户租户信息变更,请重新登陆!');
  });
});

describe('failed logins from one address', () => {
  it('are limited across account names (password spraying)', async () => {
    const s = await createTestApp({ loginMaxFailures: 2 });
    try {
      // 2 × 4 = 8 failures from one address, over names that never reach the per-account limit
      for (let i = 0; i < 8; i++) {
        const r = await s.call('POST', '/sys/login', { body: { username: `ghost${i}`, password: 'x' } });
        expect(r.body.message).toBe('用户名或密码错误');
      }
      const r = await s.call('POST', '/sys/login', { body: { username: 'admin', password: '123456' } });
      expect(r.body.message).toMatch(/登录失败次数过多/);
    } finally {
      await s.close();
    }
  });
});
