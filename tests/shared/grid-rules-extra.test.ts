import { describe, expect, it } from 'vitest';
import { patternOf, validateCell } from '../../src/shared/grid-rules.ts';
import { DICT_MSG, dictItemGridRules, dictItemRowSchema } from '../../src/shared/dict-admin.ts';

const ctx = { title: '备注' };

describe("grid pattern shortcut '*' (any non-empty, spec §5)", () => {
  it('is the shortcut, not a regular expression source (new RegExp("*") would throw)', () => {
    const re = patternOf('*');
    expect(re.test('a')).toBe(true);
    expect(re.test('中文')).toBe(true);
    expect(re.test('  x  ')).toBe(true);
    expect(re.test('')).toBe(false);
    expect(re.test('   ')).toBe(false);
  });

  it('passes any non-empty value and is skipped on empty values', async () => {
    for (const value of ['a', '0', ' 有字 ', 0, false])
      expect(await validateCell(value, [{ pattern: '*' }], ctx)).toBeNull();
    for (const value of ['', '   ', null, undefined, []])
      expect(await validateCell(value, [{ pattern: '*' }], ctx)).toBeNull();
  });

  it('leaves emptiness to required, with the rules in order', async () => {
    const rules = [{ required: true }, { pattern: '*' }];
    expect(await validateCell('  ', rules, ctx)).toBe('备注不能为空');
    expect(await validateCell('ok', rules, ctx)).toBeNull();
  });

  it("is distinct from '*6-16'", async () => {
    expect(await validateCell('abc', [{ pattern: '*' }], ctx)).toBeNull();
    expect(await validateCell('abc', [{ pattern: '*6-16' }], ctx)).toBe('请输入6-16位任意字符');
  });
});

describe('dictionary item sort order: the item grid and the item form agree', () => {
  it('accepts and refuses the same integers at the 9-digit bound', async () => {
    const { sortOrder } = dictItemGridRules(false);
    for (const [value, ok] of [
      ['999999999', true],
      ['-999999999', true],
      ['1000000000', false],
      ['-1000000000', false],
      ['12', true],
      ['1.5', false],
    ] as const) {
      const cell = await validateCell(value, sortOrder.rules, { title: sortOrder.title });
      const form = dictItemRowSchema.safeParse({ itemText: 'a', itemValue: 'b', sortOrder: value });
      expect([value, cell === null, form.success]).toEqual([value, ok, ok]);
      if (!ok) expect(cell).toBe(DICT_MSG.sortOrderInvalid);
    }
  });
});
