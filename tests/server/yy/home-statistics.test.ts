/**
 * 首页 / 分析页's figures (GET /yy/ht/yyBasic/homepageDataStatistics) and the day rollups behind
 * them (yy_stat_order_daily, yy_stat_ledger_daily, kept by the triggers of migration 0043):
 *
 * - after random order flows through the real endpoints (book, pay, close, cancel, assign, accept,
 *   cancel with approval, finish, after-sale with refunds, orders moved to another day by SQL),
 *   every rollup cell equals the exact GROUP BY of the orders, their lines and the ledger;
 * - the endpoint's figures match the orders and the ledger as other endpoints read them (the list,
 *   the status counts, 财务明细's statistics) for 管理员, 运营专员 and 财务出纳; a partner's staff get
 *   their partner's only; a data rule narrows them (the exact way); without the code, refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { addUser, hideByRule, loginAdded, roleWithout } from '../../support/tenant-users.ts';
import { sysUser, yyUser, yyUserAddress, yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import { readCells, type CellScope } from '../../../src/server/stats/cells.ts';
import { ORDER, ORDER_STATUS_COUNTS } from '../../../src/shared/resources/order.ts';
import { VISIT_FINANCE_STATISTICS } from '../../../src/shared/resources/visit-finance.ts';
import { HOMEPAGE_STATISTICS, addDays, type HomeStatistics } from '../../../src/shared/stats/home.ts';
import { fromFen, toFen } from '../../../src/shared/format.ts';
import { booking, ep, fixtures, localTime } from './order-support.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof fixtures>>;
let customers: string[];
const token: Record<string, string> = {};
const path = (action: string) => `${ORDER.decl.path}/${action}`;
const db = () => t.database.db;
const TZ = 'Asia/Shanghai';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
  f = await fixtures(t);
  // customers of the fixture's tenant with a default address (the first order of each is counted)
  const rows = await db()
    .select({ id: yyUser.id })
    .from(yyUser)
    .innerJoin(yyUserAddress, eq(yyUserAddress.userId, yyUser.id))
    .where(sql`${yyUserAddress.isDefault} and ${yyUser.tenantId} is not distinct from ${f.customer.tenantId}`)
    .orderBy(asc(yyUser.id))
    .limit(4);
  customers = rows.map((r) => r.id);
});
afterAll(async () => t?.close());

async function act(action: string, id: string, body: Record<string, unknown> = {}, who = 'yunying') {
  if (action === 'assign' && body.technicianId) body = { force: true, reason: '客户指定', ...body };
  const r = (await t.call('PUT', path(action), { token: token[who], body: { ids: id, ...body } })).body;
  expect(r.success, `${action}: ${JSON.stringify(r)}`).toBe(true);
}

let slot = 0;
/** Book an order for a customer on a day of its own (no technician overlaps), answer its id. */
async function book(customer: number): Promise<string> {
  slot += 1;
  const r = await t.call('POST', ep.add.path, {
    token: token.yuangong,
    body: booking(f, {
      customerId: customers[customer % customers.length],
      appointmentTime: localTime(2 + slot, '10:00'),
      itemList: [{ projectId: f.projects[slot % f.projects.length]!.id, quantity: 1 }],
    }),
  });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
  return o!.id;
}

const FLOWS = [
  'unpaid',
  'close',
  'pay',
  'cancel',
  'accepted',
  'approveCancel',
  'finish',
  'afterSale',
] as const;
type Flow = (typeof FLOWS)[number];

