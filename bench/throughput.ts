/**
 * throughput: many staff at once (issue #14). The real server as child processes under autocannon
 * (100 connections, 20 rotating admin tokens): a bare Fastify route as the ceiling, the user list
 * on embedded PGlite, on PostgreSQL with one instance and with two, and an 80 % list / 20 % add
 * mix, printed next to the figures measured before issue #14. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { reachable, scratchDatabase } from '../tests/support/private-postgres.ts';
import {
  call,
  loginAdmin,
  scratchDir,
  spawnServer,
  type SpawnedServer,
} from '../tests/support/spawn-server.ts';
import { envInt, type Benchmark } from './lib/bench.ts';
import { printTable } from './lib/stats.ts';

const CONNECTIONS = envInt('BENCH_CONNECTIONS', 100);
const DURATION_S = envInt('BENCH_DURATION', 20);
const TOKENS = 20;
const LIST = '/sys/user/list?pageNo=1&pageSize=10';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** THROUGHPUT_CASES=mix,pg1 runs only those cases (bare, pglite, pg1, pg2, mix); default all */
const CASES = new Set(
  (process.env.THROUGHPUT_CASES ?? 'bare,pglite,pg1,pg2,mix').split(',').map((c) => c.trim()),
);
const runs = (name: string): boolean => CASES.has(name);

/** Clock ticks of a process so far (utime + stime of /proc/<pid>/stat, threads included). */
function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
/** Linux reports CPU time in ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

interface Load {
  /** base URL up to /jeecg-boot */
  api: string;
  path: string;
  connections: number;
  tokens: string[];
  method?: 'GET' | 'POST';
  /** the JSON body of request n (POST) */
  body?: (n: number) => unknown;
  /** when false, any 200 answer counts (the bare route) */
  checkSuccess?: boolean;
}

interface Outcome {
  requests: number;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  /** connection errors, timeouts, non-2xx and answers without success: true */
  errors: number;
  timeouts: number;
}

let sequence = 0;

/** Seconds of load before each measured case (JIT, pools, caches), not counted. */
const WARMUP_S = envInt('BENCH_WARMUP', 3);

async function fire(load: Load, duration = DURATION_S): Promise<Outcome> {
  let failed = 0;
  let turn = 0;
  const result = await autocannon({
    url: load.api + load.path,
    connections: load.connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: load.method ?? 'GET',
        setupRequest: (req) => {
          const headers: Record<string, string> = {
            ...(req.headers as Record<string, string>),
            'x-access-token': load.tokens[turn++ % load.tokens.length] ?? '',
          };
          if (!load.body) return { ...req, headers };
          headers['content-type'] = 'application/json';
          return { ...req, headers, body: JSON.stringify(load.body(sequence++)) };
        },
        onResponse: (status, body) => {
          if (status !== 200 || (load.checkSuccess !== false && !body.includes('"success":true'))) failed++;
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    rps: result.requests.total / duration,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + failed,
    timeouts: result.timeouts,
  };
}

/** Run loads at once against servers whose CPU is sampled: outcomes and server CPU ms per request. */
async function measure(loads: Load[], pids: number[]): Promise<{ outcomes: Outcome[]; cpuPerReq: number }> {
  await Promise.all(loads.map((l) => fire({ ...l, connections: Math.min(l.connections, 10) }, WARMUP_S)));
  const before = pids.map(cpuTicks);
  const outcomes = await Promise.all(loads.map((l) => fire(l)));
  const ticks = pids.reduce((sum, pid, i) => sum + cpuTicks(pid) - before[i]!, 0);
  const total = outcomes.reduce((sum, o) => sum + o.requests, 0);
  return { outcomes, cpuPerReq: total ? (ticks * TICK_MS) / total : NaN };
}

async function tokensOf(server: SpawnedServer): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < TOKENS; i++) tokens.push((await loginAdmin(server.api)).token);
  return tokens;
}

