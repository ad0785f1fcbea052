import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromFen, percentOfFen, toFen } from '../../src/shared/format.ts';
import { cancelFee, priceLine, priceOrder } from '../../src/shared/resources/order-pricing.ts';

const project = (price: string, duration = 60) => ({ id: 'p', name: '推拿', price, duration });

describe('fen arithmetic', () => {
  it('reads and writes money text exactly, never through a float', () => {
    expect(toFen('0.1')).toBe(10);
    expect(toFen('-12.5')).toBe(-1250);
    expect(toFen('1.005')).toBeUndefined();
    expect(toFen('abc')).toBeUndefined();
    expect(fromFen(-5)).toBe('-0.05');
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => toFen(fromFen(n)) === n));
  });

  it('takes a percent half up to the fen', () => {
    expect(percentOfFen(22375, '10')).toBe(2238); // 223.75 × 10% = 22.375 → 22.38
    expect(percentOfFen(100, '33.33')).toBe(33);
    expect(percentOfFen(0, '100')).toBe(0);
  });
});

describe('priceOrder', () => {
  it('adds lines, 加钟 and fare, less the discount; 0.1 + 0.2 is 0.30', () => {
    const r = priceOrder([priceLine(project('0.10'), 1)], [priceLine(project('0.20', 30), 1)], '0.00', '0');
    expect(r).toEqual({
      ok: true,
      price: {
        projectAmount: '0.10',
        extraAmount: '0.20',
        fareAmount: '0.00',
        discountAmount: '0.00',
        totalAmount: '0.30',
        serviceMinutes: 90,
      },
    });
  });

  it('refuses no lines and a discount above the amount', () => {
    expect(priceOrder([], [], '10.00', undefined)).toEqual({ ok: false, message: '请至少选择一个服务项目' });
    expect(priceOrder([priceLine(project('99.00'), 1)], [], '10.00', '109.01')).toMatchObject({ ok: false });
    expect(priceOrder([priceLine(project('99.00'), 1)], [], '10.00', '109.00')).toMatchObject({
      ok: true,
      price: { totalAmount: '0.00' },
    });
  });

  it('totals exactly for any prices and quantities', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10 })), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, fare) => {
          const priced = lines.map(([fen, q]) => priceLine(project(fromFen(fen)), q));
          const r = priceOrder(priced, [], fromFen(fare), undefined);
          const want = lines.reduce((n, [fen, q]) => n + fen * q, 0) + fare;
          return r.ok && r.price.totalAmount === fromFen(want);
        },
      ),
    );
  });
});

describe('cancelFee', () => {
  const accepted = new Date('2026-11-26T10:00:00Z');
  it('is nothing within the free minutes, else the rate of what was paid', () => {
    expect(cancelFee('223.75', accepted, new Date('2026-11-26T10:30:00Z'), 30, '10')).toBe('0.00');
    expect(cancelFee('223.75', accepted, new Date('2026-11-26T10:30:01Z'), 30, '10')).toBe('22.38');
    expect(cancelFee('223.75', null, new Date(), 30, '10')).toBe('0.00');
    expect(cancelFee('50.00', accepted, new Date('2026-11-27T10:00:00Z'), 0, '100')).toBe('50.00');
  });
});
