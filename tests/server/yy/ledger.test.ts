import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyLedgerEntry, yyOrderRefund } from '../../../src/server/db/schema/index.ts';
import { LEDGER, LEDGER_BALANCES, LEDGER_MSG } from '../../../src/shared/resources/ledger.ts';
import {
  COMMISSION_MSG,
  COMMISSION_PREVIEW,
  COMMISSION_TECH_ROYALTY,
  TECH_COMMISSION,
  percentOf,
} from '../../../src/shared/resources/technician-commission.ts';
import { fromFen, toFen } from '../../../src/shared/format.ts';
import { balanceDrifts } from '../../../src/server/money/balances.ts';
import { postEntries } from '../../../src/server/money/ledger.ts';
import { LEDGER_JOBS } from '../../../src/server/jobs/ledger.ts';
import { fixtures, S } from './order-support.ts';
import { IDENTITY_FAILURES, orderSteps, type Fixtures } from './ledger-support.ts';

/**
 * 技师提成 and 资金流水: the seeded ledger holds the identities; 服务完成 posts the order's entries
 * in its own transaction (a refused posting leaves the order serving); after-sale refunds claw back
 * in proportion or are borne by the platform; an approved late cancellation keeps its fee; the
 * table is append-only and over-reversal is refused by the database; rules resolve most specific
 * first; the balance job finds a drifted cache. Concurrent completions keep the cache exact
 * (on PostgreSQL in the server-pg pass).
 */
let t: TestApp;
let f: Fixtures;
const token: Record<string, string> = {};
let steps: ReturnType<typeof orderSteps>;
const raw = (text: string, params: unknown[] = []) => t.database.rawQuery(text, params);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
  f = await fixtures(t);
  steps = orderSteps(t, token, f);
});
afterAll(async () => t?.close());

const preview = async (orderId: string, who = 'caiwu') =>
  (await t.call('GET', COMMISSION_PREVIEW.path, { token: token[who], query: { orderId } })).body;

/** Add a rule as 运营专员; answers its id. */
async function addRule(body: Record<string, unknown>): Promise<string> {
  const r = await t.call('POST', TECH_COMMISSION.endpoints.add!.path, {
    token: token.yunying,
    body: { enabled: true, priority: 0, ...body },
  });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  const found = await raw(`select id from yy_technician_commission where name = $1`, [body.name]);
  return (found.rows[0] as { id: string }).id;
}

describe('the seeded ledger', () => {
  it('posts every completed seeded order so that its shares sum to paid − refunded and all entries to 0', async () => {
    const failures = (await t.database.db.execute(IDENTITY_FAILURES)) as unknown as { rows: unknown[] };
    expect(failures.rows).toEqual([]);
    const missing = await raw(
      `select count(*)::int as n from yy_visit_order o
        where o.finish_time is not null and o.paid_amount > 0
          and not exists (select 1 from yy_ledger_entry e where e.order_id = o.id and e.kind = 'payment')`,
    );
    expect((missing.rows[0] as { n: number }).n).toBe(0);
    const counts = await raw(
      `select count(*)::int as n, count(*) filter (where kind = 'clawback')::int as clawbacks from yy_ledger_entry`,
    );
    expect((counts.rows[0] as { n: number }).n).toBeGreaterThan(4000);
    expect((counts.rows[0] as { clawbacks: number }).clawbacks).toBeGreaterThan(50);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
  });

  it('seeds the commission the preview names, rule and amount, for completed orders of every rule', async () => {
    const sample = await raw(
      `select distinct on (e.rule_id) e.order_id, e.rule_id, e.amount::text as amount
         from yy_ledger_entry e where e.kind = 'commission' and e.rule_id is not null
        order by e.rule_id, e.order_id`,
    );
    const rows = sample.rows as Array<{ order_id: string; rule_id: string; amount: string }>;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      const p = await preview(row.order_id);
      expect(p.success, JSON.stringify(p)).toBe(true);
      expect({ rule: p.result.rule.id, amount: p.result.amount, posted: p.result.posted }).toEqual({
        rule: row.rule_id,
        amount: row.amount,
        posted: row.amount,
      });
    }
  });
});

