import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../src/server/db/schema/columns.ts';
import { sysStateHistory, yyGoods, yyPartner } from '../../src/server/db/schema/index.ts';
import { SERVER_RESOURCES } from '../../src/server/resources/index.ts';
import type { ServerResource } from '../../src/server/resources/register.ts';
import { newId, stableId } from '../../src/server/lib/query/ids.ts';
import { BizError } from '../../src/server/lib/http/result.ts';
import { auditFields, defineResource } from '../../src/shared/resources/define.ts';
import { throwaway } from '../support/throwaway.ts';
import { GOODS } from '../../src/shared/resources/goods.ts';
import { PARTNER } from '../../src/shared/resources/partner.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, loginAdded, roleWithout } from '../support/tenant-users.ts';

/**
 * Declared transitions (src/shared/resources/transitions.ts, src/server/resources/transitions.ts)
 * and the write transaction of the generated family: a throwaway 工单 whose close effect and
 * afterSave hook can be made to fail, the partner's generated actions, a tenant's goods, the
 * append-only history, a stale edit, and concurrent changes of one row.
 */
const TICKET = throwaway(
  defineResource({
    name: 'ticket',
    title: '工单',
    path: '/demo/ticket',
    operations: ['list', 'add', 'edit', 'delete'],
    component: 'demo/TicketList',
    category: '工单',
    english: 'ticket',
    defaultSort: { field: 'createTime', order: 'desc' },
    sheet: { title: '工单', sheetName: '工单', filename: '工单.xlsx', asciiFilename: 'tickets.xlsx' },
    notFound: '工单不存在',
    fields: [
      { key: 'title', title: '标题', type: 'string', required: true, max: 50 },
      {
        key: 'status',
        title: '状态',
        type: 'enum',
        system: true,
        options: [
          { value: 'open', text: '处理中' },
          { value: 'closed', text: '已关闭' },
        ],
      },
      { key: 'note', title: '备注', type: 'string', max: 50 },
      ...auditFields(),
    ],
    states: {
      field: 'status',
      label: 'title',
      transitions: {
        close: { title: '关闭', from: ['open'], to: 'closed', reason: 'required' },
        reopen: { title: '重新打开', from: ['closed'], to: 'open', perm: 'close' },
      },
    },
  }),
);

const tickets = pgTable('demo_ticket', {
  id: idColumn(),
  title: varchar('title', { length: 50 }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('open'),
  note: varchar('note', { length: 50 }),
  ...auditColumns(),
});
const effects = pgTable('demo_ticket_effect', {
  id: idColumn(),
  ticketId: varchar('ticket_id', { length: 32 }).notNull(),
  what: varchar('what', { length: 50 }).notNull(),
});

const committed: string[] = [];
const ticketServer: ServerResource = {
  resource: TICKET,
  table: tickets,
  hooks: {
    async afterSave({ tx, id, data }) {
      await tx.insert(effects).values({ id: newId(), ticketId: id, what: `saved:${String(data.note)}` });
      if (data.note === 'boom') throw new BizError('保存后的处理失败');
    },
    afterCommit({ id }) {
      committed.push(`saved:${id}`);
    },
  },
  transitions: {
    close: {
      async effects({ tx, row, reason }) {
        await tx.insert(effects).values({ id: newId(), ticketId: row.id, what: `closed:${reason}` });
        if (reason === 'boom') throw new BizError('关闭后的处理失败');
      },
      afterCommit({ rows }) {
        for (const r of rows) committed.push(`closed:${r.id}`);
      },
    },
  },
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { resources: [...SERVER_RESOURCES, ticketServer] });
  await t.database.rawQuery(
    `CREATE TABLE demo_ticket (id varchar(32) PRIMARY KEY, title varchar(50) NOT NULL,
       status varchar(10) NOT NULL DEFAULT 'open', note varchar(50), create_by varchar(32),
       create_time timestamptz DEFAULT now(), update_by varchar(32), update_time timestamptz)`,
    [],
  );
  await t.database.rawQuery(
    `CREATE TABLE demo_ticket_effect (id varchar(32) PRIMARY KEY, ticket_id varchar(32) NOT NULL,
       what varchar(50) NOT NULL)`,
    [],
  );
  for (const op of ['list', 'add', 'edit', 'delete', 'close']) {
    const id = stableId(`perm:ticket:${op}`);
    await t.database.rawQuery(
      `INSERT INTO sys_permission (id, name, menu_type, perms, perms_type, status) VALUES ($1, $2, 2, $3, '1', '1')`,
      [id, op, `ticket:${op}`],
    );
    await t.database.rawQuery(
      `INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES ($1, $2, $3)`,
      [stableId(`rp:ticket:${op}`), stableId('role:admin'), id],
    );
  }
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: object = {}) =>
  t.call(method, path, { token: admin, ...opts });
const ticketByTitle = async (title: string) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.title, title)))[0];
const addTicket = async (title: string) => {
  expect((await call('POST', '/demo/ticket/add', { body: { title } })).body.success).toBe(true);
  return (await ticketByTitle(title))!.id;
};
const effectsOf = async (id: string) =>
  (await t.database.db.select().from(effects).where(eq(effects.ticketId, id))).map((e) => e.what);
