import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysUser } from '../../src/server/db/schema/index.ts';
import { encodeSuperQueryParams, type SuperQueryCondition } from '../../src/shared/super-query.ts';

/**
 * Ten users sq_00…sq_09 (realname, sex, birthday, createTime in Asia/Shanghai, workNo S100…S109);
 * realnames hold LIKE wildcards, quotes and a `+` so literal matching can be told apart.
 */
const USERS: Array<[string, 1 | 2, string | null, string]> = [
  ['张三', 1, '1990-01-01', '2022-07-01T09:00:00'],
  ['张三丰', 1, '1990-06-15', '2022-07-01T23:30:00'],
  ['李张', 2, '1991-03-08', '2022-07-02T00:10:00'],
  ['王五', 2, '1985-12-31', '2022-06-30T23:59:59'],
  ['Alice Zhang', 2, null, '2022-08-15T12:00:00'],
  ['百分%之百', 1, '2000-02-29', '2023-01-01T00:00:00'],
  ['under_score', 1, '2000-03-01', '2023-01-01T00:00:01'],
  ["O'Brien", 2, '1990-01-01', '2023-02-01T08:00:00'],
  ['back\\slash', 1, null, '2023-03-01T08:00:00'],
  ['a+b c', 2, '1995-05-05', '2023-04-01T08:00:00'],
];
const ALL = USERS.map((_, i) => i);

let t: TestApp;
let admin: string;

type C = { field?: string; rule?: string; val?: unknown; type?: string; dbType?: string };
type Q = Record<string, string>;
/** Only our users (right_like escapes the `_`). */
const SQ: C = { field: 'username', rule: 'right_like', val: 'sq_' };
const sq = (...ix: number[]) => ix.map((i) => `sq_0${i}`);
const except = (...ix: number[]) => sq(...ALL.filter((i) => !ix.includes(i)));
/** What the Vue client sends before axios encodes the query once more. */
const vue = (conds: C[]) => encodeURI(JSON.stringify(conds));

const usernames = (records: Array<{ username: string }>) => records.map((u) => u.username);
const list = async (query: Q) => {
  const base = { pageSize: '100', column: 'username', order: 'asc' };
  const r = await t.call('GET', '/sys/user/list', { token: admin, query: { ...base, ...query } });
  expect(r.status).toBe(200);
  return r.body;
};
const found = async (query: Q) => {
  const body = await list(query);
  expect(body.success, JSON.stringify(body)).toBe(true);
  return usernames(body.result.records);
};
/** Usernames matching our users AND the conditions (default match type). */
const match = (conds: C[], extra: Q = {}) => found({ superQueryParams: vue([SQ, ...conds]), ...extra });
const refusal = async (query: Q) => {
  const body = await list(query);
  expect(body).toMatchObject({ success: false, result: null });
  return body.message as string;
};
const refused = (c: C) => refusal({ superQueryParams: vue([c]) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const [i, [realname, sex, birthday, at]] of USERS.entries()) {
    const username = `sq_0${i}`;
    const body = { username, realname, password: '123456', sex, birthday, workNo: `S10${i}` };
    const r = await t.call('POST', '/sys/user/add', { token: admin, body });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const createTime = new Date(`${at}+08:00`);
    await t.database.db.update(sysUser).set({ createTime }).where(eq(sysUser.username, username));
  }
});
afterAll(async () => t?.close());

type Case = [string, string, unknown, string[]];
const [S, W, I, D, T] = ['realname', 'workNo', 'sex', 'birthday', 'createTime'];
const cond = (field: string, rule: string, val: unknown): C => ({ field, rule, val });
const MEN = sq(0, 1, 5, 6, 8);
const WOMEN = sq(2, 3, 4, 7, 9);

