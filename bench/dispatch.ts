/**
 * Dispatch at scale (issue #24 §8): 10,000 technicians with locations, services, weekly shifts,
 * day-off exceptions and bookings (set-based SQL), then
 *   a. the candidate query for one order (`findCandidates`) next to the same SQL without the
 *      bounding-box prefilter (every technician's distance computed), in the same run;
 *   b. 100 concurrent dispatches of overlapping windows at one address (`dispatchOrder`, each in
 *      its own transaction), counting double bookings (must be 0), next to a naive
 *      check-then-insert on a table without the exclusion constraint.
 * Figures are printed, never asserted on; a wrong answer (different candidates, a double booking
 * by the product) fails the benchmark.
 */
import { sql } from 'drizzle-orm';
import type { Benchmark } from './lib/bench.ts';
import { envInt, explain, freshBenchDatabase, recordQueries } from './lib/bench.ts';
import { measureEach, printTable, statCells, summarise, ms, ratio } from './lib/stats.ts';
import type { Database, Db } from '../src/server/db/client.ts';
import { findCandidates, type CandidateQuery } from '../src/server/dispatch/candidates.ts';
import { dispatchOrder } from '../src/server/dispatch/dispatch.ts';
import { dispatchSettings } from '../src/server/dispatch/settings.ts';
import { parseZoned } from '../src/server/dispatch/time.ts';
import { newId } from '../src/server/lib/query/ids.ts';

const TZ = 'Asia/Shanghai';
/** the centre of the generated technicians (Hangzhou) and the order's address */
const CENTRE = { x: 120.2, y: 30.27 };
/** a Wednesday */
const DAY = '2031-03-05';

async function generate(database: Database, technicians: number): Promise<void> {
  const run = (text: string) => database.rawQuery(text, []);
  await run(`select setseed(0.24)`);
  // spread over about 60 × 60 km; 70 % 在线, the rest 服务中 / 休息 / 停用
  await run(`
    insert into yy_technician (id, name, sex, mobile, level, location, work_status, rating, create_by)
    select md5('bench-tech-' || g), '技师' || g, (1 + g % 2)::text, '19' || lpad(g::text, 9, '0'),
      'junior', point(${CENTRE.x} + (random() - 0.5) * 0.62, ${CENTRE.y} + (random() - 0.5) * 0.54),
      case when g % 10 < 7 then '1' when g % 10 = 7 then '2' when g % 10 = 8 then '3' else '4' end,
      round((4 + random())::numeric, 1), 'bench'
    from generate_series(1, ${technicians}) g`);
  // each offers 3 to 6 of the on-sale projects, 95 % of them enabled
  await run(`
    insert into yy_technician_service (id, technician_id, project_id, enabled, create_by)
    select md5('bench-svc-' || t.id || p.id), t.id, p.id, random() < 0.95, 'bench'
    from yy_technician t
    join lateral (select id from yy_project where status = '1'
                  order by md5(t.id || id) limit 3 + (get_byte(decode(t.id, 'hex'), 2) % 4)) p on true
    where t.create_by = 'bench'`);
  // the seed's four weekly patterns with one day off, by id
  await run(`
    insert into yy_technician_shift (id, technician_id, weekday, start_time, end_time, create_by)
    select md5('bench-shift:' || t.id || ':' || d || ':' || p.st), t.id, d, p.st, p.et, 'bench'
    from yy_technician t
    cross join generate_series(1, 7) as d
    join (values (0, '09:00', '18:00'), (1, '12:00', '22:00'), (2, '10:00', '14:00'),
                 (2, '16:00', '22:00'), (3, '08:00', '20:00')) as p(kind, st, et)
      on p.kind = get_byte(decode(t.id, 'hex'), 0) % 4
    where t.create_by = 'bench' and d <> 1 + get_byte(decode(t.id, 'hex'), 1) % 7`);
  // 5 % take the benchmark's day off
  await run(`
    insert into yy_technician_shift_exception (id, technician_id, shift_date, kind, create_by)
    select md5('bench-exc-' || id), id, '${DAY}', '1', 'bench'
    from yy_technician where create_by = 'bench' and random() < 0.05`);
  // bookings over ten days: on each day up to four visits (08:00, 11:00, 14:00, 18:00, 2 h each)
  await run(`
    insert into yy_technician_booking (id, technician_id, order_id, during, active)
    select md5('bench-book-' || t.id || d || s), t.id, md5('bench-order-' || t.id || d || s),
      tstzrange(((date '${DAY}' + d) + s) at time zone '${TZ}',
                ((date '${DAY}' + d) + s + interval '2 hours') at time zone '${TZ}', '[)'),
      random() < 0.9
    from yy_technician t
    cross join generate_series(-5, 4) d
    cross join (values (time '08:00'), (time '11:00'), (time '14:00'), (time '18:00')) v(s)
    where t.create_by = 'bench' and random() < 0.35`);
  await run(`vacuum analyze`);
}

