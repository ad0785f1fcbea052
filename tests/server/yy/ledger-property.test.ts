import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import type { Db } from '../../../src/server/db/client.ts';
import {
  yyLedgerEntry,
  yyPlatformConfig,
  yyTechnicianCommission,
  yyVisitOrder,
} from '../../../src/server/db/schema/index.ts';
import { commissionTarget, loadRules } from '../../../src/server/money/commission.ts';
import {
  PLATFORM_BEARS_REFUND,
  postOrderCompletion,
  postOrderRefund,
} from '../../../src/server/money/ledger.ts';
import { computeCommission } from '../../../src/shared/money/commission.ts';
import { fromFen, toFen } from '../../../src/shared/format.ts';
import { fixtures } from './order-support.ts';
import type { Fixtures } from './ledger-support.ts';

/**
 * The ledger's identities over random orders (project lines, 加钟, fares, discounts), random rule
 * sets and random refunds (partial, full, several, claw-back or borne by the platform, the setting
 * changing between them, each retried once), each run in a transaction rolled back at its end: per order the shares
 * sum to paid − refunded and all entries to 0, no share is taken back beyond what was posted, the
 * commission is the one the shared rules give, and posting the completion again adds nothing.
 */
let t: TestApp;
let f: Fixtures;
const TZ = 'Asia/Shanghai';
class Rollback extends Error {}

beforeAll(async () => {
  t = await createTestApp();
  f = await fixtures(t);
});
afterAll(async () => t?.close());

const money = (max: number) => fc.integer({ min: 0, max }).map((n) => fromFen(n));
const rate = fc.integer({ min: 0, max: 10_000 }).map((n) => fromFen(n));

const ruleArb = fc.record({
  scope: fc.constantFrom('1', '2', '3', '4', '5'),
  type: fc.constantFrom('1', '2', '3', '4'),
  amount: money(30_000),
  rate,
  tiers: fc
    .uniqueArray(fc.integer({ min: 2, max: 40 }), { maxLength: 3 })
    .chain((froms) =>
      fc
        .tuple(...[1, ...froms.sort((a, b) => a - b)].map(() => rate))
        .map((rates) => [1, ...froms.sort((a, b) => a - b)].map((n, i) => `${n}:${rates[i]}`).join(',')),
    ),
  priority: fc.integer({ min: 0, max: 3 }),
  projectPick: fc.nat(),
  otherTechnician: fc.boolean(),
  validity: fc.constantFrom('open', 'current', 'expired', 'future'),
  enabled: fc.boolean(),
});

const orderArb = fc.record({
  technician: fc.nat(),
  project: fc.nat(),
  projectFen: fc.integer({ min: 1, max: 300_000 }),
  extraFen: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 })),
  fareFen: fc.integer({ min: 0, max: 20_000 }),
  discountFen: fc.integer({ min: 0, max: 50_000 }),
  minutes: fc.integer({ min: 30, max: 300 }),
  rules: fc.array(ruleArb, { maxLength: 4 }),
  refunds: fc.array(fc.record({ share: fc.double({ min: 0, max: 1, noNaN: true }), bears: fc.boolean() }), {
    maxLength: 3,
  }),
});

type OrderCase = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