describe('super query: every rule on each field type', () => {
  it.each([
    [S, 'eq', '张三', sq(0)],
    [S, 'eq', '张', []],
    [S, 'like', '张', sq(0, 1, 2)],
    [S, 'like', 'zHANG', sq(4)],
    [S, 'right_like', '张', sq(0, 1)],
    [S, 'left_like', '张', sq(2)],
    [S, 'in', ' 张三 , ,王五,', sq(0, 3)],
    [S, 'in', ['张三', '李张'], sq(0, 2)],
    [S, 'ne', '张三', except(0)],
    [W, 'gt', 'S107', sq(8, 9)],
    [W, 'ge', 'S107', sq(7, 8, 9)],
    [W, 'lt', 'S102', sq(0, 1)],
    [W, 'le', 'S102', sq(0, 1, 2)],
    [I, 'eq', '1', MEN],
    [I, 'eq', 2, WOMEN],
    [I, 'ne', '1', WOMEN],
    [I, 'gt', '1', WOMEN],
    [I, 'ge', '1', sq(...ALL)],
    [I, 'lt', '2', MEN],
    [I, 'le', '0', []],
    [I, 'in', '2, 3', WOMEN],
    [I, 'in', [1, 2], sq(...ALL)],
    [I, 'like', '1', MEN], // numbers match on their decimal text
    [I, 'right_like', '2', WOMEN],
    [I, 'left_like', '3', []],
    [D, 'eq', '1990-01-01', sq(0, 7)],
    [D, 'ne', '1990-01-01', sq(1, 2, 3, 5, 6, 9)], // NULL birthdays never match
    [D, 'gt', '1995-05-05', sq(5, 6)],
    [D, 'ge', '1995-05-05', sq(5, 6, 9)],
    [D, 'lt', '1990-01-01', sq(3)],
    [D, 'le', '1990-01-01', sq(0, 3, 7)],
    [D, 'in', '2000-02-29,1985-12-31', sq(3, 5)],
    // a date-only value on a datetime field means the whole day in the application time zone
    [T, 'eq', '2022-07-01', sq(0, 1)],
    [T, 'eq', '2022-07-01 23:30:00', sq(1)],
    [T, 'eq', '2022-07-01T09:00', sq(0)],
    [T, 'ne', '2022-07-01', except(0, 1)],
    [T, 'gt', '2022-07-01', except(0, 1, 3)],
    [T, 'gt', '2023-01-01 00:00:00', sq(6, 7, 8, 9)],
    [T, 'ge', '2022-07-01', except(3)],
    [T, 'ge', '2023-01-01 00:00:00', sq(5, 6, 7, 8, 9)],
    [T, 'lt', '2022-07-01', sq(3)],
    [T, 'lt', '2022-07-01 23:30:00', sq(0, 3)],
    [T, 'le', '2022-07-01', sq(0, 1, 3)],
    [T, 'le', '2022-07-01 23:30:00', sq(0, 1, 3)],
    [T, 'in', '2022-07-01,2022-06-30', sq(0, 1, 3)],
    [T, 'in', '2022-07-01 09:00:00,2022-08-15 12:00:00,2023-01-01', sq(0, 4, 5, 6)],
  ] as Case[])('%s %s %j', async (field, rule, val, expected) => {
    expect(await match([cond(field, rule, val)])).toEqual(expected);
  });

  it.each(['like', 'left_like', 'right_like'])('refuses %s on date and datetime fields', async (rule) => {
    for (const field of [D, T])
      expect(await refused(cond(field, rule, '2022'))).toBe(`高级查询的字段 ${field} 不支持规则：${rule}`);
  });
});

