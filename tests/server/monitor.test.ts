import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { ACTUATOR_METRICS } from '../../src/shared/monitor.ts';
import { TRACE_CAPACITY } from '../../src/server/plugins/request-trace.ts';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';
import { roleWith, userWith } from '../support/grant-roles.ts';

/**
 * 系统监控 (issue 28 item 2): the endpoints of the six pages and the JeecgBoot 3.3 client's
 * actuator and redis calls — refused without their code, figures present and sane, and the request
 * trace never keeping a token, a password or a query value.
 */
let t: TestApp;
let admin: string;
let bare: string;
const PASSWORD = 'Passw0rd!';
const M = ENDPOINTS.monitor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const body = {
    username: 'no_monitor',
    realname: '无监控权限',
    password: PASSWORD,
    confirmpassword: PASSWORD,
  };
  expect((await t.call('POST', '/sys/user/add', { token: admin, body })).body.success).toBe(true);
  bare = await t.login('no_monitor', PASSWORD);
});
afterAll(async () => t?.close());

const get = (path: string, token = admin) => t.call('GET', path, { token });
const metric = async (name: string) => {
  const r = await get(`/actuator/metrics/${name}`);
  expect(r.status, name).toBe(200);
  expect(r.body.name).toBe(name);
  expect(r.body.description, name).toBeTruthy();
  return r.body.measurements as Array<{ statistic: string; value: number }>;
};

describe('permission', () => {
  it('refuses every monitor route to a signed-in user without the page code, and an anonymous call', async () => {
    const paths = [
      ...Object.values(M).map((c) => ({ path: c.path, perm: c.permission })),
      ...Object.entries(ACTUATOR_METRICS).map(([name, perm]) => ({
        path: `/actuator/metrics/${name}`,
        perm,
      })),
    ];
    expect(paths.length).toBe(Object.keys(M).length + 25);
    for (const { path, perm } of paths) {
      expect(t.app.routePermissions.get(`GET ${BASE}${path}`), path).toBe(perm);
      const refused = await get(path, bare);
      expect(refused.body, path).toMatchObject({ success: false, code: 510 });
      expect(JSON.stringify(refused.body), path).not.toMatch(/measurements|traces|heapUsed|restPPT/);
      const anonymous = await t.call('GET', path);
      expect(anonymous.body?.success, path).toBe(false);
    }
  });

  it('lets a holder of one page’s code read that page’s calls only', async () => {
    const role = await roleWith(t, 'disk_watcher', ['monitor:disk']);
    const { token } = await userWith(t, admin, 'disk_watcher', role);
    expect((await get(M.disk.path, token)).body.success).toBe(true);
    expect((await get(M.queryDiskInfo.path, token)).body.success).toBe(true);
    for (const path of [M.server.path, M.trace.path, M.redisInfo.path, '/actuator/metrics/jvm.memory.used'])
      expect((await get(path, token)).body, path).toMatchObject({ success: false, code: 510 });
  });
});

