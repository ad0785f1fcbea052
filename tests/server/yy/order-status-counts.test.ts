/**
 * The status tabs' counts (GET …/statusCounts) and the per-state count table behind them
 * (yy_visit_order_status_count, kept by triggers): after bookings, transitions, cancels, bulk and
 * hand-written SQL, and concurrent transitions (on PostgreSQL with TEST_DATABASE_URL), the table
 * equals a GROUP BY of the orders and the endpoint answers what a GROUP BY of the caller's rows does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import { ORDER, ORDER_STATUS_COUNTS } from '../../../src/shared/resources/order.ts';
import { booking, ep, fixtures, localTime, S } from './order-support.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof fixtures>>;
const token: Record<string, string> = {};
const path = (action: string) => `${ORDER.decl.path}/${action}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'yuangong']) token[u] = await t.login(u);
  f = await fixtures(t);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Counts = Record<string, number>;
const sorted = (c: Counts) => Object.fromEntries(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)));

/** The count table and a GROUP BY of the orders, per tenant, partner and state (non-zero rows). */
async function tableAndGroupBy(): Promise<[string[], string[]]> {
  const rows = async (text: string) =>
    ((await t.database.rawQuery(text, [])).rows as Array<Record<string, unknown>>).map(
      (r) => `${r.t}|${r.p}|${r.s}|${r.n}`,
    );
  return Promise.all([
    rows(`select tenant_key as t, partner_key as p, status as s, n::int as n
          from yy_visit_order_status_count where n <> 0 order by 1, 2, 3`),
    rows(`select coalesce(tenant_id, 0) as t, coalesce(partner_id, '') as p, status as s, count(*)::int as n
          from yy_visit_order group by 1, 2, 3 order by 1, 2, 3`),
  ]);
}

async function expectTableInSync(): Promise<void> {
  const [table, groupBy] = await tableAndGroupBy();
  expect(table).toEqual(groupBy);
}

/** The counts endpoint for a caller, with the list's query. */
async function counts(who: string, query: Record<string, string> = {}): Promise<Counts> {
  const r = await t.call('GET', ORDER_STATUS_COUNTS.path, { token: token[who], query });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return sorted(r.body.result as Counts);
}

/** A GROUP BY of the orders `where` selects. */
async function groupBy(where = sql`true`): Promise<Counts> {
  const rows = await db()
    .select({ status: yyVisitOrder.status, n: sql<number>`count(*)::int` })
    .from(yyVisitOrder)
    .where(where)
    .groupBy(yyVisitOrder.status);
  return sorted(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])));
}

async function book(day = 2, hhmm = '10:00'): Promise<string> {
  const r = await t.call('POST', ep.add.path, {
    token: token.yuangong,
    body: booking(f, { appointmentTime: localTime(day, hhmm) }),
  });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
  return o!.id;
}

async function act(action: string, ids: string, body: Record<string, unknown> = {}, who = 'yunying') {
  if (action === 'assign' && body.technicianId) body = { force: true, reason: '客户指定', ...body };
  return (await t.call('PUT', path(action), { token: token[who], body: { ids, ...body } })).body;
}

async function must(action: string, id: string, body: Record<string, unknown> = {}, who = 'yunying') {
  const r = await act(action, id, body, who);
  expect(r.success, `${action}: ${JSON.stringify(r)}`).toBe(true);
}

