import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { sysLog } from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';

/**
 * Besides the login rows the test logins write, 10 operation logs op_0…op_9: content
 * `操作<i> <查询|添加|…>` (op_7 holds a literal `100%_done`), operate type (i % 6) + 1, user `u<i % 3>`,
 * cost 10·i ms, created 2023-06-<i+1> 10:00 Shanghai time.
 */
const N = 10;
const OPERATE = ['查询', '添加', '修改', '删除', '导入', '导出'];

let t: TestApp;
let admin: string;
const id: string[] = [];

type Q = Record<string, string>;
const list = (query: Q, token = admin) =>
  t.call('GET', '/sys/log/list', { token, query: { pageSize: '100', ...query } });
async function contents(query: Q): Promise<string[]> {
  const r = await list({ logType: '2', ...query });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result.records.map((l: { logContent: string }) => l.logContent.split(' ')[0]);
}
const ops = (...ix: number[]) => ix.map((i) => `操作${i}`);
const logCount = async () => Number((await t.database.db.select({ n: count() }).from(sysLog))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.database.db;
  for (let i = 0; i < N; i++) {
    id.push(newId());
    await db.insert(sysLog).values({
      id: id[i]!,
      logType: 2,
      logContent: `操作${i} ${OPERATE[i % 6]}${i === 7 ? ' 100%_done' : ''}`,
      operateType: (i % 6) + 1,
      userid: `u${i % 3}`,
      username: `用户${i % 3}`,
      ip: `10.0.0.${i}`,
      method: 'org.example.Controller.op()',
      requestUrl: `/sys/op/${i}`,
      requestType: i % 2 ? 'POST' : 'GET',
      requestParam: '{"a":1}',
      costTime: 10 * i,
      createBy: `u${i % 3}`,
      createTime: new Date(`2023-06-${String(i + 1).padStart(2, '0')}T10:00:00+08:00`),
    });
  }
});
afterAll(async () => t?.close());

