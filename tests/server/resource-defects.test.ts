import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import { isQueryable, type Resource } from '../../src/shared/resources/define.ts';
import { and, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { uploadPicture } from './resource-support.ts';
import { PAYLOAD, postParts } from './import-support.ts';
import ExcelJS from 'exceljs';

/**
 * Regressions of the defects found on shipped screens (issue 22): each case failed before the
 * generic resource layer was fixed.
 */
let t: TestApp;
let admin: string;
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
) => t.call(method, path, { token: admin, ...opts });

const first = async (path: string, query: Record<string, string>) => {
  const r = await call('GET', `${path}/list`, { query });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
  return r.body.result.records[0] as Record<string, unknown>;
};

describe('1. announcement start and end times', () => {
  it.each([
    ['2026-11-26 10:00:00', '2026-11-27 18:30:00', '2026-11-26 10:00:00', '2026-11-27 18:30:00'],
    ['2026-11-26T10:00:00', '2026-11-27T18:30', '2026-11-26 10:00:00', '2026-11-27 18:30:00'],
    ['2026-11-26 10:00', '2026-11-27 18:30:59', '2026-11-26 10:00:00', '2026-11-27 18:30:59'],
  ])('adds and edits with %s … %s', async (startTime, endTime, shownStart, shownEnd) => {
    const titile = `通告${startTime}`;
    const add = await call('POST', '/sys/annountCement/add', {
      body: {
        titile,
        msgContent: '<p>x</p>',
        priority: 'L',
        msgCategory: '1',
        msgType: 'ALL',
        startTime,
        endTime,
      },
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ success: true });
    const row = await first('/sys/annountCement', { titile });
    expect(row).toMatchObject({ startTime: shownStart, endTime: shownEnd });
    const edit = await call('PUT', '/sys/annountCement/edit', {
      body: { id: row.id, startTime: endTime, endTime: '2026-12-01 08:00:00' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ success: true });
    const shown = (await call('GET', '/sys/annountCement/queryById', { query: { id: String(row.id) } })).body
      .result;
    expect(shown).toMatchObject({ startTime: shownEnd, endTime: '2026-12-01 08:00:00' });
  });
});

describe('10. a wrong JSON type is refused in Chinese', () => {
  const chinese = /[\u4e00-\u9fff]/;
  it.each([
    ['an object for a text field', { code: {}, name: '职务甲', postRank: '1' }],
    ['an array for a text field', { code: ['a'], name: '职务乙', postRank: '1' }],
    ['a number for a boolean', { code: 'zz1', name: '职务丙', postRank: '1', unknown: 1 }],
    ['a body that is an array', [1, 2]],
    ['a body that is text', 'code=1'],
  ])('%s', async (_, body) => {
    const r = await t.call('POST', '/sys/position/add', {
      token: admin,
      body: typeof body === 'string' ? body : body,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).not.toBe(500);
    const message = String(r.body?.message ?? '');
    if (r.body?.success === false) expect(message).toMatch(chinese);
    expect(message).not.toMatch(/Invalid|expected|received/i);
  });
  it('an object for an edit field and a boolean field', async () => {
    const fare = await first('/yy/yyFare', {});
    for (const body of [
      { id: fare.id, enabled: {} },
      { id: fare.id, enabled: 'yes' },
      { id: {}, enabled: true },
    ]) {
      const r = await call('PUT', '/yy/yyFare/edit', { body });
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(chinese);
      expect(r.body.message).not.toMatch(/Invalid|expected|received/i);
    }
  });
});

describe('2. boolean fields in list filters, the super query and the export', () => {
  const booleans = (RESOURCES as readonly Resource[]).flatMap((r) =>
    r.decl.fields
      .filter((f) => f.type === 'boolean' && isQueryable(f))
      .map((f) => [r.decl.name, f.key, r] as const),
  );
  it('covers the shipped boolean fields', () => {
    expect(booleans.map(([name, key]) => `${name}.${key}`)).toEqual(
      expect.arrayContaining(['appVersion.forceUpdate', 'fare.enabled', 'customerAddress.isDefault']),
    );
  });
  it.each(booleans)('%s.%s', async (_, key, r) => {
    const list = r.endpoints.list.path;
    const sq = (rule: string, val: string) => ({
      superQueryParams: encodeURIComponent(JSON.stringify([{ field: key, rule, val, type: 'switch' }])),
    });
    const queries: Array<Record<string, string>> = [
      { [key]: '*true*' },
      { [key]: 'true*' },
      { [key]: '*false' },
      { [key]: 'abc' },
      { [key]: 'true' },
      { [key]: '1' },
      { [key]: 'true,false' },
      { [key]: '!true' },
      sq('like', 'tr'),
      sq('right_like', 'tr'),
      sq('left_like', 'ue'),
      sq('eq', 'abc'),
      sq('eq', 'true'),
      sq('ne', 'false'),
      sq('in', 'true,false'),
    ];
    for (const query of queries) {
      const r1 = await call('GET', list, { query });
      expect(r1.status, JSON.stringify(query)).toBe(200);
      if (!r1.body.success) expect(r1.body.message).toMatch(/[\u4e00-\u9fff]/);
      if (r.endpoints.exportXls) {
        const r2 = await call('GET', r.endpoints.exportXls.path, { query });
        expect(r2.status, `export ${JSON.stringify(query)}`).toBe(200);
      }
    }
    const t1 = await call('GET', list, { query: { [key]: 'true', pageSize: '100' } });
    expect(t1.body.success).toBe(true);
    for (const row of t1.body.result.records) expect(row[key]).toBe(true);
    const t2 = await call('GET', list, { query: { [key]: '*true*', pageSize: '100' } });
    expect(t2.body.result.total).toBe(t1.body.result.total);
  });
});

describe('3. fields fixed on edit are not changed by an edit', () => {
  const fixed = (RESOURCES as readonly Resource[]).flatMap((r) =>
    r.operations.has('edit')
      ? r.decl.fields.filter((f) => f.fixedOnEdit && !f.system).map((f) => [r.decl.name, f.key, r] as const)
      : [],
  );
  it('covers the shipped fixed fields', () => {
    expect(fixed.map(([name, key]) => `${name}.${key}`)).toEqual(
      expect.arrayContaining(['position.code', 'appVersion.app', 'techService.projectId', 'category.code']),
    );
  });
  it.each(fixed)('%s.%s', async (_, key, r) => {
    const row = (await call('GET', r.endpoints.list.path, { query: { pageSize: '1' } })).body.result
      .records[0] as Record<string, unknown>;
    expect(row, 'a seeded row').toBeDefined();
    const f = r.decl.fields.find((x) => x.key === key)!;
    // a value the field would accept on add: another option, another row's reference, a fresh code
    const other = (
      await call('GET', r.endpoints.list.path, { query: { pageSize: '50' } })
    ).body.result.records.find((x: Record<string, unknown>) => x[key] !== row[key] && x[key] != null);
    const changed = f.options
      ? f.options.find((o) => o.value !== String(row[key]))!.value
      : f.type === 'ref'
        ? other?.[key]
        : `${String(row[key])}Z9`;
    expect(changed).toBeDefined();
    const refused = await call('PUT', r.endpoints.edit!.path, { body: { id: row.id, [key]: changed } });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      success: false,
      message: typeof f.fixedOnEdit === 'string' ? f.fixedOnEdit : `${f.title}不能修改`,
    });
    const after = (await call('GET', r.endpoints.queryById.path, { query: { id: String(row.id) } })).body
      .result;
    expect(after[key]).toEqual(row[key]);
    // the original client sends the whole row back: the unchanged value is accepted
    const same = await call('PUT', r.endpoints.edit!.path, { body: { id: row.id, [key]: row[key] } });
    expect(same.body.message).not.toMatch(/不能修改/);
  });
});

