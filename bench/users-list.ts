/**
 * users-list: GET /sys/user/list at 100,000 users, next to the very same SQL run directly through
 * the same driver. See bench/README.md for how to read the figures.
 */
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { sysUser } from '../src/server/db/schema/index.ts';
import { buildOrderBy, parsePaging } from '../src/server/lib/query/query-generator.ts';
import { USER_FIELDS, listUsers, userListWhere } from '../src/server/repos/users.ts';
import {
  adminToken,
  envInt,
  explain,
  freshBenchDatabase,
  recordQueries,
  type Benchmark,
} from './lib/bench.ts';
import { measureEach, ms, printTable, ratio, statCells } from './lib/stats.ts';

/** Users inserted on top of the seed (BENCH_USERS overrides, e.g. for a quick try). */
const USERS = envInt('BENCH_USERS', 100_000);
/** Timed rounds per scenario; each round runs the endpoint, listUsers() and the raw SQL once. */
const ITERATIONS = envInt('BENCH_ITERATIONS', 40);
const WARMUP = 5;
const MIN_ITERATIONS = 10;
/** Soft time budget per scenario (all three methods together) so a slow machine stays in ~3 min. */
const SCENARIO_BUDGET_MS = envInt('BENCH_SCENARIO_BUDGET_MS', 25_000);

/** listUsers' fallback sort: every scenario below names its column, so it is not used. */
const DEFAULT_SORT = { column: 'createTime', order: 'desc' } as const;

/** Argon2id-shaped placeholder: nobody logs in as a bench user. */
const PLACEHOLDER_PASSWORD =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hwbGFjZWhvbGRlcg$3q2+7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

// 23 surnames and 37 given-name characters (primes, so sex, status and name do not correlate)
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢'.split('');
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏飞建国志文斌辉宇浩然'.split('');

