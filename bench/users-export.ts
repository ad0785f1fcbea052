/**
 * users-export: GET /sys/user/exportXls of 100,000 users over a real socket (streamed read), next
 * to the same keyset pages read without building a workbook. See bench/README.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { sysUser } from '../src/server/db/schema/index.ts';
import { keysetBatches } from '../src/server/lib/excel/xlsx-export.ts';
import { USER_FIELDS, userListWhere } from '../src/server/repos/users.ts';
import { userExportRows } from '../src/server/routes/sys/user/export.ts';
import { envInt, freshBenchDatabase, type Benchmark } from './lib/bench.ts';
import { ms, printTable, summarise } from './lib/stats.ts';
import { insertUsers } from './users-list.ts';

/**
 * Users inserted on top of the seed: `BENCH_ROWS` (e.g. 1000000 to see the streamed export's
 * memory stay flat), or the older `BENCH_USERS`.
 */
const USERS = envInt('BENCH_ROWS', envInt('BENCH_USERS', 100_000));
/** Timed rounds per scenario; each round runs every method once (rotating the first). */
const ROUNDS = envInt('BENCH_EXPORT_ROUNDS', 3);
const SAMPLE_MS = 5;

/** A gc() for resetting the heap between runs (`--expose-gc` set at run time). */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface Sample {
  ms: number;
  rows: number;
  /** peaks during the run minus the value just before it (after a gc), in bytes */
  rss: number;
  heap: number;
  external: number;
}

/**
 * Run `fn` while sampling process memory every few ms. With `live`, every sample is taken right
 * after a full gc, so the peaks are of memory still in use (timings of such runs are not used).
 */
async function sampled(fn: () => Promise<number>, live = false): Promise<Sample> {
  gc();
  const start = process.memoryUsage();
  const peak = { rss: start.rss, heap: start.heapUsed, external: start.external };
  const take = () => {
    if (live) gc();
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.external = Math.max(peak.external, m.external);
  };
  const timer = setInterval(take, live ? 50 : SAMPLE_MS);
  const t0 = process.hrtime.bigint();
  try {
    const rows = await fn();
    take();
    const { rss, heap, external } = peak;
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    return {
      ms,
      rows,
      rss: rss - start.rss,
      heap: heap - start.heapUsed,
      external: external - start.external,
    };
  } finally {
    clearInterval(timer);
  }
}

/** GET the url and read the body as it arrives: into `keepAs` when given, else counted and dropped. */
async function download(url: string, token: string, keepAs?: string) {
  const t0 = process.hrtime.bigint();
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(url, { headers: { 'x-access-token': token } }, resolve).on('error', reject),
  );
  const headersMs = Number(process.hrtime.bigint() - t0) / 1e6;
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      cb(null, chunk);
    },
  });
  const sink = keepAs ? fs.createWriteStream(keepAs) : new Writable({ write: (_c, _e, cb) => cb() });
  await pipeline(res, count, sink);
  return { bytes, headersMs, status: res.statusCode ?? 0, type: String(res.headers['content-type']) };
}

