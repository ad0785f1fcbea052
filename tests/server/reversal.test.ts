import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../src/server/db/schema/columns.ts';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import type { ServerResource } from '../../src/server/resources/register.ts';
import { postReversal } from '../../src/server/resources/reversal.ts';
import type { Db } from '../../src/server/db/client.ts';
import { stableId } from '../../src/server/lib/query/ids.ts';
import { auditFields, defineResource } from '../../src/shared/resources/define.ts';
import { REVERSAL_MSG } from '../../src/shared/resources/reversal.ts';
import { throwaway } from '../support/throwaway.ts';
import { resourceCommandEndpoints, resourceCommands } from '../../commands/resources/generate.ts';
import type { CommandContext } from '../../commands/core/types.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';

/**
 * Reversal entries of an append-only resource (`reversal` on an `appendOnly` declaration): a
 * throwaway tenant-owned ledger whose rows are corrected by `POST /demo/ledger/reverse`, once per
 * row, never a reversal, within the caller's row scope, once per `Idempotency-Key`; concurrent
 * reversals of one row post exactly one (on PostgreSQL in the server-pg pass).
 */
const LEDGER = throwaway(
  defineResource({
    name: 'demoLedger',
    title: '账目',
    path: '/demo/ledger',
    appendOnly: true,
    reversal: {
      amountFields: ['amount', 'fee'],
      refField: 'reversalOf',
      reasonField: 'reverseReason',
    },
    component: 'demo/LedgerList',
    category: '账目',
    english: 'demo-ledger',
    defaultSort: { field: 'createTime', order: 'desc' },
    sheet: { title: '账目', sheetName: '账目', filename: '账目.xlsx', asciiFilename: 'ledger.xlsx' },
    fields: [
      { key: 'memo', title: '摘要', type: 'string', required: true, max: 50 },
      { key: 'amount', title: '金额', type: 'money', required: true },
      { key: 'fee', title: '手续费', type: 'money' },
      { key: 'reversalOf', title: '冲正原记录', type: 'string', system: true },
      { key: 'reverseReason', title: '冲正原因', type: 'string', system: true },
      ...auditFields(),
    ],
  }),
);
const ledger = pgTable('demo_ledger', {
  id: idColumn(),
  memo: varchar('memo', { length: 50 }).notNull(),
  amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
  fee: numeric('fee', { precision: 15, scale: 2 }),
  reversalOf: varchar('reversal_of', { length: 32 }),
  reverseReason: varchar('reverse_reason', { length: 255 }),
  tenantId: integer('tenant_id'),
  ...auditColumns(),
});
const ledgerServer: ServerResource = { resource: LEDGER, table: ledger, tenant: { column: 'tenantId' } };

let t: TestApp;
let admin: string;
let west: string;
beforeAll(async () => {
  t = await createTestApp({}, { resources: [...SERVER_RESOURCES, ledgerServer] });
  const sql = (text: string, params: unknown[] = []) => t.database.rawQuery(text, params);
  await sql(
    `CREATE TABLE demo_ledger (id varchar(32) PRIMARY KEY, memo varchar(50) NOT NULL,
       amount numeric(15,2) NOT NULL, fee numeric(15,2), reversal_of varchar(32),
       reverse_reason varchar(255), tenant_id integer, create_by varchar(32),
       create_time timestamptz DEFAULT now(), update_by varchar(32), update_time timestamptz)`,
  );
  // what an append-only table's migration adds (its unique index on reversal_of: the last test)
  await sql(
    `CREATE TRIGGER demo_ledger_append_only BEFORE UPDATE OR DELETE ON demo_ledger
       FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change()`,
  );
  for (const op of ['list', 'add', 'export', 'import', 'reverse']) {
    const id = stableId(`perm:demoLedger:${op}`);
    await sql(
      `INSERT INTO sys_permission (id, name, menu_type, perms, perms_type, status) VALUES ($1, $2, 2, $3, '1', '1')`,
      [id, op, `demoLedger:${op}`],
    );
    await sql(`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES ($1, $2, $3)`, [
      stableId(`rp:demoLedger:${op}`),
      stableId('role:admin'),
      id,
    ]);
  }
  admin = await t.login('admin');
  expect(
    (await t.call('POST', '/sys/tenant/add', { token: admin, body: { name: '城西租户', status: 1 } })).body,
  ).toMatchObject({ success: true });
  // every permission (the ledger's among them) but tenant:all, in tenant 2 only
  const westRole = await roleWithout(t, 'ledger_west');
  await addUser(t, admin, 'ledger_west', { roleId: westRole, tenants: '2', phone: '13700000041' });
  west = await loginAdded(t, 'ledger_west');
});
afterAll(async () => t?.close());

const post = async (memo: string, amount: string, fee: string | null = null) => {
  const r = await t.call('POST', '/demo/ledger/add', { token: admin, body: { memo, amount, fee } });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
  const [row] = await t.database.db.select().from(ledger).where(eq(ledger.memo, memo));
  return row!;
};
const reverse = (id: string, reason: string | undefined, opts: { token?: string; key?: string } = {}) =>
  t.call('POST', '/demo/ledger/reverse', {
    token: opts.token ?? admin,
    body: { id, ...(reason === undefined ? {} : { reason }) },
    ...(opts.key ? { headers: { 'idempotency-key': opts.key } } : {}),
  });