async function run(flow: Flow, customer: number, technician: number, refundShare: number): Promise<string> {
  const id = await book(customer);
  const tech = f.technicians[technician % f.technicians.length]!.id;
  if (flow === 'unpaid') return id;
  if (flow === 'close') {
    // unpaid past the payment window (the close refuses a younger order)
    await db()
      .update(yyVisitOrder)
      .set({ createTime: sql`${yyVisitOrder.createTime} - interval '20 minutes'` })
      .where(eq(yyVisitOrder.id, id));
    await act('closeUnpaid', id, { reason: '超时未支付' });
    return id;
  }
  await act('pay', id, { payMethod: '1', payReference: `WX${slot}` }, 'yuangong');
  if (flow === 'pay') return id;
  if (flow === 'cancel') return (await act('cancel', id, { reason: '客户取消' }), id);
  await act('assign', id, { technicianId: tech });
  await act('accept', id);
  if (flow === 'accepted') return id;
  if (flow === 'approveCancel') {
    await act('requestCancel', id, { reason: '改约' });
    await act('approveCancel', id, { reason: '同意' });
    return id;
  }
  for (const a of ['depart', 'arrive', 'start', 'finish']) await act(a, id);
  if (flow === 'finish') return id;
  await act('afterSale', id, { reason: '不满意' }, 'yuangong');
  const [o] = await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, id));
  const refund = Math.floor(toFen(o!.paidAmount)! * refundShare);
  await act('finishAfterSale', id, { refundAmount: fromFen(refund), reason: '部分退款' });
  return id;
}

const sortKey = (c: object) => JSON.stringify(c);
/**
 * Every cell, both ways, over every day (whole scope); `collapse`: the breakdowns summed over the
 * period (as the endpoint reads them).
 */
async function bothWays(
  collapse = false,
  begin = '2000-01-01',
  end = '2100-01-01',
): Promise<[unknown[], unknown[]]> {
  const q = {
    tz: TZ,
    begin,
    end,
    orderDims: ['total', 'hour', 'district', 'technician', 'project', 'dispatch', 'first', 'booked'] as const,
    ledgerDims: ['total', 'district', 'technician'] as const,
    ...(collapse
      ? {
          collapse: ['hour', 'district', 'technician', 'project', 'dispatch', 'first', 'booked'] as const,
        }
      : {}),
  };
  const norm = (x: { orders: object[]; ledger: object[] }) =>
    [...x.orders.map((c) => ({ t: 'o', ...c })), ...x.ledger.map((c) => ({ t: 'l', ...c }))]
      .map((c) => {
        const r = c as Record<string, unknown>;
        // money as fen: the rollup's numeric(17,2) and the GROUP BY's sums print alike, but be exact
        for (const k of ['amount', 'refund']) if (k in r) r[k] = toFen(String(r[k]));
        return r;
      })
      .sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  const rollup: CellScope = { kind: 'rollup', tenants: 'all', partnerId: null };
  const exact: CellScope = { kind: 'groupBy' };
  return [norm(await readCells(db(), rollup, q)), norm(await readCells(db(), exact, q))];
}

/**
 * The partner-free rollups (migration 0048) against the partner-keyed ones summed over the
 * partners, and the month cells (0050) against the partner-free day cells summed per month, both
 * ways round (EXCEPT), and any pending row (0050): the cells that differ, none when they agree. The reads above
 * (every partner) come from the partner-free tables, so with `bothWays` both are held to the GROUP BY.
 */
async function tenantCellsDiffer(): Promise<unknown[]> {
  const orders = `select day, dim, key, tenant_key, status, n, amount, refund from yy_stat_order_daily_tenant
      where n <> 0 or amount <> 0 or refund <> 0`;
  const ordersSummed = `select day, dim, key, tenant_key, status, sum(n), sum(amount), sum(refund) from yy_stat_order_daily
      group by 1, 2, 3, 4, 5 having sum(n) <> 0 or sum(amount) <> 0 or sum(refund) <> 0`;
  const ledger = `select day, dim, key, tenant_key, kind, n, amount from yy_stat_ledger_daily_tenant
      where n <> 0 or amount <> 0`;
  const ledgerSummed = `select day, dim, key, tenant_key, kind, sum(n), sum(amount) from yy_stat_ledger_daily
      group by 1, 2, 3, 4, 5 having sum(n) <> 0 or sum(amount) <> 0`;
  // the month cells (migration 0050) against the partner-free day cells summed per month
  const months = `select month, dim, key, tenant_key, status, n, amount, refund from yy_stat_order_monthly_tenant
      where n <> 0 or amount <> 0 or refund <> 0`;
  const monthsSummed = `select date_trunc('month', day)::date, dim, key, tenant_key, status, sum(n), sum(amount), sum(refund)
      from yy_stat_order_daily_tenant group by 1, 2, 3, 4, 5 having sum(n) <> 0 or sum(amount) <> 0 or sum(refund) <> 0`;
  const ledgerMonths = `select month, dim, key, tenant_key, kind, n, amount from yy_stat_ledger_monthly_tenant
      where n <> 0 or amount <> 0`;
  const ledgerMonthsSummed = `select date_trunc('month', day)::date, dim, key, tenant_key, kind, sum(n), sum(amount)
      from yy_stat_ledger_daily_tenant group by 1, 2, 3, 4, 5 having sum(n) <> 0 or sum(amount) <> 0`;
  const out: unknown[] = [];
  for (const [a, b] of [
    [orders, ordersSummed],
    [ordersSummed, orders],
    [ledger, ledgerSummed],
    [ledgerSummed, ledger],
    [months, monthsSummed],
    [monthsSummed, months],
    [ledgerMonths, ledgerMonthsSummed],
    [ledgerMonthsSummed, ledgerMonths],
  ] as const)
    out.push(...(await t.database.rawQuery(`(${a}) except all (${b})`, [])).rows);
  // nothing left pending between transactions: every commit folded its own (migration 0050)
  for (const pending of ['yy_stat_pending_order', 'yy_stat_pending_ledger'])
    out.push(...(await t.database.rawQuery(`select '${pending}' as pending, * from ${pending}`, [])).rows);
  return out;
}

