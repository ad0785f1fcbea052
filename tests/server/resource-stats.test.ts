import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  sysPermission,
  sysPermissionDataRule,
  yyGoods,
  yyTechnician,
} from '../../src/server/db/schema/index.ts';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import type { ServerResource } from '../../src/server/resources/register.ts';
import { formatDateTime } from '../../src/server/lib/http/time.ts';
import { newId } from '../../src/server/lib/query/ids.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { GOODS } from '../../src/shared/resources/goods.ts';
import { TECHNICIAN } from '../../src/shared/resources/technician.ts';
import { STATS_MSG, type StatsBy, type StatsResult } from '../../src/shared/resources/stats.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';

/**
 * `GET {path}/stats` of every resource declaring `stats`, every declared dimension (at every grain
 * or level) and every measure, checked against the rows themselves: groups computed here from the
 * rows read straight from the table, totals against direct SQL `count(*)` and `sum`. A row hidden
 * from the caller by tenant or by a data rule is not counted; unknown dimensions, grains and
 * measures are refused in Chinese; nothing answers HTTP 500.
 */
let t: TestApp;
let admin: string;
type Q = Record<string, string>;
const call = (path: string, query: Q = {}, token = admin) => t.call('GET', path, { token, query });

const STATS = SERVER_RESOURCES.filter((sr) => sr.resource.stats);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

