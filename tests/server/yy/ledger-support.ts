/** Shared steps of the money tests: orders driven through their declared life by the endpoints. */
import { desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import { ORDER } from '../../../src/shared/resources/order.ts';
import { toFen } from '../../../src/shared/format.ts';
import type { fixtures } from './order-support.ts';
import { booking, ep, localTime } from './order-support.ts';

export type Fixtures = Awaited<ReturnType<typeof fixtures>>;

export function orderSteps(t: TestApp, token: Record<string, string>, f: Fixtures) {
  const db = () => t.database.db;
  const act = async (action: string, id: string, body: Record<string, unknown> = {}, who = 'yunying') => {
    if ((action === 'assign' || action === 'reassign') && body.technicianId)
      body = { force: true, ...(action === 'assign' ? { reason: '客户指定' } : {}), ...body };
    return (
      await t.call('PUT', `${ORDER.decl.path}/${action}`, { token: token[who], body: { ids: id, ...body } })
    ).body;
  };
  const must = async (action: string, id: string, body: Record<string, unknown> = {}, who = 'yunying') => {
    const r = await act(action, id, body, who);
    expect(r.success, `${action}: ${JSON.stringify(r)}`).toBe(true);
  };
  const orderOf = async (id: string) =>
    (await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, id)))[0]!;
  /** Book (with `extra` booking values), pay, assign the technician and bring it to `upTo`. */
  const drive = async (
    o: { technician?: number; day?: number; hhmm?: string; extra?: Record<string, unknown> } = {},
    upTo: 'pending' | 'accepted' | 'serving' | 'finished' = 'finished',
  ): Promise<string> => {
    const r = await t.call('POST', ep.add.path, {
      token: token.yuangong,
      body: booking(f, { appointmentTime: localTime(o.day ?? 2, o.hhmm ?? '10:00'), ...o.extra }),
    });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const [row] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
    const id = row!.id;
    await must('pay', id, { payMethod: '1', payReference: `PAY-${id.slice(0, 8)}` }, 'yuangong');
    if (upTo === 'pending') return id;
    await must('assign', id, { technicianId: f.technicians[o.technician ?? 0]!.id });
    await must('accept', id);
    if (upTo === 'accepted') return id;
    for (const a of ['depart', 'arrive', 'start']) await must(a, id);
    if (upTo === 'serving') return id;
    await must('finish', id);
    return id;
  };
  /** The order's entries: per account class sums in fen. */
  const sums = async (id: string) => {
    const r = await t.database.rawQuery(
      `select coalesce(sum(amount) filter (where account <> 'customer'), 0)::text as shares,
              coalesce(sum(amount), 0)::text as total, count(*)::int as n
         from yy_ledger_entry where order_id = $1`,
      [id],
    );
    const row = r.rows[0] as { shares: string; total: string; n: number };
    return { shares: toFen(row.shares)!, total: toFen(row.total)!, n: row.n };
  };
  return { act, must, orderOf, drive, sums, db };
}

/** Per order: the shares' sum less (paid − refunded), nonzero where the identity fails. */
export const IDENTITY_FAILURES = sql`
  select o.id, o.order_no, o.paid_amount, o.refund_amount,
         coalesce(sum(e.amount) filter (where e.account <> 'customer'), 0) as shares,
         coalesce(sum(e.amount), 0) as total
    from yy_visit_order o join yy_ledger_entry e on e.order_id = o.id
   group by o.id
  having coalesce(sum(e.amount) filter (where e.account <> 'customer'), 0) <> o.paid_amount - o.refund_amount
      or coalesce(sum(e.amount), 0) <> 0`;
