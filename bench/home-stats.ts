/**
 * home-stats: 首页 / 分析页's figures (GET /yy/ht/yyBasic/homepageDataStatistics, issue 26) over
 * BENCH_ROWS orders (the orders benchmark's generator: two years, three tenants) and a ledger for
 * every completed order (payment, travel fee, platform share), measured through the real app next
 * to the raw GROUP BY of the same cells in the same run:
 *   a. the home statistics (the last 30 days, today's KPI cards against yesterday and last week);
 *   b. a 90-day trend (begin = today − 89).
 * The endpoint reads the day rollups the triggers keep (migration 0043); the baseline reads the
 * same cells by GROUP BY over the orders, their lines and the ledger (src/server/stats/cells.ts,
 * the path a data-ruled caller takes). Figures printed, never asserted; a wrong answer fails it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { bookedMinutes, readCells, type CellQuery } from '../src/server/stats/cells.ts';
import { HOMEPAGE_STATISTICS, addDays, todayIn, type HomeStatistics } from '../src/shared/stats/home.ts';
import { gmvFen, totalsOf } from '../src/shared/stats/metrics.ts';
import { fromFen } from '../src/shared/format.ts';
import { adminToken, envInt, freshBenchDatabase, keptBenchDatabase, type Benchmark } from './lib/bench.ts';
import { measureEach, ms, printTable, statCells, type Stats } from './lib/stats.ts';
import { generate } from './orders.ts';

const ON_POSTGRES = !!process.env.BENCH_DATABASE_URL;
/** BENCH_ORDERS (or BENCH_ROWS, the orders benchmark's name): how many orders to generate */
const ROWS = envInt('BENCH_ORDERS', envInt('BENCH_ROWS', ON_POSTGRES ? 1_000_000 : 100_000));
const ITERATIONS = envInt('BENCH_ITERATIONS', 30);
const WARMUP = 3;
const MIN_ITERATIONS = 10;
/** the raw GROUP BY's rounds (it takes seconds each at millions of orders): BENCH_RAW_ITERATIONS */
const RAW_ITERATIONS = envInt('BENCH_RAW_ITERATIONS', ITERATIONS);
const BUDGET_MS = envInt('BENCH_SCENARIO_BUDGET_MS', 20_000);

/** A ledger for every completed order the generator added (the seed's have theirs): payment (−paid), travel fee (+fare), platform share (the rest). One INSERT … SELECT. */
async function postLedger(database: Database): Promise<void> {
  await database.rawQuery(
    `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id, order_no,
        technician_id, partner_id, tenant_id, create_by, create_time)
      select md5(o.id || e.kind), 'order:' || o.id || ':' || e.kind, md5(o.id || e.kind || e.amount), e.account, e.account_id,
        e.kind, e.amount, o.id, o.order_no, o.technician_id, o.partner_id, o.tenant_id, 'bench', o.finish_time
      from yy_visit_order o cross join lateral (values
        ('customer', o.customer_id, 'payment', -o.paid_amount),
        ('technician', o.technician_id, 'travelFee', o.fare_amount),
        ('platform', null, 'platformShare', o.paid_amount - o.fare_amount)
      ) e(account, account_id, kind, amount)
      where o.create_by = 'bench' and o.status in ('70', '80', '90', '91') and o.paid_amount > 0
        and o.finish_time is not null`,
    [],
  );
}

/**
 * The triggers off while the bulk load runs: the rollups' (migration 0044: recomputed at the end
 * by yy_stat_rebuild()) and the ledger's reversal check (a row trigger; the generated entries
 * reverse nothing, so it has nothing to check).
 */
const LOAD_TRIGGERS = [
  ['yy_visit_order', 'trg_yy_stat_order_insert'],
  ['yy_visit_order_item', 'trg_yy_stat_item_insert'],
  ['yy_ledger_entry', 'trg_yy_stat_ledger_insert'],
  ['yy_ledger_entry', 'yy_ledger_entry_reversal'],
] as const;

/** The tables the load writes: their secondary indexes are dropped for it and built again after. */
const LOAD_TABLES = ['yy_visit_order', 'yy_visit_order_item', 'yy_visit_order_extra', 'yy_ledger_entry'];