const historyOf = async (resource: string, id: string) =>
  t.database.db
    .select()
    .from(sysStateHistory)
    .where(and(eq(sysStateHistory.resource, resource), eq(sysStateHistory.rowId, id)));

describe('a declared transition', () => {
  it('changes the rows named, writes one history row each and answers them by GET {path}/history', async () => {
    const [a, b] = [await addTicket('打印机卡纸'), await addTicket('网络断了')];
    const close = (body: object) => call('PUT', '/demo/ticket/close', { body });
    expect((await close({ ids: `${a},${b}` })).body.message).toBe('请填写原因');
    expect((await close({ ids: '', reason: '已修好' })).body.message).toBe('请选择一条记录！');
    expect((await close({ ids: `${a},nope`, reason: '已修好' })).body.message).toBe('工单不存在');
    expect((await close({ ids: `${a},${b}`, reason: '已修好' })).body).toMatchObject({
      success: true,
      message: '关闭成功',
    });
    expect((await ticketByTitle('打印机卡纸'))!.status).toBe('closed');
    expect(committed).toEqual(expect.arrayContaining([`closed:${a}`, `closed:${b}`]));
    const history = await call('GET', '/demo/ticket/history', { query: { id: a } });
    expect(history.body.result).toEqual([
      expect.objectContaining({
        action: 'close',
        actionText: '关闭',
        fromText: '处理中',
        toText: '已关闭',
        reason: '已修好',
        changedBy: 'admin',
      }),
    ]);
    expect((await call('GET', '/demo/ticket/history', { query: { id: 'nope' } })).body.message).toBe(
      '工单不存在',
    );
  });

  it('refuses the whole batch when one row is not in a from-state, naming its state', async () => {
    const [open, closed] = [await addTicket('空调漏水'), await addTicket('灯不亮')];
    await call('PUT', '/demo/ticket/close', { body: { ids: closed, reason: '换了灯泡' } });
    const r = await call('PUT', '/demo/ticket/reopen', { body: { ids: `${closed},${open}` } });
    expect(r.body).toMatchObject({ success: false, message: '工单已是「处理中」状态' });
    expect((await ticketByTitle('灯不亮'))!.status).toBe('closed');
    const again = await call('PUT', '/demo/ticket/close', { body: { ids: closed, reason: '再关' } });
    expect(again.body.message).toBe('工单已是「已关闭」状态');
  });

  it('a dry run checks and answers the changes, and changes nothing', async () => {
    const id = await addTicket('门禁失灵');
    const dry = await call('PUT', '/demo/ticket/close', { body: { ids: id, reason: '演练', dryRun: true } });
    expect(dry.body.result).toEqual([expect.objectContaining({ id, change: '处理中 → 已关闭' })]);
    expect((await ticketByTitle('门禁失灵'))!.status).toBe('open');
    expect(await historyOf('ticket', id)).toEqual([]);
  });

  it('rolls everything back when an effect fails: state, history and what the effect wrote', async () => {
    const id = await addTicket('投影仪坏了');
    const r = await call('PUT', '/demo/ticket/close', { body: { ids: id, reason: 'boom' } });
    expect(r.body).toMatchObject({ success: false, message: '关闭后的处理失败' });
    expect((await ticketByTitle('投影仪坏了'))!.status).toBe('open');
    expect(await historyOf('ticket', id)).toEqual([]);
    expect(await effectsOf(id)).toEqual(['saved:null']);
    expect(committed).not.toContain(`closed:${id}`);
  });

  it('concurrent changes of one row: each waits for the lock, the history is one consistent chain', async () => {
    const id = await addTicket('并发工单');
    const calls = Array.from({ length: 8 }, (_, i) =>
      i % 2 === 0
        ? call('PUT', '/demo/ticket/close', { body: { ids: id, reason: `第${i}次` } })
        : call('PUT', '/demo/ticket/reopen', { body: { ids: id } }),
    );
    const answers = await Promise.all(calls);
    const succeeded = answers.filter((a) => a.body.success).length;
    expect(succeeded).toBeGreaterThanOrEqual(1);
    const history = await historyOf('ticket', id);
    expect(history).toHaveLength(succeeded);
    // every change starts from the state the one before it left: closes and reopens alternate
    const closes = history.filter((h) => h.fromState === 'open' && h.toState === 'closed').length;
    const reopens = history.filter((h) => h.fromState === 'closed' && h.toState === 'open').length;
    expect(closes + reopens).toBe(history.length);
    expect(closes - reopens).toBeGreaterThanOrEqual(0);
    expect(closes - reopens).toBeLessThanOrEqual(1);
    const state = closes > reopens ? 'closed' : 'open';
    expect((await ticketByTitle('并发工单'))!.status).toBe(state);
  });

  it('only one of several concurrent approvals of a partner succeeds', async () => {
    const name = '并发审核商户';
    const add = await call('POST', PARTNER.endpoints.add.path, {
      body: {
        name,
        partnerType: '1',
        contact: '张三',
        mobile: '13900001111',
        area: '330106',
        shareRatio: '10',
      },
    });
    expect(add.body).toMatchObject({ success: true });
    const [p] = await t.database.db.select().from(yyPartner).where(eq(yyPartner.name, name));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('PUT', '/yy/yyPartner/approve', { body: { ids: p!.id } })),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    const stop = await call('PUT', '/yy/yyPartner/resubmit', { body: { ids: p!.id } });
    expect(stop.body.message).toBe('商户状态不能从「正常」改为「待审核」');
    for (const a of answers.filter((x) => !x.body.success))
      expect(a.body.message).toBe('商户已是「正常」状态');
    expect((await historyOf('partner', p!.id)).map((h) => `${h.fromState}>${h.toState}`)).toEqual(['0>1']);
  });
});