/** Data rows of the first sheet (all rows minus title, subtitle and header), read as a stream. */
async function countSheetRows(file: string): Promise<{ rows: number; header: unknown[]; first: unknown[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
  let rows = 0;
  let header: unknown[] = [];
  let first: unknown[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows++;
      if (row.number === 3) header = (row.values as unknown[]).slice(1);
      if (row.number === 4) first = (row.values as unknown[]).slice(1);
    }
    break;
  }
  return { rows: rows - 3, header, first };
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)}`;

async function run(): Promise<void> {
  const t0 = Date.now();
  const bench = await freshBenchDatabase();
  const { database } = bench;
  let app: FastifyInstance | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'users-export-'));
  try {
    console.log(`engine: ${bench.engine}`);
    const t1 = Date.now();
    await insertUsers(database, USERS);
    console.log(
      `data: ${USERS} bench users on top of the seed (inserted in ${((Date.now() - t1) / 1000).toFixed(1)} s)`,
    );

    const config = loadConfig({}, { logLevel: 'silent' });
    app = await buildApp({ config, database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}${config.basePath}`;
    const login = await app.inject({
      method: 'POST',
      url: `${config.basePath}/sys/login`,
      payload: { username: 'admin', password: '123456' },
    });
    const token = (login.json() as { result?: { token?: string } }).result?.token;
    if (!token) throw new Error(`admin login failed: ${login.body}`);
    const db = database.db;
    const tz = config.timezone;

    const scenarios: Array<{ label: string; query: Record<string, string> }> = [
      { label: 'a. all users, default sort (createTime desc)', query: {} },
      { label: 'b. sex=1, column=realname asc', query: { sex: '1', column: 'realname', order: 'asc' } },
    ];
    console.log(
      `per scenario: one checked export, ${ROUNDS} timed rounds (methods interleaved), then one ` +
        `"live" run per method with a gc before every memory sample (every 50 ms); memory is sampled ` +
        `every ${SAMPLE_MS} ms in this process (server and client alike) as peak minus the value at ` +
        `the start; 1000 rows per query`,
    );
    const summary: string[][] = [];
    for (const sc of scenarios) {
      const url = `${base}/sys/user/exportXls?${new URLSearchParams(sc.query).toString()}`;
      const listRes = await app.inject({
        method: 'GET',
        url: `${config.basePath}/sys/user/list?${new URLSearchParams({ ...sc.query, pageSize: '1' })}`,
        headers: { 'x-access-token': token },
      });
      const listed = (listRes.json() as { result: { total: number; records: Array<{ username: string }> } })
        .result;
      // the rows the filter matches, counted exactly: on PostgreSQL a large list's `total` is the
      // planner's estimate (src/server/lib/query/entity-list.ts), which the export need not equal
      const [exact] = await database.db
        .select({ n: count() })
        .from(sysUser)
        .where(await userListWhere(database.db, sc.query, config.timezone));
      const total = Number(exact!.n);

      // checked run: the file parses, has the header and as many data rows as the filter matches
      const file = path.join(tmp, 'check.xlsx');
      const check = await download(url, token, file);
      if (check.status !== 200 || !check.type.startsWith('application/vnd.openxmlformats'))
        throw new Error(`GET ${url} → ${check.status} ${check.type}`);
      const parsed = await countSheetRows(file);
      if (
        parsed.rows !== total ||
        parsed.header[0] !== '用户账号' ||
        parsed.first[0] !== listed.records[0]?.username
      )
        throw new Error(`${sc.label}: workbook has ${parsed.rows} data rows, count(*) is ${total}`);
      fs.rmSync(file);

      const fallback = { column: 'createTime', order: 'desc' } as const;
      const methods: Array<[string, () => Promise<number>]> = [
        ['endpoint (HTTP, streamed read)', async () => (await download(url, token), total)],
        [
          'keyset pages + decorateUsers',
          async () => {
            let rows = 0;
            for await (const batch of userExportRows(db, sc.query, tz)) rows += batch.length;
            return rows;
          },
        ],
        [
          'keyset pages only (same SQL)',
          async () => {
            const where = await userListWhere(db, sc.query, tz);
            const spec = { fields: USER_FIELDS, query: sc.query, fallback, tieBreaker: sysUser.id, where };
            let rows = 0;
            for await (const batch of keysetBatches(db, sysUser, spec)) rows += batch.length;
            return rows;
          },
        ],
      ];
      const timed: Sample[][] = methods.map(() => []);
      for (let round = 0; round < ROUNDS; round++)
        for (let k = 0; k < methods.length; k++) {
          const j = (round + k) % methods.length;
          const [name, fn] = methods[j]!;
          const s = await sampled(fn);
          if (s.rows !== total) throw new Error(`${name}: ${s.rows} rows, expected ${total}`);
          timed[j]!.push(s);
        }
      const live: Sample[] = [];
      for (const [, fn] of methods) live.push(await sampled(fn, true));

      console.log(`\n[${sc.label}] GET ${decodeURIComponent(url.replace(base, ''))}`);
      console.log(
        `    ${total} rows; workbook ${mb(check.bytes)} MB; response headers after ${ms(check.headersMs)} ms`,
      );
      const rows = methods.map(([name], j) => {
        const list = timed[j]!;
        const time = summarise(list.map((s) => s.ms));
        const max = (f: (s: Sample) => number) => mb(Math.max(...list.map(f)));
        return [
          name,
          String(time.n),
          ms(time.median),
          ms(time.min),
          ms(time.max),
          String(Math.round(total / (time.median / 1000))),
          max((s) => s.rss),
          max((s) => s.heap),
          mb(live[j]!.heap),
          mb(live[j]!.external),
        ];
      });
      printTable(
        ['method', 'n', 'median ms', 'min', 'max', 'rows/s', 'RSS +MB', 'heap +MB', 'live heap', 'live ext'],
        rows,
        { indent: '    ' },
      );
      const [e, d, k] = timed.map((list) => summarise(list.map((s) => s.ms)).median);
      const [endpoint] = rows;
      summary.push([sc.label, String(total), ms(e!), ms(d!), ms(k!), ms(e! - d!), ...endpoint!.slice(5)]);
    }

    console.log(`\nusers-export summary, ${bench.engine} (median ms; memory: max peak over the rounds)`);
    printTable(
      [
        'scenario',
        'rows',
        'endpoint',
        'pages+decorate',
        'pages only',
        'workbook ms',
        'rows/s',
        'RSS +MB',
        'heap +MB',
        'live heap',
        'live ext',
      ],
      summary,
    );
    console.log(`\nusers-export done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    await app?.close();
    await bench.close();
  }
}

export const usersExport: Benchmark = {
  name: 'users-export',
  description:
    'GET /sys/user/exportXls of 100,000 users (streamed) vs. the same keyset pages without a workbook',
  run,
};