describe('7. clearing an optional field whose column is NOT NULL takes its default', () => {
  const cases = SERVER_RESOURCES.flatMap((sr) => {
    if (!sr.resource.operations.has('edit')) return [];
    const columns = getTableColumns(sr.table) as Record<string, { notNull: boolean; hasDefault: boolean }>;
    return sr.resource.decl.fields
      .filter((f) => !f.system && !f.required && !f.by && !f.fixedOnEdit && columns[f.key]?.notNull)
      .map((f) => [sr.resource.decl.name, f.key, sr, columns[f.key]!.hasDefault] as const);
  });
  it('covers the shipped cases', () => {
    expect(cases.map(([name, key]) => `${name}.${key}`)).toEqual(
      expect.arrayContaining(['fare.enabled', 'customer.memberLevel']),
    );
  });
  it.each(cases)('%s.%s', async (_, key, sr, hasDefault) => {
    // an optional field over a NOT NULL column needs a default to fall back on
    expect(hasDefault).toBe(true);
    const r = sr.resource;
    const row = (await call('GET', r.endpoints.list.path, { query: { pageSize: '1' } })).body.result
      .records[0];
    for (const cleared of [null, '']) {
      const edit = await call('PUT', r.endpoints.edit!.path, { body: { id: row.id, [key]: cleared } });
      expect(edit.status).toBe(200);
      expect(edit.body.message).not.toMatch(/必填项不能为空/);
      expect(edit.body.success).toBe(true);
      const after = (await call('GET', r.endpoints.queryById.path, { query: { id: String(row.id) } })).body
        .result;
      expect(after[key]).not.toBeNull();
    }
  });
});

