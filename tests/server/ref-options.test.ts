/**
 * A filter must offer every value rows still hold (issue #27 item 5): for every `ref` field of
 * every declaration, a row whose referenced row has been stopped (a partner 停用, a technician
 * 停用, a project 下架: no longer `pickable`, so the picker leaves it out) is still found through
 * the filter: `<field>Options` offers the value, marked stopped, and the list filtered by it
 * answers the row. The picker keeps offering only what a new row may choose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../support/app.ts';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import { pickerOptions, REF_STOPPED_MARK } from '../../src/shared/resources/define.ts';
import { yyPartner, yyProject, yyTechnician } from '../../src/server/db/schema/index.ts';

/** How the test stops a row of each resource whose server half narrows what pickers offer. */
const STOP: Record<string, { table: PgTable; column: string; stopped: string }> = {
  partner: { table: yyPartner, column: 'status', stopped: '3' },
  technician: { table: yyTechnician, column: 'workStatus', stopped: '4' },
  project: { table: yyProject, column: 'status', stopped: '0' },
};

/** Fields whose picker offers only active rows (the cases): the filter must not follow it. */
const NARROWED = ['technician.partnerId', 'techService.technicianId', 'techService.projectId'];

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const byName = new Map(SERVER_RESOURCES.map((sr) => [sr.resource.decl.name, sr]));

describe('reference filters', () => {
  it('every resource narrowing its pickers is one the sweep knows how to stop', () => {
    const narrowing = SERVER_RESOURCES.filter((sr) => sr.pickable).map((sr) => sr.resource.decl.name);
    expect(narrowing.sort()).toEqual(Object.keys(STOP).sort());
  });

  it('find a row holding a stopped referenced value, for every ref field of every declaration', async () => {
    const db = t.database.db;
    const swept: string[] = [];
    for (const sr of SERVER_RESOURCES) {
      const r = sr.resource;
      for (const [key, contract] of Object.entries(r.refOptions)) {
        const f = r.decl.fields.find((x) => x.key === key)!;
        const columns = getTableColumns(sr.table) as Record<string, PgColumn>;
        const [held] = (await db
          .select({ id: columns.id!, value: columns[key]! })
          .from(sr.table)
          .where(isNotNull(columns[key]!))
          .limit(1)) as Array<{ id: string; value: string }>;
        if (!held) continue;
        const where = `${r.decl.name}.${key} → ${f.reference!.resource} ${held.value}`;
        const stop = STOP[f.reference!.resource];
        const target = byName.get(f.reference!.resource)!;
        const targetColumns = getTableColumns(target.table) as Record<string, PgColumn>;
        let before: unknown;
        if (stop) {
          const [row] = (await db
            .select({ state: targetColumns[stop.column]! })
            .from(target.table)
            .where(eq(targetColumns.id!, held.value))) as Array<{ state: unknown }>;
          before = row!.state;
          await db
            .update(stop.table)
            .set({ [stop.column]: stop.stopped })
            .where(eq(targetColumns.id!, held.value));
        }
        try {
          if (stop && NARROWED.includes(`${r.decl.name}.${key}`)) {
            // the picker (what a new row may choose) leaves it out: the defect's starting point
            const picker = await t.call(f.reference!.picker.method, f.reference!.picker.path, {
              token: admin,
            });
            const picked = pickerOptions(picker.body.result, f.reference!.label).map((o) => o.value);
            expect(picked, where).not.toContain(held.value);
          }
          const options = await t.call('GET', contract.path, { token: admin });
          expect(options.body.success, `${where}: ${options.body.message}`).toBe(true);
          const offered = pickerOptions(options.body.result, f.reference!.label);
          const mine = offered.find((o) => o.value === held.value);
          expect(mine, where).toBeDefined();
          if (stop) expect(mine!.text.endsWith(REF_STOPPED_MARK), where).toBe(true);
          const list = await t.call('GET', r.endpoints.list.path, {
            token: admin,
            query: { [key]: held.value, pageSize: '50' },
          });
          expect(list.body.success, `${where}: ${list.body.message}`).toBe(true);
          const records = list.body.result.records as Array<Record<string, unknown>>;
          expect(records.length, where).toBeGreaterThan(0);
          expect(
            records.every((x) => x[key] === held.value),
            where,
          ).toBe(true);
        } finally {
          if (stop)
            await db
              .update(stop.table)
              .set({ [stop.column]: before })
              .where(eq(targetColumns.id!, held.value));
        }
        swept.push(where);
      }
    }
    // partner, technician and project references are all among them
    for (const name of NARROWED) expect(swept.some((w) => w.startsWith(name))).toBe(true);
  });
});

describe('the forms’ reference lookups', () => {
  // a sub table's resource is served only with its parent: its form asked 项目明细's
  // projectIdOptions, which no route serves (404 on every 上门订单 edit)
  it('ask only refOptions endpoints the server serves, sub tables included', async () => {
    const { formFields, formSubTables } = await import('../../src/web/resources/resource-config.ts');
    const asked = new Set<string>();
    for (const { resource } of SERVER_RESOURCES) {
      if (!resource.decl.component) continue;
      const fields = [...formFields(resource), ...formSubTables(resource).flatMap((s) => s.fields)];
      for (const f of fields) if (f.reference?.held) asked.add(f.reference.held.path);
    }
    expect(asked.size).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const path of asked) {
      const r = await t.app.inject({
        url: `/jeecg-boot${path}`,
        headers: { 'x-access-token': admin },
      });
      if (r.statusCode === 404) missing.push(path);
    }
    expect(missing).toEqual([]);
  });
});