describe('super query: aliases, hints, _dictText, match type', () => {
  it.each([
    [I, '=', '1', MEN],
    [I, '!=', '1', WOMEN],
    [I, '>', '1', WOMEN],
    [I, '>=', '2', WOMEN],
    [I, '<', '2', MEN],
    [I, '<=', '1', MEN],
    [I, 'IN', '1,2', sq(...ALL)],
    [I, 'LIKE', '2', WOMEN],
    [I, 'EQ', '2', WOMEN],
    [S, 'LEFT_LIKE', '张', sq(2)],
    [S, 'RIGHT_LIKE', '张', sq(0, 1)],
  ] as Case[])('%s with the rule alias %j, %j', async (field, rule, val, expected) => {
    expect(await match([cond(field, rule, val)])).toEqual(expected);
  });

  it('resolves a _dictText field name to its field', async () => {
    expect(await match([{ field: 'sex_dictText', rule: 'eq', val: '2' }])).toEqual(WOMEN);
  });

  it('lets type hints narrow the value type but never widen it', async () => {
    // a date hint on a datetime field: the whole day
    expect(await match([{ field: T, rule: 'eq', val: '2022-07-01 15:00', type: 'date' }])).toEqual(sq(0, 1));
    // a datetime hint on a date field is ignored: the value is still a date
    const date = { field: D, rule: 'eq', val: '1990-01-01 10:00:00', type: 'datetime' };
    expect(await match([date])).toEqual(sq(0, 7));
    // a string hint on an int field does not admit text
    expect(await match([{ field: I, rule: 'eq', val: '1', dbType: 'string' }])).toEqual(MEN);
    const text = { field: I, rule: 'eq', val: 'abc', dbType: 'string' };
    expect(await refused(text)).toBe('操作失败，参数 sex 的值无效');
    // an int hint on a text field demands an integer
    const int = { field: W, rule: 'eq', val: 'S100', dbType: 'int' };
    expect(await refused(int)).toBe('操作失败，参数 workNo 的值无效');
  });

  it('joins with AND by default and with OR on superQueryMatchType=or', async () => {
    const conds = [cond(S, 'like', '张'), cond(I, 'eq', '1')];
    for (const superQueryMatchType of ['', 'and', 'xor'])
      expect(await match(conds, { superQueryMatchType })).toEqual(sq(0, 1));
    const anyOf = { superQueryParams: vue(conds), username: 'sq_*' };
    for (const superQueryMatchType of ['or', 'OR', ' Or '])
      expect(await found({ ...anyOf, superQueryMatchType })).toEqual(sq(0, 1, 2, 5, 6, 8));
  });

  it('keeps an OR group in parentheses, ANDed with the ordinary filters', async () => {
    const conds = [cond(S, 'eq', '李张'), cond(S, 'eq', '张三')];
    const q = { superQueryParams: vue(conds), superQueryMatchType: 'or' };
    expect(await found(q)).toEqual(sq(0, 2));
    expect(await found({ ...q, sex: '1' })).toEqual(sq(0));
    expect(await found({ ...q, createTime_begin: '2022-07-02' })).toEqual(sq(2));
  });

  it('pages and counts the filtered set', async () => {
    const superQueryParams = vue([SQ, { field: I, rule: 'eq', val: '1' }]);
    const body = await list({ superQueryParams, pageNo: '2', pageSize: '2' });
    expect(body.result).toMatchObject({ total: 5, size: 2, current: 2, pages: 3 });
    expect(usernames(body.result.records)).toEqual(sq(5, 6));
  });
});

