/**
 * resource-list: a generated list (`listEntities`, here GET /sys/user/list) at 1,000,000 rows,
 * next to the naive SQL (OFFSET + exact count) and a keyset read of the same page, in the same
 * run. See bench/README.md for how to read the figures.
 */
import { and, count, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { sysUser } from '../src/server/db/schema/index.ts';
import { COUNT_CAP } from '../src/server/lib/query/entity-list.ts';
import { buildOrderBy, parsePaging } from '../src/server/lib/query/query-generator.ts';
import { USER_FIELDS, USER_LIST, listUsers, userListWhere } from '../src/server/repos/users.ts';
import {
  adminToken,
  envInt,
  explain,
  freshBenchDatabase,
  recordQueries,
  type Benchmark,
  type Statement,
} from './lib/bench.ts';
import { measureEach, ms, printTable, statCells, type Stats } from './lib/stats.ts';
import { insertUsers } from './users-list.ts';

const ON_POSTGRES = !!process.env.BENCH_DATABASE_URL;
/** Users inserted on top of the seed: 1M on PostgreSQL; PGlite (in memory, WASM) gets 100k. */
const ROWS = envInt('BENCH_ROWS', ON_POSTGRES ? 1_000_000 : 100_000);
const ITERATIONS = envInt('BENCH_ITERATIONS', 30);
const WARMUP = 3;
const MIN_ITERATIONS = 10;
/** Soft time budget per scenario (all methods together): the naive deep page takes ~1 s a call. */
const SCENARIO_BUDGET_MS = envInt('BENCH_SCENARIO_BUDGET_MS', 30_000);
const PAGE_SIZE = 10;

const SORT = { column: 'createTime', order: 'desc' } as const;

interface Scenario {
  label: string;
  query: Record<string, string>;
  /** the target for the endpoint's median, ms */
  targetMs: number;
}

interface Prepared {
  naivePage: Statement;
  naiveCount: Statement;
  keyset: Statement;
}

/**
 * The statements the list sent before this change (page with OFFSET, exact count) and a keyset
 * read of the same page: the rows after the last row of the previous page, located once here
 * (untimed). Keys travel as text so that timestamps keep their microseconds.
 */
async function prepare(database: Database, query: Record<string, string>, tz: string): Promise<Prepared> {
  const db = database.db;
  const { pageSize, offset } = parsePaging(query);
  const where = await userListWhere(db, query, tz);
  const { orderBy } = buildOrderBy(USER_FIELDS, query, SORT, sysUser.id);
  const naivePage = db
    .select()
    .from(sysUser)
    .where(where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset(offset)
    .toSQL();
  const naiveCount = db.select({ total: count() }).from(sysUser).where(where).toSQL();
  let after: SQL | undefined;
  if (offset > 0) {
    const [prev] = await db
      .select({ t: sql<string>`${sysUser.createTime}::text`, id: sysUser.id })
      .from(sysUser)
      .where(where)
      .orderBy(...orderBy)
      .limit(1)
      .offset(offset - 1);
    if (!prev) throw new Error(`no row at offset ${offset - 1}`);
    // ORDER BY create_time DESC, id: the first condition is the index range, the second the rest
    const t = sql`${prev.t}::timestamptz`;
    after = sql`${sysUser.createTime} <= ${t} AND (${sysUser.createTime} < ${t} OR ${sysUser.id} > ${prev.id})`;
  }
  const keyset = db
    .select()
    .from(sysUser)
    .where(and(where, after))
    .orderBy(...orderBy)
    .limit(pageSize)
    .toSQL();
  return { naivePage, naiveCount, keyset };
}

const idsOf = (rows: unknown[]) => rows.map((r) => (r as { id: string }).id).join(',');
const cell = (s: Stats) => `${ms(s.median)} / ${ms(s.p95)}`;

async function run(): Promise<void> {
  const t0 = Date.now();
  const bench = await freshBenchDatabase();
  const { database } = bench;
  let app: FastifyInstance | undefined;
  try {
    console.log(`engine: ${bench.engine}`);
    if (!ON_POSTGRES && !process.env.BENCH_ROWS)
      console.log(`PGlite: ${ROWS} rows by default (BENCH_ROWS=1000000 for the full size)`);
    const t1 = Date.now();
    await insertUsers(database, ROWS);
    const { rows: sizeRows } = await database.rawQuery('SELECT count(*)::int AS n FROM sys_user', []);
    const rowCount = (sizeRows[0] as { n: number }).n;
    console.log(
      `data: ${rowCount} users (${ROWS} inserted + the seed; inserted + ANALYZE in ${((Date.now() - t1) / 1000).toFixed(1)} s)`,
    );
    const config = loadConfig({}, { logLevel: 'silent' });
    const server = await buildApp({ config, database, logger: false });
    app = server;
    await server.ready();
    const token = await adminToken(server, config);
    const tz = config.timezone;

    const deepPage = Math.max(2, Math.floor(ROWS / PAGE_SIZE / 2));
    const since = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
    const superQuery = [
      { field: 'realname', rule: 'like', val: '张', type: 'input', dbType: 'string' },
      { field: 'sex', rule: 'eq', val: '1', type: 'select', dbType: 'int' },
      { field: 'createTime', rule: 'ge', val: since, type: 'date' },
    ];
    const base = { pageSize: String(PAGE_SIZE), column: 'createTime', order: 'desc' };
    const scenarios: Scenario[] = [
      { label: 'a. default page', query: { ...base, pageNo: '1' }, targetMs: 10 },
      {
        label: `b. page ${deepPage} (OFFSET ${(deepPage - 1) * PAGE_SIZE})`,
        query: { ...base, pageNo: String(deepPage) },
        targetMs: 50,
      },
      { label: 'c. realname=*王*', query: { ...base, pageNo: '1', realname: '*王*' }, targetMs: 30 },
      {
        label: 'd. super query (3 conditions)',
        query: {
          ...base,
          pageNo: '1',
          superQueryParams: encodeURI(JSON.stringify(superQuery)),
          superQueryMatchType: 'and',
        },
        targetMs: 30,
      },
    ];

    console.log(
      `count cap (exact total up to): ${USER_LIST.countCap ?? COUNT_CAP} rows; timing: ${WARMUP} warm-up ` +
        `rounds, then up to ${ITERATIONS} timed rounds per scenario (at least ${MIN_ITERATIONS}, ` +
        `~${SCENARIO_BUDGET_MS / 1000} s budget each): endpoint, listUsers() and keyset read ` +
        `interleaved, then the naive SQL alone; all figures in ms`,
    );
    const summary: string[][] = [];
    for (const sc of scenarios) {
      const url = `${config.basePath}/sys/user/list?${new URLSearchParams(sc.query).toString()}`;
      const stmts = await prepare(database, sc.query, tz);
      const endpoint = async () => {
        const res = await server.inject({ method: 'GET', url, headers: { 'x-access-token': token } });
        if (res.statusCode !== 200) throw new Error(`GET ${url} → HTTP ${res.statusCode}: ${res.body}`);
        return res;
      };
      const repo = () => listUsers(database.db, sc.query, tz);
      const naive = () =>
        Promise.all([
          database.rawQuery(stmts.naivePage.sql, stmts.naivePage.params),
          database.rawQuery(stmts.naiveCount.sql, stmts.naiveCount.params),
        ]);
      const keyset = () => database.rawQuery(stmts.keyset.sql, stmts.keyset.params);

      // one checked call of each, so that the timings below are of the same, correct answer
      const body = (await endpoint()).json() as {
        success?: boolean;
        result?: { total?: number; records?: unknown[]; totalEstimated?: boolean };
      };
      if (!body.success || !body.result) throw new Error(`GET ${url} failed: ${JSON.stringify(body)}`);
      const [naivePage, naiveCount] = await naive();
      const keysetPage = await keyset();
      const exact = Number(Object.values(naiveCount.rows[0] as Record<string, unknown>)[0]);
      const { total = NaN, records = [], totalEstimated = false } = body.result;
      const pages = [idsOf(records), idsOf(naivePage.rows), idsOf(keysetPage.rows)];
      if (pages[0] !== pages[1] || pages[0] !== pages[2] || records.length !== PAGE_SIZE)
        throw new Error(`${sc.label}: endpoint, naive SQL and keyset read return different rows`);
      if (!totalEstimated && total !== exact)
        throw new Error(`${sc.label}: the endpoint's exact total ${total} is not count(*) = ${exact}`);
      const off = (((total - exact) / exact) * 100).toFixed(1);
      const totalCell = totalEstimated ? `~${total} (${off}%)` : String(total);
      const sent = await recordQueries(database, endpoint);

      console.log(`\n[${sc.label}] GET ${decodeURIComponent(url)}`);
      console.log(
        `    count(*) = ${exact}; the endpoint answers total ${totalCell}` +
          `${totalEstimated ? ' (totalEstimated)' : ''} and sends ${sent.length} SQL statements per request`,
      );
      if (process.env.BENCH_EXPLAIN) {
        for (const [i, st] of sent.entries())
          if (/from "sys_user"/i.test(st.sql) && !/^explain/i.test(st.sql))
            await explain(database, `endpoint statement ${i + 1}`, st);
        await explain(database, 'naive page', stmts.naivePage);
        await explain(database, 'naive count', stmts.naiveCount);
        await explain(database, 'keyset page', stmts.keyset);
      }
      const opts = {
        warmup: WARMUP,
        iterations: ITERATIONS,
        minIterations: MIN_ITERATIONS,
        budgetMs: SCENARIO_BUDGET_MS,
      };
      // the naive SQL runs on its own: its parallel full scans would slow whatever runs next
      const [e, r, k] = await measureEach([endpoint, repo, keyset], opts);
      const [n] = await measureEach([naive], opts);
      printTable(
        ['method', 'n', 'median', 'p95', 'mean', 'min', 'max', 'sd'],
        [
          ['endpoint (app.inject)', ...statCells(e!)],
          ['listUsers() (no HTTP/auth)', ...statCells(r!)],
          ['naive SQL (OFFSET + count(*))', ...statCells(n!)],
          ['keyset read (page only)', ...statCells(k!)],
        ],
        { indent: '    ' },
      );
      summary.push([
        sc.label,
        String(exact),
        totalCell,
        cell(e!),
        cell(r!),
        cell(n!),
        cell(k!),
        `≤ ${sc.targetMs}`,
        e!.median <= sc.targetMs ? 'yes' : 'no',
      ]);
    }

    console.log(`\nresource-list summary, ${bench.engine}, ${rowCount} users (ms: median / p95)`);
    printTable(
      [
        'scenario',
        'count(*)',
        'total answered',
        'endpoint',
        'listUsers()',
        'naive SQL',
        'keyset read',
        'target (endpoint median)',
        'met',
      ],
      summary,
    );
    console.log(`\nresource-list done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await app?.close();
    await bench.close();
  }
}

export const resourceList: Benchmark = {
  name: 'resource-list',
  description:
    'a generated list (GET /sys/user/list) at 1,000,000 rows vs. naive OFFSET + count(*) and a keyset read',
  run,
};
