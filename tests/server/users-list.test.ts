import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysDepart, sysUser } from '../../src/server/db/schema/index.ts';

/**
 * 25 users lu_00…lu_24: realname `<王|李|赵|孙|周>测试<i>`, sex 1 for even i and 2 for odd i,
 * phone 139000000<ii>, workNo W0<ii>; lu_00…lu_09 in 运营部, lu_10…lu_14 in 技师主管, lu_20 in 财务部 and
 * 客服组, the rest in none; every fourth one is an operator (post). lu_03 is frozen, lu_04 deleted,
 * and lu_00…lu_02 get fixed creation times in March 2021 (Asia/Shanghai).
 */
const N = 25;
const pad = (i: number) => String(i).padStart(2, '0');
const NAMES = ['王', '李', '赵', '孙', '周'];
const realnameOf = (i: number) => `${NAMES[i % 5]}测试${i}`;

let t: TestApp;
let admin: string;
const depart: Record<string, string> = {};
const id: Record<string, string> = {};

type Q = Record<string, string>;
const list = async (query: Q) => {
  const r = await t.call('GET', '/sys/user/list', { token: admin, query });
  expect(r.status).toBe(200);
  return r.body;
};
const names = async (query: Q) =>
  ((await list({ pageSize: '100', ...query })).result.records as Array<{ username: string }>).map(
    (u) => u.username,
  );
const LU = { username: 'lu_*' };
const lu = (...ix: number[]) => ix.map((i) => `lu_${pad(i)}`);
const range = (from: number, to: number, keep: (i: number) => boolean = () => true) =>
  Array.from({ length: to - from + 1 }, (_, k) => from + k).filter((i) => i !== 4 && keep(i));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const d of await t.database.db.select().from(sysDepart)) depart[d.orgCode] = d.id;
  for (let i = 0; i < N; i++) {
    const departs =
      i < 10
        ? depart.A01A01
        : i < 15
          ? depart.A01A03A01
          : i === 20
            ? `${depart.A01A02},${depart.A02A01}`
            : '';
    const body = {
      username: `lu_${pad(i)}`,
      realname: realnameOf(i),
      password: '123456',
      sex: i % 2 === 0 ? 1 : 2,
      phone: `139000000${pad(i)}`,
      email: `lu${i}@list.test`,
      workNo: `W0${pad(i)}`,
      post: i % 4 === 0 ? 'operator' : '',
      selecteddeparts: departs,
    };
    const r = await t.call('POST', '/sys/user/add', { token: admin, body });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  }
  const rows = await t.database.db.select().from(sysUser);
  for (const u of rows) id[u.username] = u.id;
  const times = ['2021-03-01T09:00:00+08:00', '2021-03-02T23:30:00+08:00', '2021-03-03T00:10:00+08:00'];
  for (const [i, at] of times.entries())
    await t.database.db
      .update(sysUser)
      .set({ createTime: new Date(at) })
      .where(inArray(sysUser.id, [id[`lu_0${i}`]!]));
  const frozen = await t.call('PUT', '/sys/user/frozenBatch', {
    token: admin,
    body: { ids: id.lu_03, status: '2' },
  });
  expect(frozen.body.success).toBe(true);
  const deleted = await t.call('DELETE', '/sys/user/delete', { token: admin, query: { id: id.lu_04! } });
  expect(deleted.body.success).toBe(true);
});
afterAll(async () => t?.close());