describe('GET /sys/log/list', () => {
  it('lists login logs (logType 1), written by successful logins, with dictionary texts', async () => {
    await t.login('yunying');
    const r = await list({ logType: '1' });
    expect(r.body).toMatchObject({ success: true, code: 0 });
    const records = r.body.result.records;
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(records[0]).toMatchObject({
      logType: 1,
      logType_dictText: '登录日志',
      logContent: '用户名: yunying,登录成功！',
      createBy: 'yunying',
    });
    expect(records[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(records.some((l: { logContent: string }) => l.logContent === '用户名: admin,登录成功！')).toBe(
      true,
    );
    expect(records.every((l: { logType: number }) => l.logType === 1)).toBe(true);
  });

  it('lists operation logs newest first with the full SysLog JSON', async () => {
    const r = await list({ logType: '2', pageSize: '3', pageNo: '2' });
    expect(r.body.result).toMatchObject({ total: N, size: 3, current: 2, pages: 4 });
    expect(r.body.result.records.map((l: { logContent: string }) => l.logContent.split(' ')[0])).toEqual(
      ops(6, 5, 4),
    );
    expect(r.body.result.records[0]).toEqual({
      id: id[6],
      createBy: 'u0',
      createTime: '2023-06-07 10:00:00',
      updateBy: null,
      updateTime: null,
      costTime: 60,
      ip: '10.0.0.6',
      requestParam: '{"a":1}',
      requestType: 'GET',
      requestUrl: '/sys/op/6',
      method: 'org.example.Controller.op()',
      username: '用户0',
      userid: 'u0',
      logContent: '操作6 查询',
      logType: 2,
      operateType: 1,
      logType_dictText: '操作日志',
      operateType_dictText: '查询',
    });
  });

  it('filters by keyWord as a literal substring of the content', async () => {
    expect(await contents({ keyWord: '删除' })).toEqual(ops(9, 3));
    expect(await contents({ keyWord: '100%_' })).toEqual(ops(7));
    expect(await contents({ keyWord: '%' })).toEqual(ops(7));
    expect(await contents({ keyWord: '_' })).toEqual(ops(7));
    expect(await contents({ keyWord: '没有' })).toEqual([]);
  });

  it('filters by operateType, user and creation time (dates and datetimes)', async () => {
    const r = await list({ logType: '2', operateType: '2' });
    expect(
      r.body.result.records.map((l: { operateType_dictText: string }) => l.operateType_dictText),
    ).toEqual(['添加', '添加']);
    expect(await contents({ operateType: '2' })).toEqual(ops(7, 1));
    expect(await contents({ userid: 'u1', operateType: '!2' })).toEqual(ops(4));
    expect(await contents({ createTime_begin: '2023-06-03', createTime_end: '2023-06-05' })).toEqual(
      ops(4, 3, 2),
    );
    expect(
      await contents({ createTime_begin: '2023-06-03 10:00:01', createTime_end: '2023-06-05 10:00:00' }),
    ).toEqual(ops(4, 3));
    const bad = await list({ operateType: 'abc' });
    expect(bad.body).toMatchObject({ success: false, message: '操作失败，参数 operateType 的值无效' });
  });

  it('sorts by allow-listed columns only', async () => {
    expect(await contents({ column: 'costTime', order: 'asc', pageSize: '3' })).toEqual(ops(0, 1, 2));
    expect(await contents({ column: 'operateType_dictText,costTime', order: 'desc', pageSize: '3' })).toEqual(
      ops(5, 4, 9),
    );
    const r = await list({ column: 'requestParam' });
    expect(r.body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：requestParam' });
  });

  it('applies the super query', async () => {
    const conditions = [
      { field: 'costTime', rule: 'ge', val: '50', type: 'number', dbType: 'int' },
      { field: 'username', rule: 'eq', val: '用户2', type: 'input', dbType: 'string' },
    ];
    const q = { superQueryParams: encodeURIComponent(JSON.stringify(conditions)) };
    expect(await contents(q)).toEqual(ops(8, 5));
    expect(await contents({ ...q, superQueryMatchType: 'or' })).toEqual(ops(9, 8, 7, 6, 5, 2));
  });
});

describe('GET /sys/log/exportXls', () => {
  const HEADERS = [
    '日志内容',
    '日志类型',
    '操作类型',
    '操作人ID',
    '操作人名称',
    'IP',
    '耗时(毫秒)',
    '请求类型',
    '请求路径',
    '请求方法',
    '创建时间',
  ];
  async function sheet(query: Q): Promise<string[][]> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/log/exportXls',
      query,
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml\.sheet/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const text = (v: unknown) => (v == null ? '' : String(v));
    return ws.getRows(1, ws.rowCount)!.map((row) => HEADERS.map((_, c) => text(row.getCell(c + 1).value)));
  }

  it('exports the filtered list with dictionary texts', async () => {
    const rows = await sheet({ logType: '2', keyWord: '删除' });
    expect(rows[0]![0]).toBe('日志列表数据');
    expect(rows[1]![0]).toBe('导出人:管理员');
    expect(rows[2]).toEqual(HEADERS);
    expect(rows.slice(3)).toEqual([
      [
        '操作9 删除',
        '操作日志',
        '删除',
        'u0',
        '用户0',
        '10.0.0.9',
        '90',
        'POST',
        '/sys/op/9',
        'org.example.Controller.op()',
        '2023-06-10 10:00:00',
      ],
      [
        '操作3 删除',
        '操作日志',
        '删除',
        'u0',
        '用户0',
        '10.0.0.3',
        '30',
        'POST',
        '/sys/op/3',
        'org.example.Controller.op()',
        '2023-06-04 10:00:00',
      ],
    ]);
  });

  it('follows the sort and limits to selections', async () => {
    const rows = await sheet({ logType: '2', column: 'costTime', order: 'asc' });
    expect(rows.slice(3).map((r) => r[0]!.split(' ')[0])).toEqual(ops(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    const picked = await sheet({ selections: `${id[2]},${id[8]}` });
    expect(picked.slice(3).map((r) => r[0]!.split(' ')[0])).toEqual(ops(8, 2));
  });

  it('answers a refused filter with the Result JSON', async () => {
    const r = await t.call('GET', '/sys/log/exportXls', { token: admin, query: { costTime: 'x' } });
    expect(r.body).toMatchObject({ success: false, message: '操作失败，参数 costTime 的值无效' });
  });
});

describe('DELETE /sys/log/delete and deleteBatch', () => {
  it('deletes one row, then says it is gone', async () => {
    const r = await t.call('DELETE', '/sys/log/delete', { token: admin, query: { id: id[0]! } });
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await t.database.db.select().from(sysLog).where(eq(sysLog.id, id[0]!))).toEqual([]);
    const again = await t.call('DELETE', '/sys/log/delete', { token: admin, query: { id: id[0]! } });
    expect(again.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('deletes a batch with a trailing comma, and refuses an empty one', async () => {
    const before = await logCount();
    const r = await t.call('DELETE', '/sys/log/deleteBatch', {
      token: admin,
      query: { ids: `${id[1]},${id[2]},` },
    });
    expect(r.body).toMatchObject({ success: true, message: '删除成功!' });
    // two rows fewer, one more: the operation log records the deletion itself
    expect(await logCount()).toBe(before - 2 + 1);
    expect(await contents({ keyWord: '操作' })).toEqual(ops(9, 8, 7, 6, 5, 4, 3));
    const none = await t.call('DELETE', '/sys/log/deleteBatch', { token: admin, query: { ids: '' } });
    expect(none.body).toMatchObject({ success: false, message: '请选择一条记录！' });
  });

  it('refuses the operator role (510) on list, export and delete', async () => {
    const operator = await t.login('yunying');
    for (const [method, path] of [
      ['GET', '/sys/log/list'],
      ['GET', '/sys/log/exportXls'],
      ['DELETE', `/sys/log/delete?id=${id[3]}`],
      ['DELETE', '/sys/log/deleteBatch?ids=allclear'],
    ] as const) {
      const r = await t.call(method, path, { token: operator });
      expect(r.body, path).toMatchObject({ success: false, code: 510 });
    }
    expect(await contents({ keyWord: '操作3' })).toEqual(ops(3));
  });

  it('clears the whole log with ids=allclear', async () => {
    expect(await logCount()).toBeGreaterThan(0);
    const r = await t.call('DELETE', '/sys/log/deleteBatch', { token: admin, query: { ids: 'allclear' } });
    expect(r.body).toMatchObject({ success: true, message: '清除成功!' });
    // what is left is the trace of who cleared it
    expect(await logCount()).toBe(1);
    const listed = await list({});
    expect(listed.body.result).toMatchObject({ total: 1 });
    expect(listed.body.result.records[0]).toMatchObject({
      logType: 2,
      createBy: 'admin',
      logContent: 'DELETE /sys/log/deleteBatch 成功：清除成功!',
    });
  });
});
