import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_JOBS } from '../../src/server/jobs/builtin.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { openSocket } from '../support/spawn-server.ts';

/**
 * `GET /metrics` (issue 28): Prometheus text a scraper accepts, behind METRICS_TOKEN, with the
 * runtime, HTTP, pool, socket and job figures of this instance.
 */
const TOKEN = 'scrape-token-for-tests-0123456789';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** One sample line of a scrape: metric name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Read a scrape as a Prometheus server does, failing on anything its text-format parser refuses
 * (what `promtool check metrics` checks): every line a `# HELP`/`# TYPE` comment or a sample; a
 * family's TYPE (a known one) before its samples, given once; legal metric and label names,
 * escaped label values, numeric values; a histogram's buckets cumulative and ending in `+Inf`
 * equal to its `_count`.
 */
function readScrape(text: string): { types: Map<string, string>; samples: Sample[] } {
  const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const LABEL = '([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"';
  const VALUE = '([-+]?(?:\\d+\\.?\\d*(?:[eE][-+]?\\d+)?|\\.\\d+)|[-+]?Inf|NaN)';
  // (Inf and NaN in any case, as Go's ParseFloat reads them: prom-client writes `Nan`)
  const line = new RegExp(`^(${NAME})(?:\\{((?:${LABEL},?)*)\\})? ${VALUE}(?: -?\\d+)?$`, 'i');
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const row of text.split('\n')) {
    if (!row) continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(row);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(meta[3], row).toMatch(/^(counter|gauge|histogram|summary|untyped)$/);
        expect(types.has(meta[2]!), `TYPE given twice: ${row}`).toBe(false);
        types.set(meta[2]!, meta[3]!);
      }
      continue;
    }
    const m = line.exec(row);
    expect(m, `not a sample line: ${row}`).not.toBeNull();
    const name = m![1]!;
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(family), `sample before its TYPE: ${row}`).toBe(true);
    const labels = Object.fromEntries(
      [...(m![2] ?? '').matchAll(new RegExp(LABEL, 'g'))].map((l) => [l[1]!, l[2]!]),
    );
    samples.push({ name, labels, value: Number(m![m!.length - 1]!.replace(/inf$/i, 'Infinity')) });
  }
  // histograms: cumulative buckets per series, the last (+Inf) equal to the series' count
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, number[]>();
    for (const s of samples.filter((x) => x.name === `${family}_bucket`)) {
      const { le, ...rest } = s.labels;
      expect(le, `${family}: a bucket without le`).toBeDefined();
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), s.value]);
      if (le === '+Inf') {
        const count = samples.find((x) => x.name === `${family}_count` && JSON.stringify(x.labels) === key);
        expect(count?.value, `${family}${key}: +Inf bucket and _count`).toBe(s.value);
      }
    }
    for (const [key, counts] of series)
      expect(counts, `${family}${key}: cumulative buckets`).toEqual([...counts].sort((a, b) => a - b));
  }
  return { types, samples };
}

async function scraped() {
  const r = await scrape(`Bearer ${TOKEN}`);
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return readScrape(r.body);
}
/** the value of one sample of a scrape (undefined when it has none) */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('GET /metrics', () => {
  it('refuses a scrape without the token or with another one, in Chinese, and is off without METRICS_TOKEN', async () => {
    for (const auth of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const r = await scrape(auth);
      expect(r.statusCode, String(auth)).toBe(401);
      expect(r.body).toContain('需要有效的采集令牌');
      expect(r.body).not.toContain('process_cpu');
    }
    // a signed-in session is not a scrape token
    const session = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-access-token': admin },
    });
    expect(session.statusCode).toBe(401);
    const off = await createTestApp();
    try {
      const r = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      // (the web client's page for an unknown address, not figures)
      expect(r.body).not.toContain('process_cpu');
    } finally {
      await off.close();
    }
  });

  it('serves the runtime figures and times requests by route pattern, never by raw path', async () => {
    await t.call('GET', '/sys/user/list', { token: admin });
    await t.call('GET', '/sys/dict/getDictItems/sex', { token: admin });
    await t.call('GET', '/sys/user/list');
    const { types, samples } = await scraped();
    for (const [name, type] of [
      ['process_cpu_user_seconds_total', 'counter'],
      ['process_resident_memory_bytes', 'gauge'],
      ['nodejs_heap_space_size_used_bytes', 'gauge'],
      ['nodejs_gc_duration_seconds', 'histogram'],
      ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
      ['nodejs_active_handles_total', 'gauge'],
      ['nodejs_eventloop_utilization_ratio', 'gauge'],
      ['http_request_duration_seconds', 'histogram'],
      ['care_websocket_connections', 'gauge'],
    ] as const)
      expect(types.get(name), name).toBe(type);
    const utilisation = valueOf(samples, 'nodejs_eventloop_utilization_ratio', {})!;
    expect(utilisation).toBeGreaterThanOrEqual(0);
    expect(utilisation).toBeLessThanOrEqual(1);
    const count = (route: string, status_code: string) =>
      valueOf(samples, 'http_request_duration_seconds_count', { route, status_code });
    expect(count('/jeecg-boot/sys/user/list', '200')).toBe(1);
    expect(count('/jeecg-boot/sys/user/list', '401')).toBe(1);
    expect(count('/jeecg-boot/sys/dict/getDictItems/:dict', '200')).toBe(1);
    // the pattern, not the path: no dictionary code, id or query string in any label
    for (const s of samples.filter((x) => x.name.startsWith('http_request_duration_seconds')))
      expect(s.labels.route).not.toMatch(/\/sex$|\?/);
  });

  it('counts open sockets, the PostgreSQL pool, and finished job runs by class and outcome', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const signedIn = await t.call('POST', '/sys/login', { body: { username: 'admin', password: '123456' } });
    const adminId = signedIn.body.result.userInfo.id as string;
    const socket = await openSocket(
      `${address.replace('http', 'ws')}/jeecg-boot/vxeSocket/${adminId}/${crypto.randomUUID()}`,
      signedIn.body.result.token as string,
    );
    try {
      // counted once the server has taken the socket on (after its handshake's checks)
      await expect
        .poll(async () => valueOf((await scraped()).samples, 'care_websocket_connections', { kind: 'grid' }))
        .toBe(1);
    } finally {
      socket.close();
    }

    const { types, samples } = await scraped();
    if (t.database.kind === 'postgres') {
      const states = samples.filter((s) => s.name === 'care_db_pool_connections').map((s) => s.labels.state);
      expect(new Set(states)).toEqual(new Set(['total', 'idle', 'waiting']));
      expect(valueOf(samples, 'care_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else expect(types.has('care_db_pool_connections')).toBe(false); // PGlite has no pool

    const job = (
      await t.call('GET', '/sys/quartzJob/list', {
        token: admin,
        query: { jobClassName: BUILTIN_JOBS.sample },
      })
    ).body.result.records[0] as { id: string };
    expect(
      (await t.call('GET', '/sys/quartzJob/execute', { token: admin, query: { id: job.id } })).body,
    ).toMatchObject({
      success: true,
    });
    await expect
      .poll(async () =>
        valueOf((await scraped()).samples, 'care_job_runs_total', {
          job: BUILTIN_JOBS.sample,
          outcome: 'ok',
        }),
      )
      .toBe(1);
    const after = (await scraped()).samples;
    expect(valueOf(after, 'care_job_run_duration_seconds_count', { job: BUILTIN_JOBS.sample })).toBe(1);
  });
});