async function bareServer(): Promise<{ api: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    api: `http://127.0.0.1:${port}/jeecg-boot`,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const row = (label: string, o: Outcome, cpu: number, before: string): string[] => [
  label,
  f0(o.rps),
  f0(o.p50),
  f0(o.p97_5),
  f0(o.p99),
  String(o.errors),
  String(o.timeouts),
  f1(cpu),
  before,
];

/** 80 % of the connections list, 20 % add positions (unique codes). */
function mix(api: string, tokens: string[]): Load[] {
  const adds = Math.max(1, Math.round(CONNECTIONS * 0.2));
  return [
    { api, path: LIST, connections: CONNECTIONS - adds, tokens },
    {
      api,
      path: '/sys/position/add',
      method: 'POST',
      connections: adds,
      tokens,
      body: (n) => ({ code: `BENCH${process.pid}_${n}`, name: `压测职务${n}`, postRank: '1' }),
    },
  ];
}

async function run(): Promise<void> {
  process.env.RATE_LIMIT_LOGIN ??= '1000/1m';
  const scratch = scratchDir('care-throughput-');
  const rows: string[][] = [];
  const servers: SpawnedServer[] = [];
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per case, ${TOKENS} rotating admin tokens, ` +
      `GET ${LIST} (the seeded users); server CPU from /proc/<pid>/stat (all threads), ms per request`,
  );
  try {
    // ceiling: a bare Fastify route on this machine, in the same run
    if (runs('bare')) {
      const bare = await bareServer();
      try {
        const m = await measure(
          [{ api: bare.api, path: LIST, connections: CONNECTIONS, tokens: [''], checkSuccess: false }],
          [bare.pid],
        );
        rows.push(row('bare Fastify route (ceiling)', m.outcomes[0]!, m.cpuPerReq, '-'));
      } finally {
        await bare.stop();
      }
    }

    // embedded PGlite (data directory, engine on its worker thread)
    if (runs('pglite')) {
      const lite = await spawnServer({ dataDir: path.join(scratch.dir, 'pglite'), uploadDir: scratch.dir });
      servers.push(lite);
      {
        const tokens = await tokensOf(lite);
        const m = await measure(
          [{ api: lite.api, path: LIST, connections: CONNECTIONS, tokens }],
          [lite.pid],
        );
        rows.push(
          row('PGlite, user list', m.outcomes[0]!, m.cpuPerReq, '120 req/s, 50 of 100 connections timed out'),
        );
      }
      await lite.stop();
    }

    if (!['pg1', 'pg2', 'mix'].some(runs)) {
      // no PostgreSQL case chosen
    } else if (!(await reachable(PG_URL))) {
      console.log(`\nno PostgreSQL at ${PG_URL} (BENCH_DATABASE_URL): PostgreSQL cases skipped`);
    } else {
      const db = await scratchDatabase(PG_URL, 'bench_tp');
      try {
        const one = await spawnServer({ databaseUrl: db.url, uploadDir: scratch.dir });
        servers.push(one);
        const two = await spawnServer({ databaseUrl: db.url, uploadDir: scratch.dir });
        servers.push(two);
        const tokens = await tokensOf(one);
        if (runs('pg1')) {
          const list1 = await measure(
            [{ api: one.api, path: LIST, connections: CONNECTIONS, tokens }],
            [one.pid],
          );
          rows.push(
            row(
              'PostgreSQL, 1 instance, user list',
              list1.outcomes[0]!,
              list1.cpuPerReq,
              '253 req/s, p50 380, p99 649, ~3.7 ms CPU',
            ),
          );
        }
        if (runs('pg2')) {
          const half = Math.round(CONNECTIONS / 2);
          const both = await measure(
            [
              { api: one.api, path: LIST, connections: half, tokens },
              { api: two.api, path: LIST, connections: CONNECTIONS - half, tokens },
            ],
            [one.pid, two.pid],
          );
          const [b1, b2] = both.outcomes as [Outcome, Outcome];
          const combined: Outcome = {
            requests: b1.requests + b2.requests,
            rps: b1.rps + b2.rps,
            p50: Math.max(b1.p50, b2.p50),
            p97_5: Math.max(b1.p97_5, b2.p97_5),
            p99: Math.max(b1.p99, b2.p99),
            errors: b1.errors + b2.errors,
            timeouts: b1.timeouts + b2.timeouts,
          };
          rows.push(
            row(
              "PostgreSQL, 2 instances, user list (sum; worse instance's latencies)",
              combined,
              both.cpuPerReq,
              'ran without errors (machine saturated)',
            ),
          );
        }
        if (runs('mix')) {
          // the baseline in the same run: a third instance whose pool serves statements in arrival
          // order (DB_LANES=off), as before lanes; then the same load on the instance with lanes
          const fifo = await spawnServer({
            databaseUrl: db.url,
            uploadDir: scratch.dir,
            env: { DB_LANES: 'off' },
          });
          servers.push(fifo);
          const arrival = await measure(mix(fifo.api, tokens), [fifo.pid]);
          await fifo.stop();
          const [fifoList, fifoAdd] = arrival.outcomes as [Outcome, Outcome];
          rows.push(row('PostgreSQL, 80/20 mix, arrival order: list', fifoList, arrival.cpuPerReq, '-'));
          rows.push(
            row(
              'PostgreSQL, 80/20 mix, arrival order: add',
              fifoAdd,
              arrival.cpuPerReq,
              'add p50 1,257 ms, 61 adds/s',
            ),
          );
          const mixed = await measure(mix(one.api, tokens), [one.pid]);
          const [list, add] = mixed.outcomes as [Outcome, Outcome];
          rows.push(row('PostgreSQL, 80/20 mix, lanes: list', list, mixed.cpuPerReq, '-'));
          rows.push(
            row('PostgreSQL, 80/20 mix, lanes: add', add, mixed.cpuPerReq, 'add p50 1,257 ms, 61 adds/s'),
          );
          const check = await call(one.api, 'GET', '/sys/position/list?pageSize=1&code=BENCH*', {
            token: tokens[0],
          });
          console.log(
            `\npositions added by the mix and listed afterwards: ${check.body?.result?.total ?? '?'}${check.body?.result?.totalEstimated ? ' (estimated)' : ''}`,
          );
        }
        await Promise.all([one.stop(), two.stop()]);
      } finally {
        await db.drop().catch(() => undefined);
      }
    }
    console.log('\nthroughput (latencies in ms; CPU: server ms per request; mix rows share one CPU figure)');
    printTable(
      ['case', 'req/s', 'p50', 'p97.5', 'p99', 'errors', 'timeouts', 'CPU ms/req', 'before issue #14'],
      rows,
    );
    console.log(
      '\ntargets: PostgreSQL user list >= 1,000 req/s at 100 connections, p99 <= 150 ms, 0 errors; ' +
        'mix add p50 <= 50 ms; PGlite 0 timeouts and >= 200 req/s',
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    scratch.remove();
  }
}

export const throughput: Benchmark = {
  name: 'throughput',
  description:
    'many staff at once: autocannon on the real server (PGlite, PostgreSQL x1/x2, 80/20 mix) vs a bare route',
  run,
};