/** One statement with more memory for its sorts and hashes (an index build, the rebuild). */
const withMemory = (database: Database, text: string) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '512MB'`));
    await tx.execute(sql.raw(`set local maintenance_work_mem = '1GB'`));
    await tx.execute(sql.raw(text));
  });

/**
 * The data, set-based: the orders and their lines (`generate`, in batches of a million), the
 * ledger (one INSERT … SELECT), with the rollup triggers off and the loaded tables' keys, foreign
 * keys and secondary indexes dropped; then the keys and indexes built again (the keys check every
 * row), every
 * rollup recomputed by one set-based pass (`yy_stat_rebuild()`, migration 0048) and the triggers
 * back on. The endpoint's answer is still checked against the raw GROUP BY below, so a rebuild
 * that differed fails it.
 */
async function load(database: Database): Promise<string> {
  const run = (text: string) => database.rawQuery(text, []);
  const phases: string[] = [];
  const timed = async (label: string, fn: () => Promise<unknown>) => {
    const t = Date.now();
    await fn();
    phases.push(`${label} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const tables = LOAD_TABLES.map((t) => `'${t}'`).join(', ');
  // the keys of the loaded tables and the foreign keys to or from them: dropped for the load and
  // added again after it (which checks every row: unique ids, lines of existing orders)
  const constraints = (
    await run(`select conrelid::regclass::text as tbl, conname as name, contype as type,
        pg_get_constraintdef(oid) as def
      from pg_constraint
      where (contype = 'p' and conrelid::regclass::text in (${tables}))
         or (contype = 'f' and (conrelid::regclass::text in (${tables}) or confrelid::regclass::text in (${tables})))
      order by contype, conrelid::regclass::text, conname`)
  ).rows as Array<{ tbl: string; name: string; type: 'p' | 'f'; def: string }>;
  const foreign = constraints.filter((c) => c.type === 'f');
  const primary = constraints.filter((c) => c.type === 'p');
  // secondary indexes: not a constraint's
  const indexes = (
    await run(`select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in (${tables})
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)
      order by i.tablename, i.indexname`)
  ).rows as Array<{ name: string; def: string }>;
  for (const [table, trigger] of LOAD_TRIGGERS) await run(`alter table ${table} disable trigger ${trigger}`);
  try {
    await timed(
      `${primary.length} keys, ${foreign.length} foreign keys, ${indexes.length} indexes dropped`,
      async () => {
        for (const c of [...foreign, ...primary]) await run(`alter table ${c.tbl} drop constraint ${c.name}`);
        for (const i of indexes) await run(`drop index ${i.name}`);
      },
    );
    await timed('orders and lines', () => generate(database, ROWS, { batch: 1_000_000, analyze: false }));
    await timed('ledger', () => postLedger(database));
    await timed('keys and indexes built', async () => {
      for (const c of primary)
        await withMemory(database, `alter table ${c.tbl} add constraint ${c.name} ${c.def}`);
      for (const i of indexes) await withMemory(database, i.def);
      for (const c of foreign)
        await withMemory(database, `alter table ${c.tbl} add constraint ${c.name} ${c.def}`);
    });
  } finally {
    for (const [table, trigger] of LOAD_TRIGGERS) await run(`alter table ${table} enable trigger ${trigger}`);
  }
  await timed('rollups rebuilt', () => withMemory(database, `select yy_stat_rebuild()`));
  // the rollups vacuumed (their reads are index scans that skip the heap), every table analysed
  await timed('VACUUM ANALYZE', async () => {
    await run(`vacuum analyze yy_stat_order_daily, yy_stat_ledger_daily, yy_stat_order_daily_tenant,
      yy_stat_ledger_daily_tenant, yy_stat_order_monthly_tenant, yy_stat_ledger_monthly_tenant, yy_stat_customer_first`);
    await run(`analyze`);
  });
  return phases.join(', ');
}

const cell = (s: Stats) => `${ms(s.median)} / ${ms(s.p95)}`;

