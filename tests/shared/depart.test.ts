import { describe, expect, it } from 'vitest';
import { DEPART_MSG, departAddSchema, nextOrgCode, orgTypeOf } from '../../src/shared/depart.ts';

describe('nextOrgCode (JeecgBoot YouBianCodeUtil)', () => {
  it('starts a level at A01 and counts up within the letter', () => {
    expect(nextOrgCode('', undefined)).toBe('A01');
    expect(nextOrgCode('A01', undefined)).toBe('A01A01');
    expect(nextOrgCode('', 'A01')).toBe('A02');
    expect(nextOrgCode('A01', 'A01A09')).toBe('A01A10');
  });

  it('moves to the next letter after 99 and stops after Z99', () => {
    expect(nextOrgCode('', 'A99')).toBe('B01');
    expect(nextOrgCode('B02', 'B02Y99')).toBe('B02Z01');
    expect(() => nextOrgCode('', 'Z99')).toThrow(DEPART_MSG.codesExhausted);
  });

  it('org type: 1 for a root, 2 below', () => {
    expect(orgTypeOf(null)).toBe('1');
    expect(orgTypeOf('abc')).toBe('2');
  });
});

describe('departAddSchema', () => {
  it('defaults and normalises', () => {
    expect(departAddSchema.parse({ departName: ' 市场部 ', parentId: '' })).toMatchObject({
      departName: '市场部',
      parentId: null,
      orgCategory: '2',
      departOrder: 0,
      mobile: null,
    });
  });

  it('refuses a missing name, an unknown category and a bad phone', () => {
    expect(departAddSchema.safeParse({}).error?.issues[0]?.message).toBe('请输入机构/部门名称');
    expect(departAddSchema.safeParse({ departName: 'x', orgCategory: '4' }).success).toBe(false);
    expect(departAddSchema.safeParse({ departName: 'x', mobile: 'abc' }).success).toBe(false);
  });
});