const statusCounts = async (who: string) =>
  (await t.call('GET', ORDER_STATUS_COUNTS.path, { token: token[who], query: {} })).body.result as Record<
    string,
    number
  >;

const stats = async (who: string, query: Record<string, string> = {}) => {
  const r = await t.call('GET', HOMEPAGE_STATISTICS.path, { token: token[who], query });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result as HomeStatistics;
};

/** From the earliest order's day to today: every order of the seed and the tests. */
async function wholeRange(): Promise<{ begin: string; end: string }> {
  const res = await t.database.rawQuery(
    `select to_char(min(create_time) at time zone '${TZ}', 'YYYY-MM-DD') as b,
            to_char(now() at time zone '${TZ}', 'YYYY-MM-DD') as e from yy_visit_order`,
    [],
  );
  const row = res.rows[0] as { b: string; e: string };
  return { begin: row.b, end: row.e };
}

describe('the day rollups', () => {
  it('hold the seeded orders and ledger as a GROUP BY does', async () => {
    const [rollup, exact] = await bothWays();
    expect(rollup.length).toBeGreaterThan(100);
    expect(rollup.some((c) => (c as { dim: string }).dim === 'booked')).toBe(true);
    expect(rollup).toEqual(exact);
    expect(await tenantCellsDiffer()).toEqual([]);
    // the breakdowns summed over the period in SQL: fewer cells, the same both ways
    const [summed, summedExact] = await bothWays(true);
    expect(summed.length).toBeLessThan(rollup.length);
    expect(summed).toEqual(summedExact);
    // a period of odd days around whole months (the month cells for those, day cells for the rest)
    const today = (await wholeRange()).end;
    for (const [b, e] of [
      [addDays(today, -75), addDays(today, 1)],
      [addDays(today, -400), addDays(today, -20)],
      [addDays(today, -10), addDays(today, 1)],
    ] as const) {
      const [odd, oddExact] = await bothWays(true, b, e);
      expect(odd).toEqual(oddExact);
    }
  });

  it('equal the GROUP BY after random order flows and orders moved to other days', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            flow: fc.constantFrom(...FLOWS),
            customer: fc.nat(8),
            technician: fc.nat(20),
            refund: fc.double({ min: 0, max: 1, noNaN: true }),
            moveDays: fc.oneof(fc.constant(0), fc.integer({ min: -40, max: -1 })),
            // the appointment moved (another day of the 'booked' cells) and its minutes changed
            moveAppointment: fc.oneof(fc.constant(0), fc.integer({ min: -10, max: 10 })),
            minutes: fc.option(fc.integer({ min: 30, max: 240 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        async (flows) => {
          for (const s of flows) {
            const id = await run(s.flow, s.customer, s.technician, s.refund);
            // booked earlier (the day, hour and a customer's first order move with it)
            if (s.moveDays)
              await db()
                .update(yyVisitOrder)
                .set({ createTime: sql`${yyVisitOrder.createTime} + make_interval(days => ${s.moveDays})` })
                .where(eq(yyVisitOrder.id, id));
            if (s.moveAppointment || s.minutes !== undefined)
              await db()
                .update(yyVisitOrder)
                .set({
                  appointmentTime: sql`${yyVisitOrder.appointmentTime} + make_interval(days => ${s.moveAppointment})`,
                  endTime: sql`${yyVisitOrder.endTime} + make_interval(days => ${s.moveAppointment})`,
                  ...(s.minutes !== undefined ? { serviceMinutes: s.minutes } : {}),
                })
                .where(eq(yyVisitOrder.id, id));
          }
          const [rollup, exact] = await bothWays();
          expect(rollup).toEqual(exact);
          expect(await tenantCellsDiffer()).toEqual([]);
          const today = (await wholeRange()).end;
          const [odd, oddExact] = await bothWays(true, addDays(today, -75), addDays(today, 1));
          expect(odd).toEqual(oddExact);
        },
      ),
      { numRuns: Number(process.env.HOME_STATS_RUNS ?? 5), endOnFailure: true },
    );
    // the set-based rebuild (a bulk load's, migration 0048) comes to the same cells
    const before = await bothWays();
    await t.database.rawQuery(`select yy_stat_rebuild()`, []);
    const after = await bothWays();
    expect(after[0]).toEqual(before[1]);
    expect(after[1]).toEqual(before[1]);
    expect(await tenantCellsDiffer()).toEqual([]);
  });

  it('stay equal to the GROUP BY under concurrent order writes (PostgreSQL: concurrent transactions)', async () => {
    // orders booked today: their total, hour, district and first cells are the same cells
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await book(i));
    const all = <T>(xs: Array<Promise<T>>) => Promise.all(xs);
    await all(ids.map((id, i) => act('pay', id, { payMethod: '1', payReference: `WXC${i}` }, 'yuangong')));
    // half cancelled while the other half is assigned, then accepted and finished, all at once
    await all(
      ids.map((id, i) =>
        i % 2
          ? act('cancel', id, { reason: '客户取消' })
          : act('assign', id, { technicianId: f.technicians[i % f.technicians.length]!.id }),
      ),
    );
    const kept = ids.filter((_, i) => i % 2 === 0);
    await all(kept.map((id) => act('accept', id)));
    for (const a of ['depart', 'arrive', 'start', 'finish']) await all(kept.map((id) => act(a, id)));
    // (派单 and 取消 at once deadlocked while the triggers upserted the cells at each statement: each
    // transaction writes the order more than once. Now every transaction folds its cells at commit,
    // in one order, migration 0050.) Statements of several orders whose cells overlap, at once:
    // appointments moved to one shared day (its 'booked' cells), states swapped both ways
    const cancelled = ids.filter((_, i) => i % 2 === 1);
    const shared = sql`(${localTime(1, '09:00')}::timestamp at time zone ${TZ})`;
    await all(
      kept.map((id, i) =>
        t.database.db.execute(sql`update yy_visit_order
          set appointment_time = ${shared}, end_time = ${shared} + interval '1 hour',
            service_minutes = service_minutes + ${10 * (i + 1)},
            status = case status when '70' then '80' when '80' then '70' else status end
          where id in (${id}, ${cancelled[i]!})`),
      ),
    );
    await all(
      [...kept].reverse().map((id) =>
        t.database.db.execute(sql`update yy_visit_order
          set status = case status when '70' then '80' when '80' then '70' else status end,
            create_time = create_time - interval '1 day'
          where id = ${id}`),
      ),
    );
    // transactions of two statements over the same cells in opposite orders (distinct rows)
    const flip = (id: string) =>
      sql`update yy_visit_order set status = case status when '70' then '80' else '70' end where id = ${id}`;
    const older = (id: string) =>
      sql`update yy_visit_order set create_time = create_time - interval '1 day' where id = ${id}`;
    await all(
      kept.map((id, i) =>
        t.database.db.transaction(async (q) => {
          const [a, b] = [flip(id), older(cancelled[i]!)];
          for (const st of i % 2 ? [b, a] : [a, b]) await q.execute(st);
        }),
      ),
    );
    // a transaction that writes and rolls back leaves no cell behind
    await expect(
      t.database.db.transaction(async (q) => {
        await q.execute(
          sql`update yy_visit_order set service_minutes = service_minutes + 1 where id = ${kept[0]!}`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [rollup, exact] = await bothWays();
    expect(rollup).toEqual(exact);
    expect(await tenantCellsDiffer()).toEqual([]);
  });

  it('fold a transaction once however many rows it writes, and again for what it writes after a fold', async () => {
    // (one fold per pending row made a commit of many orders quadratic: the seed took 69 s, 0051)
    const ids = (
      await t.database.db
        .select({ id: yyVisitOrder.id })
        .from(yyVisitOrder)
        .orderBy(asc(yyVisitOrder.id))
        .limit(40)
    ).map((r) => r.id);
    const folds = async (q: { execute: typeof t.database.db.execute }) => {
      const r = (await q.execute(
        sql`select coalesce(pg_stat_get_xact_function_calls('yy_stat_fold'::regproc), 0)::int as n`,
      )) as unknown as { rows: Array<{ n: number }> };
      return r.rows[0]!.n;
    };
    const pending = async (q: { execute: typeof t.database.db.execute }) => {
      const r = (await q.execute(
        sql`select (select count(*) from yy_stat_pending_order where xid = txid_current())::int
          + (select count(*) from yy_stat_pending_ledger where xid = txid_current())::int as n`,
      )) as unknown as { rows: Array<{ n: number }> };
      return r.rows[0]!.n;
    };
    await t.database.db.transaction(async (q) => {
      await q.execute(sql`set local track_functions = 'pl'`);
      for (const id of ids)
        await q.execute(
          sql`update yy_visit_order set service_minutes = service_minutes + 5 where id = ${id}`,
        );
      expect(await pending(q)).toBeGreaterThan(10);
      await q.execute(sql`set constraints all immediate`);
      expect(await folds(q)).toBe(1);
      expect(await pending(q)).toBe(0);
      await q.execute(sql`set constraints all deferred`);
      // written after the fold: folded again at commit (here: at the next immediate check)
      await q.execute(
        sql`update yy_visit_order set service_minutes = service_minutes - 5 where id = ${ids[0]!}`,
      );
      await q.execute(sql`set constraints all immediate`);
      expect(await folds(q)).toBe(2);
      expect(await pending(q)).toBe(0);
    });
    const [rollup, exact] = await bothWays();
    expect(rollup).toEqual(exact);
    expect(await tenantCellsDiffer()).toEqual([]);
  });
});

describe('GET homepageDataStatistics', () => {
  it.each(['admin', 'yunying', 'caiwu'])('matches the orders and the ledger for %s', async (who) => {
    const range = await wholeRange();
    const s = await stats(who, range);
    expect(s.source).toBe('rollup');
    const sum = (xs: Array<{ orders: number }>) => xs.reduce((n, x) => n + x.orders, 0);
    // every order the caller reaches (the status tabs' counts), by day, by status, by district, by hour
    const counts = await statusCounts(who);
    const total = Object.values(counts).reduce((n, k) => n + k, 0);
    expect(total).toBeGreaterThan(0);
    expect(sum(s.trend)).toBe(total);
    expect(sum(s.byDistrict)).toBe(total);
    expect(sum(s.byHour)).toBe(total);
    expect(Object.fromEntries(s.byStatus.map((g) => [g.key, g.orders]))).toEqual(
      Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
    );
    // GMV: 财务明细's service amount less refunds over the same days
    const fin = await t.call('GET', VISIT_FINANCE_STATISTICS.path, { token: token.admin, query: range });
    const r = fin.body.result as { serviceAmount: string; refundAmount: string };
    const gmv = s.trend.reduce((n, d) => n + toFen(d.gmv)!, 0);
    if (who === 'admin') expect(gmv).toBe(toFen(r.serviceAmount)! - toFen(r.refundAmount)!);
    // today's card is today's trend day
    const today = s.trend.find((d) => d.day === s.today)!;
    const card = (k: string) => s.kpis.find((x) => x.key === k)!;
    expect(card('orders').value).toBe(today.orders);
    expect(card('gmv').value).toBe(today.gmv);
    const yesterday = s.trend.find((d) => d.day === addDays(s.today, -1))!;
    expect(card('completed').yesterday).toBe(yesterday.completed);
    expect(card('onDuty').value).toBeGreaterThan(0);
    expect(s.period.map((p) => p.key)).toContain('dispatchP95');
  });

  it("gives a partner's staff their partner's figures only", async () => {
    const [o] = await db()
      .select({ partnerId: yyVisitOrder.partnerId })
      .from(yyVisitOrder)
      .where(sql`${yyVisitOrder.partnerId} is not null`)
      .limit(1);
    const [me] = await db().select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'yunying'));
    const bound = await t.call('PUT', '/sys/user/edit', {
      token: token.admin,
      body: { id: me!.id, realname: '运营专员', partnerId: o!.partnerId },
    });
    expect(bound.body.success, JSON.stringify(bound.body)).toBe(true);
    token.yunying = await t.login('yunying');
    const range = await wholeRange();
    const mine = await stats('yunying', range);
    const all = await stats('admin', range);
    const [n] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(yyVisitOrder)
      .where(eq(yyVisitOrder.partnerId, o!.partnerId!));
    const sum = mine.trend.reduce((k, d) => k + d.orders, 0);
    expect(sum).toBe(Number(n!.n));
    expect(sum).toBeLessThan(all.trend.reduce((k, d) => k + d.orders, 0));
    const [g] = await db()
      .execute(
        sql`
      select coalesce(-sum(amount) filter (where kind = 'payment'), 0) - coalesce(sum(amount) filter (where kind in ('travelFee', 'refund')), 0) as gmv
      from yy_ledger_entry where partner_id = ${o!.partnerId}
        -- within the range: the seed posts some completions after today (local), past its end
        and create_time < ((${range.end}::date + 1)::timestamp at time zone ${TZ})`,
      )
      .then((x) => (x as unknown as { rows: Array<{ gmv: string }> }).rows);
    expect(mine.trend.reduce((k, d) => k + toFen(d.gmv)!, 0)).toBe(toFen(String(g!.gmv)));
    await t.call('PUT', '/sys/user/edit', {
      token: token.admin,
      body: { id: me!.id, realname: '运营专员', partnerId: '' },
    });
  });

  it('goes the exact way for a caller a data rule narrows, and refuses a caller without the code', async () => {
    const role = await roleWithout(t, 'stats_ruled');
    const [hidden] = await db().select().from(yyVisitOrder).orderBy(asc(yyVisitOrder.id)).limit(1);
    await hideByRule(t, role, ORDER.decl.component!, hidden!.id);
    await addUser(t, token.admin!, 'statsruled', { roleId: role, tenants: String(hidden!.tenantId ?? '') });
    token.statsruled = await loginAdded(t, 'statsruled');
    const range = await wholeRange();
    const s = await stats('statsruled', range);
    expect(s.source).toBe('groupBy');
    const counts = await statusCounts('statsruled');
    const all = await statusCounts('admin');
    const sum = (c: Record<string, number>) => Object.values(c).reduce((n, k) => n + k, 0);
    expect(sum(counts)).toBe(sum(all) - 1);
    expect(s.trend.reduce((n, d) => n + d.orders, 0)).toBe(sum(counts));

    const bare = await roleWithout(t, 'stats_bare', [ORDER.perms.list]);
    await addUser(t, token.admin!, 'statsbare', { roleId: bare, tenants: String(hidden!.tenantId ?? '') });
    const r = await t.call('GET', HOMEPAGE_STATISTICS.path, { token: await loginAdded(t, 'statsbare') });
    expect(r.status === 403 || r.body.success === false).toBe(true);
    expect(r.body.result ?? null).toBeNull();
  });

  it('refuses a period it cannot read', async () => {
    for (const [query, message] of [
      [{ begin: '2026-02-30', end: '2026-03-01' }, '日期格式应为YYYY-MM-DD'],
      [{ begin: '2026-03-02', end: '2026-03-01' }, '结束日期不能早于开始日期'],
      [{ begin: '2024-01-01', end: '2026-03-01' }, '统计区间不能超过366天'],
    ] as const) {
      const r = await t.call('GET', HOMEPAGE_STATISTICS.path, { token: token.admin, query });
      expect(r.body).toMatchObject({ success: false, message });
    }
  });
});
