/**
 * orders: 上门订单 at 1,000,000 orders (issue #24 §8). Generates the orders set-based (one
 * `INSERT … SELECT … FROM generate_series` for the orders, one for their lines), then measures
 * through the real app, next to the naive SQL in the same run:
 *   a. the order list's default page (GET /yy/yyVisitOrder/list);
 *   b. a status tab's page (the list with `status=…`);
 *   c. the status tabs' counts (GET /yy/yyVisitOrder/statusCounts).
 * Baselines: the page with LIMIT/OFFSET + an exact count(*), and a GROUP BY status over the table.
 * Figures are printed, never asserted on; a wrong answer (other rows, other counts) fails it.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { ORDER_STATUS } from '../src/shared/resources/order.ts';
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

const ON_POSTGRES = !!process.env.BENCH_DATABASE_URL;
/** Orders inserted on top of the seed: 1M on PostgreSQL; PGlite (in memory, WASM) gets 100k. */
const ROWS = envInt('BENCH_ROWS', ON_POSTGRES ? 1_000_000 : 100_000);
const ITERATIONS = envInt('BENCH_ITERATIONS', 30);
const WARMUP = 3;
const MIN_ITERATIONS = 10;
const SCENARIO_BUDGET_MS = envInt('BENCH_SCENARIO_BUDGET_MS', 20_000);
const PAGE_SIZE = 10;
/** Orders per INSERT of the generator. */
const BATCH = 50_000;

/**
 * The orders, newest first (`i` = 0 is the newest), over the last two years: the newest 0.3 % in
 * the open states (unpaid, pending, accepted, on the way, serving, cancel requested), the rest
 * done as a real book looks (55 % reviewed, 15 % finished, 10 % cancelled, 8 % closed unpaid,
 * 5 % after-sale done, 2 % in after-sale, …). Customers (and addresses), projects, technicians
 * (and so partners) are the seed's, spread by `i`; 15 % and 5 % of the orders belong to two more
 * tenants, the rest to their customer's. One project line each, a 加钟
 * line on every tenth.
 */
