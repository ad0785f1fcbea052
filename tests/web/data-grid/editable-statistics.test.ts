import { describe, expect, it } from 'vitest';
import {
  STATISTIC_LABEL_KEY,
  statisticOf,
  statisticsRows,
} from '../../../src/web/components/data-grid/editable/statistics.ts';
import type { EditableColumn } from '../../../src/web/components/data-grid/editable/types.ts';

const col = (key: string, statistics?: EditableColumn['statistics']): EditableColumn => ({
  key,
  title: key,
  type: 'inputNumber',
  ...(statistics ? { statistics } : {}),
});

describe('statistics rows of the editable grid', () => {
  const rows = [
    { id: 'a', price: 198, qty: '2', name: 'x' },
    { id: 'b', price: '268.5', qty: 1 },
    { id: 'c', price: '', qty: 'abc' },
  ];

  it('sums numbers, skipping empty and non-numeric cells', () => {
    expect(statisticOf('sum', rows, 'price')).toBe(466.5);
    expect(statisticOf('sum', rows, 'qty')).toBe(3);
    expect(statisticOf('sum', [], 'price')).toBe(0);
    expect(statisticOf('sum', [{ v: 0.1 }, { v: 0.2 }], 'v')).toBe(0.3);
  });

  it('averages over every row (empty cells count as rows), at most 2 decimals', () => {
    expect(statisticOf('average', rows, 'qty')).toBe(1);
    expect(statisticOf('average', rows, 'price')).toBe(155.5);
    expect(statisticOf('average', [{ v: 1 }, { v: 1 }, { v: 2 }], 'v')).toBe(1.33);
    expect(statisticOf('average', [], 'v')).toBe(0);
  });

  it('draws 合计 before 平均值, each with the columns that declare it', () => {
    const out = statisticsRows([col('name'), col('price', ['average', 'sum']), col('qty', ['sum'])], rows);
    expect(out).toEqual([
      { id: `${STATISTIC_LABEL_KEY}_sum`, [STATISTIC_LABEL_KEY]: '合计', price: 466.5, qty: 3 },
      { id: `${STATISTIC_LABEL_KEY}_average`, [STATISTIC_LABEL_KEY]: '平均值', price: 155.5 },
    ]);
  });

  it('draws nothing when no column declares statistics, and uses the grid row key', () => {
    expect(statisticsRows([col('price'), col('qty', [])], rows)).toEqual([]);
    expect(statisticsRows([col('qty', ['sum'])], rows, 'rid')[0]).toMatchObject({
      rid: `${STATISTIC_LABEL_KEY}_sum`,
      qty: 3,
    });
  });
});