describe('8. an app version edit into a clash is refused by the rules, not the database', () => {
  it('changing app or platform onto a taken version code', async () => {
    const add = (app: string, platform: string) =>
      call('POST', '/yy/yyAppVersion/add', {
        body: {
          app,
          platform,
          versionName: '9.9.1',
          versionCode: 990001,
          downloadUrl: 'https://example.com/a.apk',
        },
      });
    expect((await add('customer', 'android')).body.success).toBe(true);
    expect((await add('technician', 'android')).body.success).toBe(true);
    expect((await add('customer', 'ios')).body.success).toBe(true);
    const mine = (await first('/yy/yyAppVersion', {
      app: 'customer',
      platform: 'android',
      versionCode: '990001',
    }))!;
    for (const body of [
      { id: mine.id, app: 'technician' },
      { id: mine.id, platform: 'ios' },
      { id: mine.id, app: 'technician', versionName: '9.9.2' },
    ]) {
      const r = await call('PUT', '/yy/yyAppVersion/edit', { body });
      expect(r.body.success).toBe(false);
      expect(r.body.message).not.toBe('数据库中已存在该记录');
    }
  });
});

describe('9. money columns hold what the money rule accepts', () => {
  const money = SERVER_RESOURCES.flatMap((sr) => {
    const columns = getTableColumns(sr.table) as Record<string, { precision?: number; scale?: number }>;
    return sr.resource.decl.fields
      .filter((f) => f.type === 'money' && !f.system)
      .map((f) => [sr.resource.decl.name, f.key, columns[f.key]!] as const);
  });
  it.each(money)('%s.%s is numeric(15,2)', (_, __, column) => {
    expect(column).toMatchObject({ precision: 15, scale: 2 });
  });
  it('a fare of 100000000.00 is stored', async () => {
    const fare = await first('/yy/yyFare', {});
    const r = await call('PUT', '/yy/yyFare/edit', {
      body: { id: fare.id, baseFare: '100000000.00', minFare: '9999999999999.99' },
    });
    expect(r.body).toMatchObject({ success: true });
    const after = (await call('GET', '/yy/yyFare/queryById', { query: { id: String(fare.id) } })).body.result;
    expect(after).toMatchObject({ baseFare: '100000000.00', minFare: '9999999999999.99' });
  });
});