describe('GET /sys/user/list: page and paging', () => {
  it('answers a MyBatis-Plus page in a code-0 Result', async () => {
    const body = await list({});
    expect(Object.keys(body)).toEqual(['success', 'message', 'code', 'result', 'timestamp']);
    expect(body).toMatchObject({ success: true, code: 0 });
    expect(body.result).toMatchObject({ total: 4 + N - 1, size: 10, current: 1, pages: 3 });
    expect(body.result.records).toHaveLength(10);
    for (const r of body.result.records) {
      expect(r).not.toHaveProperty('password');
      expect(r).not.toHaveProperty('salt');
    }
  });

  it('pages with pageNo and pageSize', async () => {
    const page2 = await list({ ...LU, column: 'username', order: 'asc', pageNo: '2', pageSize: '5' });
    expect(page2.result).toMatchObject({ total: 24, size: 5, current: 2, pages: 5 });
    expect(page2.result.records.map((u: { username: string }) => u.username)).toEqual(lu(6, 7, 8, 9, 10));
    const last = await list({ ...LU, column: 'username', order: 'asc', pageNo: '5', pageSize: '5' });
    expect(last.result.records.map((u: { username: string }) => u.username)).toEqual(lu(21, 22, 23, 24));
    const beyond = await list({ ...LU, pageNo: '9', pageSize: '5' });
    expect(beyond.result).toMatchObject({ total: 24, current: 9, records: [] });
  });

  it.each(['abc', '0', '-5', '1.5', ''])('falls back to pageSize 10 for pageSize=%j', async (pageSize) => {
    const body = await list({ ...LU, pageSize, pageNo: 'x' });
    expect(body.result).toMatchObject({ size: 10, current: 1, pages: 3 });
    expect(body.result.records).toHaveLength(10);
  });
});

describe('GET /sys/user/list: sorting', () => {
  it('sorts by createTime desc by default (newest first)', async () => {
    const expected = lu(24, 23, 22, 21, 20, 19, 18, 17, 16, 15);
    expect(await names({ pageSize: '10' })).toEqual(expected);
    expect(await names({ pageSize: '10', column: 'createTime', order: 'desc' })).toEqual(expected);
    expect((await names({ ...LU, column: 'createTime', order: 'asc' })).slice(0, 3)).toEqual(lu(0, 1, 2));
  });

  it('sorts by username asc and desc', async () => {
    const asc = await names({ ...LU, column: 'username', order: 'asc' });
    expect(asc).toEqual(lu(...range(0, 24)));
    expect(await names({ ...LU, column: 'username', order: 'desc' })).toEqual([...asc].reverse());
    expect(await names({ ...LU, column: 'username', order: 'ASC' })).toEqual(asc);
  });

  it('strips the _dictText suffix: column=sex_dictText sorts by sex', async () => {
    const asc = (await list({ ...LU, column: 'sex_dictText', order: 'asc', pageSize: '100' })).result.records;
    const sexes = asc.map((u: { sex: number }) => u.sex);
    expect(sexes).toEqual([...Array(12).fill(1), ...Array(12).fill(2)]);
    const desc = (await list({ ...LU, column: 'sex_dictText', order: 'desc', pageSize: '100' })).result
      .records;
    expect(desc[0].sex).toBe(2);
    expect(desc[23].sex).toBe(1);
  });

  it.each(['nope', 'password', 'createTime,nope'])('refuses the unknown sort column %j', async (column) => {
    const body = await list({ column, order: 'asc' });
    expect(body).toMatchObject({
      success: false,
      result: null,
      message: `请注意，将要排序的列字段不存在：${column.split(',').pop()}`,
    });
  });
});

