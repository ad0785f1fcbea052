import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { yyProject, yyTechnician, yyTechnicianService } from '../../src/server/db/schema/index.ts';
import { TECH_SUMMARY } from '../../src/shared/resources/technician-summary.ts';
import { TECH_SERVICE } from '../../src/shared/resources/technician-service.ts';
import { defineResource } from '../../src/shared/resources/define.ts';
import { resourceCommands } from '../../commands/resources/generate.ts';
import { createTestApp, BASE, type TestApp } from '../support/app.ts';
import { addUser, hideByRule, loginAdded, roleWithout } from '../support/tenant-users.ts';

/**
 * A resource on a PostgreSQL view (`view: true`): 技师服务概况 reads yy_technician_summary through
 * the generated list, queryById, export and stats, under the caller's row scope, and has no write
 * endpoint or command.
 */
const P = TECH_SUMMARY.decl.path;
type Json = Record<string, unknown>;

let t: TestApp;
let admin: string;
let ruled: string;
let ruledRole: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ruledRole = await roleWithout(t, 'summary_ruled');
  await addUser(t, admin, 'summary_ruled', { roleId: ruledRole, tenants: '1', phone: '13700000021' });
  ruled = await loginAdded(t, 'summary_ruled');
});
afterAll(async () => t?.close());

const list = async (token: string, query: Record<string, string> = {}) => {
  const r = await t.call('GET', `${P}/list`, { token, query: { pageSize: '500', ...query } });
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return r.body.result as { total: number; records: Json[] };
};

/** a money text as integer fen (exact) */
const fen = (v: unknown) => {
  const [whole, frac = ''] = String(v).split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)) * (String(v).startsWith('-') ? -1 : 1);
};

/** what the view must answer for a technician, computed from the tables */
async function expected(technicianId: string) {
  const rows = await t.database.db
    .select({
      enabled: yyTechnicianService.enabled,
      own: yyTechnicianService.price,
      price: yyProject.price,
      status: yyProject.status,
    })
    .from(yyTechnicianService)
    .innerJoin(yyProject, eq(yyProject.id, yyTechnicianService.projectId))
    .where(eq(yyTechnicianService.technicianId, technicianId));
  const open = rows.filter((r) => r.enabled && r.status === '1').map((r) => fen(r.own ?? r.price));
  return {
    openServices: open.length,
    allServices: rows.length,
    minPrice: open.length ? Math.min(...open) : null,
    maxPrice: open.length ? Math.max(...open) : null,
  };
}

