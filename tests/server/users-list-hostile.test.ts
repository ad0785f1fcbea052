import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysDepart, sysPermission, sysRole, sysUser } from '../../src/server/db/schema/index.ts';

/** Users whose realnames hold LIKE wildcards and quotes, so a literal match can be told apart. */
const HOSTILE_USERS: Array<[string, string, string?]> = [
  ['hx_pct', '百分%之百', 'A01'],
  ['hx_bs', 'back\\slash'],
  ['hx_us', 'under_score', 'A02'],
  ['hx_quote', "O'Brien"],
  ['hx_uni', '😀表情ñ'],
];

let t: TestApp;
let admin: string;
const depart: Record<string, string> = {};
let tableCounts: number[];

type Q = Record<string, string>;
const call = (path: string, query: Q) => t.call('GET', path, { token: admin, query });
const list = (query: Q) => call('/sys/user/list', { pageSize: '100', ...query });
const usernames = (records: Array<{ username: string }>) => records.map((u) => u.username).sort();
const counts = async () =>
  Promise.all(
    [sysUser, sysRole, sysDepart, sysPermission].map(async (table) =>
      Number((await t.database.db.select({ n: count() }).from(table))[0]!.n),
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const d of await t.database.db.select().from(sysDepart)) depart[d.orgCode] = d.id;
  for (const [username, realname, org] of HOSTILE_USERS) {
    const body = { username, realname, password: '123456', selecteddeparts: org ? depart[org] : '' };
    const r = await t.call('POST', '/sys/user/add', { token: admin, body });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  }
  tableCounts = await counts();
  expect(tableCounts[0]).toBe(4 + HOSTILE_USERS.length);
});
afterAll(async () => t?.close());

describe('hostile filter values are matched literally', () => {
  it.each([
    "' OR '1'='1",
    "admin'--",
    '1; DROP TABLE sys_user',
    "'); DELETE FROM sys_user; --",
    '%',
    '_',
    '\\',
    '*',
    '%%',
    "'",
    '"',
    '/*',
    '$1',
    '?',
    'x'.repeat(5000),
    '管理员\u202e',
  ])('realname=%j finds nothing', async (realname) => {
    const r = await list({ realname });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 0 });
    expect(r.body.result.records).toEqual([]);
    expect(r.body.result.total).toBe(0);
  });

  it.each([
    [{ username: '_' }, []],
    [{ username: '%' }, []],
    [{ username: "admin'--" }, []],
    [{ username: "admin' OR '1'='1" }, []],
    [{ username: '*_*' }, HOSTILE_USERS.map(([u]) => u)],
    [{ username: 'ad_in' }, []],
    [{ username: 'adm%' }, []],
    [{ username: 'adm*' }, ['admin']],
    [{ realname: '*%*' }, ['hx_pct']],
    [{ realname: '%*' }, []],
    [{ realname: '*\\*' }, ['hx_bs']],
    [{ realname: '*_*' }, ['hx_us']],
    [{ realname: '*%_\\*' }, []],
    [{ realname: "*'*" }, ['hx_quote']],
    [{ realname: "O'Brien" }, ['hx_quote']],
    [{ realname: '*BACK*' }, ['hx_bs']],
    [{ realname: '😀表情ñ' }, ['hx_uni']],
    [{ realname: '*😀*' }, ['hx_uni']],
    [{ realname: '张员工' }, ['yuangong']],
    [{ realname: '!百分%之百', username: 'hx_*' }, ['hx_bs', 'hx_quote', 'hx_uni', 'hx_us']],
    [{ realname: "O'Brien,百分%之百" }, ['hx_pct', 'hx_quote']],
    [{ phone: "' OR ''='" }, []],
    [{ email: '*@*' }, ['admin', 'caiwu', 'yuangong', 'yunying']],
  ] as Array<[Q, string[]]>)('%j matches exactly %j', async (query, expected) => {
    const r = await list(query);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(usernames(r.body.result.records)).toEqual([...expected].sort());
  });

  it('takes the last of repeated parameters', async () => {
    const raw = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/user/list?realname=nobody&realname=%E5%BC%A0%E5%91%98%E5%B7%A5',
      headers: { 'x-access-token': admin },
    });
    expect(raw.statusCode).toBe(200);
    expect(usernames(raw.json().result.records)).toEqual(['yuangong']);
  });

  it('ignores parameter names that are not user fields, including prototype names and SQL', async () => {
    const all = (await list({})).body.result.total;
    for (const key of [
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'username;drop',
      "1' OR '1",
    ]) {
      const r = await list({ [key]: 'x' });
      expect(r.status, key).toBe(200);
      expect(r.body.result.total, key).toBe(all);
    }
  });

  it('answers a NUL character without HTTP 500 and finds nothing', async () => {
    for (const query of [{ realname: 'a\u0000b' }, { username: '*\u0000*' }] as Q[]) {
      const r = await list(query);
      expect(r.status, JSON.stringify(query)).toBe(200);
      expect(r.body.result?.records ?? []).toEqual([]);
    }
  });
});

