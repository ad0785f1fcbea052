import { describe, expect, it } from 'vitest';
import {
  INSERT_TOO_FAST,
  acceptNumberInput,
  formatTags,
  insertThrottle,
  normalizeAddRowSettings,
  numberOnBlur,
  validateCell,
  type CellRule,
} from '../../src/shared/grid-rules.ts';

const ctx = { title: '手机号' };

describe('grid cell rules (spec §5)', () => {
  it('checks rules in order and returns the first failing message', async () => {
    const rules: CellRule[] = [
      { required: true },
      { pattern: 'm', message: '${title}格式不对' },
      { handler: () => '不会到这里' },
    ];
    expect(await validateCell('', rules, ctx)).toBe('手机号不能为空');
    expect(await validateCell('123', rules, ctx)).toBe('手机号格式不对');
    expect(await validateCell('13812345678', rules, ctx)).toBe('不会到这里');
  });

  it('skips patterns on empty values and uses the shortcut message by default', async () => {
    expect(await validateCell('', [{ pattern: 'e' }], ctx)).toBeNull();
    expect(await validateCell('x@', [{ pattern: 'e' }], ctx)).toBe('请输入正确的电子邮件');
    expect(await validateCell('12.345', [{ pattern: 'money' }], ctx)).toBe('请输入正确的金额');
    expect(await validateCell('12.34', [{ pattern: 'money' }], ctx)).toBeNull();
  });

  it.each([
    ['n6-16', '123456', true],
    ['n6-16', '12345', false],
    ['*6-16', '中文也行六个', true],
    ['s6-18', 'abcdef', true],
    ['s6-18', 'abc123', false],
    ['url', 'https://x.cn/a', true],
    ['m', '19912345678', true],
    ['p', '100000', true],
    ['s', 'abc', true],
    ['n', '-1.5', true],
    ['z', '1.5', false],
    ['^[A-Z]{2}$', 'AB', true],
    ['^[A-Z]{2}$', 'ABC', false],
  ])('pattern %s on %s → %s', async (pattern, value, ok) => {
    expect((await validateCell(value, [{ pattern }], ctx)) === null).toBe(ok);
  });

  it('fails unique when two or more rows hold the same value', async () => {
    const rule: CellRule[] = [{ unique: true }];
    expect(await validateCell('a', rule, { title: '编码', columnValues: ['a', 'b', 'a'] })).toBe(
      '编码不能重复',
    );
    expect(await validateCell('b', rule, { title: '编码', columnValues: ['a', 'b', 'a'] })).toBeNull();
  });

  it('awaits asynchronous handlers and passes the row', async () => {
    const rule: CellRule = {
      handler: async ({ value, row }) => {
        await new Promise((r) => setTimeout(r, 5));
        return value === row.reserved ? '${title}已被占用' : true;
      },
    };
    expect(await validateCell('x', [rule], { title: '账号', row: { reserved: 'x' } })).toBe('账号已被占用');
    expect(await validateCell('y', [rule], { title: '账号', row: { reserved: 'x' } })).toBeNull();
  });
});

describe('number and tag cells', () => {
  it('keeps the previous value on an invalid keystroke', () => {
    expect(acceptNumberInput('1', '1.')).toBe('1.');
    expect(acceptNumberInput('1.2', '1.2.')).toBe('1.2');
    expect(acceptNumberInput('', '-')).toBe('-');
    expect(acceptNumberInput('-1', '-1a')).toBe('-1');
  });

  it('parses on blur or empties', () => {
    expect(numberOnBlur('-12.50')).toBe(-12.5);
    expect(numberOnBlur('-')).toBeNull();
    expect(numberOnBlur('')).toBeNull();
  });

  it('strips semicolons and inserts one after every 2 characters', () => {
    expect(formatTags('ab;cde')).toBe('ab;cd;e');
    expect(formatTags('推拿按摩足疗')).toBe('推拿;按摩;足疗');
    expect(formatTags(';;')).toBe('');
  });
});

describe('row insertion', () => {
  it('refuses insert clicks closer than 1500 ms', () => {
    const click = insertThrottle();
    expect(click(10_000)).toBeNull();
    expect(click(11_499)).toBe(INSERT_TOO_FAST);
    expect(click(11_501)).toBeNull();
  });

  it('normalises the add-row settings: count ≥ 1, position 0..count', () => {
    expect(normalizeAddRowSettings({ count: 0, position: 5 })).toEqual({
      count: 1,
      position: 1,
      scroll: false,
    });
    expect(normalizeAddRowSettings({ count: '3', position: -2, scroll: true })).toEqual({
      count: 3,
      position: 0,
      scroll: true,
    });
    expect(normalizeAddRowSettings({})).toEqual({ count: 1, position: 0, scroll: false });
  });
});
