import { describe, expect, it } from 'vitest';
import {
  SUPER_QUERY_MSG,
  SUPER_QUERY_RULES,
  changeRule,
  encodeSuperQueryParams,
  isEmptyCondition,
  narrowAwayFromIn,
  normalizeMatchType,
  normalizeRule,
  savedSuperQuerySchema,
  superQueryConditionSchema,
  superQueryParamsSchema,
  validateForSave,
  validateForSearch,
} from '../../src/shared/super-query.ts';

const full = { field: 'username', rule: 'like', val: 'adm' };

describe('super query rules (spec §3)', () => {
  it('lists the ten rules with their labels, in order', () => {
    expect(SUPER_QUERY_RULES).toEqual({
      eq: '等于',
      like: '包含',
      right_like: '以..开始',
      left_like: '以..结尾',
      in: '在...中',
      ne: '不等于',
      gt: '大于',
      ge: '大于等于',
      lt: '小于',
      le: '小于等于',
    });
    expect(Object.keys(SUPER_QUERY_RULES)).toEqual([
      'eq',
      'like',
      'right_like',
      'left_like',
      'in',
      'ne',
      'gt',
      'ge',
      'lt',
      'le',
    ]);
  });

  it.each([
    ['eq', 'eq'],
    ['=', 'eq'],
    ['!=', 'ne'],
    ['>', 'gt'],
    ['>=', 'ge'],
    ['<', 'lt'],
    ['<=', 'le'],
    ['LIKE', 'like'],
    [' like ', 'like'],
    ['LEFT_LIKE', 'left_like'],
    ['RIGHT_LIKE', 'right_like'],
    ['IN', 'in'],
    ['in', 'in'],
  ])('normalizeRule(%j) → %s', (input, rule) => expect(normalizeRule(input)).toBe(rule));

  it.each(['', 'ext', 'USE_SQL_RULES', 'eq_with_add', 'constructor', '__proto__', '<>', '==', 'toString'])(
    'normalizeRule(%j) is unknown',
    (input) => expect(normalizeRule(input)).toBeUndefined(),
  );

  it('reads the match type: or in any case, everything else and', () => {
    expect(normalizeMatchType('or')).toBe('or');
    expect(normalizeMatchType(' OR ')).toBe('or');
    for (const v of ['and', 'AND', '', 'xor', undefined, null, 1]) expect(normalizeMatchType(v)).toBe('and');
  });
});

describe('super query messages (spec §5)', () => {
  it('has the exact texts', () => {
    expect(SUPER_QUERY_MSG.emptySearch).toBe('不能查询空条件');
    expect(SUPER_QUERY_MSG.emptySave).toBe('空条件不能保存');
    expect(SUPER_QUERY_MSG.titleRequired).toBe('保存名称不能为空');
    expect(SUPER_QUERY_MSG.overwrite('我的查询')).toBe('我的查询 已存在，是否覆盖？');
    expect(SUPER_QUERY_MSG.confirmDelete).toBe('是否删除当前查询？');
  });
});

describe('empty conditions', () => {
  it.each([
    [null, true],
    [{}, true],
    [{ field: 'username', rule: 'eq' }, true],
    [{ field: 'username', rule: 'eq', val: '' }, true],
    [{ field: 'username', rule: 'eq', val: '   ' }, true],
    [{ field: 'username', rule: 'eq', val: null }, true],
    [{ field: 'username', rule: 'in', val: [] }, true],
    [{ field: 'username', rule: 'in', val: ['', ' '] }, true],
    [{ field: '', rule: 'eq', val: 'x' }, true],
    [{ field: 'username', rule: '', val: 'x' }, true],
    [{ field: 'username', val: 'x' }, true],
    [full, false],
    [{ field: 'sex', rule: 'eq', val: 0 }, false],
    [{ field: 'sex', rule: 'eq', val: false }, false],
    [{ field: 'sex', rule: 'in', val: ['1'] }, false],
  ])('isEmptyCondition(%j) → %s', (c, empty) => expect(isEmptyCondition(c)).toBe(empty));

  it('refuses to search an empty list or a single empty condition', () => {
    expect(validateForSearch([])).toBe('不能查询空条件');
    expect(validateForSearch(null)).toBe('不能查询空条件');
    expect(validateForSearch([{ field: 'username', rule: 'eq', val: '' }])).toBe('不能查询空条件');
    expect(validateForSearch([{ field: 'username', val: 'x' }])).toBe('不能查询空条件');
    expect(validateForSearch([{}, {}])).toBe('不能查询空条件');
    expect(validateForSearch([full])).toBeNull();
    // partly empty lists may run: the server drops the empty items
    expect(validateForSearch([full, { field: 'sex', rule: 'eq', val: '' }])).toBeNull();
  });

  it('refuses to save empty conditions first, then an empty name', () => {
    expect(validateForSave('q', [])).toBe('空条件不能保存');
    expect(validateForSave('', [])).toBe('空条件不能保存');
    expect(validateForSave('q', [{ field: 'username', rule: 'eq' }])).toBe('空条件不能保存');
    expect(validateForSave('', [full])).toBe('保存名称不能为空');
    expect(validateForSave('  ', [full])).toBe('保存名称不能为空');
    expect(validateForSave(null, [full])).toBe('保存名称不能为空');
    expect(validateForSave('我的查询', [full])).toBeNull();
  });
});

