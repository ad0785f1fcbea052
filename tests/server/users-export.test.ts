import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysDepart, sysUser } from '../../src/server/db/schema/index.ts';
import { MENUS } from '../../src/server/db/seed/data/menus.ts';
import type { SeedMenu } from '../../src/server/db/seed/data/types.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { contentDisposition, writeXlsx } from '../../src/server/lib/excel/xlsx-export.ts';
import { userExportRows } from '../../src/server/routes/sys/user/export.ts';

/**
 * 14 users ex_00…ex_13: realname `<王|李|赵>导出<i>`, sex 1 for even i and 2 for odd i, a birthday
 * for every third one (the rest NULL), an email for all but every fifth; ex_00…ex_05 in 运营部,
 * ex_06 in 财务部 and 客服组, the rest in none. ex_03 is frozen, ex_04 deleted; ex_07…ex_10 share
 * one creation time and ex_11/ex_12 differ from it by microseconds only (keyset ties).
 */
const N = 14;
const pad = (i: number) => String(i).padStart(2, '0');
const NAMES = ['王', '李', '赵'];
const HEADERS = ['用户账号', '用户姓名', '性别', '生日', '手机号码', '邮箱', '部门', '状态', '创建时间'];

let t: TestApp;
let admin: string;
const depart: Record<string, string> = {};
const id: Record<string, string> = {};

type Q = Record<string, string>;
const EX = { username: 'ex_*' };
const ex = (...ix: number[]) => ix.map((i) => `ex_${pad(i)}`);

const exportXls = (query: Q, token = admin) =>
  t.app.inject({
    method: 'GET',
    url: '/jeecg-boot/sys/user/exportXls',
    query,
    headers: { 'x-access-token': token },
  });

/** The workbook's rows as arrays of cell texts (row 1 first). */
async function sheetRows(query: Q): Promise<string[][]> {
  const res = await exportXls(query);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(
    /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/,
  );
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const text = (v: unknown) => (v == null ? '' : String(v));
  return ws.getRows(1, ws.rowCount)!.map((row) => HEADERS.map((_, c) => text(row.getCell(c + 1).value)));
}
const dataRows = async (query: Q) => (await sheetRows(query)).slice(3);
const usernamesOf = async (query: Q) => (await dataRows(query)).map((r) => r[0]);

const list = async (query: Q) => {
  const r = await t.call('GET', '/sys/user/list', { token: admin, query: { pageSize: '100', ...query } });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result as { total: number; records: Array<{ username: string }> };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const d of await t.database.db.select().from(sysDepart)) depart[d.orgCode] = d.id;
  for (let i = 0; i < N; i++) {
    const body = {
      username: `ex_${pad(i)}`,
      realname: `${NAMES[i % 3]}导出${i}`,
      password: '123456',
      sex: i % 2 === 0 ? 1 : 2,
      birthday: i % 3 === 0 ? `1990-01-${pad(i + 1)}` : undefined,
      phone: `137000000${pad(i)}`,
      email: i % 5 === 0 ? undefined : `ex${i}@export.test`,
      selecteddeparts: i < 6 ? depart.A01A01 : i === 6 ? `${depart.A01A02},${depart.A02A01}` : '',
    };
    const r = await t.call('POST', '/sys/user/add', { token: admin, body });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  }
  for (const u of await t.database.db.select().from(sysUser)) id[u.username] = u.id;
  const micros = { ex_07: 0, ex_08: 0, ex_09: 0, ex_10: 0, ex_11: 300, ex_12: 700 };
  for (const [u, us] of Object.entries(micros))
    await t.database.rawQuery(
      `UPDATE sys_user SET create_time = '2022-05-01 08:00:00+00'::timestamptz + $2 * interval '1 microsecond' WHERE id = $1`,
      [id[u], us],
    );
  const frozen = await t.call('PUT', '/sys/user/frozenBatch', {
    token: admin,
    body: { ids: id.ex_03, status: '2' },
  });
  const deleted = await t.call('DELETE', '/sys/user/delete', { token: admin, query: { id: id.ex_04! } });
  expect([frozen.body.success, deleted.body.success]).toEqual([true, true]);
});
afterAll(async () => t?.close());