const count = async (database: Database, text: string): Promise<number> =>
  Number(((await database.rawQuery(text, [])).rows[0] as { n: number | string }).n);

/** Pairs of active bookings of one technician that overlap: double bookings. */
const DOUBLE_BOOKINGS = (table: string) => `
  select count(*) as n from ${table} a join ${table} b
    on a.technician_id = b.technician_id and a.id < b.id and a.during && b.during
  where a.active and b.active`;

async function candidatesScenario(database: Database): Promise<void> {
  const db = database.db;
  const projects = (
    await database.rawQuery(`select id from yy_project where status = '1' order by sort limit 2`, [])
  ).rows as Array<{ id: string }>;
  const start = parseZoned(`${DAY} 14:30`, TZ)!;
  const q: CandidateQuery = {
    projectIds: projects.map((p) => p.id),
    location: CENTRE,
    start,
    end: new Date(start.getTime() + 135 * 60_000),
    radiusKm: 10,
    strategy: 'distance',
    limit: 20,
    timeZone: TZ,
  };
  const product = () => findCandidates(db, q);
  const naive = () => findCandidates(db, { ...q, prefilter: false });
  const [a, b] = [await product(), await naive()];
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error('the prefiltered and the naive candidate queries answer differently');
  console.log(
    `  one order: 2 projects, ${q.radiusKm} km around the centre, ${DAY} 14:30–16:45: ${a.length} candidates ` +
      `(nearest ${a[0]?.distanceKm ?? '-'} km), both methods agree`,
  );
  if (process.env.BENCH_EXPLAIN === '1') {
    const [stmt] = await recordQueries(database, product);
    if (stmt) await explain(database, 'findCandidates', stmt);
    const [base] = await recordQueries(database, naive);
    if (base) await explain(database, 'no prefilter', base);
  }
  const [sp, sn] = await measureEach([product, naive], {
    warmup: 5,
    iterations: envInt('BENCH_ITERATIONS', 40),
    budgetMs: 30_000,
  });
  printTable(
    ['a. candidates (ms)', 'n', 'median', 'p95', 'mean', 'min', 'max', 'sd'],
    [
      ['findCandidates (bbox prefilter + GiST)', ...statCells(sp!)],
      ['naive: distance of every technician', ...statCells(sn!)],
    ],
    { indent: '  ' },
  );
  console.log(
    `  target median ≤ 20 ms: ${ms(sp!.median)} ms ${sp!.median <= 20 ? '(met)' : '(NOT met)'}; ` +
      `naive/prefiltered ${ratio(sn!.median, sp!.median)}`,
  );
}

