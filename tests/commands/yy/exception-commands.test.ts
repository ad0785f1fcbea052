import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { serverHarness } from '../server-harness.ts';
import { yyExceptionOrder, yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import { booking, fixtures, localTime } from '../../server/yy/order-support.ts';
import { parseOlder } from '../../../commands/order/close-unpaid.ts';

/** order close-unpaid and exception order, through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
let f: Awaited<ReturnType<typeof fixtures>>;
beforeAll(async () => {
  h = await serverHarness('yunying');
  f = await fixtures(h.t);
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const db = () => h.t.database.db;

describe('order close-unpaid', () => {
  it('parses --older', () => {
    expect([parseOlder('30m'), parseOlder('2h'), parseOlder('1d'), parseOlder('45')]).toEqual([
      30, 120, 1440, 45,
    ]);
    expect(() => parseOlder('soon')).toThrow('--older 格式应为 30m、2h、1d 或分钟数');
  });

  it('lists with --dry-run what it would close, then closes them with progress', async () => {
    const admin = await h.t.login('admin');
    const r = await h.t.call('POST', '/yy/yyVisitOrder/add', {
      token: admin,
      body: booking(f, { appointmentTime: localTime(5, '14:00') }),
    });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const [o] = await db().select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1);
    await db().execute(
      sql`update yy_visit_order set create_time = now() - interval '3 hours' where id = ${o!.id}`,
    );
    const dry = await h.terminal('order close-unpaid --older 2h --dry-run');
    expect(dry.results[0]?.status, dry.out).toBe('ok');
    expect(dry.out).toContain(o!.orderNo);
    expect(dry.out).toContain('演练');
    expect((await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, o!.id)))[0]!.status).toBe('10');
    const run = await h.terminal('order close-unpaid --older 2h --yes');
    expect(run.results[0]?.status, run.out).toBe('ok');
    expect(run.out).toMatch(/已关闭 [1-9]\d* 个订单/);
    expect((await db().select().from(yyVisitOrder).where(eq(yyVisitOrder.id, o!.id)))[0]!.status).toBe('98');
  });
});

describe('exception commands', () => {
  it('exception order shows the order of an exception; claim and resolve are the declared actions', async () => {
    const [ex] = await db()
      .select()
      .from(yyExceptionOrder)
      .where(eq(yyExceptionOrder.status, '1'))
      .orderBy(desc(yyExceptionOrder.openTime))
      .limit(1);
    const shown = await h.terminal(`exception order ${ex!.id}`);
    expect(shown.results[0]?.status, shown.out).toBe('ok');
    expect(shown.out).toContain('下单');
    const claim = await h.terminal(`exceptionOrder claim ${ex!.id} --yes`);
    expect(claim.results[0]?.status, claim.out).toBe('ok');
    const resolve = await h.terminal(
      `exceptionOrder resolve ${ex!.id} --resolution 致歉 --reason 已电话致歉 --yes`,
    );
    expect(resolve.results[0]?.status, resolve.out).toBe('ok');
    const [done] = await db().select().from(yyExceptionOrder).where(eq(yyExceptionOrder.id, ex!.id));
    expect(done).toMatchObject({ status: '3', resolution: '3', handlerId: 'yunying' });
  });
});