const reversalsOf = (id: string) => t.database.db.select().from(ledger).where(eq(ledger.reversalOf, id));

describe('reversal entries of an append-only resource', () => {
  it('derives the endpoint, its permission and the command; refuses a reversal it cannot post', () => {
    expect(LEDGER.reversal?.endpoint).toEqual({
      method: 'POST',
      path: '/demo/ledger/reverse',
      permission: 'demoLedger:reverse',
    });
    expect(resourceCommands(LEDGER).map((c) => c.id)).toContain('demoLedger.reverse');
    expect(resourceCommandEndpoints(LEDGER)['demoLedger.reverse']).toEqual([LEDGER.reversal!.endpoint]);
    const decl = LEDGER.decl;
    expect(() => defineResource({ ...decl, name: 'l2', appendOnly: false })).toThrow(/append-only/);
    expect(() =>
      defineResource({ ...decl, name: 'l3', reversal: { ...decl.reversal, amountFields: ['memo'] } }),
    ).toThrow(/not a money field/);
    expect(() =>
      defineResource({ ...decl, name: 'l4', reversal: { ...decl.reversal, refField: 'memo' } }),
    ).toThrow(/system field/);
  });

  it('posts a row negating the money fields exactly, naming the original and the reason', async () => {
    const original = await post('技师佣金', '12345678901.05', '0.30');
    const r = await reverse(original.id, '  金额录错  ');
    expect(r.body).toMatchObject({ success: true, message: REVERSAL_MSG.done });
    const [reversal] = await reversalsOf(original.id);
    expect(reversal).toMatchObject({
      id: r.body.result,
      memo: '技师佣金',
      amount: '-12345678901.05',
      fee: '-0.30',
      reversalOf: original.id,
      reverseReason: '金额录错',
      createBy: 'admin',
      tenantId: original.tenantId,
    });
    // the original is as it was; together they sum to exactly nothing
    expect((await t.database.db.select().from(ledger).where(eq(ledger.id, original.id)))[0]).toEqual(
      original,
    );
    const { rows } = await t.database.rawQuery(
      `SELECT sum(amount)::text AS amount, sum(fee)::text AS fee FROM demo_ledger WHERE id = $1 OR reversal_of = $1`,
      [original.id],
    );
    expect(rows).toEqual([{ amount: '0.00', fee: '0.00' }]);
    // the list shows it, with its reference
    const listed = await t.call('GET', '/demo/ledger/list', {
      token: admin,
      query: { reversalOf: original.id },
    });
    expect(listed.body.result.records).toMatchObject([
      { amount: '-12345678901.05', reversalOf: original.id },
    ]);
  });

  it('refuses a second reversal, the reversal of a reversal, a missing reason and an unknown row', async () => {
    const original = await post('车费', '30.00');
    expect((await reverse(original.id, undefined)).body).toMatchObject({
      success: false,
      message: REVERSAL_MSG.reasonRequired,
    });
    expect((await reverse(original.id, '   ')).body.message).toBe(REVERSAL_MSG.reasonRequired);
    expect((await reverse(original.id, 'x'.repeat(256))).body.message).toBe(REVERSAL_MSG.reasonTooLong);
    expect((await reverse(original.id, '重复收取')).body.success).toBe(true);
    expect((await reverse(original.id, '再来一次')).body).toMatchObject({
      success: false,
      message: REVERSAL_MSG.twice,
    });
    const [reversal] = await reversalsOf(original.id);
    expect((await reverse(reversal!.id, '冲回')).body).toMatchObject({
      success: false,
      message: REVERSAL_MSG.ofReversal,
    });
    expect((await reverse('no-such-row', '原因')).body).toMatchObject({
      success: false,
      message: LEDGER.notFound,
    });
    expect(await reversalsOf(original.id)).toHaveLength(1);
    expect(await reversalsOf(reversal!.id)).toHaveLength(0);
  });

  it('reaches the row through the caller’s row scope: another tenant cannot reverse it', async () => {
    const original = await post('城东流水', '8.80');
    expect((await reverse(original.id, '越权', { token: west })).body).toMatchObject({
      success: false,
      message: LEDGER.notFound,
    });
    expect(await reversalsOf(original.id)).toHaveLength(0);
  });

  it('posts once per Idempotency-Key, also when the retries race', async () => {
    const a = await post('幂等一', '1.00');
    const first = await reverse(a.id, '重试', { key: 'rev-1' });
    const retry = await reverse(a.id, '重试', { key: 'rev-1' });
    expect(first.body).toMatchObject({ success: true, message: REVERSAL_MSG.done });
    expect(retry.body).toMatchObject({ success: true, message: REVERSAL_MSG.done });
    expect(await reversalsOf(a.id)).toHaveLength(1);
    const b = await post('幂等二', '2.00');
    const raced = await Promise.all(Array.from({ length: 4 }, () => reverse(b.id, '重试', { key: 'rev-2' })));
    expect(raced.every((r) => r.body.success)).toBe(true);
    expect(await reversalsOf(b.id)).toHaveLength(1);
  });

  // without the unique index yet: the row lock alone serialises them
  it('posts exactly one reversal when several race on one row', async () => {
    const original = await post('并发冲正', '66.60', '1.20');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => reverse(original.id, `并发${i}`)));
    expect(answers.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of answers.filter((x) => !x.body.success))
      expect(r.body).toMatchObject({ success: false, message: REVERSAL_MSG.twice });
    const reversals = await reversalsOf(original.id);
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({ amount: '-66.60', fee: '-1.20' });
  });

  it('a reversal waiting on another’s row lock sees it once committed, and is refused', async () => {
    const original = await post('锁等待', '9.90');
    const user = { username: 'admin' } as Parameters<typeof postReversal>[3]['user'];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstPosted!: () => void;
    const posted = new Promise<void>((resolve) => (firstPosted = resolve));
    // the first posts its reversal and holds its transaction open until released
    const first = t.app.db.transaction(async (tx) => {
      await postReversal(tx as unknown as Db, ledgerServer, original.id, { reason: '第一', user });
      firstPosted();
      await held;
    });
    await posted;
    // the second starts while the first is uncommitted: it must wait for the row, then refuse
    const second = t.app.db.transaction((tx) =>
      postReversal(tx as unknown as Db, ledgerServer, original.id, { reason: '第二', user }),
    );
    // the refusal is awaited from now on: it may arrive before the first's commit returns
    const refused = expect(second).rejects.toThrow(REVERSAL_MSG.twice);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await first;
    await refused;
    expect(await reversalsOf(original.id)).toHaveLength(1);
  });

  it('`demo-ledger reverse <id> --reason …` posts it; without a reason it asks, and refuses an empty one', async () => {
    const cmd = resourceCommands(LEDGER).find((c) => c.id === 'demoLedger.reverse')!;
    const asked: string[] = [];
    const ctx = (answer: string | null) =>
      ({
        api: {
          post: async (path: string, body: unknown) => {
            const r = await t.call('POST', path, { token: admin, body });
            if (!r.body.success) throw new Error(r.body.message);
            return r.body.result;
          },
        },
        keys: {},
        prompt: async (message: string) => (asked.push(message), answer),
      }) as unknown as CommandContext;
    const a = await post('命令冲正', '4.40');
    await expect(cmd.run(ctx(null), { id: a.id, reason: '录入错误' })).resolves.toMatchObject({
      message: REVERSAL_MSG.done,
    });
    expect(await reversalsOf(a.id)).toMatchObject([{ amount: '-4.40', reverseReason: '录入错误' }]);
    await expect(cmd.run(ctx('再次'), { id: a.id })).rejects.toThrow(REVERSAL_MSG.twice);
    const b = await post('命令冲正二', '1.10');
    await expect(cmd.run(ctx('  '), { id: b.id })).rejects.toThrow(REVERSAL_MSG.reasonRequired);
    expect(asked).toEqual(['请输入冲正原因', '请输入冲正原因']);
    expect(await reversalsOf(b.id)).toHaveLength(0);
    // a reversal is not offered on a reversal's row
    expect(cmd.when?.({ row: { id: 'x', reversalOf: a.id } } as never)).toBe(false);
    expect(cmd.when?.({ row: { id: a.id, reversalOf: null } } as never)).toBe(true);
  });

  it('postReversal posts inside the caller’s transaction: a later failure rolls it back', async () => {
    const original = await post('事务冲正', '5.00');
    const user = { username: 'admin' } as Parameters<typeof postReversal>[3]['user'];
    await expect(
      t.app.db.transaction(async (tx) => {
        await postReversal(tx as unknown as Db, ledgerServer, original.id, { reason: '退款', user });
        throw new Error('the refund failed');
      }),
    ).rejects.toThrow(/refund failed/);
    expect(await reversalsOf(original.id)).toHaveLength(0);
    await t.app.db.transaction((tx) =>
      postReversal(tx as unknown as Db, ledgerServer, original.id, { reason: '退款', user }),
    );
    expect(await reversalsOf(original.id)).toHaveLength(1);
  });

  it('a unique index on the reference refuses a second reversal written by hand', async () => {
    await t.database.rawQuery(
      `CREATE UNIQUE INDEX uq_demo_ledger_reversal_of ON demo_ledger (reversal_of)`,
      [],
    );
    const original = await post('手写冲正', '3.00');
    expect((await reverse(original.id, '第一次')).body.success).toBe(true);
    await expect(
      t.database.rawQuery(
        `INSERT INTO demo_ledger (id, memo, amount, reversal_of) VALUES ('hand-1', '手写', -3.00, $1)`,
        [original.id],
      ),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(await reversalsOf(original.id)).toHaveLength(1);
  });
});