describe('GET /sys/user/exportXls: the workbook', () => {
  it('is an attachment named 用户信息.xlsx (RFC 5987)', async () => {
    const res = await exportXls(EX);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="users.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7%E4%BF%A1%E6%81%AF.xlsx`,
    );
    expect(contentDisposition("a b'(1)*.xlsx")).toBe(
      `attachment; filename="a b'(1)*.xlsx"; filename*=UTF-8''a%20b%27%281%29%2A.xlsx`,
    );
  });

  it('has a merged title row, the 导出人 subtitle and the header row', async () => {
    const res = await exportXls(EX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('用户列表数据');
    expect(ws.getCell('A2').value).toBe('导出人:管理员');
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(ws.model.merges).toEqual(expect.arrayContaining(['A1:I1', 'A2:I2']));
    expect(ws.getRow(3).font?.bold).toBe(true);
  });

  it('holds the list rows with dictionary texts and department names', async () => {
    const rows = await dataRows({ ...EX, column: 'username', order: 'asc' });
    const byName = new Map(rows.map((r) => [r[0], r]));
    expect(byName.get('ex_00')).toEqual([
      'ex_00',
      '王导出0',
      '男',
      '1990-01-01',
      '13700000000',
      '',
      '运营部',
      '正常',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    ]);
    expect(byName.get('ex_03')).toMatchObject({ 1: '王导出3', 2: '女', 7: '冻结' });
    expect(byName.get('ex_06')?.[6]).toBe('财务部,客服组');
    expect(byName.get('ex_08')?.[8]).toBe('2022-05-01 16:00:00');
    expect(byName.has('ex_04')).toBe(false);
  });

  it('writes only the header rows when nothing matches', async () => {
    const rows = await sheetRows({ username: 'nobody_here' });
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual(HEADERS);
  });
});

describe('writeXlsx', () => {
  it('stops reading rows once the reader is gone', async () => {
    const out = new PassThrough();
    let pulled = 0;
    async function* rows() {
      for (; pulled < 1000; pulled++) {
        if (pulled === 2) out.destroy();
        yield [{ a: 'x'.repeat(100) }];
      }
    }
    const written = await writeXlsx(out, {
      columns: [{ key: 'a', title: 'A' }],
      title: 't',
      exporter: 'e',
      rows: rows(),
    });
    expect(written).toBeLessThanOrEqual(3);
    expect(pulled).toBeLessThanOrEqual(4);
  });
});

describe('GET /sys/user/exportXls: same rows as the list', () => {
  it.each<[string, Q]>([
    ['all users', {}],
    ['username=ex_*', EX],
    ['sex=1', { ...EX, sex: '1' }],
    ['status=2', { status: '2' }],
    ['realname=*导出1*', { realname: '*导出1*' }],
    ['createTime range', { ...EX, createTime_begin: '2022-05-01', createTime_end: '2022-05-01' }],
    ['birthday sorted asc (NULLs)', { ...EX, column: 'birthday', order: 'asc' }],
    ['email sorted desc (NULLs)', { ...EX, column: 'email', order: 'desc' }],
    ['createTime asc (ties)', { column: 'createTime', order: 'asc' }],
    ['sex_dictText,birthday', { ...EX, column: 'sex_dictText,birthday', order: 'desc' }],
    ['hostile order', { ...EX, column: 'username', order: 'asc; DROP TABLE sys_user' }],
  ])('%s: row count = list total, in list order', async (_, query) => {
    const page = await list(query);
    const names = await usernamesOf(query);
    expect(names).toHaveLength(page.total);
    expect(names).toEqual(page.records.map((u) => u.username));
  });

  it('filters by departId like the list', async () => {
    const query = { departId: depart.A01A01! };
    expect(await usernamesOf(query)).toEqual((await list(query)).records.map((u) => u.username));
    expect((await usernamesOf({ ...query, ...EX })).sort()).toEqual(ex(0, 1, 2, 3, 5));
  });

  it('reads in keyset pages without losing or repeating rows (batch size 1, 2 and 3)', async () => {
    const db = t.database.db;
    const tz = t.config.timezone;
    for (const query of [
      {},
      { column: 'createTime', order: 'asc' },
      { column: 'birthday', order: 'asc' },
      { column: 'birthday', order: 'desc' },
      { column: 'email,sex', order: 'asc' },
      { column: 'email', order: 'desc' },
    ] as Q[]) {
      const expected = (await list(query)).records.map((u) => u.username);
      for (const size of [1, 2, 3]) {
        const got: unknown[] = [];
        for await (const batch of userExportRows(db, query, tz, size)) {
          expect(batch.length).toBeLessThanOrEqual(size);
          got.push(...batch.map((r) => r.username));
        }
        expect(got, `${JSON.stringify(query)} in pages of ${size}`).toEqual(expected);
      }
    }
  });
});