describe('a resource on a view', () => {
  it('sits on a PostgreSQL view', async () => {
    const { rows } = await t.database.rawQuery(
      `SELECT table_type FROM information_schema.tables WHERE table_name = 'yy_technician_summary'`,
      [],
    );
    expect(rows).toEqual([{ table_type: 'VIEW' }]);
  });

  it('lists one row per technician with open services and price range, read by id the same', async () => {
    const technicians = await t.database.db.select({ id: yyTechnician.id }).from(yyTechnician);
    const { total, records } = await list(admin);
    expect(total).toBe(technicians.length);
    const withServices = records.find((r) => Number(r.openServices) > 0);
    expect(withServices, 'the seed gives some technician open services').toBeDefined();
    // the default sort: most open services first
    const counts = records.map((r) => Number(r.openServices));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const row of records.slice(0, 5)) {
      const want = await expected(String(row.id));
      expect({
        openServices: row.openServices,
        allServices: row.allServices,
        minPrice: row.minPrice === null ? null : fen(row.minPrice),
        maxPrice: row.maxPrice === null ? null : fen(row.maxPrice),
      }).toEqual(want);
      const byId = await t.call('GET', `${P}/queryById`, { token: admin, query: { id: String(row.id) } });
      expect(byId.body.success).toBe(true);
      expect(byId.body.result).toMatchObject({ id: row.id, name: row.name, openServices: row.openServices });
      // money is decimal text, never a float
      if (row.minPrice !== null) expect(row.minPrice).toMatch(/^\d+\.\d{2}$/);
      if (row.partnerId) expect(row.partnerId_dictText).toEqual(expect.any(String));
    }
    expect(
      (await t.call('GET', `${P}/queryById`, { token: admin, query: { id: 'nope' } })).body,
    ).toMatchObject({
      success: false,
      message: '技师不存在',
    });
  });

  it('follows the tables it reads: a service opened shows at once', async () => {
    const { records } = await list(admin, { column: 'openServices', order: 'asc' });
    const [least] = records;
    const projects = await t.database.db
      .select({ id: yyProject.id })
      .from(yyProject)
      .where(eq(yyProject.status, '1'));
    const open = await t.database.db
      .select({ projectId: yyTechnicianService.projectId })
      .from(yyTechnicianService)
      .where(eq(yyTechnicianService.technicianId, String(least!.id)));
    const fresh = projects.find((p) => !open.some((o) => o.projectId === p.id));
    expect(fresh).toBeDefined();
    const added = await t.call('POST', `${TECH_SERVICE.decl.path}/addBatch`, {
      token: admin,
      body: { technicianId: least!.id, projectIds: [fresh!.id] },
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const after = await t.call('GET', `${P}/queryById`, { token: admin, query: { id: String(least!.id) } });
    expect(after.body.result).toMatchObject(
      await expected(String(least!.id)).then((e) => ({ allServices: e.allServices })),
    );
    expect(after.body.result.allServices).toBe(Number(least!.allServices) + 1);
  });

  it('applies the caller’s data rules to list, queryById, export and stats', async () => {
    const all = await list(admin);
    const hidden = all.records[0]!;
    await hideByRule(t, ruledRole, TECH_SUMMARY.decl.component!, String(hidden.id));
    const seen = await list(ruled);
    expect(seen.total).toBe(all.total - 1);
    expect(seen.records.map((r) => r.id)).not.toContain(hidden.id);
    expect(
      (await t.call('GET', `${P}/queryById`, { token: ruled, query: { id: String(hidden.id) } })).body,
    ).toMatchObject({ success: false, message: '技师不存在' });
    // the sheet holds one row fewer than the administrator's (title and header rows alike)
    const sheetRows = async (token: string) => {
      const sheet = await t.app.inject({
        method: 'GET',
        url: `${BASE}${P}/exportXls`,
        headers: { 'x-access-token': token },
      });
      expect(sheet.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
      return wb.worksheets[0]!.rowCount;
    };
    expect(await sheetRows(ruled)).toBe((await sheetRows(admin)) - 1);
    const stats = await t.call('GET', `${P}/stats`, {
      token: ruled,
      query: { dimension: 'level', measure: 'count' },
    });
    expect(stats.body.success, JSON.stringify(stats.body)).toBe(true);
    const groups = (stats.body.result.rows ?? stats.body.result) as Array<{ value: number | string }>;
    expect(groups.reduce((n, g) => n + Number(g.value), 0)).toBe(all.total - 1);
    // the administrator's own list is untouched
    expect((await list(admin)).total).toBe(all.total);
  });

  it('has no write endpoint, command or operation, and a declaration asking for one is refused', async () => {
    expect([...TECH_SUMMARY.operations].sort()).toEqual(['export', 'list']);
    expect(Object.keys(TECH_SUMMARY.endpoints).sort()).toEqual(['exportXls', 'list', 'queryById']);
    const ids = resourceCommands(TECH_SUMMARY).map((c) => c.id);
    expect(ids).toContain('techSummary.list');
    for (const op of ['add', 'edit', 'delete', 'import']) expect(ids).not.toContain(`techSummary.${op}`);
    for (const [method, url] of [
      ['POST', `${P}/add`],
      ['PUT', `${P}/edit`],
      ['POST', `${P}/edit`],
      ['DELETE', `${P}/delete`],
      ['DELETE', `${P}/deleteBatch`],
      ['POST', `${P}/importExcel`],
    ] as const) {
      expect((await t.call(method, url, { token: admin, query: { id: 'x' }, body: {} })).status, url).toBe(
        404,
      );
      expect(t.app.routePermissions.has(`${method} ${BASE}${url}`)).toBe(false);
    }
    for (const operations of [
      ['list', 'add'],
      ['list', 'edit'],
      ['list', 'delete'],
      ['list', 'import'],
    ] as const)
      expect(() => defineResource({ ...TECH_SUMMARY.decl, name: 'summary2', operations })).toThrow(
        /read only/,
      );
    expect(() =>
      defineResource({
        ...TECH_SUMMARY.decl,
        name: 'summary3',
        states: { field: 'workStatus', transitions: {} },
      }),
    ).toThrow(/read only/);
  });
});
