import { describe, expect, it } from 'vitest';
import { CHECK_RULE_MSG, checkRuleValue, parseCheckRule } from '../../src/shared/check-rule.ts';

const rule = (json: unknown) => {
  const p = parseCheckRule(JSON.stringify(json));
  if (!p.ok) throw new Error(p.message);
  return p.parts;
};

describe('check rules', () => {
  const orderNo = rule([
    { digits: '2', pattern: 'YY', message: '须以 YY 开头' },
    { digits: 3, pattern: '\\d+', message: '其后 3 位须为数字' },
    { digits: '*', pattern: '.{5,6}', message: '共 5 到 6 位' },
  ]);

  it('checks the next N characters part by part, * the whole value', () => {
    expect(checkRuleValue(orderNo, 'YY123')).toBeNull();
    expect(checkRuleValue(orderNo, 'YY1234')).toBeNull();
    expect(checkRuleValue(orderNo, 'XY123')).toMatchObject({
      message: '须以 YY 开头',
      beginIndex: 0,
      endIndex: 2,
      checkValue: 'XY',
      passed: false,
    });
    expect(checkRuleValue(orderNo, 'YY1a3')).toMatchObject({
      message: '其后 3 位须为数字',
      beginIndex: 2,
      endIndex: 5,
      checkValue: '1a3',
    });
    expect(checkRuleValue(orderNo, 'YY1234567')).toMatchObject({
      message: '共 5 到 6 位',
      checkValue: 'YY1234567',
    });
    // a short value leaves the later parts less (or nothing) to check
    expect(checkRuleValue(orderNo, 'YY')).toMatchObject({ message: '其后 3 位须为数字', checkValue: '' });
  });

  it('matches a pattern against all the characters it checks, and lets an empty value pass', () => {
    const digits = rule([{ digits: '*', pattern: '\\d', message: '一位数字' }]);
    expect(checkRuleValue(digits, '12')).not.toBeNull();
    expect(checkRuleValue(digits, '1')).toBeNull();
    expect(checkRuleValue(digits, '')).toBeNull();
    const alt = rule([{ digits: '*', pattern: 'a|b', message: 'a 或 b' }]);
    expect(checkRuleValue(alt, 'ab')).not.toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    const two = rule([
      { digits: '2', pattern: '.{2}', message: '两个字' },
      { digits: '*', pattern: '.{3}', message: '三个字' },
    ]);
    expect(checkRuleValue(two, '你好😀')).toBeNull();
  });

  it('refuses rule JSON that is no list of parts, bad digits, patterns that do not compile', () => {
    for (const [json, message] of [
      ['not json', CHECK_RULE_MSG.json],
      ['{}', CHECK_RULE_MSG.json],
      ['[]', CHECK_RULE_MSG.json],
      [JSON.stringify([{ digits: '0', pattern: 'a', message: 'x' }]), CHECK_RULE_MSG.digits(1)],
      [
        JSON.stringify([
          { digits: '*', pattern: 'a', message: 'x' },
          { digits: '-1', pattern: 'a', message: 'x' },
        ]),
        CHECK_RULE_MSG.digits(2),
      ],
      [JSON.stringify([{ digits: '1', pattern: '(', message: 'x' }]), CHECK_RULE_MSG.pattern(1)],
      [JSON.stringify([{ digits: '1', pattern: 'a'.repeat(201), message: 'x' }]), CHECK_RULE_MSG.pattern(1)],
      [JSON.stringify([{ digits: '1', pattern: 'a', message: ' ' }]), CHECK_RULE_MSG.message(1)],
      [JSON.stringify([{ digits: '1', message: 'x' }]), CHECK_RULE_MSG.json],
    ] as const) {
      expect(parseCheckRule(json), json).toEqual({ ok: false, message });
    }
  });
});