async function check(tx: Db, o: OrderCase) {
  const tech = f.technicians[o.technician % f.technicians.length]!;
  const project = f.projects[o.project % f.projects.length]!;
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  for (const [i, r] of o.rules.entries()) {
    const pick = f.projects[r.projectPick % f.projects.length]!;
    await tx.insert(yyTechnicianCommission).values({
      id: `prop-rule-${i}`,
      name: `随机规则${i}`,
      scope: r.scope,
      technicianId: r.otherTechnician
        ? f.technicians[(o.technician + 1) % f.technicians.length]!.id
        : tech.id,
      projectId: r.projectPick % 2 ? project.id : pick.id,
      techLevel: r.otherTechnician ? 'junior' : tech.level,
      type: r.type,
      amount: r.amount,
      rate: r.rate,
      tiers: r.tiers,
      priority: r.priority,
      beginDate: r.validity === 'future' ? '2999-01-01' : r.validity === 'current' ? today : null,
      endDate: r.validity === 'expired' ? '2000-01-01' : r.validity === 'current' ? today : null,
      enabled: r.enabled,
      createTime: new Date(Date.now() + i),
    });
  }
  const total = Math.max(o.projectFen + o.extraFen + o.fareFen - o.discountFen, 1);
  const id = `prop${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`.slice(0, 32);
  await tx.execute(sql`
    insert into yy_visit_order (id, order_no, customer_id, contact, mobile, area_code, detail, appointment_time,
      end_time, service_minutes, technician_id, partner_id, travel_mode, distance, fare_amount, project_amount,
      extra_amount, discount_amount, total_amount, paid_amount, refund_amount, source, status, finish_time, tenant_id)
    values (${id}, ${id.slice(-20)}, ${f.customer.id}, '测试', '13800000000', '330106', '测试地址', now(),
      now() + make_interval(mins => ${o.minutes}), ${o.minutes}, ${tech.id}, ${tech.partnerId}, '1', 1,
      ${fromFen(o.fareFen)}, ${fromFen(o.projectFen)}, ${fromFen(o.extraFen)}, ${fromFen(o.discountFen)},
      ${fromFen(total)}, ${fromFen(total)}, 0, '1', '70', now(), ${f.customer.tenantId})`);
  await tx.execute(sql`
    insert into yy_visit_order_item (id, order_id, project_id, project_name, price, duration, quantity, amount, sort_no)
    values (${`${id.slice(0, 28)}item`}, ${id}, ${project.id}, ${project.name}, ${fromFen(o.projectFen)}, ${o.minutes}, 1,
      ${fromFen(o.projectFen)}, 1)`);
  const at = new Date();
  expect(await postOrderCompletion(tx, id, { at, tz: TZ, by: 'prop' })).toBeGreaterThanOrEqual(1);
  expect(await postOrderCompletion(tx, id, { at, tz: TZ, by: 'prop' })).toBe(0);

  let refunded = 0;
  for (const [i, r] of o.refunds.entries()) {
    const fen = Math.min(Math.floor((total - refunded) * r.share), total - refunded);
    if (fen <= 0) continue;
    await tx
      .update(yyPlatformConfig)
      .set({ value: String(r.bears) })
      .where(eq(yyPlatformConfig.configKey, PLATFORM_BEARS_REFUND));
    await tx.execute(
      sql`update yy_visit_order set refund_amount = refund_amount + ${fromFen(fen)}::numeric where id = ${id}`,
    );
    await postOrderRefund(tx, id, `afterSale${i}`, fen, { tz: TZ, by: 'prop' });
    // a retried refund posts nothing more
    expect(await postOrderRefund(tx, id, `afterSale${i}`, fen, { tz: TZ, by: 'prop' })).toBe(0);
    refunded += fen;
  }

  const entries = await tx.select().from(yyLedgerEntry).where(eq(yyLedgerEntry.orderId, id));
  const fenOf = (v: string) => toFen(v)!;
  const shares = entries.filter((e) => e.account !== 'customer').reduce((n, e) => n + fenOf(e.amount), 0);
  expect(shares, 'shares = paid − refunded').toBe(total - refunded);
  expect(
    entries.reduce((n, e) => n + fenOf(e.amount), 0),
    'all entries sum to 0',
  ).toBe(0);
  for (const e of entries.filter((x) => !x.reversalOf)) {
    const back = entries.filter((x) => x.reversalOf === e.id).reduce((n, x) => n + fenOf(x.amount), 0);
    expect(Math.abs(back) <= Math.abs(fenOf(e.amount)), 'a reversal never exceeds its entry').toBe(true);
    // a share never goes below zero (a refund the platform bears is a platform entry of its own)
    if (e.account !== 'customer' && e.kind !== 'platformBorne')
      expect(fenOf(e.amount) + back, 'no share below zero').toBeGreaterThanOrEqual(0);
  }
  const [order] = await tx.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, id));
  const target = await commissionTarget(tx, order!, at, TZ);
  const expected = computeCommission(await loadRules(tx), target).fen;
  const posted = entries.find((e) => e.kind === 'commission' && !e.reversalOf);
  expect(posted ? fenOf(posted.amount) : 0, 'the commission of the shared rules').toBe(expected);
}

describe('ledger identities (property)', () => {
  it('hold to the fen over random orders, rule sets and refunds', async () => {
    const runs = Number(process.env.LEDGER_PROPERTY_RUNS ?? 20);
    await fc.assert(
      fc.asyncProperty(orderArb, async (o) => {
        await t.database.db
          .transaction(async (tx) => {
            await check(tx as unknown as Db, o);
            throw new Rollback();
          })
          .catch((e) => {
            if (!(e instanceof Rollback)) throw e;
          });
      }),
      { numRuns: runs, endOnFailure: true },
    );
  });
});
