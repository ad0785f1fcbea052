import { describe, expect, it } from 'vitest';
import { FORM_RULES, PATTERN_SHORTCUTS, passes } from '../../src/shared/validation.ts';
import { userAddSchema, firstIssue } from '../../src/shared/user.ts';

describe('form rules of spec §5', () => {
  it.each([
    ['mobile', '13812345678', true],
    ['mobile', '12812345678', false],
    ['mobile', '1381234567', false],
    ['mobile', '16812345678', false],
    ['userNameChars', 'ab_12', true],
    ['userNameChars', 'ab-12', false],
    ['userNameLength', 'abcd', true],
    ['userNameLength', 'abc', false],
    ['userNameLength', 'a'.repeat(19), false],
    ['email', 'a.b@c.cn', true],
    ['email', 'a@b', false],
    ['bankCard', '6222020000000000', true],
    ['bankCard', '0222020000', false],
    ['idCard', '110101199001011237', true],
    ['idCard', '1101011990', false],
    ['qq', '12345', true],
    ['qq', '1234', false],
    ['httpUrl', 'https://x.cn', true],
    ['httpUrl', 'ftp://x.cn', false],
    ['zhEnSpace', '张三 Li', true],
    ['zhEnSpace', '张', false],
    ['naturalNumber', '0', true],
    ['naturalNumber', '01', false],
  ] as const)('%s(%s) → %s', (rule, value, expected) => {
    expect(FORM_RULES[rule].pattern.test(value)).toBe(expected);
  });

  it('keeps the spec messages', () => {
    expect(FORM_RULES.mobile.message).toBe('请输入正确手机号');
    expect(FORM_RULES.email.message).toBe('邮箱格式不正确');
    expect(FORM_RULES.userNameLength.message).toContain('6到18个字符');
  });
});

describe('grid pattern shortcuts', () => {
  it('skip empty values and check the rest', () => {
    expect(passes(PATTERN_SHORTCUTS.money, '')).toBe(true);
    expect(passes(PATTERN_SHORTCUTS.money, '12.34')).toBe(true);
    expect(passes(PATTERN_SHORTCUTS.money, '12.345')).toBe(false);
    expect(passes(PATTERN_SHORTCUTS['n6-16'], '12345')).toBe(false);
    expect(passes(PATTERN_SHORTCUTS.p, '100000')).toBe(true);
    expect(passes(PATTERN_SHORTCUTS.z, '1.5')).toBe(false);
  });
});

describe('userAddSchema', () => {
  const base = { username: 'tester1', realname: '测试', password: 'secret1', confirmpassword: 'secret1' };
  it('accepts a valid user and normalises optional fields and id lists', () => {
    const v = userAddSchema.parse({ ...base, email: '', selectedroles: 'a,b,', phone: '13812345678' });
    expect(v.email).toBeNull();
    expect(v.selectedroles).toEqual(['a', 'b']);
    expect(v.selecteddeparts).toEqual([]);
  });
  it.each([
    [{ username: '' }, '请输入用户名'],
    [{ username: 'bad name' }, '只允许字母、数字、下划线'],
    [{ phone: '123' }, '请输入正确手机号'],
    [{ email: 'x@' }, '邮箱格式不正确'],
    [{ confirmpassword: 'other' }, '两次输入的密码不一样！'],
    [{ realname: ' ' }, '请输入用户名称'],
  ])('refuses %j with "%s"', (patch, message) => {
    const r = userAddSchema.safeParse({ ...base, ...patch });
    expect(r.success).toBe(false);
    expect(firstIssue(r.error!)).toBe(message);
  });
});
