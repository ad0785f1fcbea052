import { describe, expect, it } from 'vitest';
import { negateMoney } from '../../src/shared/resources/reversal.ts';

/** A reversal negates money as text, digit for digit: never through a float. */
describe('negateMoney', () => {
  it('negates decimal text exactly', () => {
    expect(negateMoney('12.50')).toBe('-12.50');
    expect(negateMoney('-12.50')).toBe('12.50');
    expect(negateMoney('+3')).toBe('-3');
    expect(negateMoney('9999999999999.99')).toBe('-9999999999999.99');
    // 0.1 + 0.2 style values keep their digits
    expect(negateMoney('0.30')).toBe('-0.30');
  });

  it('keeps zero unsigned and empty values empty, and refuses what is not money', () => {
    expect(negateMoney('0.00')).toBe('0.00');
    expect(negateMoney('-0')).toBe('0');
    expect(negateMoney(null)).toBeNull();
    expect(negateMoney('')).toBeNull();
    expect(() => negateMoney('1e3')).toThrow(/not a money value/);
  });
});