describe('the pages’ endpoints', () => {
  it('服务器信息 and 运行时信息 give this instance’s CPU, memory, heap spaces, GC and event loop', async () => {
    const s = (await get(M.server.path)).body.result;
    expect(s.instance).toMatch(/:\d+$/);
    expect(s.cpuCount).toBeGreaterThanOrEqual(1);
    expect(s.memoryTotal).toBeGreaterThan(s.memoryFree);
    expect(s.processMemory).toBeGreaterThan(10 * 1024 * 1024);
    for (const share of [s.systemCpu, s.processCpu]) expect(share >= 0 && share <= 1).toBe(true);
    expect(s.load).toHaveLength(3);
    expect(s.nodeVersion).toBe(process.version);
    expect(s.processStartTime).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - s.processStartTime).toBeGreaterThan(s.processUptimeSeconds * 1000 - 2000);

    const r = (await get(M.runtime.path)).body.result;
    expect(r.heapUsed).toBeGreaterThan(0);
    expect(r.heapUsed).toBeLessThanOrEqual(r.heapTotal);
    expect(r.heapTotal).toBeLessThanOrEqual(r.heapLimit);
    const old = r.spaces.find((x: { space: string }) => x.space === 'old');
    expect(old.used).toBeGreaterThan(0);
    for (const v of Object.values(r.eventLoop)) expect(Number.isFinite(v)).toBe(true);
    expect(r.eventLoopUtilization >= 0 && r.eventLoopUtilization <= 1).toBe(true);
    expect(Array.isArray(r.gc) && Array.isArray(r.handles)).toBe(true);
  });

  it('数据库监控 says what the engine tells: size, tables, locks, slowest statements or why not', async () => {
    const d = (await get(M.database.path)).body.result;
    expect(d.engine).toBe(t.database.kind);
    expect(d.version).toMatch(/^\d+/);
    expect(d.databaseBytes).toBeGreaterThan(1024 * 1024);
    // the largest tables: the orders are among them (the rollups grew past the users)
    const orders = d.tables.find((x: { table: string }) => x.table === 'yy_visit_order');
    expect(orders, JSON.stringify(d.tables.map((x: { table: string }) => x.table))).toBeTruthy();
    expect(orders.totalBytes).toBeGreaterThanOrEqual(orders.tableBytes + orders.indexBytes - 8192);
    const sizes = d.tables.map((x: { totalBytes: number }) => x.totalBytes);
    expect(sizes).toEqual([...sizes].sort((a: number, b: number) => b - a));
    expect(Array.isArray(d.locks)).toBe(true);
    if (d.slowest.available) expect(Array.isArray(d.slowest.rows)).toBe(true);
    else expect(d.slowest.reason).toContain('pg_stat_statements');
    if (d.engine === 'postgres') {
      expect(d.pool).toMatchObject({ total: expect.any(Number), waiting: expect.any(Number) });
      expect(d.connections.length).toBeGreaterThan(0);
      expect(d.cacheHitRatio).toBeGreaterThan(0);
    } else {
      expect(d.pool).toBeNull();
      expect(d.notes.join('')).toContain('PGlite');
    }
  });

  it('磁盘监控 gives the volumes of the directories the server writes', async () => {
    const { volumes } = (await get(M.disk.path)).body.result;
    expect(volumes.map((v: { name: string }) => v.name)).toContain('上传目录');
    for (const v of volumes) {
      expect(v.total).toBeGreaterThan(0);
      expect(v.free).toBeLessThanOrEqual(v.total);
      expect(v.available).toBeLessThanOrEqual(v.free);
    }
  });

  it('HTTP服务信息 counts the requests this instance answered, by status and route pattern', async () => {
    const before = (await get(M.http.path)).body.result;
    for (let i = 0; i < 8; i += 1) await get('/sys/user/list');
    await get('/sys/no/such/path');
    const after = (await get(M.http.path)).body.result;
    // the lists, the 404, and the first read of HTTP服务信息
    expect(after.requests - before.requests).toBe(10);
    expect(after.refused - before.refused).toBe(1);
    const list = after.routes.find((r: { route: string }) => r.route === `${BASE}/sys/user/list`);
    expect(list.count).toBeGreaterThanOrEqual(8);
    expect(list.meanMs).toBeGreaterThan(0);
    expect(after.byStatus.find((s: { status: string }) => s.status === '2xx').count).toBeGreaterThan(0);
    expect(after.sockets).toEqual({ grid: expect.any(Number), notice: expect.any(Number) });
    expect(after.inFlight).toBe(1);
  });
});