async function run(): Promise<void> {
  const t0 = Date.now();
  const kept = await keptBenchDatabase();
  const bench = kept ?? (await freshBenchDatabase());
  const { database } = bench;
  let app: FastifyInstance | undefined;
  try {
    console.log(`engine: ${bench.engine}`);
    const t1 = Date.now();
    const phases = kept?.loaded ? 'loaded by an earlier run (BENCH_KEEP_DB)' : await load(database);
    if (kept && !kept.loaded) await kept.markLoaded();
    if (process.env.BENCH_LOAD_ONLY) {
      console.log(
        `loaded in ${((Date.now() - t1) / 1000).toFixed(1)} s (${phases}); BENCH_LOAD_ONLY: not measured`,
      );
      return;
    }
    const size = (
      await database.rawQuery(
        `select (select count(*) from yy_visit_order)::int as orders, (select count(*) from yy_ledger_entry)::int as entries,
          (select count(*) from yy_stat_order_daily)::int as order_cells, (select count(*) from yy_stat_ledger_daily)::int as ledger_cells,
          (select count(*) from yy_stat_order_daily_tenant)::int as order_tenant_cells,
          (select count(*) from yy_stat_ledger_daily_tenant)::int as ledger_tenant_cells`,
        [],
      )
    ).rows[0] as Record<string, number>;
    console.log(
      `data: ${size.orders} orders, ${size.entries} ledger entries; rollups ${size.order_cells} order cells, ` +
        `${size.ledger_cells} ledger cells (without the partner: ${size.order_tenant_cells} and ${size.ledger_tenant_cells}); ` +
        `loaded in ${((Date.now() - t1) / 1000).toFixed(1)} s (${phases})`,
    );
    const config = loadConfig({}, { logLevel: 'silent' });
    const server = await buildApp({ config, database, logger: false });
    app = server;
    await server.ready();
    const token = await adminToken(server, config);
    const tz = config.timezone;
    const today = todayIn(tz);
    const db = database.db;

    const scenarios = [
      { label: 'a. home statistics (30 days + KPI days)', begin: addDays(today, -29) },
      { label: 'b. 90-day trend', begin: addDays(today, -89) },
    ];
    const summary: string[][] = [];
    for (const sc of scenarios) {
      const url = `${config.basePath}${HOMEPAGE_STATISTICS.path}?begin=${sc.begin}&end=${today}`;
      const endpoint = async () => {
        const res = await server.inject({ method: 'GET', url, headers: { 'x-access-token': token } });
        if (res.statusCode !== 200) throw new Error(`GET ${url} → HTTP ${res.statusCode}: ${res.body}`);
        return res.json() as { success: boolean; result: HomeStatistics };
      };
      const q = (begin: string, end: string, all: boolean): CellQuery => ({
        tz,
        begin,
        end,
        orderDims: all
          ? ['total', 'hour', 'district', 'technician', 'project', 'dispatch', 'first', 'booked']
          : ['total', 'first'],
        ledgerDims: all ? ['total', 'district', 'technician'] : ['total'],
      });
      // the same cells by GROUP BY over the base tables: the period's and the KPI days'
      const raw = () =>
        Promise.all([
          readCells(db, { kind: 'groupBy' }, q(sc.begin, addDays(today, 1), true)),
          readCells(db, { kind: 'groupBy' }, q(addDays(today, -7), addDays(today, 1), false)),
        ]);
      // the endpoint's own cell reads alone (SQL and decoding, no HTTP, no other figures): the
      // period's cells (breakdowns collapsed, 技师利用率's booked minutes read apart) and the KPI days'
      const rollup = { kind: 'rollup', tenants: 'all', partnerId: null } as const;
      const cellsOnly = () =>
        Promise.all([
          readCells(db, rollup, {
            ...q(sc.begin, addDays(today, 1), true),
            orderDims: ['total', 'hour', 'district', 'technician', 'project', 'dispatch', 'first'],
            collapse: ['hour', 'district', 'technician', 'project', 'dispatch', 'first'],
          }),
          readCells(db, rollup, q(addDays(today, -7), addDays(today, 1), false)),
          bookedMinutes(db, rollup, { begin: sc.begin, end: addDays(today, 1) }),
        ]);
      const body = await endpoint();
      const [period] = await raw();
      // the endpoint's trend, day by day, and the booked minutes against the GROUP BY's
      for (const d of body.result.trend) {
        const t = totalsOf(period.orders, period.ledger, (day) => day === d.day);
        const want = {
          orders: t.orders,
          completed: t.completed,
          cancelled: t.cancelled,
          gmv: fromFen(gmvFen(t)),
        };
        const got = { orders: d.orders, completed: d.completed, cancelled: d.cancelled, gmv: d.gmv };
        if (!body.success || JSON.stringify(got) !== JSON.stringify(want))
          throw new Error(
            `${sc.label}, ${d.day}: endpoint ${JSON.stringify(got)}, GROUP BY ${JSON.stringify(want)}`,
          );
      }
      const rawBooked = period.orders
        .filter((c) => c.dim === 'booked')
        .reduce((m, c) => m + Number(c.amount), 0);
      const [, , booked] = await cellsOnly();
      if (booked !== rawBooked)
        throw new Error(`${sc.label}: booked minutes ${booked} from the rollups, GROUP BY ${rawBooked}`);
      const orders = body.result.trend.reduce((n, d) => n + d.orders, 0);
      const opts = {
        warmup: WARMUP,
        iterations: ITERATIONS,
        minIterations: MIN_ITERATIONS,
        budgetMs: BUDGET_MS,
      };
      const [e] = await measureEach([endpoint], opts);
      const [r] = await measureEach([raw], {
        ...opts,
        warmup: Math.min(WARMUP, RAW_ITERATIONS),
        iterations: RAW_ITERATIONS,
        minIterations: Math.min(MIN_ITERATIONS, RAW_ITERATIONS),
      });
      const [c] = await measureEach([cellsOnly], opts);
      console.log(`\n[${sc.label}] GET ${url}: ${orders} orders in the period, answers agree`);
      printTable(
        ['method', 'n', 'median', 'p95', 'mean', 'min', 'max', 'sd'],
        [
          ['endpoint over the rollups (app.inject)', ...statCells(e!)],
          ['raw GROUP BY of the same cells', ...statCells(r!)],
          ['rollup cell reads alone (SQL, no HTTP)', ...statCells(c!)],
        ],
        { indent: '    ' },
      );
      summary.push([sc.label, cell(e!), cell(r!), '≤ 50', e!.median <= 50 ? 'yes' : 'no']);
    }
    console.log(`\nhome-stats summary, ${bench.engine}, ${size.orders} orders (ms: median / p95)`);
    printTable(
      ['scenario', 'endpoint (rollups)', 'raw GROUP BY', 'target (endpoint median)', 'met'],
      summary,
    );
    console.log(`\nhome-stats done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await app?.close();
    await bench.close();
  }
}

export const homeStats: Benchmark = {
  name: 'home-stats',
  description:
    '首页 statistics and a 90-day trend from the day rollups vs. the raw GROUP BY, BENCH_ROWS orders',
  run,
};
