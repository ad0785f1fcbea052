import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { sysDepart } from '../../src/server/db/schema/index.ts';
import { BASE, createTestApp, type TestApp } from '../support/app.ts';
import { PAYLOAD, plainWorkbook, postParts } from './import-support.ts';

/** 部门管理's 导出 and 导入 (JeecgBoot's /sys/sysDepart/exportXls and importExcel). */
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staff = await t.login('yuangong');
});
afterAll(async () => t?.close());

async function exported(token = admin) {
  const res = await t.app.inject({
    url: `${BASE}/sys/sysDepart/exportXls`,
    headers: { 'x-access-token': token },
  });
  return res;
}

/** The sheet's rows below its header row (the row whose first cell is 机构名称), as text. */
async function sheetRows(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  const header = rows.findIndex((r) => r[0] === '机构名称');
  expect(header).toBeGreaterThanOrEqual(0);
  return { header: rows[header]!, data: rows.slice(header + 1) };
}

const importSheet = (content: Buffer, token = admin) =>
  postParts(t, '/sys/sysDepart/importExcel', token, [
    ...PAYLOAD,
    { name: 'file', filename: '部门.xlsx', content },
  ]);

const live = () =>
  t.database.db.select().from(sysDepart).where(eq(sysDepart.delFlag, '0')).orderBy(asc(sysDepart.orgCode));

describe('/sys/sysDepart/exportXls', () => {
  it('writes every live department in org code order, categories as their text', async () => {
    const res = await exported();
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('departs.xlsx');
    const { header, data } = await sheetRows(res.rawPayload);
    expect(header.slice(0, 3)).toEqual(['机构名称', '机构编码', '机构类别']);
    const rows = await live();
    expect(data.map((r) => r[1])).toEqual(rows.map((d) => d.orgCode));
    expect(data.map((r) => r[0])).toEqual(rows.map((d) => d.departName));
    const texts: Record<string, string> = { '1': '公司', '2': '部门', '3': '岗位' };
    expect(data.map((r) => r[2])).toEqual(rows.map((d) => texts[d.orgCategory] ?? d.orgCategory));
  });

  it('needs 部门管理 导出 and 导入', async () => {
    const res = await exported(staff);
    expect(res.json()).toMatchObject({ success: false, code: 510 });
    expect((await importSheet(await plainWorkbook([['机构名称'], ['无权']]), staff)).body).toMatchObject({
      success: false,
      code: 510,
    });
  });
});

describe('/sys/sysDepart/importExcel', () => {
  it('refuses its own export row by row (org codes are taken) and stores nothing', async () => {
    const before = await live();
    const r = await importSheet((await exported()).rawPayload);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      success: true,
      code: 201,
      result: { successCount: 0, errorCount: before.length },
    });
    expect(await live()).toHaveLength(before.length);
  });

  it('places rows by org code, children given before their parent too, and codes a row without one', async () => {
    const before = await live();
    const roots = before.filter((d) => d.orgCode.length === 3).map((d) => d.orgCode);
    const sheet = await plainWorkbook([
      ['机构名称', '机构编码', '机构类别', '排序'],
      ['导入子部门', 'Y01A01', '部门', 2],
      ['导入公司', 'Y01', '公司', 1],
      ['无编码部门', null, '部门', null],
    ]);
    const r = await importSheet(sheet);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, code: 200 });
    const after = await live();
    const by = (name: string) => after.find((d) => d.departName === name)!;
    expect(by('导入公司')).toMatchObject({ orgCode: 'Y01', parentId: null, orgType: '1', orgCategory: '1' });
    expect(by('导入子部门')).toMatchObject({
      orgCode: 'Y01A01',
      parentId: by('导入公司').id,
      orgType: '2',
      departOrder: 2,
    });
    // the next free top-level code after the ones that were there
    const plain = by('无编码部门');
    expect(plain.parentId).toBeNull();
    expect(plain.orgCode).toMatch(/^[A-Z]\d{2}$/);
    expect(roots).not.toContain(plain.orgCode);
    // the tree shows the imported child under its parent
    const tree = await t.call('GET', '/sys/sysDepart/queryTreeList', { token: admin });
    const company = (tree.body.result as Array<{ title: string; children?: Array<{ title: string }> }>).find(
      (n) => n.title === '导入公司',
    );
    expect(company?.children?.map((c) => c.title)).toEqual(['导入子部门']);
  });

  it('refuses a file naming a parent that does not exist, storing none of it', async () => {
    const before = await live();
    const sheet = await plainWorkbook([
      ['机构名称', '机构编码'],
      ['孤儿部门前', 'X01'],
      ['孤儿部门', 'Q09A01'],
    ]);
    const r = await importSheet(sheet);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('Q09');
    expect(await live()).toHaveLength(before.length);
  });

  it('refuses a malformed org code with the row number', async () => {
    const r = await importSheet(
      await plainWorkbook([
        ['机构名称', '机构编码'],
        ['坏编码', 'a1'],
      ]),
    );
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      code: 201,
      result: { errorCount: 1, successCount: 0 },
    });
  });
});
