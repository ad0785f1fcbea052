import { describe, expect, it } from 'vitest';
import {
  MAIN_FORM,
  detailColumns,
  validateInOrder,
} from '../../../src/web/components/data-grid/dialogs/details-model.ts';

describe('detail list columns (spec §9)', () => {
  it('defaults to 3 and stays within 1..4', () => {
    expect(detailColumns(undefined)).toBe(3);
    expect(detailColumns(Number.NaN)).toBe(3);
    expect(detailColumns(2)).toBe(2);
    expect(detailColumns(6)).toBe(4);
    expect(detailColumns(0)).toBe(1);
    expect(detailColumns(2.7)).toBe(2);
  });
});

describe('validation order (spec §5)', () => {
  it('checks the main form first and stops there', async () => {
    const calls: string[] = [];
    const result = await validateInOrder(() => {
      calls.push('main');
      return '请输入用户名';
    }, [{ key: 'orders', validate: () => void calls.push('orders') }]);
    expect(result).toEqual({ ok: false, tab: MAIN_FORM, message: '请输入用户名' });
    expect(calls).toEqual(['main']);
  });

  it('then each sub table in tab order, naming the first failing tab', async () => {
    const calls: string[] = [];
    const result = await validateInOrder(
      () => void calls.push('main'),
      [
        { key: 'a', validate: async () => void calls.push('a') },
        { key: 'b' },
        {
          key: 'c',
          validate: async () => {
            calls.push('c');
            throw new Error('第1行 数量 不能为空');
          },
        },
        { key: 'd', validate: () => void calls.push('d') },
      ],
    );
    expect(result).toEqual({ ok: false, tab: 'c', message: '第1行 数量 不能为空' });
    expect(calls).toEqual(['main', 'a', 'c']);
  });

  it('passes when every validator passes', async () => {
    expect(await validateInOrder(undefined, [{ key: 'a', validate: () => null }])).toEqual({ ok: true });
  });
});