describe('服务完成 posts the order’s entries in its transaction', () => {
  it('posts payment, travel fee, commission, partner and platform shares summing to what was paid', async () => {
    const tech = f.technicians[4]!;
    const rule = await addRule({
      name: '测试专项提成',
      scope: '1',
      technicianId: tech.id,
      projectId: f.projects[0]!.id,
      type: '2',
      rate: '61.5',
      priority: 3,
    });
    const id = await steps.drive({ technician: 4, hhmm: '11:00' }, 'serving');
    const before = await preview(id);
    expect(before.result.rule.id).toBe(rule);
    expect(before.result.posted).toBeNull();
    await steps.must('finish', id);
    const o = await steps.orderOf(id);
    const paid = toFen(o.paidAmount)!;
    const fare = Math.min(toFen(o.fareAmount)!, paid);
    const commission = percentOf(paid - fare, '61.5');
    const entries = await steps.db().select().from(yyLedgerEntry).where(eq(yyLedgerEntry.orderId, id));
    const by = Object.fromEntries(entries.map((e) => [e.kind, e]));
    expect(by.payment).toMatchObject({
      account: 'customer',
      accountId: o.customerId,
      amount: fromFen(-paid),
    });
    expect(by.commission).toMatchObject({ account: 'technician', accountId: tech.id, ruleId: rule });
    expect(by.commission!.amount).toBe(fromFen(commission));
    expect(by.travelFee?.amount ?? '0.00').toBe(fromFen(fare));
    expect(new Set(entries.map((e) => e.entryKey)).size).toBe(entries.length);
    expect(await steps.sums(id)).toMatchObject({ shares: paid, total: 0 });
    const after = await preview(id);
    expect(after.result).toMatchObject({ amount: fromFen(commission), posted: fromFen(commission) });
  });

  it('refuses a posting whose key was used with another body, and the order stays in service', async () => {
    const id = await steps.drive({ technician: 5, hhmm: '12:00' }, 'serving');
    const o = await steps.orderOf(id);
    // an entry already holding the commission's key with another amount
    await raw(
      `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id)
       values ('conflict-' || substr($1, 1, 20), 'order:' || $1 || ':commission', 'x', 'technician', $2, 'commission', 1.00, $1)`,
      [id, o.technicianId],
    );
    const r = await steps.act('finish', id);
    expect(r.success).toBe(false);
    expect(r.message).toBe(LEDGER_MSG.keyReused(`order:${id}:commission`));
    expect((await steps.orderOf(id)).status).toBe(S.serving);
    expect((await steps.sums(id)).n).toBe(1);
  });

  it('posts a repeated key with the same body once', async () => {
    const id = await steps.drive({ technician: 6, hhmm: '13:00' });
    const order = await steps.orderOf(id);
    const again = await postEntries(t.database.db, [
      {
        key: `order:${id}:payment`,
        account: 'customer',
        accountId: order.customerId,
        kind: 'payment',
        fen: -toFen(order.paidAmount)!,
        order,
        by: 'test',
      },
    ]);
    expect(again).toBe(0);
    expect((await steps.sums(id)).total).toBe(0);
  });
});