describe('6. time filters at the precision the list shows', () => {
  const times = SERVER_RESOURCES.flatMap((sr) =>
    sr.resource.decl.fields
      .filter((f) => f.type === 'datetime' && isQueryable(f) && f.superQuery !== false)
      .slice(0, 1)
      .map((f) => [sr.resource.decl.name, f.key, sr] as const),
  );
  it('covers most resources', () => expect(times.length).toBeGreaterThanOrEqual(15));
  it.each(times)('%s.%s', async (_, key, sr) => {
    const r = sr.resource;
    const rows = (await call('GET', r.endpoints.list.path, { query: { pageSize: '50' } })).body.result
      .records;
    const row = rows.find((x: Record<string, unknown>) => x[key]);
    if (!row) return;
    const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
    // a stored instant within the second the list shows (a view shows its tables' instants as
    // stored, an append-only table refuses the change: the seed's, already within a second)
    if (!r.decl.view && !r.decl.appendOnly)
      await t.app.db
        .update(sr.table)
        .set({ [key]: sql`date_trunc('second', ${columns[key]!}) + interval '0.5 second'` })
        .where(eq(columns.id!, row.id));
    const shown = (await call('GET', r.endpoints.queryById.path, { query: { id: String(row.id) } })).body
      .result[key] as string;
    expect(shown).toBe(row[key]);
    const sq = (rule: string) => ({
      superQueryParams: JSON.stringify([{ field: key, rule, val: shown, type: 'datetime' }]),
    });
    for (const query of [
      { [`${key}_end`]: shown },
      { [`${key}_begin`]: shown },
      { [`${key}_begin`]: shown, [`${key}_end`]: shown },
      { [key]: shown },
      { [key]: `<=${shown}` },
      { [key]: `>=${shown}` },
      sq('eq'),
      sq('le'),
      sq('ge'),
      sq('in'),
    ]) {
      const found = await call('GET', r.endpoints.list.path, { query: { ...query, pageSize: '1000' } });
      expect(found.body.success, JSON.stringify(query)).toBe(true);
      expect(
        found.body.result.records.map((x: Record<string, unknown>) => x.id),
        JSON.stringify(query),
      ).toContain(row.id);
    }
    for (const query of [
      { [key]: `<${shown}` },
      { [key]: `>${shown}` },
      { [key]: `!${shown}` },
      sq('ne'),
      sq('lt'),
      sq('gt'),
    ]) {
      const found = await call('GET', r.endpoints.list.path, { query: { ...query, pageSize: '1000' } });
      expect(
        found.body.result.records.map((x: Record<string, unknown>) => x.id),
        JSON.stringify(query),
      ).not.toContain(row.id);
    }
  });
});

describe('4. a row another resource refers to is not deleted', () => {
  /** every (referrer, field, case value) that points at another resource, from the declarations */
  const refs = SERVER_RESOURCES.flatMap((sr) =>
    sr.resource.decl.fields.flatMap((f) => {
      const plain = f.type === 'ref' && f.reference ? [{ target: f.reference.resource, on: undefined }] : [];
      const cases = Object.entries(f.by?.cases ?? {})
        .filter(([, c]) => c.type === 'ref' && c.reference)
        .map(([value, c]) => ({ target: c.reference!.resource, on: { field: f.by!.field, value } }));
      return [...plain, ...cases].map((x) => [sr.resource.decl.name, f.key, x.target, sr, x.on] as const);
    }),
  );
  it('covers the banner link and the technician references', () => {
    expect(refs.map(([name, key, target]) => `${name}.${key}→${target}`)).toEqual(
      expect.arrayContaining([
        'banner.linkTarget→project',
        'techService.projectId→project',
        'technician.partnerId→partner',
      ]),
    );
  });
  it.each(refs)('%s.%s → %s', async (_, key, target, sr, on) => {
    const referred = SERVER_RESOURCES.find((x) => x.resource.decl.name === target)!.resource;
    if (!referred.operations.has('delete')) return;
    const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
    const [row] = (await t.app.db
      .select({ id: columns.id!, v: columns[key]! })
      .from(sr.table)
      .where(and(isNotNull(columns[key]!), on ? eq(columns[on.field]!, on.value) : undefined, sr.scope?.()))
      .limit(1)) as Array<{ id: string; v: string }>;
    expect(row, `a seeded ${sr.resource.decl.name} with ${key}`).toBeDefined();
    const del = await call('DELETE', referred.endpoints.delete!.path, { query: { id: row!.v } });
    expect(del.body.success).toBe(false);
    expect(del.body.message).toMatch(/不能删除/);
    const batch = await call('DELETE', referred.endpoints.deleteBatch!.path, { query: { ids: row!.v } });
    expect(batch.body.success).toBe(false);
    const still = await call('GET', referred.endpoints.queryById.path, { query: { id: row!.v } });
    expect(still.body.success).toBe(true);
  });
});