describe('the history table', () => {
  it('is append-only: the database refuses UPDATE and DELETE, even from raw SQL', async () => {
    const [row] = await t.database.db.select().from(sysStateHistory).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.database.rawQuery(`UPDATE sys_state_history SET reason = 'x' WHERE id = $1`, [row!.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.rawQuery(`DELETE FROM sys_state_history WHERE id = $1`, [row!.id]),
    ).rejects.toThrow(/append-only/);
    expect(
      (await t.database.db.select().from(sysStateHistory).where(eq(sysStateHistory.id, row!.id)))[0],
    ).toEqual(row);
  });
});

describe('the row scope', () => {
  it("a tenant's user can neither change nor read the history of another tenant's goods", async () => {
    await call('POST', '/sys/tenant/add', { body: { name: '城西租户', status: 1 } });
    const roleId = await roleWithout(t, 'tenant_admin');
    await addUser(t, admin, 'west_admin', { roleId, tenants: '2', phone: '13700000002' });
    const west = await loginAdded(t, 'west_admin');
    const g = await call('POST', GOODS.endpoints.add.path, {
      body: { name: '总部精油', category: '1', price: '10', stock: 5, status: '1' },
    });
    expect(g.body).toMatchObject({ success: true });
    const [goods] = await t.database.db.select().from(yyGoods).where(eq(yyGoods.name, '总部精油'));
    const off = await t.call('PUT', '/yy/yyGoods/unshelve', { token: west, body: { ids: goods!.id } });
    expect(off.body).toMatchObject({ success: false, message: '商品不存在' });
    const seen = await t.call('GET', '/yy/yyGoods/history', { token: west, query: { id: goods!.id } });
    expect(seen.body).toMatchObject({ success: false, message: '商品不存在' });
    expect((await t.database.db.select().from(yyGoods).where(eq(yyGoods.id, goods!.id)))[0]!.status).toBe(
      '1',
    );
    expect((await call('PUT', '/yy/yyGoods/unshelve', { body: { ids: goods!.id } })).body).toMatchObject({
      success: true,
      message: '下架成功',
    });
  });
});

describe('the write transaction of add and edit', () => {
  it('afterSave runs in the transaction: its failure leaves neither the row nor what it wrote', async () => {
    const r = await call('POST', '/demo/ticket/add', { body: { title: '保存失败', note: 'boom' } });
    expect(r.body).toMatchObject({ success: false, message: '保存后的处理失败' });
    expect(await ticketByTitle('保存失败')).toBeUndefined();
    const id = await addTicket('保存成功');
    expect(committed).toContain(`saved:${id}`);
    const edit = await call('PUT', '/demo/ticket/edit', { body: { id, title: '改了', note: 'boom' } });
    expect(edit.body.success).toBe(false);
    expect((await ticketByTitle('保存成功'))!.note).toBeNull();
    expect(await effectsOf(id)).toEqual(['saved:null']);
  });

  it('refuses an edit whose row version is stale; an edit without one overwrites as before', async () => {
    const id = await addTicket('版本工单');
    const read = async () =>
      (await call('GET', '/demo/ticket/queryById', { query: { id } })).body.result as { rowVersion: string };
    const v1 = (await read()).rowVersion;
    expect(v1).toBe('0');
    const first = await call('PUT', '/demo/ticket/edit', { body: { id, note: '第一次', rowVersion: v1 } });
    expect(first.body.success).toBe(true);
    const stale = await call('PUT', '/demo/ticket/edit', { body: { id, note: '覆盖', rowVersion: v1 } });
    expect(stale.body).toMatchObject({ success: false, message: '数据已被他人修改，请刷新后重试' });
    expect((await ticketByTitle('版本工单'))!.note).toBe('第一次');
    const v2 = (await read()).rowVersion;
    expect(v2).not.toBe(v1);
    expect(
      (await call('PUT', '/demo/ticket/edit', { body: { id, note: '第二次', rowVersion: v2 } })).body.success,
    ).toBe(true);
    expect((await call('PUT', '/demo/ticket/edit', { body: { id, note: '无版本' } })).body.success).toBe(
      true,
    );
    expect((await ticketByTitle('版本工单'))!.note).toBe('无版本');
  });
});
