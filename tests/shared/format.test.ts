import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/shared/format.ts';

describe('formatNumber (spec §9 thousands separators)', () => {
  it.each([
    [1234567.5, '1,234,567.5'],
    ['-1234', '-1,234'],
    [999, '999'],
    [0.25, '0.25'],
    ['12345.678', '12,345.678'],
    [null, ''],
    ['abc', 'abc'],
  ])('%s → %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});