describe('GET /sys/user/list: filters (QueryGenerator rules)', () => {
  it.each([
    ['exact realname', { realname: '王测试5' }, lu(5)],
    ['exact realname, no partial match', { realname: '王测试' }, []],
    [
      '*v* contains',
      { ...LU, realname: '*测试1*', column: 'username', order: 'asc' },
      lu(1, ...range(10, 19)),
    ],
    ['v* starts with', { ...LU, realname: '王*', column: 'username', order: 'asc' }, lu(0, 5, 10, 15, 20)],
    ['*v ends with', { realname: '*9', column: 'username', order: 'asc' }, lu(9, 19)],
    ['!v not equal', { ...LU, realname: '!王测试0', column: 'username', order: 'asc' }, lu(...range(1, 24))],
    [
      'comma IN',
      { username: 'admin,caiwu,lu_00,,', column: 'username', order: 'asc' },
      ['admin', 'caiwu', 'lu_00'],
    ],
    ['int IN', { ...LU, sex: '1,2', column: 'username', order: 'asc' }, lu(...range(0, 24))],
    [
      'exact int',
      { ...LU, sex: '2', column: 'username', order: 'asc' },
      lu(...range(0, 24, (i) => i % 2 === 1)),
    ],
    [
      '>=v on int',
      { ...LU, sex: '>=2', column: 'username', order: 'asc' },
      lu(...range(0, 24, (i) => i % 2 === 1)),
    ],
    [
      '>= v on int (spaced)',
      { ...LU, sex: '>= 2', column: 'username', order: 'asc' },
      lu(...range(0, 24, (i) => i % 2 === 1)),
    ],
    [
      '<=v on int',
      { ...LU, sex: '<=1', column: 'username', order: 'asc' },
      lu(...range(0, 24, (i) => i % 2 === 0)),
    ],
    [
      '_begin/_end on int',
      { ...LU, sex_begin: '2', sex_end: '2', column: 'username', order: 'asc' },
      lu(...range(0, 24, (i) => i % 2 === 1)),
    ],
    ['>=v on string', { workNo: '>=W020', column: 'username', order: 'asc' }, lu(20, 21, 22, 23, 24)],
    ['<=v on string', { ...LU, workNo: '<=W002', column: 'username', order: 'asc' }, lu(0, 1, 2)],
    ['exact phone', { phone: '13900000007' }, lu(7)],
    ['status', { ...LU, status: '2' }, lu(3)],
    ['id', { id: 'ID:lu_05' }, lu(5)],
    [
      'unknown params are ignored',
      { ...LU, foo: 'bar', password: '*a*', salt: 'x', delFlag: '1', column: 'username', order: 'asc' },
      lu(...range(0, 24)),
    ],
  ] as Array<[string, Q, string[]]>)('%s', async (_label, query, expected) => {
    const q = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, v.startsWith('ID:') ? id[v.slice(3)]! : v]),
    );
    expect(await names(q)).toEqual(expected);
  });

  it('filters createTime ranges, date-only and datetime, in the application time zone', async () => {
    const day = {
      createTime_begin: '2021-03-02',
      createTime_end: '2021-03-02',
      column: 'username',
      order: 'asc',
    };
    expect(await names(day)).toEqual(lu(1));
    expect(await names({ createTime_end: '2021-03-03', column: 'username', order: 'asc' })).toEqual(
      lu(0, 1, 2),
    );
    const window = { createTime_begin: '2021-03-02 23:00:00', createTime_end: '2021-03-03 00:30:00' };
    expect(await names({ ...window, column: 'username', order: 'asc' })).toEqual(lu(1, 2));
    expect((await names({ ...LU, createTime_begin: '2021-03-02 23:30:01' })).length).toBe(22);
    const [u] = (await list({ username: 'lu_01' })).result.records;
    expect(u.createTime).toBe('2021-03-02 23:30:00');
  });

  it('filters by departId (that department only)', async () => {
    const ops = await names({ departId: depart.A01A01!, column: 'username', order: 'asc' });
    expect(ops).toEqual(['yunying', ...lu(...range(0, 9))].sort());
    expect(await names({ departId: depart.A01A03A01!, column: 'username', order: 'asc' })).toEqual(
      lu(10, 11, 12, 13, 14),
    );
    const parent = await list({ departId: depart.A01A03! });
    expect(parent.success).toBe(true);
    expect(parent.result?.records ?? []).toEqual([]);
  });

  it('filters by code=id1,id2 and returns all of them in one page', async () => {
    expect(await names({ code: `${id.lu_05},${id.admin},`, column: 'username', order: 'asc' })).toEqual([
      'admin',
      'lu_05',
    ]);
    const twelve = range(5, 17).slice(0, 12);
    const body = await list({ code: twelve.map((i) => id[`lu_${pad(i)}`]).join(',') });
    expect(body.result.total).toBe(12);
    expect(body.result.records).toHaveLength(12);
  });

  it('never lists deleted users, whatever the filters', async () => {
    expect(await names({ username: 'lu_04' })).toEqual([]);
    expect(await names({ id: id.lu_04!, delFlag: '1' })).toEqual([]);
    expect(await names({ code: id.lu_04! })).toEqual([]);
    expect(await names({ ...LU, pageSize: '100' })).not.toContain('lu_04');
  });
});