describe('hostile sort parameters', () => {
  it.each(['username;drop table x', 'username desc', 'username--', '(select 1)', 'a'.repeat(3000)])(
    'column=%j is refused as an unknown column',
    async (column) => {
      const r = await list({ column, order: 'asc' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        success: false,
        result: null,
        message: `请注意，将要排序的列字段不存在：${column}`,
      });
    },
  );

  it.each([
    ['desc;--', 'desc'],
    ['asc; drop table sys_user', 'asc'],
    ["'", 'desc'],
  ])('order=%j sorts %s and is never executed', async (order, direction) => {
    const r = await list({ column: 'username', order });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const got = r.body.result.records.map((u: { username: string }) => u.username);
    const sorted = [...got].sort();
    expect(got).toEqual(direction === 'asc' ? sorted : sorted.reverse());
  });
});

describe('values that do not fit the field type', () => {
  it.each([
    { sex: 'abc' },
    { sex: '1 OR 1=1' },
    { sex: "1'; DROP TABLE sys_user; --" },
    { sex: '1,x' },
    { sex: '>=abc' },
    { sex_begin: 'x' },
    { status: '1.5' },
    { createTime_begin: 'yesterday' },
    { createTime_end: "2021-03-02'; --" },
    { birthday: 'abc' },
  ] as Q[])('%j answers success:false with a message naming the field', async (query) => {
    const r = await list(query);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, result: null });
    expect(r.body.message).toContain(Object.keys(query)[0]!.replace(/_(begin|end)$/, ''));
  });

  it.each([
    { sex: '40000' },
    { sex: '99999999999' },
    { status: '-99999' },
    { birthday: '2024-13-45' },
    { birthday_begin: '2024-02-30' },
    { createTime_begin: '2024-02-30' },
    { createTime_end: '2024-13-01 25:61:00' },
  ] as Q[])('%j (well-formed but out of range) answers HTTP 200 success:false, not 500', async (query) => {
    const r = await list(query);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(false);
  });

  it('survives absurd paging values', async () => {
    const far = await list({ pageNo: '999999999', pageSize: '10' });
    expect(far.status).toBe(200);
    expect(far.body.result).toMatchObject({ current: 999999999, records: [] });
    const huge = await call('/sys/user/list', { pageSize: '99999999' });
    expect(huge.body.result.size).toBe(1000);
    const junk = await call('/sys/user/list', { pageNo: "1'--", pageSize: '1e3' });
    expect(junk.body.result).toMatchObject({ current: 1, size: 10 });
  });
});

describe('hostile input to the pickers', () => {
  it('queryUserComponentData matches wildcards and quotes literally', async () => {
    const find = async (realname: string) =>
      usernames((await call('/sys/user/queryUserComponentData', { realname })).body.result.records);
    expect(await find('%')).toEqual(['hx_pct']);
    expect(await find('_')).toEqual(['hx_us']);
    expect(await find("' OR 1=1 --")).toEqual([]);
    expect(await find("'")).toEqual(['hx_quote']);
  });

  it('queryUserByDepId escapes the realname filter and treats a hostile id as unknown', async () => {
    const byDep = async (query: Q) => (await call('/sys/user/queryUserByDepId', query)).body;
    expect(usernames((await byDep({ id: depart.A01!, realname: '%' })).result)).toEqual(['hx_pct']);
    expect((await byDep({ id: depart.A01!, realname: '_' })).result).toEqual([]);
    expect(usernames((await byDep({ id: depart.A02!, realname: '_' })).result)).toEqual(['hx_us']);
    expect((await byDep({ id: "' OR '1'='1" })).result).toEqual([]);
  });

  it('getMultiUser matches literally', async () => {
    const r = await call('/sys/user/getMultiUser', { realname: '*%*' });
    expect(usernames(r.body)).toEqual(['hx_pct']);
    const none = await call('/sys/user/getMultiUser', { username: "' OR '1'='1" });
    expect(none.body).toEqual([]);
  });

  it('checkOnlyUser treats SQL as a plain value', async () => {
    const r = await t.call('GET', '/sys/user/checkOnlyUser', { query: { username: "x' OR '1'='1" } });
    expect(r.body.success).toBe(true);
  });
});

describe('afterwards', () => {
  it('still has every row of sys_user, sys_role, sys_depart and sys_permission', async () => {
    expect(await counts()).toEqual(tableCounts);
    expect((await list({})).body.result.total).toBe(4 + HOSTILE_USERS.length);
  });
});
