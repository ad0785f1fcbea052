import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { ACTIVE_ORDER_STATUSES, ORDER_STATUSES } from '../../../src/shared/resources/order.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('the seeded orders', () => {
  it('are 2,000 over the last 90 days, in every state, numbered uniquely', async () => {
    const [c] = await rows<{ n: number; nos: number; oldest: string }>(
      sql`select count(*)::int as n, count(distinct order_no)::int as nos,
            extract(day from now() - min(create_time))::int as oldest from yy_visit_order`,
    );
    expect(c).toMatchObject({ n: 2000, nos: 2000 });
    expect(Number(c!.oldest)).toBeGreaterThanOrEqual(89);
    const states = await rows<{ status: string }>(sql`select distinct status from yy_visit_order`);
    expect(states.map((s) => s.status).sort()).toEqual(ORDER_STATUSES.map((s) => s.value).sort());
  });

  it('have the way to their state in the history, each step from where the last one left', async () => {
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from yy_visit_order o
      where o.status <> '10' and o.create_by = 'admin' and coalesce((
        select h.to_state from sys_state_history h
        where h.resource = 'order' and h.row_id = o.id order by h.changed_at desc, h.id desc limit 1), '') <> o.status`);
    expect(bad!.n).toBe(0);
    const [broken] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select h.from_state, lag(h.to_state) over (partition by h.row_id order by h.changed_at, h.id) as prev
        from sys_state_history h where h.resource = 'order') x
      where x.prev is not null and x.prev <> x.from_state`);
    expect(broken!.n).toBe(0);
  });

  it('add up exactly, hold the lines they are priced by and leave the counters past their numbers', async () => {
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from yy_visit_order o
      where o.total_amount <> o.project_amount + o.extra_amount + o.fare_amount - o.discount_amount
         or o.project_amount <> (select sum(amount) from yy_visit_order_item i where i.order_id = o.id)
         or o.extra_amount <> coalesce((select sum(amount) from yy_visit_order_extra x where x.order_id = o.id), 0)
         or o.fare_amount <= 0`);
    expect(bad!.n).toBe(0);
    const [behind] = await rows<{ n: number }>(sql`
      select count(*)::int as n from yy_visit_order o
      join yy_order_no_seq s on s.day = to_date(split_part(o.order_no, '-', 1), 'YYYYMMDD')
      where split_part(o.order_no, '-', 2)::int > s.last`);
    expect(behind!.n).toBe(0);
  });

  it("hold their technicians' time: one active booking per assigned active order, none overlapping", async () => {
    const states = sql.join(
      ACTIVE_ORDER_STATUSES.map((v) => sql`${v}`),
      sql`, `,
    );
    const [missing] = await rows<{ n: number }>(sql`
      select count(*)::int as n from yy_visit_order o
      where o.technician_id is not null and o.status in (${states})
        and (select count(*) from yy_technician_booking b
             where b.order_id = o.id and b.active and b.technician_id = o.technician_id
               and lower(b.during) <= o.appointment_time and upper(b.during) >= o.end_time) <> 1`);
    expect(missing!.n).toBe(0);
    const [held] = await rows<{ n: number }>(sql`
      select count(*)::int as n from yy_technician_booking where active`);
    expect(held!.n).toBeGreaterThan(0);
    const [overlapping] = await rows<{ n: number }>(sql`
      select count(*)::int as n from yy_technician_booking a join yy_technician_booking b
        on a.technician_id = b.technician_id and a.id < b.id and a.during && b.during
      where a.active and b.active`);
    expect(overlapping!.n).toBe(0);
  });
});