export async function generate(
  database: Database,
  rows: number,
  { batch = BATCH, analyze = true }: { batch?: number; analyze?: boolean } = {},
): Promise<void> {
  const run = (text: string) => database.rawQuery(text, []);
  const open = Math.max(100, Math.floor(rows * 0.003));
  // two more tenants (the seed has one): 15 % and 5 % of the orders
  await run(`insert into sys_tenant (id, name, status, create_by)
    values (1001, '分公司租户', 1, 'bench'), (1002, '加盟租户', 1, 'bench') on conflict do nothing`);
  // the seed's customers, technicians and projects numbered (small tables), and one "now" for every
  // batch: each batch's rows are computed from generate_series, not kept in a temporary table
  const now = String(((await run(`select now()::text as now`)).rows[0] as { now: string }).now);
  await run(`create temporary table bench_c as
    select u.id, u.tenant_id, a.id as aid, a.contact, a.mobile, a.area_code, a.detail, a.location,
           row_number() over (order by u.id) - 1 as n
    from yy_user u join yy_user_address a on a.user_id = u.id and a.is_default`);
  await run(`create temporary table bench_t as
    select id, partner_id, row_number() over (order by id) - 1 as n from yy_technician where work_status <> '4'`);
  await run(`create temporary table bench_p as
    select id, name, price, duration, row_number() over (order by sort, id) - 1 as n from yy_project where status = '1'`);
  for (const table of ['bench_c', 'bench_t', 'bench_p']) {
    await run(`create unique index on ${table} (n)`);
    await run(`analyze ${table}`);
  }
  /** the orders i of [from, to) with their customer, technician and project */
  const orderRows = (from: number, to: number) => `
    with k as (select (select count(*) from bench_c) as nc, (select count(*) from bench_t) as nt,
                      (select count(*) from bench_p) as np),
    g as (
      select i,
        '${now}'::timestamptz - make_interval(secs => i * (730.0 * 86400 / ${rows}) + (i * 7) % 50) as created,
        case when i < ${open} then (array['10','20','20','30','35','40','50','60','20','30'])[i % 10 + 1]
          else case
            when (i * 37) % 100 < 55 then '80' when (i * 37) % 100 < 70 then '70'
            when (i * 37) % 100 < 80 then '99' when (i * 37) % 100 < 88 then '98'
            when (i * 37) % 100 < 93 then '91' when (i * 37) % 100 < 95 then '90' else '80' end
        end as status
      from generate_series(${from}::bigint, ${to - 1}) as i
    )
    select g.i, g.created, g.status, c.id as customer_id, case when (g.i * 13) % 20 < 3 then 1001 when (g.i * 13) % 20 = 3 then 1002 else c.tenant_id end as tenant_id, c.aid, c.contact, c.mobile,
      c.area_code, c.detail, c.location, p.id as project_id, p.name as project_name, p.price, p.duration,
      case when g.status in ('10', '98') or (g.status = '20' and g.i % 2 = 0) or (g.status = '99' and g.i % 3 = 0)
        then null else t.id end as technician_id,
      case when g.status in ('10', '98') or (g.status = '20' and g.i % 2 = 0) or (g.status = '99' and g.i % 3 = 0)
        then null else t.partner_id end as partner_id,
      (g.i % 10 = 3) as has_extra,
      md5('bench-order:' || g.i) as order_id
    from g cross join k
    join bench_c c on c.n = (g.i * 7919) % k.nc
    join bench_p p on p.n = (g.i * 31) % k.np
    join bench_t t on t.n = g.i % k.nt`;
  // in batches: the statement triggers (status counts, dashboard rollups) see one batch at a time
  for (let from = 0; from < rows; from += batch) {
    const to = Math.min(rows, from + batch);
    await run(`
      insert into yy_visit_order (id, order_no, customer_id, address_id, contact, mobile, area_code, detail,
        location, appointment_time, end_time, service_minutes, technician_id, partner_id, travel_mode, distance,
        fare_amount, project_amount, extra_amount, discount_amount, total_amount, pay_method, paid_amount, pay_time,
        refund_amount, accept_time, finish_time, source, status, rating, tenant_id, create_by, create_time, update_time)
      select b.order_id, 'B' || lpad(b.i::text, 10, '0'), b.customer_id, b.aid, b.contact, b.mobile, b.area_code,
        b.detail, b.location, b.created + interval '5 hours',
        b.created + interval '5 hours' + make_interval(mins => b.duration * (1 + b.has_extra::int)),
        b.duration * (1 + b.has_extra::int), b.technician_id, b.partner_id, (1 + b.i % 3)::text,
        (10 + (b.i * 13) % 140) / 10.0, 20, b.price, case when b.has_extra then b.price else 0 end, 0,
        b.price * (1 + b.has_extra::int) + 20,
        case when b.status in ('10', '98') then null else (1 + b.i % 4)::text end,
        case when b.status in ('10', '98') then 0 else b.price * (1 + b.has_extra::int) + 20 end,
        case when b.status in ('10', '98') then null else b.created + interval '3 minutes' end,
        case when b.status = '99' then b.price * (1 + b.has_extra::int) + 20 else 0 end,
        case when b.technician_id is not null and b.status not in ('20', '99') then b.created + interval '6 minutes' end,
        case when b.status in ('70', '80', '90', '91') then b.created + interval '7 hours' end,
        (1 + b.i % 4)::text, b.status, case when b.status in ('80', '91') then 3 + b.i % 3 end,
        b.tenant_id, 'bench', b.created, b.created
      from (${orderRows(from, to)}) b`);
    await run(`
      insert into yy_visit_order_item (id, order_id, project_id, project_name, price, duration, quantity, amount, sort_no, create_by, create_time)
      select md5('bench-item:' || b.i), b.order_id, b.project_id, b.project_name, b.price, b.duration, 1, b.price, 1, 'bench', b.created
      from (${orderRows(from, to)}) b`);
    await run(`
      insert into yy_visit_order_extra (id, order_id, project_id, project_name, price, duration, quantity, amount, sort_no, create_by, create_time)
      select md5('bench-extra:' || b.i), b.order_id, b.project_id, b.project_name, b.price, b.duration, 1, b.price, 1, 'bench', b.created
      from (${orderRows(from, to)}) b where b.has_extra`);
  }
  await run(`drop table bench_c, bench_t, bench_p`);
  if (analyze) await run(`vacuum analyze`);
}