describe('GET /sys/user/exportXls: selections', () => {
  it('exports only the selected ids', async () => {
    const selections = [id.ex_01, id.ex_02, id.admin].join(',');
    expect(await usernamesOf({ selections, column: 'username', order: 'asc' })).toEqual([
      'admin',
      'ex_01',
      'ex_02',
    ]);
  });

  it('applies the filters to the selection too, and ignores empty items and deleted users', async () => {
    const selections = `,${id.ex_01},${id.ex_02},,${id.ex_04},`;
    expect(await usernamesOf({ selections, sex: '2' })).toEqual(['ex_01']);
    expect(await usernamesOf({ selections: 'no-such-id' })).toEqual([]);
    expect(await usernamesOf({ selections: ',' })).toHaveLength((await list({})).total);
  });
});

describe('GET /sys/user/exportXls: permissions and hostile input', () => {
  it('is refused (510) to a user without user:export, and 401 without a token', async () => {
    const yunying = await t.login('yunying');
    const ok = await t.call('GET', '/sys/user/list', { token: yunying });
    expect(ok.body.success).toBe(true);
    const res = await t.call('GET', '/sys/user/exportXls', { token: yunying });
    expect(res.body).toMatchObject({ success: false, code: 510, result: null });
    expect(res.raw.headers['content-type']).toMatch(/json/);
    expect((await t.call('GET', '/sys/user/exportXls')).status).toBe(401);
  });

  it.each<Q>([
    { realname: "' OR '1'='1" },
    { username: "admin'--" },
    { realname: '%' },
    { realname: 'x'.repeat(5000) },
    { username: '\\' },
    { phone: '😀' },
    { selections: "' OR 1=1 --" },
    { departId: "'; DROP TABLE sys_user; --" },
  ])('matches %j literally (no rows, no error)', async (query) => {
    expect(await dataRows(query)).toEqual([]);
  });

  it.each<[Q, string]>([
    [{ column: 'password' }, '请注意，将要排序的列字段不存在：password'],
    [
      { column: 'createTime;DROP TABLE sys_user' },
      '请注意，将要排序的列字段不存在：createTime;DROP TABLE sys_user',
    ],
    [{ sex: 'abc' }, '操作失败，参数 sex 的值无效'],
    [{ createTime_begin: '2022-13-45' }, '操作失败，参数 createTime 的值无效'],
    [{ birthday: '1990-02-30' }, '操作失败，参数 birthday 的值无效'],
    [{ realname: 'a\u0000b' }, '操作失败，参数 realname 的值无效'],
    [{ selections: 'a\u0000b' }, '操作失败，参数 selections 的值无效'],
  ])('refuses %j with a Result JSON before streaming', async (query, message) => {
    const res = await exportXls(query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toMatchObject({ success: false, message, result: null });
  });

  it('keeps working after the hostile requests', async () => {
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin'))).toHaveLength(1);
    expect(await usernamesOf(EX)).toHaveLength(N - 1);
  });
});

describe('seed', () => {
  it('has a 导出 button row for user:export under 用户管理', () => {
    const find = (menus: SeedMenu[]): SeedMenu | undefined =>
      menus.map((m) => (m.url === '/isystem/user' ? m : find(m.children ?? []))).find(Boolean);
    expect(find(MENUS)?.buttons).toContainEqual({ name: '导出', perms: PERM.user.export });
  });

  it('grants user:export to admin', async () => {
    const r = await t.call('GET', '/sys/permission/getUserPermissionByToken', { token: admin });
    expect(r.body.result.auth.map((a: { action: string }) => a.action)).toContain('user:export');
  });
});