const sqlArray = (items: string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** `users` users (100k by default) in one INSERT … SELECT, ~3/4 of them in a department (sys_user_depart + depart_ids). */
export async function insertUsers(database: Database, users: number): Promise<void> {
  // user000001…, or user0000001… from a million on (lpad cuts longer numbers)
  const width = Math.max(6, String(users).length);
  await database.rawQuery(
    `WITH d AS (
       SELECT id, org_code, (row_number() OVER (ORDER BY org_code))::int - 1 AS i FROM sys_depart
     ), n AS (SELECT count(*)::int AS n FROM d)
     INSERT INTO sys_user (id, username, realname, password, sex, email, phone, org_code, status, del_flag,
                           work_no, post, user_identity, depart_ids, rel_tenant_ids, create_by, create_time)
     SELECT md5('bench-user:' || g),
            'user' || lpad(g::text, ${width}, '0'),
            (${sqlArray(SURNAMES)})[1 + (g * 7) % ${SURNAMES.length}]
              || (${sqlArray(GIVEN)})[1 + (g * 11) % ${GIVEN.length}]
              || CASE WHEN g % 3 = 0 THEN (${sqlArray(GIVEN)})[1 + (g * 13 + 5) % ${GIVEN.length}] ELSE '' END,
            $2::text,
            1 + g % 2,
            'user' || lpad(g::text, ${width}, '0') || '@bench.example.com',
            '139' || lpad(g::text, 8, '0'),
            d.org_code,
            CASE WHEN g % 20 = 0 THEN 2 ELSE 1 END,
            0,
            'BW' || lpad(g::text, ${width}, '0'),
            (ARRAY['operator', 'staff', 'cashier', 'manager', NULL])[1 + (g / 3) % 5],
            1,
            d.id,
            '1',
            'bench',
            now() - ((g::bigint * 7919) % $1::int) * (interval '365 days' / $1::int)
       FROM generate_series(1, $1::int) AS g
       CROSS JOIN n
       LEFT JOIN d ON d.i = g % n.n AND g % 4 <> 0`,
    [users, PLACEHOLDER_PASSWORD],
  );
  await database.rawQuery(
    `INSERT INTO sys_user_depart (id, user_id, dep_id)
     SELECT md5('bench-ud:' || id), id, depart_ids FROM sys_user WHERE create_by = 'bench' AND depart_ids IS NOT NULL`,
    [],
  );
  await database.rawQuery('VACUUM ANALYZE', []);
}

interface Scenario {
  label: string;
  query: Record<string, string>;
}

interface Prepared {
  page: { sql: string; params: unknown[] };
  count: { sql: string; params: unknown[] };
}

/**
 * The plain page (OFFSET) and exact count for `query`, with listUsers()' WHERE, ORDER BY and
 * paging: what listUsers() sent before `listEntities` read pages as a deferred join and capped its
 * count (bench/resource-list.ts compares the two at 1M rows).
 */
async function listUsersSql(
  database: Database,
  query: Record<string, string>,
  tz: string,
): Promise<Prepared> {
  const db = database.db;
  const { pageSize, offset } = parsePaging(query);
  const where = await userListWhere(db, query, tz);
  const { orderBy } = buildOrderBy(USER_FIELDS, query, DEFAULT_SORT, sysUser.id);
  const page = db
    .select()
    .from(sysUser)
    .where(where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset(offset)
    .toSQL();
  const total = db.select({ total: count() }).from(sysUser).where(where).toSQL();
  return { page, count: total };
}

async function run(): Promise<void> {
  const t0 = Date.now();
  const bench = await freshBenchDatabase();
  const { database } = bench;
  let app: FastifyInstance | undefined;
  try {
    console.log(`engine: ${bench.engine}`);
    const t1 = Date.now();
    await insertUsers(database, USERS);
    const { rows: sizeRows } = await database.rawQuery(
      `SELECT (SELECT count(*) FROM sys_user)::int AS users, (SELECT count(*) FROM sys_user_depart)::int AS links`,
      [],
    );
    const size = sizeRows[0] as { users: number; links: number };
    console.log(
      `data: ${size.users} users, ${size.links} sys_user_depart links (inserted + ANALYZE in ${((Date.now() - t1) / 1000).toFixed(1)} s)`,
    );

    const config = loadConfig({}, { logLevel: 'silent' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    const token = await adminToken(app, config);
    const tz = config.timezone;

    const { rows: depRows } = await database.rawQuery(
      `SELECT ud.dep_id AS id, d.depart_name AS name, count(*)::int AS n
         FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
        GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 1`,
      [],
    );
    const dep = depRows[0] as { id: string; name: string; n: number };
    // realname like 张, sex eq 1, created in the last ~half of the year the data spans
    const since = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
    const superQuery = [
      { field: 'realname', rule: 'like', val: '张', type: 'input', dbType: 'string' },
      { field: 'sex', rule: 'eq', val: '1', type: 'select', dbType: 'int' },
      { field: 'createTime', rule: 'ge', val: since, type: 'date' },
    ];

    const scenarios: Scenario[] = [
      {
        label: 'a. default page',
        query: { pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' },
      },
      {
        label: 'b. deep page 5000',
        query: { pageNo: '5000', pageSize: '10', column: 'createTime', order: 'desc' },
      },
      {
        label: 'c. realname=*张*&sex=1',
        query: { pageNo: '1', pageSize: '10', realname: '*张*', sex: '1', column: 'username', order: 'asc' },
      },
      {
        label: `d. departId (${dep.name})`,
        query: { pageNo: '1', pageSize: '10', departId: dep.id, column: 'createTime', order: 'desc' },
      },
      {
        label: 'e. super query (3 conditions)',
        query: {
          pageNo: '1',
          pageSize: '10',
          // as the Vue client sends it: encodeURI(JSON), which the URL encodes once more
          superQueryParams: encodeURI(JSON.stringify(superQuery)),
          superQueryMatchType: 'and',
          column: 'createTime',
          order: 'desc',
        },
      },
    ];

    console.log(
      `timing: ${WARMUP} warm-up rounds, then up to ${ITERATIONS} timed rounds per scenario ` +
        `(at least ${MIN_ITERATIONS}, ~${SCENARIO_BUDGET_MS / 1000} s budget); each round runs the ` +
        `three methods once, interleaved; all figures in ms`,
    );
    const summary: string[][] = [];
    for (const sc of scenarios) {
      const url = `${config.basePath}/sys/user/list?${new URLSearchParams(sc.query).toString()}`;
      const stmts = await listUsersSql(database, sc.query, tz);
      const endpoint = async () => {
        const res = await app!.inject({ method: 'GET', url, headers: { 'x-access-token': token } });
        if (res.statusCode !== 200) throw new Error(`GET ${url} → HTTP ${res.statusCode}: ${res.body}`);
        return res;
      };
      const repo = () => listUsers(database.db, sc.query, tz);
      const raw = () =>
        Promise.all([
          database.rawQuery(stmts.page.sql, stmts.page.params),
          database.rawQuery(stmts.count.sql, stmts.count.params),
        ]);

      // one checked call of each, so the timings below are of correct answers
      const body = (await endpoint()).json() as {
        success?: boolean;
        result?: { total?: number; records?: unknown[]; totalEstimated?: boolean };
      };
      if (!body.success) throw new Error(`GET ${url} failed: ${JSON.stringify(body)}`);
      const [pageRes, countRes] = await raw();
      const rawTotal = Number(Object.values(countRes.rows[0] as Record<string, unknown>)[0]);
      const totalDiffers = !body.result?.totalEstimated && rawTotal !== body.result?.total;
      if (totalDiffers || pageRes.rows.length !== body.result?.records?.length)
        throw new Error(
          `${sc.label}: raw SQL (${pageRes.rows.length} rows, total ${rawTotal}) disagrees with the endpoint ` +
            `(${body.result?.records?.length} rows, total ${body.result?.total})`,
        );
      const perRequest = (await recordQueries(database, endpoint)).length;

      console.log(`\n[${sc.label}] GET ${decodeURIComponent(url)}`);
      console.log(
        `    total=${rawTotal}, ${pageRes.rows.length} rows on the page; the endpoint sends ${perRequest} SQL ` +
          `statements per request (page + count + auth + decoration), the raw column 2 (page + count)`,
      );
      if (process.env.BENCH_EXPLAIN) {
        await explain(database, 'page', stmts.page);
        await explain(database, 'count', stmts.count);
      }
      const [e, r, s] = await measureEach([endpoint, repo, raw], {
        warmup: WARMUP,
        iterations: ITERATIONS,
        minIterations: MIN_ITERATIONS,
        budgetMs: SCENARIO_BUDGET_MS,
      });
      printTable(
        ['method', 'n', 'median', 'p95', 'mean', 'min', 'max', 'sd'],
        [
          ['endpoint (app.inject)', ...statCells(e!)],
          ['listUsers() (no HTTP/auth)', ...statCells(r!)],
          ['raw SQL (page + count)', ...statCells(s!)],
        ],
        { indent: '    ' },
      );
      summary.push([
        sc.label,
        String(rawTotal),
        String(perRequest),
        `${ms(e!.median)} / ${ms(e!.p95)} / ${ms(e!.mean)}`,
        `${ms(r!.median)} / ${ms(r!.p95)} / ${ms(r!.mean)}`,
        `${ms(s!.median)} / ${ms(s!.p95)} / ${ms(s!.mean)}`,
        ratio(e!.median, s!.median),
        ratio(e!.mean, s!.mean),
        ms(e!.median - s!.median),
      ]);
    }

    console.log(`\nusers-list summary, ${bench.engine}, ${size.users} users (ms: median / p95 / mean)`);
    printTable(
      [
        'scenario',
        'total',
        'stmts/req',
        'endpoint',
        'listUsers()',
        'raw SQL',
        'endpoint/raw (median)',
        '(mean)',
        'overhead ms (median)',
      ],
      summary,
    );
    console.log(`\nusers-list done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await app?.close();
    await bench.close();
  }
}

export const usersList: Benchmark = {
  name: 'users-list',
  description: 'GET /sys/user/list at 100,000 users vs. the same page + count SQL run directly',
  run,
};