interface Scenario {
  label: string;
  url: string;
  /** the naive SQL, run together (Promise.all) */
  naive: Statement[];
  /** checks the endpoint's answer against the naive one; throws when they differ */
  check(body: unknown, naive: Array<{ rows: unknown[] }>): void;
  targetMs: number;
}

const idsOf = (rows: unknown[]) => rows.map((r) => (r as { id: string }).id).join(',');
const cell = (s: Stats) => `${ms(s.median)} / ${ms(s.p95)}`;

/** The naive page and count of the list (optionally one state), as the list sent before deferred joins. */
function naiveList(status?: string): Statement[] {
  const where = status ? `WHERE status = $1` : '';
  const params = status ? [status] : [];
  return [
    {
      sql: `SELECT * FROM yy_visit_order ${where} ORDER BY create_time DESC, id LIMIT ${PAGE_SIZE} OFFSET 0`,
      params,
    },
    { sql: `SELECT count(*)::int AS n FROM yy_visit_order ${where}`, params },
  ];
}

function listCheck(label: string) {
  return (body: unknown, naive: Array<{ rows: unknown[] }>) => {
    const b = body as {
      success?: boolean;
      result?: { records?: unknown[]; total?: number; totalEstimated?: boolean };
    };
    if (!b.success || !b.result) throw new Error(`${label}: ${JSON.stringify(body).slice(0, 300)}`);
    if (idsOf(b.result.records ?? []) !== idsOf(naive[0]!.rows))
      throw new Error(`${label}: the endpoint and the naive SQL return different rows`);
    const exact = (naive[1]!.rows[0] as { n: number }).n;
    if (!b.result.totalEstimated && b.result.total !== exact)
      throw new Error(`${label}: total ${b.result.total} is not count(*) = ${exact}`);
  };
}

