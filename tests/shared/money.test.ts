import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COMMISSION_MSG,
  commissionFen,
  commissionRuleProblem,
  computeCommission,
  divRound,
  parseTiers,
  percentOf,
  rankRules,
  tierRate,
  type CommissionRule,
  type CommissionTarget,
} from '../../src/shared/money/commission.ts';
import { apportion, planCompletion, planRefund } from '../../src/shared/money/ledger.ts';

const target: CommissionTarget = {
  technicianId: 'T1',
  projectId: 'P1',
  techLevel: 'gold',
  date: '2026-11-15',
  serviceFen: 19_900,
  minutes: 90,
  monthCount: 12,
};
const rule = (id: string, scope: string, extra: Partial<CommissionRule> = {}): CommissionRule => ({
  id,
  scope,
  type: '2',
  rate: '10',
  priority: 0,
  createdAt: 1,
  ...extra,
});

describe('rounding', () => {
  it('rounds half away from zero, exactly, on integers of any size', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(-4n, 3n)).toBe(-1n);
    expect(divRound(10n ** 20n + 5n, 10n)).toBe(10n ** 19n + 1n);
    expect(percentOf(1, '50')).toBe(1); // 0.5 fen → 1
    expect(percentOf(-1, '50')).toBe(-1);
    expect(percentOf(19_900, '33.33')).toBe(6633); // 6632.67
  });
});

describe('commission rules', () => {
  it('resolves the most specific scope, then priority, then the newest', () => {
    const rules = [
      rule('g', '5', { priority: 99 }),
      rule('l', '4', { techLevel: 'gold' }),
      rule('p', '3', { projectId: 'P1' }),
      rule('t', '2', { technicianId: 'T1' }),
      rule('tp', '1', { technicianId: 'T1', projectId: 'P1' }),
    ];
    const order = (rs: CommissionRule[]) => rankRules(rs, target).map((r) => r.id);
    expect(order(rules)).toEqual(['tp', 't', 'p', 'l', 'g']);
    expect(
      order([
        rule('a', '2', { technicianId: 'T1', priority: 1 }),
        rule('b', '2', { technicianId: 'T1', priority: 2 }),
      ]),
    ).toEqual(['b', 'a']);
    expect(order([rule('old', '5', { createdAt: 1 }), rule('new', '5', { createdAt: 2 })])).toEqual([
      'new',
      'old',
    ]);
    // another technician's, another level's, a disabled or expired one never applies
    expect(
      order([
        rule('x', '2', { technicianId: 'T2' }),
        rule('y', '4', { techLevel: 'junior' }),
        rule('z', '5', { enabled: false }),
        rule('w', '5', { endDate: '2026-11-14' }),
        rule('v', '5', { beginDate: '2026-11-16' }),
        rule('u', '5', { beginDate: '2026-11-15', endDate: '2026-11-15' }),
      ]),
    ).toEqual(['u']);
  });

  it('pays fixed, percent, per hour and tiered amounts, within the service amount', () => {
    expect(commissionFen(rule('f', '5', { type: '1', amount: '88.00' }), target)).toBe(8800);
    expect(commissionFen(rule('f', '5', { type: '1', amount: '999.00' }), target)).toBe(19_900);
    expect(commissionFen(rule('p', '5', { type: '2', rate: '40' }), target)).toBe(7960);
    // 60.01 元 an hour × 90 minutes = 90.015 → 90.02
    expect(commissionFen(rule('h', '5', { type: '3', amount: '60.01' }), target)).toBe(9002);
    const tiered = rule('t', '5', { type: '4', tiers: '1:30,11:35,21:40' });
    expect(commissionFen(tiered, target)).toBe(6965);
    expect(commissionFen(tiered, { ...target, monthCount: 1 })).toBe(5970);
    expect(commissionFen(tiered, { ...target, monthCount: 21 })).toBe(7960);
    expect(computeCommission([], target)).toEqual({ rule: undefined, fen: 0 });
  });

  it('reads tiers and refuses malformed rules with their messages', () => {
    expect(parseTiers('1:30, 11：35，21:40')).toEqual([
      { from: 1, rate: '30' },
      { from: 11, rate: '35' },
      { from: 21, rate: '40' },
    ]);
    for (const bad of ['', '2:30', '1:30,1:40', '1:101', '1-30', '1:30,x'])
      expect(parseTiers(bad)).toBeUndefined();
    expect(tierRate(parseTiers('1:30,5:40')!, 4)).toBe('30');
    expect(commissionRuleProblem({ scope: '1', technicianId: 'T', type: '2', rate: '1' })).toBe(
      COMMISSION_MSG.project,
    );
    expect(commissionRuleProblem({ scope: '4', type: '2', rate: '1' })).toBe(COMMISSION_MSG.level);
    expect(commissionRuleProblem({ scope: '5', type: '3' })).toBe(COMMISSION_MSG.amount);
    expect(commissionRuleProblem({ scope: '5', type: '1', amount: '-1' })).toBe(COMMISSION_MSG.negative);
    expect(commissionRuleProblem({ scope: '5', type: '2', rate: '5' })).toBeUndefined();
  });
});

describe('ledger plans', () => {
  it('apportions exactly, never above a weight', () => {
    expect(apportion(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(apportion(5, [3, 3, 4])).toEqual([2, 1, 2]); // 1.5, 1.5, 2: the tie to the earlier
    expect(apportion(0, [5, 0])).toEqual([0, 0]);
    expect(() => apportion(7, [3, 3])).toThrow();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ws, share) => {
          const sum = ws.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * share);
          const parts = apportion(total, ws);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((p, i) => expect(p >= 0 && p <= ws[i]!).toBe(true));
        },
      ),
    );
  });

  it('plans a completion and its refunds so that the shares are what was paid less refunded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 6_000_000 }),
        fc.option(fc.integer({ min: 0, max: 10_000 })),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.boolean(),
        (paid, fare, commission, ratio, refund, bears) => {
          const plan = planCompletion({
            paidFen: paid,
            fareFen: fare,
            commissionFen: commission,
            customerId: 'C',
            technicianId: 'T',
            partnerId: ratio === null ? null : 'P',
            partnerRatio:
              ratio === null ? null : `${Math.floor(ratio / 100)}.${String(ratio % 100).padStart(2, '0')}`,
          });
          const shares = plan.filter((e) => e.account !== 'customer');
          expect(shares.reduce((n, e) => n + e.fen, 0)).toBe(paid);
          expect(shares.every((e) => e.fen > 0)).toBe(true);
          const r = Math.min(refund, paid);
          const back = planRefund(
            r,
            { id: 'pay', accountId: 'C', leftFen: paid },
            shares.map((e, i) => ({ ...e, id: `s${i}`, leftFen: e.fen })),
            bears,
          );
          const after = [...plan, ...back];
          expect(after.reduce((n, e) => n + e.fen, 0)).toBe(0);
          expect(after.filter((e) => e.account !== 'customer').reduce((n, e) => n + e.fen, 0)).toBe(paid - r);
          for (const e of back.filter((x) => x.kind === 'clawback')) {
            const of = shares[Number(e.reversalOf!.slice(1))]!;
            expect(e.fen < 0 && -e.fen <= of.fen).toBe(true);
          }
        },
      ),
    );
  });
});
