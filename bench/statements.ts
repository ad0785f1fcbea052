/**
 * statements: 对账单 generation for one month of 1,000,000 orders among 10,000 technicians (and
 * 100 partners) on PostgreSQL (PGlite gets 100,000 orders). The month's ledger is inserted
 * set-based (5 entries an order: payment, travel fee, commission, partner and platform shares),
 * then, in the same run:
 *   raw: one GROUP BY over the month's technician and partner entries (what the totals are);
 *   generate: `generateStatements` (the statements GROUP BY over the period's entries, their
 *     lines read by the horizon they record), first and again (the drafts dropped and written
 *     again). BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the generating statement.
 * Figures are printed, never asserted on; statements that do not match the GROUP BY fail it.
 */
import type { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { generateStatements, generationQuery } from '../src/server/money/statements.ts';

type QueryFn = (text: string, params: unknown[]) => Promise<unknown>;
import { parseStatementPeriod } from '../src/shared/money/statement.ts';
import {
  adminToken,
  envInt,
  explain,
  freshBenchDatabase,
  recordQueries,
  type Benchmark,
} from './lib/bench.ts';
import { ms, printTable, ratio } from './lib/stats.ts';

const ON_POSTGRES = !!process.env.BENCH_DATABASE_URL;
const ORDERS = envInt('BENCH_ROWS', ON_POSTGRES ? 1_000_000 : 100_000);
const TECHNICIANS = envInt('BENCH_TECHNICIANS', 10_000);
const PARTNERS = 100;
const ROUNDS = envInt('BENCH_ITERATIONS', 3);
/** a month no seeded entry falls in */
const MONTH = '2030-03';
const TZ = 'Asia/Shanghai';

const time = async (fn: () => Promise<unknown>): Promise<number> => {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(): Promise<void> {
  const bench = await freshBenchDatabase();
  const { database } = bench;
  const sql = (text: string) => database.rawQuery(text, []);
  try {
    console.log(
      `engine: ${bench.engine}; ${ORDERS} orders, ${TECHNICIANS} technicians, ${PARTNERS} partners`,
    );
    // bench technician 0 is a seeded technician, so getTechRoyalty finds its row
    const seededTech = (await sql(`select id from yy_technician order by id limit 1`)).rows[0] as {
      id: string;
    };
    const tech = `(case when g.i % ${TECHNICIANS} = 0 then '${seededTech.id}' else md5('bench-t:' || (g.i % ${TECHNICIANS})) end)`;
    const t0 = process.hrtime.bigint();
    // the month's ledger: order i by technician i % T (partner of technician t: t % P), spread over the month
    await sql(`
      insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id, order_no,
        technician_id, partner_id, tenant_id, create_by, create_time)
      select md5('bench-le:' || g.i || ':' || x.kind), 'bench:' || g.i || ':' || x.kind, 'bench', x.account,
        x.account_id, x.kind, x.amount, md5('bench-o:' || g.i), 'B' || lpad(g.i::text, 10, '0'),
        ${tech}, md5('bench-p:' || (g.i % ${TECHNICIANS}) % ${PARTNERS}), 1,
        'bench',
        ('${MONTH}-01'::timestamp at time zone '${TZ}') + make_interval(secs => (g.i * 2592000.0 / ${ORDERS}))
      from generate_series(0::bigint, ${ORDERS - 1}) as g(i)
      cross join lateral (values
        ('customer', md5('bench-c:' || (g.i % 50000)), 'payment', -(200 + g.i % 300)::numeric(15, 2)),
        ('technician', ${tech}, 'travelFee', 20::numeric(15, 2)),
        ('technician', ${tech}, 'commission', ((200 + g.i % 300) * 0.4)::numeric(15, 2)),
        ('partner', md5('bench-p:' || (g.i % ${TECHNICIANS}) % ${PARTNERS}), 'partnerShare', ((200 + g.i % 300) * 0.1)::numeric(15, 2)),
        ('platform', null, 'platformShare',
          ((200 + g.i % 300) - 20 - ((200 + g.i % 300) * 0.4)::numeric(15, 2) - ((200 + g.i % 300) * 0.1)::numeric(15, 2))::numeric(15, 2))
      ) as x(account, account_id, kind, amount)`);
    await sql('vacuum analyze');
    console.log(`ledger inserted in ${ms(Number(process.hrtime.bigint() - t0) / 1e6)} ms`);

    const raw = `
      select account, account_id, count(*) as lines, count(distinct order_id) as orders, sum(amount) as total
      from yy_ledger_entry
      where account in ('technician', 'partner')
        and create_time >= ('${MONTH}-01'::timestamp at time zone '${TZ}')
        and create_time < (('${MONTH}-01'::date + interval '1 month')::timestamp at time zone '${TZ}')
      group by 1, 2`;
    const period = parseStatementPeriod(MONTH)!;
    const gen = () => generateStatements(database.db, period, { tz: TZ, by: 'bench' });
    const rawTimes: number[] = [];
    const genTimes: number[] = [];
    let first = NaN;
    for (let r = 0; r < ROUNDS; r++) {
      rawTimes.push(await time(() => sql(raw)));
      const t = await time(gen);
      if (r === 0) first = t;
      else genTimes.push(t);
    }
    // the statements are the GROUP BY's totals
    const check = await sql(`
      with g as (${raw}), s as (select account, account_id, line_count, order_count, total_amount
        from yy_statement where period = '${MONTH}')
      select (select count(*) from g)::int as groups, (select count(*) from s)::int as statements,
        (select count(*) from g full join s using (account, account_id)
          where g.lines is distinct from s.line_count or g.orders is distinct from s.order_count
             or g.total is distinct from s.total_amount)::int as differ`);
    const c = check.rows[0] as { groups: number; statements: number; differ: number };
    if (c.differ !== 0 || c.groups !== c.statements)
      throw new Error(`statements differ from the GROUP BY: ${JSON.stringify(c)}`);
    if (process.env.BENCH_EXPLAIN) {
      // the generation's main statement under EXPLAIN ANALYZE, with the settings it runs with
      const { type, start } = period;
      await sql(
        `delete from yy_statement where period_type = '${type}' and period_start = '${start}' and status = '0'`,
      );
      const q = (database.db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(
        generationQuery(period, { tz: TZ, by: 'bench', hi: Number.MAX_SAFE_INTEGER }),
      );
      await database.db.transaction(async (tx) => {
        const rows = async (text: string, params: unknown[] = []) =>
          (
            (await (tx as unknown as { session: { client: { query: QueryFn } } }).session.client.query(
              text,
              params,
            )) as { rows: Array<Record<string, unknown>> }
          ).rows;
        await rows(`set local work_mem = '64MB'`);
        await rows(`set local jit = off`);
        console.log('    EXPLAIN ANALYZE (generate):');
        for (const r of await rows(`explain (analyze, costs off) ${q.sql}`, q.params))
          console.log(`      ${Object.values(r)[0]}`);
      });
    }
    const rawMs = median(rawTimes);
    const regenMs = genTimes.length ? median(genTimes) : first;
    printTable(
      ['step', 'median ms', 'vs raw'],
      [
        ['raw GROUP BY over the month', ms(rawMs), '1.0x'],
        ['generate (first)', ms(first), ratio(first, rawMs)],
        ['generate (drafts again)', ms(regenMs), ratio(regenMs, rawMs)],
      ],
    );
    console.log(
      `${c.statements} statements, ${ORDERS * 3} lines; raw runs ${rawTimes.map(ms).join(', ')} ms`,
    );

    // getTechRoyalty of one technician for the month (target ≤ 20 ms median), through the app,
    // next to the one aggregate it answers as raw SQL
    const config = loadConfig({}, { logLevel: 'silent' });
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      const token = await adminToken(app, config);
      const url = `${config.basePath}/yy/yyTechnicianCommission/getTechRoyalty?technicianId=${seededTech.id}&begin=${MONTH}-01&end=${MONTH}-31`;
      const rawRoyalty = `
        select kind, sum(amount), count(distinct order_id) from yy_ledger_entry
        where technician_id = '${seededTech.id}' and account = 'technician'
          and create_time >= ('${MONTH}-01'::timestamp at time zone '${TZ}')
          and create_time < (('${MONTH}-01'::date + interval '1 month')::timestamp at time zone '${TZ}')
        group by kind`;
      const first = await app.inject({ method: 'GET', url, headers: { 'x-access-token': token } });
      const body = first.json() as { success: boolean; message: string };
      if (!body.success) throw new Error(`getTechRoyalty failed: ${body.message}`);
      const endpointTimes: number[] = [];
      const rawRoyaltyTimes: number[] = [];
      for (let i = 0; i < 30; i++) {
        endpointTimes.push(
          await time(() => app.inject({ method: 'GET', url, headers: { 'x-access-token': token } })),
        );
        rawRoyaltyTimes.push(await time(() => sql(rawRoyalty)));
      }
      if (process.env.BENCH_EXPLAIN) {
        const stmts = await recordQueries(database, () =>
          app.inject({ method: 'GET', url, headers: { 'x-access-token': token } }),
        );
        for (const [i, st] of stmts.entries()) await explain(database, `getTechRoyalty #${i + 1}`, st);
      }
      const e = median(endpointTimes);
      const r = median(rawRoyaltyTimes);
      printTable(
        ['getTechRoyalty, one technician and month', 'median ms', 'vs raw'],
        [
          ['raw SQL (sum by kind)', ms(r), '1.0x'],
          ['endpoint (app.inject)', ms(e), ratio(e, r)],
        ],
      );
    } finally {
      await app.close();
    }
  } finally {
    await bench.close();
  }
}

export const statements: Benchmark = {
  name: 'statements',
  description:
    '对账单 of one month of 1,000,000 orders / 10,000 technicians vs. one GROUP BY over the ledger',
  run,
};
