import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { sysPosition } from '../../src/server/db/schema/index.ts';
import { generate } from '../../src/server/resources/register.ts';
import { positionServer } from '../../src/server/resources/position.ts';

const POSITION_SHEET = generate(positionServer).sheet;
import { createTestApp, BASE, type TestApp } from '../support/app.ts';
import { exportLayout, PAYLOAD, plainWorkbook, postParts } from './import-support.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const URL = '/sys/position/importExcel';
const positions = (codes: string[]) =>
  t.database.db.select().from(sysPosition).where(inArray(sysPosition.code, codes));

describe('POST /sys/position/importExcel', () => {
  it('imports our own export layout, translating 职级 texts to dictionary values', async () => {
    const file = await exportLayout(POSITION_SHEET.columns, [
      {
        code: 'imp_p1',
        name: '导入职务一',
        postRank_dictText: '中级',
        createBy: 'x',
        createTime: '2024-01-01 00:00:00',
      },
      { code: 'imp_p2', name: '导入职务二', postRank_dictText: '5' },
    ]);
    const r = await postParts(t, URL, admin, [
      ...PAYLOAD,
      { name: 'file', filename: '职务信息.xlsx', content: file },
    ]);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
    const rows = await positions(['imp_p1', 'imp_p2']);
    expect(Object.fromEntries(rows.map((p) => [p.code, [p.name, p.postRank, p.createBy]]))).toEqual({
      imp_p1: ['导入职务一', '3', 'admin'],
      imp_p2: ['导入职务二', '5', 'admin'],
    });
  });

  it('imports nothing when a code is taken, a rank unknown or a code malformed', async () => {
    const file = await plainWorkbook([
      ['职务编码', '职务名称', '职级'],
      ['imp_p3', '三', '员级'],
      ['imp_p1', '重复', '员级'],
      ['imp_p4', '四', '特级'],
      ['bad code', '五', '员级'],
    ]);
    const r = await postParts(t, URL, admin, [{ name: 'file', filename: 'p.xlsx', content: file }]);
    expect(r.body).toMatchObject({ code: 201, result: { totalCount: 4, errorCount: 3, successCount: 0 } });
    expect(r.body.result.fileName).toMatch(/^positionImportExcelErrorLog/);
    const log = await t.app.inject({
      method: 'GET',
      url: `${BASE}${r.body.result.fileUrl}`,
      headers: { 'x-access-token': admin },
    });
    expect(log.body.trim().split('\n').slice(1)).toEqual([
      '第3行：职务编码已存在',
      '第4行：职级取值无效：特级',
      '第5行：职务编码只允许字母、数字、下划线和中划线',
    ]);
    expect(await positions(['imp_p3'])).toHaveLength(0);
  });

  it('answers 510 without position:import', async () => {
    const token = await t.login('yuangong');
    const r = await t.call('POST', URL, { token, body: { filePath: 'x' } });
    expect(r.body.code).toBe(510);
  });
});