describe('super query: wire encodings', () => {
  const conds = [SQ, { field: S, rule: 'like', val: '张' }];
  const json = JSON.stringify(conds);

  it.each([
    ['raw JSON', json],
    ['once encoded (the Vue client: encodeURI)', encodeURI(json)],
    ['once encoded (encodeURIComponent)', encodeURIComponent(json)],
    ['twice encoded', encodeURIComponent(encodeURIComponent(json))],
    ['the shared encoder', encodeSuperQueryParams(conds as SuperQueryCondition[])],
  ])('accepts %s', async (_label, superQueryParams) => {
    expect(await found({ superQueryParams })).toEqual(sq(0, 1, 2));
  });

  it('decodes what axios puts on the URL after the Vue client encoded it', async () => {
    const url = `/jeecg-boot/sys/user/list?superQueryParams=${encodeURIComponent(encodeURI(json))}&pageSize=100`;
    const raw = await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': admin } });
    expect(usernames(raw.json().result.records).sort()).toEqual(sq(0, 1, 2));
  });

  it('reads + as a space in an encoded value (URLDecoder), literally in raw JSON', async () => {
    const plus = [SQ, { field: S, rule: 'eq', val: 'a+b c' }];
    expect(await found({ superQueryParams: vue(plus) })).toEqual([]);
    expect(await found({ superQueryParams: JSON.stringify(plus) })).toEqual(sq(9));
    expect(await found({ superQueryParams: encodeSuperQueryParams(plus as SuperQueryCondition[]) })).toEqual(
      sq(9),
    );
  });

  const blank = vue([
    { field: S, rule: 'eq', val: '' },
    { rule: 'eq', val: 'x' },
    { field: S, val: 'x' },
  ]);
  it.each(['', '   ', '[]', vue([]), blank])('ignores the empty super query %j', async (superQueryParams) => {
    expect(await found({ superQueryParams, username: 'sq_*' })).toEqual(sq(...ALL));
  });

  const tooMany = JSON.stringify(Array(101).fill({ field: I, rule: 'eq', val: '1' }));
  it.each([
    ...['not json', '%E0%A4%A', '[', 'null', '"x"', '[1,2]', '[{"field":1,"rule":"eq","val":"x"}]', tooMany],
    ...['{"field":"username","rule":"eq","val":"admin"}', '[{"field":"sex","rule":"eq","val":{"a":1}}]'],
  ])('refuses the malformed %j with a message, not a 500', async (superQueryParams) => {
    expect(await refusal({ superQueryParams })).toBe('高级查询参数格式不正确');
  });
});

describe('super query: hostile input', () => {
  it.each([
    ...['password', 'delFlag', '__proto__', 'constructor', 'Username', 'sys_user.password'],
    ...['username; DROP TABLE sys_user', 'realname_dictText_dictText', "realname' OR '1'='1"],
  ])('refuses the unknown field %j', async (field) => {
    expect(await refused(cond(field, 'eq', 'x'))).toBe(`高级查询的字段不存在：${field}`);
  });

  it.each(['ext', 'USE_SQL_RULES', 'eq_with_add', '<>', "eq' OR '1'='1"])(
    'refuses the rule %j',
    async (rule) => {
      expect(await refused(cond('username', rule, '1=1'))).toBe(`高级查询的规则不支持：${rule}`);
    },
  );

  it.each([
    ['eq', "' OR '1'='1", []],
    ['eq', "O'Brien", sq(7)],
    ['like', "'", sq(7)],
    ['like', "'; DROP TABLE sys_user; --", []],
    ['in', "a','b", []],
    ['in', "O'Brien,张三", sq(0, 7)],
    ['like', '%', sq(5)],
    ['like', '_', sq(6)],
    ['like', '\\', sq(8)],
    ['like', '%%', []],
    ['right_like', '_', []],
    ['left_like', '%之百', sq(5)],
    ['eq', '百分%之百', sq(5)],
    ['like', '$1', []],
    ['like', 'x'.repeat(5000), []],
  ])('realname %s %j matches exactly %j', async (rule, val, expected) => {
    expect(await match([{ field: S, rule, val }])).toEqual(expected);
  });

  it.each([
    [I, 'eq', '1 OR 1=1'],
    [I, 'in', '1,x'],
    [I, 'eq', '99999999999'],
    [I, 'like', "1'"],
    [D, 'eq', '2024-02-30'],
    [T, 'ge', "2022-07-01'; --"],
    [T, 'eq', '2024-13-01 25:61:00'],
    [S, 'eq', 'a\u0000b'],
  ])('refuses %s %s %j naming the field', async (field, rule, val) => {
    expect(await refused(cond(field, rule, val))).toBe(`操作失败，参数 ${field} 的值无效`);
  });

  it('leaves sys_user intact', async () => {
    const [{ n } = { n: 0 }] = await t.database.db.select({ n: count() }).from(sysUser);
    expect(Number(n)).toBe(4 + USERS.length);
    expect(await found({ superQueryParams: vue([SQ]) })).toEqual(sq(...ALL));
  });
});