describe('4. a service project a banner links to', () => {
  it('is not deleted while the banner links to it, and is once the link is gone', async () => {
    const model = await first('/yy/yyProject', {});
    const add = await call('POST', '/yy/yyProject/add', {
      body: { name: '横幅专用项目', category: model.category, duration: 30, price: '10', status: '1' },
    });
    expect(add.body, JSON.stringify(add.body)).toMatchObject({ success: true });
    const project = await first('/yy/yyProject', { name: '横幅专用项目' });
    const banner = await call('POST', '/yy/yyImages/add', {
      body: {
        title: '引用横幅',
        image: await uploadPicture(t, admin, 'banner'),
        position: '1',
        linkType: 'project',
        linkTarget: project.id,
      },
    });
    expect(banner.body, JSON.stringify(banner.body)).toMatchObject({ success: true });
    const refused = await call('DELETE', '/yy/yyProject/delete', { query: { id: String(project.id) } });
    expect(refused.body).toMatchObject({ success: false, message: '该服务项目已被轮播图引用，不能删除' });
    const link = await first('/yy/yyImages', { title: '引用横幅' });
    const unlinked = await call('DELETE', '/yy/yyImages/delete', { query: { id: String(link.id) } });
    expect(unlinked.body, JSON.stringify(unlinked.body)).toMatchObject({ success: true });
    const deleted = await call('DELETE', '/yy/yyProject/delete', { query: { id: String(project.id) } });
    expect(deleted.body, JSON.stringify(deleted.body)).toMatchObject({ success: true });
  });
});

