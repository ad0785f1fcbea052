import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { loadConfig, parseRateLimit, parseTrustProxy } from '../../src/server/config.ts';
import { sysLog } from '../../src/server/db/schema/index.ts';
import { addressKey } from '../../src/server/lib/http/client-address.ts';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';

/**
 * Anonymous endpoints are rate-limited per client address with the product's default limits, and
 * the client address comes from the socket unless TRUST_PROXY names the proxy.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: loadConfig({}).rateLimits });
});
afterAll(async () => t?.close());

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const statuses = (rs: Injected[]) => rs.map((r) => r.statusCode);

async function burst(n: number, send: (i: number) => Promise<Injected>): Promise<Injected[]> {
  const out: Injected[] = [];
  for (let i = 0; i < n; i++) out.push(await send(i));
  return out;
}

describe('rate limits on anonymous endpoints (defaults)', () => {
  it('answers 40 SMS requests for different numbers: 10 served, the rest 429 in Chinese', async () => {
    const rs = await burst(40, (i) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/sys/sms`,
        remoteAddress: '10.0.0.1',
        payload: { mobile: `139${String(i).padStart(8, '0')}`, smsmode: '0' },
      }),
    );
    expect(statuses(rs).filter((s) => s === 200)).toHaveLength(10);
    expect(statuses(rs).slice(10)).toEqual(Array(30).fill(429));
    expect(rs[39]!.json()).toMatchObject({ success: false, code: 429, message: '请求过于频繁，请稍后再试' });
    expect(Number(rs[39]!.headers['retry-after'])).toBeGreaterThan(0);
    // another address has its own allowance
    const other = await t.app.inject({
      method: 'POST',
      url: `${BASE}/sys/sms`,
      remoteAddress: '10.0.0.2',
      payload: { mobile: '13900009999', smsmode: '0' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits checkOnlyUser to 60 a minute per address, and X-Forwarded-For does not reset it', async () => {
    const rs = await burst(150, (i) =>
      t.app.inject({
        method: 'GET',
        url: `${BASE}/sys/user/checkOnlyUser?username=probe${i}`,
        remoteAddress: '10.0.0.3',
        headers: { 'x-forwarded-for': `9.9.${i >> 8}.${i & 255}` },
      }),
    );
    expect(statuses(rs).filter((s) => s === 200)).toHaveLength(60);
    expect(statuses(rs).filter((s) => s === 429)).toHaveLength(90);
  });

  it('limits password login, phone login, single sign-on, registration, reset and captcha per address', async () => {
    const cases: Array<[string, string, number, (i: number) => object | undefined]> = [
      ['POST', '/sys/login', 30, (i) => ({ username: `nobody${i}`, password: 'x' })],
      ['POST', '/sys/phoneLogin', 30, () => ({ mobile: '13900000001', captcha: '000000' })],
      ['POST', '/sys/user/register', 20, () => ({})],
      ['POST', '/sys/user/phoneVerification', 20, () => ({})],
      ['GET', '/sys/user/passwordChange', 20, () => undefined],
      ['GET', '/sys/randomImage/k1', 60, () => undefined],
      // single sign-on counts as logins
      ['GET', '/sys/thirdLogin/render/oidc', 30, () => undefined],
      ['GET', '/sys/thirdLogin/getLoginUser/none/oidc', 30, () => undefined],
      ['GET', '/sys/cas/client/validateLogin?ticket=ST-1', 30, () => undefined],
    ];
    for (const [method, url, allowed, body] of cases) {
      const address = `10.1.0.${cases.findIndex((c) => c[1] === url) + 1}`;
      const n = allowed + 5;
      const rs = await burst(n, (i) =>
        t.app.inject({
          method: method as 'GET' | 'POST',
          url: `${BASE}${url}`,
          remoteAddress: address,
          ...(body(i) ? { payload: body(i) } : {}),
        }),
      );
      expect(statuses(rs).slice(0, allowed), url).not.toContain(429);
      expect(statuses(rs).slice(allowed), url).toEqual(Array(5).fill(429));
    }
  });
});

describe('rate-limit keys', () => {
  it('count an IPv6 client by its /64, and give limited routes no HEAD twin with a bucket of its own', async () => {
    const s = await createTestApp({
      rateLimits: { ...loadConfig({}).rateLimits, check: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const probe = (remoteAddress: string, method: 'GET' | 'HEAD' = 'GET') =>
        s.app
          .inject({ method, url: `${BASE}/sys/user/checkOnlyUser?username=free_name`, remoteAddress })
          .then((r) => r.statusCode);
      const codes = [];
      for (let i = 1; i <= 6; i++) codes.push(await probe(`2001:db8:0:7::${i}`));
      expect(codes).toEqual([200, 200, 429, 429, 429, 429]);
      expect(await probe('2001:db8:0:8::1')).toBe(200); // another /64
      expect(await probe('2001:db8:0:9::1', 'HEAD')).toBe(404);
      // a repeated value is refused, not half-read
      const repeated = await s.app.inject({
        method: 'GET',
        url: `${BASE}/sys/user/checkOnlyUser?username=admin&username=free_name`,
        remoteAddress: '10.9.9.9',
      });
      expect(repeated.json()).toMatchObject({ success: false, message: '操作失败，参数 username 的值无效' });
    } finally {
      await s.close();
    }
  });

  it('addressKey keeps IPv4 and groups IPv6 by its /64', () => {
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:0:7::1')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:0db8:0000:0007:ffff:1:2:3')).toBe('2001:db8:0:7::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('client address', () => {
  it('is the socket address by default: a forged X-Forwarded-For is not logged', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `${BASE}/sys/login`,
      remoteAddress: '10.2.0.1',
      headers: { 'x-forwarded-for': '9.9.9.9' },
      payload: { username: 'admin', password: '123456' },
    });
    expect(r.json().success).toBe(true);
    const [log] = await t.database.db
      .select()
      .from(sysLog)
      .where(eq(sysLog.logType, 1))
      .orderBy(desc(sysLog.createTime))
      .limit(1);
    expect(log!.ip).toBe('10.2.0.1');
  });

  it('comes from X-Forwarded-For only when the proxy is trusted (TRUST_PROXY)', async () => {
    const p = await createTestApp({ trustProxy: parseTrustProxy('10.2.0.9') });
    try {
      const login = (remoteAddress: string) =>
        p.app.inject({
          method: 'POST',
          url: `${BASE}/sys/login`,
          remoteAddress,
          headers: { 'x-forwarded-for': '9.9.9.9' },
          payload: { username: 'admin', password: '123456' },
        });
      expect((await login('10.2.0.9')).json().success).toBe(true);
      expect((await login('10.2.0.7')).json().success).toBe(true);
      const ips = (await p.database.db.select().from(sysLog).where(eq(sysLog.logType, 1))).map((l) => l.ip);
      expect(ips.sort()).toEqual(['10.2.0.7', '9.9.9.9']);
    } finally {
      await p.close();
    }
  });

  it('believes the nearest N hops with TRUST_PROXY=N (Fastify ignores a bare number)', async () => {
    const p = await createTestApp({ trustProxy: parseTrustProxy('1') });
    try {
      const r = await p.app.inject({
        method: 'POST',
        url: `${BASE}/sys/login`,
        remoteAddress: '10.2.0.9',
        headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7' },
        payload: { username: 'admin', password: '123456' },
      });
      expect(r.json().success).toBe(true);
      const [log] = await p.database.db.select().from(sysLog).where(eq(sysLog.logType, 1));
      expect(log!.ip).toBe('7.7.7.7');
    } finally {
      await p.close();
    }
  });
});

describe('configuration', () => {
  it('reads RATE_LIMIT_<GROUP> as count/window and TRUST_PROXY as hops or addresses', () => {
    expect(parseRateLimit('5/30s')).toEqual({ max: 5, timeWindow: 30_000 });
    expect(parseRateLimit('100/1h')).toEqual({ max: 100, timeWindow: 3_600_000 });
    expect(parseRateLimit('0/1m')).toBeUndefined();
    expect(parseRateLimit('lots')).toBeUndefined();
    const cfg = loadConfig({ RATE_LIMIT_SMS: '3/1m', RATE_LIMIT_LOGIN: 'bad' });
    expect(cfg.rateLimits.sms).toEqual({ max: 3, timeWindow: 60_000 });
    expect(cfg.rateLimits.login).toEqual({ max: 30, timeWindow: 60_000 });
    expect(loadConfig({}).trustProxy).toBe(false);
    const twoHops = parseTrustProxy('2') as (a: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(() => parseTrustProxy('true')).toThrow(/name the proxies/);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(parseTrustProxy('false')).toBe(false);
  });
});