describe('请求追踪', () => {
  it('keeps method, path, status, time and account, never a token, a password or a query value', async () => {
    const password = 'Hunter2-secret-pass';
    const queryToken = 'query-token-7f3a9c';
    const captchaKey = 'captcha-key-51e0b2';
    await t.call('GET', '/sys/user/list', {
      token: admin,
      query: { password, token: queryToken, username: 'admin' },
    });
    await t.call('GET', `/sys/randomImage/${captchaKey}`);
    await t.call('POST', '/sys/login', { body: { username: 'admin', password } });
    const trace = (await get(M.trace.path)).body.result;
    const spring = (await get(M.httptrace.path)).body;
    for (const text of [JSON.stringify(trace), JSON.stringify(spring)]) {
      for (const secret of [password, queryToken, captchaKey, admin, 'Hunter2'])
        expect(text).not.toContain(secret);
    }
    const [login, image, list] = trace.entries;
    expect(list).toMatchObject({
      method: 'GET',
      path: `${BASE}/sys/user/list?password&token&username`,
      status: 200,
      user: 'admin',
    });
    expect(list.ms).toBeGreaterThanOrEqual(0);
    expect(image.path).toBe(`${BASE}/sys/randomImage/***`);
    expect(login).toMatchObject({ method: 'POST', path: `${BASE}/sys/login`, user: null });
    // the monitor's own calls are not traced
    expect(trace.entries.some((e: { path: string }) => e.path.includes('/sys/monitor/'))).toBe(false);
    // Spring Boot's shape, as the original 请求追踪 page reads it
    expect(spring.traces[2]).toMatchObject({
      request: { method: 'GET', uri: `${BASE}/sys/user/list?password&token&username` },
      response: { status: 200 },
      principal: { name: 'admin' },
      timeTaken: expect.any(Number),
    });
    expect(new Date(spring.traces[0].timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is a bounded ring: the oldest requests give way', async () => {
    for (let i = 0; i < TRACE_CAPACITY + 20; i += 1)
      await t.call('GET', `/sys/no/such/${i}`, { token: admin });
    const { entries, capacity } = (await get(M.trace.path)).body.result;
    expect(capacity).toBe(TRACE_CAPACITY);
    expect(entries).toHaveLength(TRACE_CAPACITY);
    expect(entries[0].path).toBe(`${BASE}/sys/no/such/${TRACE_CAPACITY + 19}`);
    expect(entries[TRACE_CAPACITY - 1].path).toBe(`${BASE}/sys/no/such/20`);
  });
});

describe('the JeecgBoot 3.3 client’s calls', () => {
  it('answers each of the 25 actuator metrics in Spring Boot’s shape; another name is 404', async () => {
    for (const name of Object.keys(ACTUATOR_METRICS)) {
      const m = await metric(name);
      expect(m.length).toBeGreaterThanOrEqual(1);
      for (const x of m) expect(Number.isFinite(x.value), name).toBe(true);
    }
    const [max] = await metric('jvm.memory.max');
    const [used] = await metric('jvm.memory.used');
    const [committed] = await metric('jvm.memory.committed');
    expect(used!.value).toBeGreaterThan(0);
    expect(used!.value).toBeLessThanOrEqual(committed!.value);
    expect(committed!.value).toBeLessThanOrEqual(max!.value);
    const pause = await metric('jvm.gc.pause');
    expect(pause.map((x) => x.statistic)).toEqual(['COUNT', 'TOTAL_TIME']);
    expect((await metric('system.cpu.count'))[0]!.value).toBeGreaterThanOrEqual(1);
    const [start] = await metric('process.start.time');
    expect(start!.value * 1000).toBeLessThan(Date.now());
    expect(start!.value * 1000).toBeGreaterThan(Date.now() - 24 * 3600_000);
    expect((await metric('process.uptime'))[0]!.value).toBeGreaterThan(0);
    // admin's and no_monitor's sessions at least
    expect((await metric('tomcat.sessions.active.current'))[0]!.value).toBeGreaterThanOrEqual(2);
    const na = await get('/actuator/metrics/jvm.classes.loaded');
    expect(na.body.description).toContain('不适用');
    expect((await get('/actuator/metrics/jvm.no.such')).status).toBe(404);
  });

  it('answers the redis and disk calls with the database’s and the volumes’ figures', async () => {
    const info = (await get(M.redisInfo.path)).body;
    expect(info.success).toBe(true);
    for (const row of info.result) expect(Object.keys(row).sort()).toEqual(['description', 'key', 'value']);
    expect(info.result.find((r: { key: string }) => r.key === 'database_size').value).toMatch(/^\d+$/);
    const keys = (await get(M.redisKeysSize.path)).body;
    expect(keys.dbSize).toBeGreaterThan(0);
    expect(keys.create_time).toBeGreaterThan(0);
    const memory = (await get(M.redisMemoryInfo.path)).body;
    expect(memory.used_memory).toBeGreaterThan(1024 * 1024);
    const disks = (await get(M.queryDiskInfo.path)).body;
    expect(disks.success).toBe(true);
    for (const d of disks.result) {
      expect(d.max).toBeGreaterThan(0);
      expect(d.rest).toBeLessThanOrEqual(d.max);
      expect(d.restPPT).toBe(Math.floor(((d.max - d.rest) * 100) / d.max));
    }
  });
});