async function concurrencyScenario(database: Database, dispatches: number): Promise<void> {
  const db = database.db;
  const projects = (
    await database.rawQuery(`select id from yy_project where status = '1' order by sort limit 1`, [])
  ).rows as Array<{ id: string }>;
  const settings = { ...(await dispatchSettings(db)), radiusKm: 3, radiusStepKm: 1, maxRadiusKm: 6 };
  const base = parseZoned(`${DAY} 15:00`, TZ)!;
  const windowOf = (i: number) => {
    const start = new Date(base.getTime() + (i % 12) * 5 * 60_000);
    return { start, end: new Date(start.getTime() + 120 * 60_000) };
  };
  // the naive baseline below picks from the candidates as they are before any dispatch
  const pool = (
    await findCandidates(db, {
      projectIds: projects.map((p) => p.id),
      location: CENTRE,
      ...windowOf(0),
      radiusKm: settings.maxRadiusKm,
      strategy: 'distance',
      limit: 100,
      timeZone: TZ,
    })
  ).map((c) => c.id);
  const before = await count(database, `select count(*) as n from yy_technician_booking where active`);
  const latencies: number[] = [];
  const t0 = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: dispatches }, async (_, i) => {
      const s = performance.now();
      const out = await db.transaction((tx) =>
        dispatchOrder(tx as unknown as Db, {
          orderId: newId(),
          projectIds: projects.map((p) => p.id),
          location: CENTRE,
          ...windowOf(i),
          settings,
          by: 'bench',
          timeZone: TZ,
          limit: 20,
        }),
      );
      latencies.push(performance.now() - s);
      return out;
    }),
  );
  const wall = performance.now() - t0;
  const booked = outcomes.filter((o) => o.status === 'fulfilled' && o.value.technicianId).length;
  const none = outcomes.filter((o) => o.status === 'fulfilled' && !o.value.technicianId).length;
  const failed = outcomes.filter((o) => o.status === 'rejected');
  const after = await count(database, `select count(*) as n from yy_technician_booking where active`);
  const doubles = await count(database, DOUBLE_BOOKINGS('yy_technician_booking'));
  const lat = summarise(latencies);
  console.log(
    `  b. ${dispatches} concurrent dispatches (windows 15:00–17:00 shifted by 0–55 min, one address): ` +
      `${booked} booked, ${none} without a candidate, ${failed.length} failed, ` +
      `${after - before} new bookings; wall ${ms(wall)} ms, per dispatch median ${ms(lat.median)} / p95 ${ms(lat.p95)} ms`,
  );
  for (const f of failed.slice(0, 3)) {
    const e = (f as PromiseRejectedResult).reason as {
      message?: string;
      cause?: { code?: string; message?: string };
    };
    console.log(`     failure: ${e.cause?.code ?? ''} ${e.cause?.message ?? e.message ?? String(e)}`);
  }
  console.log(`     double bookings: ${doubles}`);

  // the naive way: look for a free technician, then insert, with nothing in the database to stop a race
  await database.rawQuery(
    `create table bench_naive_booking (id varchar(32) primary key, technician_id varchar(32) not null,
       during tstzrange not null, active boolean not null default true)`,
    [],
  );

  const naive = await Promise.allSettled(
    Array.from({ length: dispatches }, (_, i) =>
      db.transaction(async (tx) => {
        const w = windowOf(i);
        const range = sql`tstzrange(${w.start.toISOString()}::timestamptz, ${w.end.toISOString()}::timestamptz, '[)')`;
        const free =
          (await tx.execute(sql`select c.id from unnest(${sql.param(pool)}::varchar[]) with ordinality c(id, n)
          where not exists (select 1 from bench_naive_booking b where b.technician_id = c.id and b.active and b.during && ${range})
          order by c.n limit 1`)) as unknown as { rows: Array<{ id: string }> };
        const id = free.rows[0]?.id;
        if (id)
          await tx.execute(
            sql`insert into bench_naive_booking (id, technician_id, during) values (${newId()}, ${id}, ${range})`,
          );
      }),
    ),
  );
  const naiveDoubles = await count(database, DOUBLE_BOOKINGS('bench_naive_booking'));
  const naiveRows = await count(database, `select count(*) as n from bench_naive_booking`);
  console.log(
    `     naive check-then-insert without the constraint: ${naiveRows} bookings, ` +
      `${naive.filter((o) => o.status === 'rejected').length} failed, double bookings: ${naiveDoubles}`,
  );
  if (doubles !== 0) throw new Error(`${doubles} double bookings`);
}

export const dispatch: Benchmark = {
  name: 'dispatch',
  description:
    'candidates among 10,000 technicians (vs no prefilter) and 100 concurrent dispatches (double bookings)',
  async run() {
    const bench = await freshBenchDatabase();
    try {
      console.log(`engine: ${bench.engine}`);
      const technicians = envInt('BENCH_TECHNICIANS', 10_000);
      const t0 = performance.now();
      await generate(bench.database, technicians);
      const totals = await bench.database.rawQuery(
        `select (select count(*) from yy_technician) t, (select count(*) from yy_technician_service) s,
           (select count(*) from yy_technician_shift) sh, (select count(*) from yy_technician_booking) b`,
        [],
      );
      const c = totals.rows[0] as Record<string, string | number>;
      console.log(
        `  generated in ${ms(performance.now() - t0)} ms: ${c.t} technicians, ${c.s} services, ${c.sh} shift spans, ${c.b} bookings`,
      );
      await candidatesScenario(bench.database);
      await concurrencyScenario(bench.database, envInt('BENCH_DISPATCHES', 100));
    } finally {
      await bench.close();
    }
  },
};