async function run(): Promise<void> {
  const t0 = Date.now();
  const bench = await freshBenchDatabase();
  const { database } = bench;
  let app: FastifyInstance | undefined;
  try {
    console.log(`engine: ${bench.engine}`);
    if (!ON_POSTGRES && !process.env.BENCH_ROWS)
      console.log(`PGlite: ${ROWS} orders by default (BENCH_ROWS=1000000 for the full size)`);
    const t1 = Date.now();
    await generate(database, ROWS);
    const one = async (text: string) =>
      (await database.rawQuery(text, [])).rows[0] as Record<string, number | string>;
    const size = await one(`select (select count(*) from yy_visit_order)::int as orders,
      (select count(*) from yy_visit_order_item)::int as items, (select count(*) from yy_visit_order_extra)::int as extras,
      (select count(distinct tenant_id) from yy_visit_order)::int as tenants,
      (select count(distinct partner_id) from yy_visit_order)::int as partners`);
    console.log(
      `data: ${size.orders} orders (${ROWS} inserted + the seed), ${size.items} project lines, ` +
        `${size.extras} 加钟 lines, ${size.tenants} tenants, ${size.partners} partners; generated + ANALYZE in ` +
        `${((Date.now() - t1) / 1000).toFixed(1)} s`,
    );
    const dist = (
      await database.rawQuery(
        `select status, count(*)::int as n from yy_visit_order group by status order by status`,
        [],
      )
    ).rows as Array<{ status: string; n: number }>;
    console.log(`states: ${dist.map((d) => `${d.status}=${d.n}`).join(' ')}`);

    const config = loadConfig({}, { logLevel: 'silent' });
    const server = await buildApp({ config, database, logger: false });
    app = server;
    await server.ready();
    const token = await adminToken(server, config);
    const path = `${config.basePath}/yy/yyVisitOrder`;
    const listUrl = (extra: Record<string, string>) =>
      `${path}/list?${new URLSearchParams({ pageNo: '1', pageSize: String(PAGE_SIZE), column: 'createTime', order: 'desc', ...extra }).toString()}`;

    const scenarios: Scenario[] = [
      {
        label: 'a. list, default page',
        url: listUrl({}),
        naive: naiveList(),
        check: listCheck('a'),
        targetMs: 10,
      },
      {
        label: `b. tab 待接单 (status=${ORDER_STATUS.pending})`,
        url: listUrl({ status: ORDER_STATUS.pending }),
        naive: naiveList(ORDER_STATUS.pending),
        check: listCheck('b'),
        targetMs: 10,
      },
      {
        label: `b2. tab 已评价 (status=${ORDER_STATUS.reviewed})`,
        url: listUrl({ status: ORDER_STATUS.reviewed }),
        naive: naiveList(ORDER_STATUS.reviewed),
        check: listCheck('b2'),
        targetMs: 10,
      },
      {
        label: 'c. status counts',
        url: `${path}/statusCounts`,
        naive: [{ sql: `SELECT status, count(*)::int AS n FROM yy_visit_order GROUP BY status`, params: [] }],
        check(body, naive) {
          const b = body as { success?: boolean; result?: Record<string, number> };
          const want = Object.fromEntries(
            (naive[0]!.rows as Array<{ status: string; n: number }>).map((r) => [r.status, r.n]),
          );
          const sorted = (o: Record<string, number>) => JSON.stringify(Object.entries(o).sort());
          if (!b.success || sorted(b.result ?? {}) !== sorted(want))
            throw new Error(`c: counts ${JSON.stringify(b.result)} are not GROUP BY ${JSON.stringify(want)}`);
        },
        targetMs: 30,
      },
    ];

    console.log(
      `timing: ${WARMUP} warm-up rounds, then up to ${ITERATIONS} timed rounds (at least ${MIN_ITERATIONS}, ` +
        `~${SCENARIO_BUDGET_MS / 1000} s budget per phase); the endpoint first, then the naive SQL alone; ms`,
    );
    const summary: string[][] = [];
    for (const sc of scenarios) {
      const endpoint = async () => {
        const res = await server.inject({ method: 'GET', url: sc.url, headers: { 'x-access-token': token } });
        if (res.statusCode !== 200) throw new Error(`GET ${sc.url} → HTTP ${res.statusCode}: ${res.body}`);
        return res;
      };
      const naive = () => Promise.all(sc.naive.map((s) => database.rawQuery(s.sql, s.params)));
      sc.check((await endpoint()).json(), await naive());
      const sent = await recordQueries(database, endpoint);
      console.log(`\n[${sc.label}] GET ${sc.url}: ${sent.length} SQL statements per request, answers agree`);
      if (process.env.BENCH_EXPLAIN) {
        for (const [i, st] of sent.entries())
          console.log(`    statement ${i + 1}: ${st.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
        for (const [i, st] of sent.entries())
          if (/from "yy_visit_order/i.test(st.sql) && !/^explain/i.test(st.sql))
            await explain(database, `endpoint statement ${i + 1}`, st);
        for (const [i, st] of sc.naive.entries()) await explain(database, `naive ${i + 1}`, st);
      }
      const opts = {
        warmup: WARMUP,
        iterations: ITERATIONS,
        minIterations: MIN_ITERATIONS,
        budgetMs: SCENARIO_BUDGET_MS,
      };
      // the naive SQL alone: its parallel scans would slow whatever runs next on 2 cores
      const [e] = await measureEach([endpoint], opts);
      const [n] = await measureEach([naive], opts);
      printTable(
        ['method', 'n', 'median', 'p95', 'mean', 'min', 'max', 'sd'],
        [
          ['endpoint (app.inject)', ...statCells(e!)],
          [sc.naive.length > 1 ? 'naive SQL (OFFSET + count(*))' : 'naive SQL (GROUP BY)', ...statCells(n!)],
        ],
        { indent: '    ' },
      );
      summary.push([
        sc.label,
        cell(e!),
        cell(n!),
        `≤ ${sc.targetMs}`,
        e!.median <= sc.targetMs ? 'yes' : 'no',
      ]);
    }
    console.log(`\norders summary, ${bench.engine}, ${size.orders} orders (ms: median / p95)`);
    printTable(['scenario', 'endpoint', 'naive SQL', 'target (endpoint median)', 'met'], summary);
    console.log(`\norders done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await app?.close();
    await bench.close();
  }
}

export const orders: Benchmark = {
  name: 'orders',
  description:
    '上门订单 at 1,000,000 orders: list page, a status tab, status counts vs. OFFSET + count(*) and GROUP BY',
  run,
};