describe('GET /sys/user/list: dictionary texts and department names', () => {
  it('adds sex_dictText, status_dictText, post_dictText, departIds_dictText and orgCodeTxt', async () => {
    const byName = new Map(
      (await list({ pageSize: '100' })).result.records.map((u: { username: string }) => [u.username, u]),
    );
    expect(byName.get('lu_00')).toMatchObject({
      sex: 1,
      sex_dictText: '男',
      status: 1,
      status_dictText: '正常',
      post: 'operator',
      post_dictText: '运营专员',
      departIds: depart.A01A01,
      departIds_dictText: '运营部',
      orgCodeTxt: '运营部',
    });
    expect(byName.get('lu_01')).toMatchObject({ sex_dictText: '女', post: null, post_dictText: null });
    expect(byName.get('lu_03')).toMatchObject({ status: 2, status_dictText: '冻结' });
    expect(byName.get('lu_20')).toMatchObject({
      departIds: `${depart.A01A02},${depart.A02A01}`,
      departIds_dictText: '财务部,客服组',
      orgCodeTxt: '财务部,客服组',
    });
    expect(byName.get('lu_21')).toMatchObject({
      departIds: null,
      departIds_dictText: null,
      orgCodeTxt: null,
    });
    expect(byName.get('admin')).toMatchObject({
      post_dictText: '总经理',
      orgCodeTxt: '悦到家健康服务有限公司',
      departIds_dictText: '悦到家健康服务有限公司',
    });
  });
});

describe('user pickers', () => {
  it('queryUserComponentData answers a code-200 page with partial realname match', async () => {
    const r = await t.call('GET', '/sys/user/queryUserComponentData', {
      token: admin,
      query: { realname: '测试1', pageNo: '1', pageSize: '10' },
    });
    expect(r.body).toMatchObject({ success: true, code: 200 });
    expect(r.body.result).toMatchObject({ total: 11, size: 10, current: 1, pages: 2 });
    expect(r.body.result.records).toHaveLength(10);
    for (const u of r.body.result.records) expect(u.realname).toContain('测试1');
    const byName = await t.call('GET', '/sys/user/queryUserComponentData', {
      token: admin,
      query: { username: 'yun' },
    });
    expect(byName.body.result.records.map((u: { username: string }) => u.username)).toEqual(['yunying']);
  });

  it('queryUserByDepId includes the users of sub-departments', async () => {
    const call = async (query: Q) =>
      (await t.call('GET', '/sys/user/queryUserByDepId', { token: admin, query })).body;
    const root = await call({ id: depart.A01! });
    expect(root.success).toBe(true);
    const usernames = root.result.map((u: { username: string }) => u.username).sort();
    expect(usernames).toEqual(['admin', 'caiwu', 'yunying', ...lu(...range(0, 14)), 'lu_20'].sort());
    expect(root.result.find((u: { username: string }) => u.username === 'lu_10').orgCodeTxt).toBe('技师主管');
    const filtered = await call({ id: depart.A01!, realname: '测试1' });
    expect(filtered.result.map((u: { username: string }) => u.username).sort()).toEqual(
      lu(1, 10, 11, 12, 13, 14),
    );
    const station = await call({ id: depart.A02! });
    expect(station.result.map((u: { username: string }) => u.username).sort()).toEqual(['lu_20', 'yuangong']);
  });

  it('getMultiUser returns a bare array of active users only', async () => {
    const r = await t.call('GET', '/sys/user/getMultiUser', { token: admin, query: LU });
    expect(Array.isArray(r.body)).toBe(true);
    const usernames = r.body.map((u: { username: string }) => u.username).sort();
    expect(usernames).toEqual(lu(...range(0, 24, (i) => i !== 3)));
    expect(r.body[0]).not.toHaveProperty('password');
    const all = await t.call('GET', '/sys/user/getMultiUser', { token: admin });
    expect(all.body).toHaveLength(4 + N - 2);
  });
});
