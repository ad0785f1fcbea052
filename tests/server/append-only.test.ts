import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../src/server/db/schema/columns.ts';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import type { ServerResource } from '../../src/server/resources/register.ts';
import { stableId } from '../../src/server/lib/query/ids.ts';
import { auditFields, defineResource } from '../../src/shared/resources/define.ts';
import { throwaway } from '../support/throwaway.ts';
import { resourceCommands } from '../../commands/resources/generate.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * An append-only resource (`appendOnly: true`): a throwaway ledger with no edit or delete endpoint
 * or command, whose table refuses UPDATE and DELETE from any SQL, and whose adds post once per
 * `Idempotency-Key`.
 */
const ENTRY = throwaway(
  defineResource({
    name: 'entry',
    title: '流水',
    path: '/demo/entry',
    appendOnly: true,
    component: 'demo/EntryList',
    category: '流水',
    english: 'entry',
    defaultSort: { field: 'createTime', order: 'desc' },
    sheet: { title: '流水', sheetName: '流水', filename: '流水.xlsx', asciiFilename: 'entries.xlsx' },
    fields: [
      { key: 'memo', title: '摘要', type: 'string', required: true, max: 50 },
      { key: 'amount', title: '金额', type: 'money', required: true },
      ...auditFields(),
    ],
  }),
);
const entries = pgTable('demo_entry', {
  id: idColumn(),
  memo: varchar('memo', { length: 50 }).notNull(),
  amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
  ...auditColumns(),
});
const entryServer: ServerResource = { resource: ENTRY, table: entries };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { resources: [...SERVER_RESOURCES, entryServer] });
  await t.database.rawQuery(
    `CREATE TABLE demo_entry (id varchar(32) PRIMARY KEY, memo varchar(50) NOT NULL,
       amount numeric(15,2) NOT NULL, create_by varchar(32), create_time timestamptz DEFAULT now(),
       update_by varchar(32), update_time timestamptz)`,
    [],
  );
  // what an append-only table's migration adds (the function is migration 0017's)
  await t.database.rawQuery(
    `CREATE TRIGGER demo_entry_append_only BEFORE UPDATE OR DELETE ON demo_entry
       FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change()`,
    [],
  );
  for (const op of ['list', 'add', 'export', 'import']) {
    const id = stableId(`perm:entry:${op}`);
    await t.database.rawQuery(
      `INSERT INTO sys_permission (id, name, menu_type, perms, perms_type, status) VALUES ($1, $2, 2, $3, '1', '1')`,
      [id, op, `entry:${op}`],
    );
    await t.database.rawQuery(
      `INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES ($1, $2, $3)`,
      [stableId(`rp:entry:${op}`), stableId('role:admin'), id],
    );
  }
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const post = (memo: string, key?: string) =>
  t.call('POST', '/demo/entry/add', {
    token: admin,
    body: { memo, amount: '12.50' },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const rowsOf = async (memo: string) => t.database.db.select().from(entries).where(eq(entries.memo, memo));

describe('an append-only resource', () => {
  it('has no edit or delete endpoint, command or operation', async () => {
    expect([...ENTRY.operations].sort()).toEqual(['add', 'export', 'import', 'list']);
    expect(resourceCommands(ENTRY).map((c) => c.id)).toEqual(['entry.list', 'entry.add']);
    for (const [method, url] of [
      ['PUT', '/demo/entry/edit'],
      ['POST', '/demo/entry/edit'],
      ['DELETE', '/demo/entry/delete'],
      ['DELETE', '/demo/entry/deleteBatch'],
    ] as const)
      expect((await t.call(method, url, { token: admin, query: { id: 'x' }, body: {} })).status).toBe(404);
    expect(() => defineResource({ ...ENTRY.decl, name: 'entry2', operations: ['list', 'edit'] })).toThrow(
      /append-only/,
    );
  });

  it('its table refuses UPDATE and DELETE even from raw SQL', async () => {
    expect((await post('期初余额')).body.success).toBe(true);
    const [row] = await rowsOf('期初余额');
    await expect(
      t.database.rawQuery(`UPDATE demo_entry SET amount = 0 WHERE id = $1`, [row!.id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.rawQuery(`DELETE FROM demo_entry WHERE id = $1`, [row!.id])).rejects.toThrow(
      /append-only/,
    );
    expect(await rowsOf('期初余额')).toEqual([row]);
  });

  it('posts a retried add once per Idempotency-Key, also when the retries race', async () => {
    const first = await post('佣金入账', 'key-1');
    const retry = await post('佣金入账', 'key-1');
    expect(first.body).toMatchObject({ success: true });
    expect(retry.body).toMatchObject({ success: true, message: first.body.message });
    expect(await rowsOf('佣金入账')).toHaveLength(1);
    expect((await post('佣金入账', 'key-2')).body.success).toBe(true);
    expect(await rowsOf('佣金入账')).toHaveLength(2);
    await Promise.all(Array.from({ length: 4 }, () => post('并发入账', 'key-3')));
    expect(await rowsOf('并发入账')).toHaveLength(1);
    // a refused add leaves its key unused
    expect((await post('', 'key-4')).body.success).toBe(false);
    expect((await post('重试成功', 'key-4')).body.success).toBe(true);
    expect(await rowsOf('重试成功')).toHaveLength(1);
  });
});