describe('refunds post reversals', () => {
  it('claws an after-sale partial refund back in proportion to the shares posted', async () => {
    const id = await steps.drive({ technician: 7, hhmm: '14:00' });
    await steps.must('afterSale', id, { reason: '服务不满意' }, 'yuangong');
    const o = await steps.orderOf(id);
    const refund = Math.floor(toFen(o.paidAmount)! / 3) + 1;
    await steps.must('finishAfterSale', id, { refundAmount: fromFen(refund), reason: '部分退款' });
    const rev = await raw(
      `select r.kind, r.amount::numeric as amount, o.amount::numeric as original, o.kind as of
         from yy_ledger_entry r join yy_ledger_entry o on o.id = r.reversal_of where r.order_id = $1`,
      [id],
    );
    const rows = rev.rows as Array<{ kind: string; amount: string; original: string; of: string }>;
    expect(rows.find((r) => r.kind === 'refund')).toMatchObject({ of: 'payment' });
    expect(toFen(rows.find((r) => r.kind === 'refund')!.amount)).toBe(refund);
    const clawbacks = rows.filter((r) => r.kind === 'clawback');
    expect(clawbacks.length).toBeGreaterThanOrEqual(2);
    for (const c of clawbacks) {
      expect(toFen(c.amount)!).toBeLessThan(0);
      expect(-toFen(c.amount)!).toBeLessThanOrEqual(toFen(c.original)!);
    }
    expect(await steps.sums(id)).toMatchObject({ shares: toFen(o.paidAmount)! - refund, total: 0 });
  });

  it('books the refund to the platform when the platform bears refunds (平台承担)', async () => {
    await raw(
      `update yy_platform_config set value = 'true' where config_key = 'finance.platformBearsRefund'`,
    );
    try {
      const id = await steps.drive({ technician: 8, hhmm: '15:00' });
      await steps.must('afterSale', id, { reason: '服务不满意' }, 'yuangong');
      const o = await steps.orderOf(id);
      await steps.must('finishAfterSale', id, { refundAmount: o.paidAmount, reason: '全额退款' });
      const kinds = await steps
        .db()
        .select({ kind: yyLedgerEntry.kind, amount: yyLedgerEntry.amount })
        .from(yyLedgerEntry)
        .where(and(eq(yyLedgerEntry.orderId, id)));
      expect(kinds.filter((k) => k.kind === 'clawback')).toEqual([]);
      expect(kinds.find((k) => k.kind === 'platformBorne')?.amount).toBe(fromFen(-toFen(o.paidAmount)!));
      expect(await steps.sums(id)).toMatchObject({ shares: 0, total: 0 });
    } finally {
      await raw(
        `update yy_platform_config set value = 'false' where config_key = 'finance.platformBearsRefund'`,
      );
    }
  });

  it('keeps an approved late cancellation’s fee for the platform: payment, refund and fee', async () => {
    const id = await steps.drive({ technician: 9, hhmm: '16:00' }, 'accepted');
    // accepted long ago: the cancellation is late and keeps a fee
    await raw(`update yy_visit_order set accept_time = now() - interval '3 hours' where id = $1`, [id]);
    await steps.must('requestCancel', id, { reason: '行程有变' }, 'yuangong');
    await steps.must('approveCancel', id);
    const o = await steps.orderOf(id);
    const fee = toFen(o.cancelFee)!;
    expect(fee).toBeGreaterThan(0);
    const [refund] = await steps.db().select().from(yyOrderRefund).where(eq(yyOrderRefund.orderId, id));
    expect(toFen(refund!.amount)).toBe(toFen(o.paidAmount)! - fee);
    expect(await steps.sums(id)).toMatchObject({ shares: fee, total: 0 });
    const [kept] = await steps
      .db()
      .select()
      .from(yyLedgerEntry)
      .where(and(eq(yyLedgerEntry.orderId, id), eq(yyLedgerEntry.kind, 'cancelFee')));
    expect(kept).toMatchObject({ account: 'platform', amount: fromFen(fee) });
  });
});