describe('switching the rule away from in', () => {
  it.each([
    ['a,b,c', 'a'],
    ['a', 'a'],
    ['', ''],
    [['x', 'y'], 'x'],
    [[], ''],
    [5, 5],
    [null, null],
  ] as Array<[unknown, unknown]>)('narrowAwayFromIn(%j) → %j', (input, output) =>
    expect(narrowAwayFromIn(input)).toEqual(output),
  );

  it('changeRule keeps the first value only when leaving in', () => {
    expect(changeRule({ field: 'sex', rule: 'in', val: '1,2' }, 'eq')).toEqual({
      field: 'sex',
      rule: 'eq',
      val: '1',
    });
    expect(changeRule({ field: 'sex', rule: 'IN', val: ['1', '2'] }, 'ne').val).toBe('1');
    expect(changeRule({ field: 'sex', rule: 'in', val: '1,2' }, 'IN').val).toBe('1,2');
    expect(changeRule({ field: 'x', rule: 'eq', val: 'a,b' }, 'like')).toEqual({
      field: 'x',
      rule: 'like',
      val: 'a,b',
    });
  });
});

describe('schemas', () => {
  it('accepts the Vue client items, including extra keys and array values', () => {
    const items = [
      { field: 'username', rule: 'like', val: 'adm', type: 'input', dbType: 'string' },
      { field: 'sex', rule: 'eq', val: '1', type: 'select', dbType: 'int', dictCode: 'sex', options: [] },
      { field: 'createTime', rule: 'ge', val: '2022-07-01', type: 'date', extendOption: 'Y' },
      { field: 'status', rule: 'in', val: [1, 2], somethingElse: true },
    ];
    expect(superQueryParamsSchema.parse(items)).toHaveLength(4);
  });

  it('refuses objects and non-scalar values', () => {
    expect(superQueryParamsSchema.safeParse({ field: 'x' }).success).toBe(false);
    expect(superQueryParamsSchema.safeParse(['x']).success).toBe(false);
    expect(superQueryConditionSchema.safeParse({ field: 'x', rule: 'eq', val: { a: 1 } }).success).toBe(
      false,
    );
    expect(superQueryConditionSchema.safeParse({ field: 1, rule: 'eq', val: 'x' }).success).toBe(false);
    expect(superQueryParamsSchema.safeParse(Array(101).fill(full)).success).toBe(false);
  });

  it('validates a saved query: the title is required', () => {
    const saved = savedSuperQuerySchema.parse({ title: ' 我的查询 ', records: [full] });
    expect(saved).toMatchObject({ title: '我的查询', matchType: 'and', records: [full] });
    const r = savedSuperQuerySchema.safeParse({ title: ' ', matchType: 'or', records: [full] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('保存名称不能为空');
    expect(savedSuperQuerySchema.safeParse({ title: 'x', matchType: 'xor', records: [] }).success).toBe(
      false,
    );
  });

  it('encodes the non-empty conditions for the query string', () => {
    const encoded = encodeSuperQueryParams([
      { ...full, val: 'a+b %' },
      { field: 'sex', rule: 'in', val: ['1', '2'], dbType: 'int', options: [1] },
      { field: 'phone', rule: 'eq', val: '' },
    ]);
    expect(JSON.parse(decodeURIComponent(encoded))).toEqual([
      { ...full, val: 'a+b %' },
      { field: 'sex', rule: 'in', val: '1,2', dbType: 'int' },
    ]);
    expect(encoded).not.toMatch(/[+ [\]{}"]/);
  });
});
