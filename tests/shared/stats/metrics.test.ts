import { describe, expect, it } from 'vitest';
import {
  METRICS,
  changeText,
  metricsOf,
  percentile,
  rateBp,
  totalsOf,
  type LedgerCell,
  type OrderCell,
} from '../../../src/shared/stats/metrics.ts';

const o = (dim: OrderCell['dim'], status: string, n: number, extra: Partial<OrderCell> = {}): OrderCell => ({
  day: '2026-11-27',
  dim,
  key: '',
  status,
  n,
  amount: '0.00',
  refund: '0.00',
  ...extra,
});
const l = (kind: string, amount: string, n = 1): LedgerCell => ({
  day: '2026-11-27',
  dim: 'total',
  key: '',
  kind,
  n,
  amount,
});

describe('the dashboard metrics', () => {
  it('give every metric a Chinese name and a one-sentence definition', () => {
    for (const m of Object.values(METRICS)) {
      expect(m.name).toMatch(/\S/);
      expect(m.definition).toMatch(/。$/);
      expect(m.definition.split('。').length).toBe(2);
    }
  });

  it('compute GMV, rates and the average ticket exactly from the cells', () => {
    const t = totalsOf(
      [
        o('total', '10', 2),
        o('total', '98', 1),
        o('total', '80', 3, { refund: '10.10' }),
        o('total', '99', 1, { refund: '99.90' }),
        o('total', '20', 2),
        o('first', '', 4),
        o('dispatch', '', 3, { key: '0005' }),
        o('dispatch', '', 1, { key: '0130' }),
      ],
      [
        l('payment', '-300.30', 3),
        l('travelFee', '60.00', 3),
        l('refund', '10.10'),
        l('platformShare', '230.20', 3),
      ],
    );
    const m = metricsOf(t, 7);
    expect(m.gmv).toBe('230.20'); // 300.30 − 60.00 − 10.10
    expect(m.orders).toBe(9);
    expect(m.completed).toBe(3);
    expect(m.cancelled).toBe(1);
    expect(m.refunds).toBe('110.00');
    expect(m.completionRate).toBe(5000); // 3 of 6 paid orders
    expect(m.cancellationRate).toBe(1667); // 1 of 6, half up
    expect(m.repeatRate).toBe(5556); // 5 of 9
    expect(m.averageTicket).toBe('76.73'); // 230.20 / 3, half up
    expect(m.dispatchP50).toBe(5);
    expect(m.dispatchP95).toBe(130);
    expect(m.onDuty).toBe(7);
  });

  it('answer no figure rather than a made-up one when there is nothing to divide by', () => {
    const m = metricsOf(totalsOf([], []), null);
    expect([m.completionRate, m.dispatchP50, m.averageTicket, m.repeatRate]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(rateBp(1, 0)).toBeNull();
    expect(percentile(new Map(), 50)).toBeNull();
  });

  it('say the change against a base, exactly, for counts and money', () => {
    expect(changeText(12, 10)).toBe('+20.00%');
    expect(changeText('90.00', '100.00')).toBe('-10.00%');
    expect(changeText(5, 5)).toBe('持平');
    expect(changeText(3, 0)).toBe('—');
    expect(changeText(null, 3)).toBe('—');
  });
});