describe('5. an export holding referenced rows by name imports back', () => {
  const exported = async (path: string, query: Record<string, string>) => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/jeecg-boot${path}/exportXls`,
      query,
      headers: { 'x-access-token': admin },
    });
    expect(r.statusCode).toBe(200);
    return r.rawPayload;
  };
  it('技师服务: export one row, delete it, import the sheet', async () => {
    const row = await first('/yy/yyTechnicianService', {});
    const sheet = await exported('/yy/yyTechnicianService', { id: String(row.id) });
    expect(
      (await call('DELETE', '/yy/yyTechnicianService/delete', { query: { id: String(row.id) } })).body
        .success,
    ).toBe(true);
    const r = await postParts(t, '/yy/yyTechnicianService/importExcel', admin, [
      ...PAYLOAD,
      { name: 'file', filename: 'services.xlsx', content: sheet },
    ]);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, code: 200 });
    const back = await first('/yy/yyTechnicianService', {
      technicianId: String(row.technicianId),
      projectId: String(row.projectId),
    });
    expect(back).toMatchObject({
      technicianId: row.technicianId,
      projectId: row.projectId,
      technicianId_dictText: row.technicianId_dictText,
    });
  });
  it('技师: a partner named in the sheet; an unknown one is a row error with the row number', async () => {
    const row = await first('/yy/yyTechnician', {});
    const withPartner =
      row.partnerId_dictText !== null && row.partnerId_dictText !== undefined
        ? row
        : ((
            await call('GET', '/yy/yyTechnician/list', { query: { pageSize: '100' } })
          ).body.result.records.find((x: Record<string, unknown>) => x.partnerId_dictText) as Record<
            string,
            unknown
          >);
    expect(withPartner).toBeDefined();
    const sheet = await exported('/yy/yyTechnician', { id: String(withPartner.id) });
    // the sheet's partner column holds the partner's name; a row naming no partner fails alone
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sheet as never);
    const ws = wb.worksheets[0]!;
    let header = 0;
    ws.eachRow((r, n) => {
      if (!header && r.values && (r.values as unknown[]).includes('手机号')) header = n;
    });
    expect(header).toBeGreaterThan(0);
    const cells = ws.getRow(header).values as unknown[];
    const col = (title: string) => cells.indexOf(title);
    const dataRow = ws.getRow(header + 1);
    expect(dataRow.getCell(col('所属商户')).value).toBe(withPartner.partnerId_dictText);
    // another technician (fresh mobile, no ID card) of the same partner, named as the sheet names it
    dataRow.getCell(col('手机号')).value = '13900000071';
    if (col('身份证号') > 0) dataRow.getCell(col('身份证号')).value = null;
    const good = Buffer.from(await wb.xlsx.writeBuffer());
    const imported = await postParts(t, '/yy/yyTechnician/importExcel', admin, [
      ...PAYLOAD,
      { name: 'file', filename: 'technicians.xlsx', content: good },
    ]);
    expect(imported.body, JSON.stringify(imported.body)).toMatchObject({ success: true, code: 200 });
    expect(await first('/yy/yyTechnician', { mobile: '13900000071' })).toMatchObject({
      partnerId: withPartner.partnerId,
    });
    dataRow.getCell(col('手机号')).value = '13900000072';
    dataRow.getCell(col('所属商户')).value = '没有这个商户';
    const bad = Buffer.from(await wb.xlsx.writeBuffer());
    const refused = await postParts(t, '/yy/yyTechnician/importExcel', admin, [
      ...PAYLOAD,
      { name: 'file', filename: 'technicians.xlsx', content: bad },
    ]);
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({
      code: 201,
      result: { errorCount: 1, successCount: 0 },
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `/jeecg-boot${refused.body.result.fileUrl}`,
      headers: { 'x-access-token': admin },
    });
    expect(log.body).toMatch(/第\d+行：商户不存在或未启用/);
  });
});

describe('11. user pickers answer what a picker shows', () => {
  const PICKED = ['id', 'username', 'realname', 'avatar', 'orgCode', 'orgCodeTxt', 'departIds'];
  const PRIVATE = ['phone', 'email', 'birthday', 'telephone', 'sex', 'workNo', 'idCard', 'password', 'salt'];
  it('getMultiUser', async () => {
    const r = await call('GET', '/sys/user/getMultiUser');
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body.length).toBeGreaterThan(1);
    for (const u of r.body) {
      for (const key of PRIVATE) expect(u, key).not.toHaveProperty(key);
      for (const key of Object.keys(u)) expect(PICKED, key).toContain(key);
      expect(u).toMatchObject({ id: expect.any(String), username: expect.any(String) });
    }
  });
  it('queryUserComponentData', async () => {
    const r = await call('GET', '/sys/user/queryUserComponentData', { query: { pageSize: '50' } });
    expect(r.body.success).toBe(true);
    for (const u of r.body.result.records) {
      for (const key of PRIVATE) expect(u, key).not.toHaveProperty(key);
      for (const key of Object.keys(u)) expect(PICKED, key).toContain(key);
    }
  });
  it('neither filters nor sorts by a field it does not show', async () => {
    const all = await call('GET', '/sys/user/getMultiUser');
    const byPhone = await call('GET', '/sys/user/getMultiUser', { query: { phone: '1*' } });
    expect(byPhone.body.length).toBe(all.body.length);
    const sorted = await call('GET', '/sys/user/queryUserComponentData', {
      query: { column: 'phone', order: 'asc' },
    });
    expect(sorted.body.success).toBe(false);
  });
});

describe('a seeded row saved back as it is shown', () => {
  // found by the property test: the seed's pictures failed the stored-path rule on every edit
  it.each(
    SERVER_RESOURCES.filter(
      (sr) =>
        sr.resource.operations.has('edit') &&
        sr.resource.decl.fields.some((f) => f.type === 'image' || f.type === 'images'),
    ).map((sr) => [sr.resource.decl.name, sr] as const),
  )('%s', async (_, sr) => {
    const r = sr.resource;
    const rows = (await call('GET', r.endpoints.list.path, { query: { pageSize: '50' } })).body.result
      .records;
    const pictured = (rows as Json[]).find((x) =>
      r.decl.fields.some(
        (f) => (f.type === 'image' || f.type === 'images') && typeof x[f.key] === 'string' && x[f.key],
      ),
    );
    if (!pictured) return;
    const full = (await call('GET', r.endpoints.queryById.path, { query: { id: String(pictured.id) } })).body
      .result;
    const body = Object.fromEntries(
      Object.entries(full as Json).filter(
        ([k]) => k === 'id' || r.decl.fields.some((f) => f.key === k && !f.system),
      ),
    );
    const saved = await call('PUT', r.endpoints.edit!.path, { body });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ success: true });
  });
});