/** Cents of a decimal text (exact). */
const cents = (v: unknown): bigint => {
  if (v === null || v === undefined) return 0n;
  const [i = '0', f = ''] = String(v).split('.');
  const neg = i.startsWith('-');
  const n = BigInt(i.replace('-', '') || '0') * 100n + BigInt((f + '00').slice(0, 2));
  return neg ? -n : n;
};
const money = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** Monday of a `YYYY-MM-DD` day. */
function monday(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** The group key of a row's value, computed here without SQL. */
function groupKey(
  sr: ServerResource,
  field: string,
  by: StatsBy | null,
  v: unknown,
  tz: string,
): string | null {
  const f = sr.resource.decl.fields.find((x) => x.key === field)!;
  if (v === null || v === undefined || v === '') return null;
  if (f.type === 'datetime' || f.type === 'date') {
    const day = f.type === 'datetime' ? formatDateTime(v as Date, tz)!.slice(0, 10) : String(v).slice(0, 10);
    return by === 'month' ? day.slice(0, 7) : by === 'week' ? monday(day) : day;
  }
  if (f.type === 'area') {
    const digits = { province: 2, city: 4, district: 6 }[by as 'province'];
    return String(v).slice(0, digits).padEnd(6, '0');
  }
  return String(v);
}

/** Every row the admin's list reaches, straight from the table. */
const rowsOf = async (sr: ServerResource) =>
  (await t.database.db.select().from(sr.table).where(sr.scope?.())) as Array<Record<string, unknown>>;

describe('stats of every declaring resource', () => {
  it('declares stats on several resources', () => {
    expect(STATS.map((sr) => sr.resource.decl.name).sort()).toEqual(
      ['customer', 'fare', 'goods', 'ledger', 'order', 'techSummary', 'technician'].sort(),
    );
  });

  for (const sr of STATS) {
    const { decl } = sr.resource;
    const stats = sr.resource.stats!;
    for (const d of stats.dimensions)
      for (const by of d.by.length ? d.by : [null])
        for (const m of stats.measures)
          it(`${decl.name}: ${d.key}${by ? `/${by}` : ''} × ${m.key}`, async () => {
            const tz = t.app.config.timezone;
            const r = await call(stats.endpoint.path, {
              dimension: d.key,
              measure: m.key,
              ...(by ? { by } : {}),
            });
            expect(r.status).toBe(200);
            expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
            const result = r.body.result as StatsResult;
            expect(result.dimension).toEqual({ key: d.key, title: d.title, by });
            expect(result.measure).toMatchObject({ key: m.key, fn: m.fn });
            // the groups as computed here from the rows
            const rows = await rowsOf(sr);
            const groups = new Map<string | null, Array<Record<string, unknown>>>();
            for (const row of rows) {
              const k = groupKey(sr, d.field, by, row[d.field], tz);
              groups.set(k, [...(groups.get(k) ?? []), row]);
            }
            const expected = [...groups].map(([key, inGroup]) => ({
              key,
              value:
                m.fn === 'count'
                  ? inGroup.length
                  : m.fn === 'sum'
                    ? money(inGroup.reduce((s, row) => s + cents(row[m.field]), 0n))
                    : new Set(inGroup.map((row) => row[m.field]).filter((v) => v !== null && v !== '')).size,
            }));
            const got = result.rows.map(({ key, value }) => ({ key, value }));
            const order = (a: { key: string | null }, b: { key: string | null }) =>
              String(a.key).localeCompare(String(b.key));
            expect([...got].sort(order)).toEqual([...expected].sort(order));
            for (const row of result.rows) {
              expect(typeof row.label).toBe('string');
              expect(row.label.length).toBeGreaterThan(0);
              // money is decimal text, never a float
              if (m.fn === 'sum') expect(row.value).toMatch(/^-?\d+\.\d{2}$/);
            }
            // totals against direct SQL on the same rows
            const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
            if (m.fn === 'count') {
              const [{ n }] = (await t.database.db
                .select({ n: sql<number>`count(*)::int` })
                .from(sr.table)
                .where(sr.scope?.())) as [{ n: number }];
              expect(result.rows.reduce((s, x) => s + Number(x.value), 0)).toBe(n);
            }
            if (m.fn === 'sum') {
              const [{ s }] = (await t.database.db
                .select({ s: sql<string>`coalesce(sum(${columns[m.field]!}), 0)::numeric(20,2)::text` })
                .from(sr.table)
                .where(sr.scope?.())) as [{ s: string }];
              expect(money(result.rows.reduce((a, x) => a + cents(x.value), 0n))).toBe(s);
            }
          });
  }

  it('labels groups by dict text, option text, area name and referenced name', async () => {
    const level = await call(TECHNICIAN.stats!.endpoint.path, { dimension: 'level' });
    const partner = await call(TECHNICIAN.stats!.endpoint.path, { dimension: 'partnerId' });
    const status = await call(TECHNICIAN.stats!.endpoint.path, { dimension: 'workStatus' });
    const city = await call('/yy/yyFare/stats', { dimension: 'cityCode', by: 'province' });
    for (const r of [level, partner, status, city]) expect(r.body.success).toBe(true);
    const labels = (r: typeof level) =>
      (r.body.result as StatsResult).rows.filter((x) => x.key !== null).map((x) => [x.key, x.label]);
    for (const [key, label] of [...labels(level), ...labels(partner), ...labels(status), ...labels(city)])
      expect(label, `${key}`).not.toBe(key);
    expect(labels(status).map(([, l]) => l)).toEqual(
      expect.arrayContaining([expect.stringMatching(/在线|服务中|休息|停用/)]),
    );
  });

  it('takes the list filters: the same rows as the list with the same parameters', async () => {
    for (const q of <Q[]>[
      { workStatus: '1' },
      { level: 'senior' },
      { name: '*王*' },
      { createTime_begin: '2020-01-01' },
    ]) {
      const list = await call(TECHNICIAN.endpoints.list.path, { ...q, pageSize: '1' });
      expect(list.body.success, JSON.stringify(list.body)).toBe(true);
      const stats = await call(TECHNICIAN.stats!.endpoint.path, { ...q, dimension: 'workStatus' });
      expect(stats.body.success).toBe(true);
      const total = (stats.body.result as StatsResult).rows.reduce((s, x) => s + Number(x.value), 0);
      expect(total, JSON.stringify(q)).toBe(list.body.result.total);
    }
  });
});

describe('refusals', () => {
  it('refuses unknown dimensions, grains and measures in Chinese, never with HTTP 500', async () => {
    for (const sr of STATS) {
      const path = sr.resource.stats!.endpoint.path;
      const dict = sr.resource.stats!.dimensions.find((d) => !d.by.length);
      const cases: Array<[Q, string]> = [
        [{ dimension: 'nope' }, STATS_MSG.unknownDimension('nope')],
        [
          { dimension: 'id; drop table yy_goods --' },
          STATS_MSG.unknownDimension('id; drop table yy_goods --'),
        ],
        [{ dimension: 'id' }, STATS_MSG.unknownDimension('id')],
        [{ measure: 'sum(price)' }, STATS_MSG.unknownMeasure('sum(price)')],
        [{ measure: 'nope' }, STATS_MSG.unknownMeasure('nope')],
      ];
      const dated = sr.resource.stats!.dimensions.find((d) => d.by.length);
      if (dated) cases.push([{ dimension: dated.key, by: 'year' }, STATS_MSG.unknownBy('year', dated.title)]);
      if (dict) cases.push([{ dimension: dict.key, by: 'month' }, STATS_MSG.unknownBy('month', dict.title)]);
      for (const [query, message] of cases) {
        const r = await call(path, query);
        expect(r.status, JSON.stringify(query)).toBeLessThan(500);
        expect(r.body, JSON.stringify(query)).toMatchObject({ success: false, message });
        expect(message).toMatch(/[\u4e00-\u9fa5]/);
      }
      // hostile filters are the list's refusals, not a server error
      for (const q of <Q[]>[
        { createTime_begin: 'x' },
        { column: 'nope' },
        { superQueryParams: '[{' },
        { id: '\0' },
      ]) {
        const r = await call(path, q);
        expect(r.status, JSON.stringify(q)).toBeLessThan(500);
      }
    }
  });

  it('answers only to the list permission', async () => {
    const roleId = await roleWithout(t, 'no_goods_list', [PERM.goods.list]);
    await addUser(t, admin, 'no_goods', { roleId, phone: '13700000011' });
    const token = await loginAdded(t, 'no_goods');
    const r = await call(GOODS.stats!.endpoint.path, {}, token);
    expect(r.status).toBeLessThan(500);
    expect(r.body.success).toBe(false);
  });
});

describe('the row scope', () => {
  it("a tenant's user counts its own tenant's rows only", async () => {
    expect(
      (await t.call('POST', '/sys/tenant/add', { token: admin, body: { name: '统计租户', status: 1 } })).body,
    ).toMatchObject({ success: true });
    const roleId = await roleWithout(t, 'stats_tenant');
    await addUser(t, admin, 'stats_west', { roleId, tenants: '2', phone: '13700000012' });
    const west = await loginAdded(t, 'stats_west');
    const add = await t.call('POST', GOODS.endpoints.add.path, {
      token: west,
      body: { name: '租户精油', category: '1', price: '12.34', stock: 1, status: '1' },
    });
    expect(add.body).toMatchObject({ success: true });
    const path = GOODS.stats!.endpoint.path;
    const sum = (r: { body: { result: StatsResult } }) =>
      money(r.body.result.rows.reduce((s, x) => s + cents(x.value), 0n));
    const mine = await call(path, { dimension: 'category', measure: 'price' }, west);
    expect(mine.body.success).toBe(true);
    const [own] = (await t.database.db
      .select({
        s: sql<string>`coalesce(sum(${yyGoods.price}), 0)::numeric(20,2)::text`,
        n: sql<number>`count(*)::int`,
      })
      .from(yyGoods)
      .where(eq(yyGoods.tenantId, 2))) as [{ s: string; n: number }];
    expect(sum(mine)).toBe(own.s);
    expect(own.s).toBe('12.34');
    const count = await call(path, { dimension: 'status' }, west);
    expect(count.body.result.rows.reduce((s: number, x: { value: number }) => s + x.value, 0)).toBe(own.n);
    // the admin (every tenant) counts it with the others
    const all = await call(path, { dimension: 'category', measure: 'price' });
    expect(cents(sum(all))).toBeGreaterThan(cents(own.s));
  });

  it('a row a data rule hides from the list is not counted', async () => {
    const db = t.database.db;
    const [menu] = await db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.component, TECHNICIAN.decl.component!));
    expect(menu).toBeDefined();
    const ruleId = newId();
    await db.insert(sysPermissionDataRule).values({
      id: ruleId,
      permissionId: menu!.id,
      ruleName: '在线技师',
      ruleColumn: 'workStatus',
      ruleConditions: '=',
      ruleValue: '1',
    });
    await db.update(sysPermission).set({ ruleFlag: 1 }).where(eq(sysPermission.id, menu!.id));
    const roleId = await roleWithout(t, 'online_only');
    const granted = await t.call('POST', '/sys/role/datarule', {
      token: admin,
      body: { permissionId: menu!.id, roleId, dataRuleIds: ruleId },
    });
    expect(granted.body).toMatchObject({ success: true });
    await addUser(t, admin, 'online_viewer', { roleId, phone: '13700000013' });
    const viewer = await loginAdded(t, 'online_viewer');
    const path = TECHNICIAN.stats!.endpoint.path;
    const total = (r: { body: { result: StatsResult } }) =>
      r.body.result.rows.reduce((s, x) => s + Number(x.value), 0);
    const [{ online }] = (await db
      .select({ online: sql<number>`count(*)::int` })
      .from(yyTechnician)
      .where(and(eq(yyTechnician.workStatus, '1')))) as [{ online: number }];
    const [{ every }] = (await db.select({ every: sql<number>`count(*)::int` }).from(yyTechnician)) as [
      { every: number },
    ];
    expect(every).toBeGreaterThan(online);
    for (const d of TECHNICIAN.stats!.dimensions) {
      const seen = await call(path, { dimension: d.key }, viewer);
      expect(seen.body.success, JSON.stringify(seen.body)).toBe(true);
      expect(total(seen), d.key).toBe(online);
      expect(total(await call(path, { dimension: d.key }))).toBe(every);
    }
    const byStatus = await call(path, { dimension: 'workStatus' }, viewer);
    expect(byStatus.body.result.rows.map((x: { key: string }) => x.key)).toEqual(online ? ['1'] : []);
    // the list agrees
    const list = await call(TECHNICIAN.endpoints.list.path, { pageSize: '1' }, viewer);
    expect(list.body.result.total).toBe(online);
  });
});