describe('the per-state count table', () => {
  it('holds the seeded orders as a GROUP BY does, and the endpoint answers it', async () => {
    await expectTableInSync();
    const all = await groupBy();
    expect(Object.keys(all).length).toBeGreaterThan(5);
    expect(await counts('admin')).toEqual(all);
    // the Vue client's cache-busting `_t` and the list's paging are no filter
    expect(await counts('admin', { _t: '1', pageNo: '1', column: 'createTime', order: 'desc' })).toEqual(all);
  });

  it('is what the endpoint reads for an unscoped caller without filters (a GROUP BY otherwise)', async () => {
    const all = await groupBy();
    // skew one counter: the table's answer shows it, a filtered request's GROUP BY does not
    const bump = (d: number) =>
      t.database.rawQuery(
        `update yy_visit_order_status_count set n = n + $1 where (tenant_key, partner_key, status) =
           (select tenant_key, partner_key, status from yy_visit_order_status_count where status = '80'
            order by tenant_key, partner_key limit 1)`,
        [d],
      );
    await bump(1000);
    try {
      expect((await counts('admin'))['80']).toBe(all['80']! + 1000);
      expect(await counts('admin', { source: '1' })).toEqual(
        await groupBy(sql`${yyVisitOrder.source} = '1'`),
      );
    } finally {
      await bump(-1000);
    }
    expect(await counts('admin')).toEqual(all);
  });

  it('follows bookings, transitions and cancels', async () => {
    const a = await book(2, '10:00');
    const b = await book(2, '13:00');
    const c = await book(3, '10:00');
    await expectTableInSync();
    await must('pay', a, { payMethod: '1' }, 'yuangong');
    await must('pay', b, { payMethod: '2' }, 'yuangong');
    await must('assign', a, { technicianId: f.technicians[0]!.id });
    await must('accept', a);
    await must('depart', a);
    await expectTableInSync();
    await must('requestCancel', a, { reason: '临时有事' });
    await must('rejectCancel', a, { reason: '已出发' });
    await must('cancel', b, { reason: '客户改期' });
    await must('cancel', c, { reason: '重复下单' });
    await expectTableInSync();
    expect(await counts('admin')).toEqual(await groupBy());
    // a refused transition changes nothing
    expect((await act('accept', c)).success).toBe(false);
    await expectTableInSync();
  });

  it('answers a tenant-scoped caller and a filtered list as a GROUP BY of their rows', async () => {
    // 普通员工 reaches their tenants' orders
    const own = await counts('yuangong');
    const [me] = (
      await t.database.rawQuery(`select rel_tenant_ids from sys_user where username = 'yuangong'`, [])
    ).rows as Array<{ rel_tenant_ids: string | null }>;
    const ids = (me!.rel_tenant_ids ?? '').split(',').filter(Boolean).map(Number);
    expect(own).toEqual(
      ids.length
        ? await groupBy(
            sql`${yyVisitOrder.tenantId} in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
          )
        : {},
    );
    // with a filter of the list: the exact GROUP BY over the matching rows
    const source = '2';
    expect(await counts('admin', { source })).toEqual(await groupBy(sql`${yyVisitOrder.source} = ${source}`));
    // the selected tab itself is no filter of the counts
    expect(await counts('admin', { status: S.pending })).toEqual(await groupBy());
  });

  it('follows hand-written SQL: bulk updates, tenant and partner moves, deletes', async () => {
    await t.database.rawQuery(
      `update yy_visit_order set status = '98' where status = '10' and id in
         (select id from yy_visit_order where status = '10' order by id limit 3)`,
      [],
    );
    await t.database.rawQuery(
      `update yy_visit_order set tenant_id = null where id in
         (select id from yy_visit_order where status = '80' order by id limit 5)`,
      [],
    );
    await t.database.rawQuery(
      `update yy_visit_order set partner_id = null, technician_id = null where id in
         (select id from yy_visit_order where status = '70' and partner_id is not null order by id limit 4)`,
      [],
    );
    // an update that changes no state, tenant or partner leaves the counts as they are
    await t.database.rawQuery(`update yy_visit_order set remark = 'x' where status = '80'`, []);
    await expectTableInSync();
    const gone = (
      await t.database.rawQuery(`select id from yy_visit_order where status = '98' order by id limit 2`, [])
    ).rows as Array<{ id: string }>;
    for (const { id } of gone) {
      await t.database
        .rawQuery(`delete from sys_state_history where row_id = $1`, [id])
        .catch(() => undefined);
      await t.database.rawQuery(`delete from yy_visit_order where id = $1`, [id]);
    }
    await expectTableInSync();
    expect(await counts('admin')).toEqual(await groupBy());
  });

  it('stays equal to a GROUP BY under concurrent transitions', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await book(4 + Math.floor(i / 4), `${10 + (i % 4) * 2}:00`));
    // every order paid at once, then half cancelled while the other half is assigned
    const paid = await Promise.all(ids.map((id) => act('pay', id, { payMethod: '1' }, 'yuangong')));
    expect(paid.every((r) => r.success)).toBe(true);
    const moved = await Promise.all(
      ids.map((id, i) =>
        i % 2
          ? act('cancel', id, { reason: '客户取消' })
          : act('assign', id, { technicianId: f.technicians[i]!.id }),
      ),
    );
    expect(moved.every((r) => r.success)).toBe(true);
    await expectTableInSync();
    // opposite moves between two states in concurrent transactions (counters locked in one order)
    const rows = (
      await t.database.rawQuery(
        `select id, status from yy_visit_order where status in ('70', '80') order by id limit 40`,
        [],
      )
    ).rows as Array<{ id: string; status: string }>;
    await Promise.all(
      rows.map((r) =>
        t.database.rawQuery(`update yy_visit_order set status = $2 where id = $1`, [
          r.id,
          r.status === '70' ? '80' : '70',
        ]),
      ),
    );
    await expectTableInSync();
    expect(await counts('admin')).toEqual(await groupBy());
  });

  it('is emptied by a truncate', async () => {
    await t.database.rawQuery(`truncate yy_visit_order cascade`, []);
    await expectTableInSync();
    expect(await counts('admin')).toEqual({});
  });
});