describe('the ledger is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE whoever asks', async () => {
    const [e] = await steps.db().select().from(yyLedgerEntry).limit(1);
    await expect(
      raw(`update yy_ledger_entry set amount = amount + 1 where id = $1`, [e!.id]),
    ).rejects.toThrow(/append-only/);
    await expect(raw(`delete from yy_ledger_entry where id = $1`, [e!.id])).rejects.toThrow(/append-only/);
    await expect(raw(`truncate yy_ledger_entry`)).rejects.toThrow(/append-only/);
    const [same] = await steps.db().select().from(yyLedgerEntry).where(eq(yyLedgerEntry.id, e!.id));
    expect(same!.amount).toBe(e!.amount);
  });

  it('refuses a reversal beyond its entry, of the same sign, or of a reversal', async () => {
    const [c] = await steps
      .db()
      .select()
      .from(yyLedgerEntry)
      .where(and(eq(yyLedgerEntry.kind, 'commission'), isNull(yyLedgerEntry.reversalOf)))
      .limit(1);
    const amount = toFen(c!.amount)!;
    const reverse = (key: string, fen: number, of: string) =>
      raw(
        `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id, reversal_of)
         values (substr(md5($1), 1, 32), $1, 'x', 'technician', $2, 'clawback', $3::numeric, $4, $5)`,
        [key, c!.accountId, fromFen(fen), c!.orderId, of],
      );
    await expect(reverse('t:over', -(amount + 1), c!.id)).rejects.toThrow(/exceed/);
    await expect(reverse('t:sign', 1, c!.id)).rejects.toThrow(/oppose/);
    await reverse('t:half', -1, c!.id);
    await expect(reverse('t:of-reversal', 1, `${'t:half'}`)).rejects.toThrow(/not found|itself a reversal/);
    const half = await raw(`select id from yy_ledger_entry where entry_key = 't:half'`);
    await expect(reverse('t:of-reversal2', 1, (half.rows[0] as { id: string }).id)).rejects.toThrow(
      /itself a reversal/,
    );
  });

  it('lets only one of two concurrent reversals that together exceed their entry through', async () => {
    const [c] = await steps
      .db()
      .select()
      .from(yyLedgerEntry)
      .where(and(eq(yyLedgerEntry.kind, 'platformShare'), isNull(yyLedgerEntry.reversalOf)))
      .limit(1);
    const amount = toFen(c!.amount)!;
    const part = Math.floor(amount * 0.6);
    const reverse = (key: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into yy_ledger_entry (id, entry_key, body_hash, account, kind, amount, order_id, reversal_of, tenant_id)
          values (substr(md5(${key}), 1, 32), ${key}, 'x', 'platform', 'clawback', ${fromFen(-part)}::numeric,
                  ${c!.orderId}, ${c!.id}, ${c!.tenantId})`);
        // hold the lock a moment so the other transaction meets it (PostgreSQL)
        await tx.execute(sql`select pg_sleep(0.2)`);
      });
    const results = await Promise.allSettled([reverse('t:race-a'), reverse('t:race-b')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const taken = await raw(
      `select coalesce(sum(amount), 0)::text as s from yy_ledger_entry where reversal_of = $1`,
      [c!.id],
    );
    expect(toFen((taken.rows[0] as { s: string }).s)).toBe(-part);
  });

  it('has no add, edit or delete endpoint; 财务出纳 lists by technician and month, 普通员工 not at all', async () => {
    expect(LEDGER.endpoints).not.toHaveProperty('add');
    expect(LEDGER.endpoints).not.toHaveProperty('delete');
    const [e] = await steps
      .db()
      .select()
      .from(yyLedgerEntry)
      .where(eq(yyLedgerEntry.account, 'technician'))
      .limit(1);
    const tech = f.technicians.find((x) => x.id === e!.technicianId);
    const month = (
      await raw(
        `select to_char(create_time at time zone 'Asia/Shanghai', 'YYYY-MM') as m from yy_ledger_entry where id = $1`,
        [e!.id],
      )
    ).rows[0] as { m: string };
    const list = await t.call('GET', LEDGER.endpoints.list.path, {
      token: token.caiwu,
      query: { technician: tech?.name ?? e!.technicianId!, month: month.m, pageSize: '200' },
    });
    expect(list.body.success, JSON.stringify(list.body)).toBe(true);
    const records = list.body.result.records as Array<Record<string, unknown>>;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.technicianId === e!.technicianId)).toBe(true);
    expect(records.some((r) => r.accountName)).toBe(true);
    const bad = await t.call('GET', LEDGER.endpoints.list.path, {
      token: token.caiwu,
      query: { month: '2026-13' },
    });
    expect(bad.body.message).toBe(LEDGER_MSG.month);
    const none = await t.call('GET', LEDGER.endpoints.list.path, { token: token.yuangong });
    expect(none.body.success).toBe(false);
    const balances = await t.call('GET', LEDGER_BALANCES.path, {
      token: token.caiwu,
      query: { account: 'platform' },
    });
    expect(balances.body.result).toHaveLength(1);
    expect(balances.body.result[0].balance).toBe(balances.body.result[0].cached);
  });
});

describe('技师提成 rules', () => {
  it('refuses a rule missing what its scope or type needs; 财务出纳 reads but does not add', async () => {
    const add = (who: string, body: Record<string, unknown>) =>
      t.call('POST', TECH_COMMISSION.endpoints.add!.path, { token: token[who], body });
    expect((await add('yunying', { name: '缺技师', scope: '2', type: '1', amount: '10' })).body.message).toBe(
      COMMISSION_MSG.technician,
    );
    expect((await add('yunying', { name: '缺比例', scope: '5', type: '2' })).body.message).toBe(
      COMMISSION_MSG.rate,
    );
    expect(
      (await add('yunying', { name: '坏阶梯', scope: '5', type: '4', tiers: '5:30' })).body.message,
    ).toBe(COMMISSION_MSG.tiers);
    expect(
      (
        await add('yunying', {
          name: '日期',
          scope: '5',
          type: '2',
          rate: '1',
          beginDate: '2026-05-02',
          endDate: '2026-05-01',
        })
      ).body.message,
    ).toBe(COMMISSION_MSG.dates);
    expect((await add('caiwu', { name: '财务不能加', scope: '5', type: '2', rate: '1' })).body.success).toBe(
      false,
    );
    const list = await t.call('GET', TECH_COMMISSION.endpoints.list.path, { token: token.caiwu });
    expect(list.body.result.total).toBeGreaterThanOrEqual(8);
  });

  it('picks the most specific rule, then priority, then the newest, and previews it', async () => {
    const id = await steps.drive({ technician: 10, hhmm: '17:00' }, 'serving');
    const tech = f.technicians[10]!;
    const generic = (await preview(id)).result;
    expect(generic.rule).not.toBeNull();
    const low = await addRule({
      name: '技师规则低',
      scope: '2',
      technicianId: tech.id,
      type: '1',
      amount: '12.34',
    });
    expect((await preview(id)).result).toMatchObject({ rule: { id: low }, amount: '12.34' });
    const high = await addRule({
      name: '技师规则高',
      scope: '2',
      technicianId: tech.id,
      type: '3',
      amount: '50.01',
      priority: 5,
    });
    const p = (await preview(id)).result;
    const o = await steps.orderOf(id);
    expect(p.rule.id).toBe(high);
    // per hour: 50.01 元 × minutes / 60, half away from zero
    expect(toFen(p.amount)).toBe(Math.round((5001 * o.serviceMinutes) / 60));
    expect(p.candidates.map((c: { id: string }) => c.id).slice(0, 2)).toEqual([high, low]);
    const newest = await addRule({
      name: '技师规则同级新',
      scope: '2',
      technicianId: tech.id,
      type: '1',
      amount: '1',
      priority: 5,
    });
    expect((await preview(id)).result.rule.id).toBe(newest);
  });

  it('answers getTechRoyalty from the ledger in the JeecgBoot Result shape', async () => {
    const r = await raw(
      `select account_id, to_char(min(create_time at time zone 'Asia/Shanghai'), 'YYYY-MM-DD') as b,
              to_char(max(create_time at time zone 'Asia/Shanghai'), 'YYYY-MM-DD') as e,
              sum(amount) filter (where kind in ('commission', 'travelFee', 'clawback'))::text as total,
              count(distinct order_id) filter (where kind = 'commission')::int as n
         from yy_ledger_entry where account = 'technician' group by account_id order by account_id limit 1`,
    );
    const row = r.rows[0] as { account_id: string; b: string; e: string; total: string; n: number };
    const res = await t.call('GET', COMMISSION_TECH_ROYALTY.path, {
      token: token.caiwu,
      query: { technicianId: row.account_id, begin: row.b, end: row.e },
    });
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.result).toMatchObject({ technicianId: row.account_id, orderCount: row.n, begin: row.b });
    expect(toFen(res.body.result.total)).toBe(toFen(row.total));
    const missing = await t.call('GET', COMMISSION_TECH_ROYALTY.path, { token: token.caiwu, query: {} });
    expect(missing.body.success).toBe(false);
  });
});

describe('balances', () => {
  it('the balance job reports a cache that differs from the entries and sets it right', async () => {
    await raw(`update yy_ledger_balance set balance = balance + 0.01 where account = 'platform'`);
    expect(await balanceDrifts(t.database.db)).toHaveLength(1);
    const job = await raw(`select id from sys_quartz_job where job_class_name = $1`, [LEDGER_JOBS.balances]);
    const jobId = (job.rows[0] as { id: string }).id;
    expect((await raw(`select status from sys_quartz_job where id = $1`, [jobId])).rows[0]).toEqual({
      status: -1,
    });
    await t.call('GET', '/sys/quartzJob/execute', { token: token.admin, query: { id: jobId } });
    let run: Record<string, unknown> | undefined;
    for (let i = 0; i < 200 && !run; i++) {
      const runs = await raw(
        `select status, error from sys_quartz_job_log where job_id = $1 and status <> 'running'`,
        [jobId],
      );
      run = runs.rows[0] as Record<string, unknown> | undefined;
      if (!run) await new Promise((r) => setTimeout(r, 50));
    }
    expect(run).toMatchObject({ status: 'error' });
    expect(String(run!.error)).toMatch(/余额缓存与流水不一致.*platform/);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
  });

  it('keeps the cached balances exact under concurrent completions of one technician', async () => {
    const ids: string[] = [];
    for (const hhmm of ['08:00', '10:30', '13:00', '15:30', '18:00', '20:30'])
      ids.push(await steps.drive({ technician: 11, day: 3, hhmm }, 'serving'));
    const results = await Promise.all(ids.map((id) => steps.act('finish', id)));
    expect(
      results.every((r) => r.success),
      JSON.stringify(results),
    ).toBe(true);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
    for (const id of ids) expect((await steps.sums(id)).total).toBe(0);
  });
});
