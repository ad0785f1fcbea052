import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { sysUser, yyTechnician, yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import {
  ORDER,
  ORDER_STATUS_COUNTS,
  ORDER_TECHNICIAN_PICKER,
  ORDER_TIMELINE,
} from '../../../src/shared/resources/order.ts';
import { TECHNICIAN } from '../../../src/shared/resources/technician.ts';
import { ep, S } from './order-support.ts';

let t: TestApp;
let partnerId: string;
let token: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [o] = await t.database.db
    .select({ partnerId: yyVisitOrder.partnerId })
    .from(yyVisitOrder)
    .where(isNotNull(yyVisitOrder.partnerId))
    .limit(1);
  partnerId = o!.partnerId!;
  token = await t.login('yunying');
});

afterAll(async () => t?.close());

/** 运营专员's user edit with a partner binding (the edit needs the name along). */
const bindBody = async (partner: string) => {
  const [me] = await t.database.db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(eq(sysUser.username, 'yunying'));
  return { id: me!.id, realname: '运营专员', partnerId: partner };
};

describe("a partner's staff", () => {
  it('is an account bound to a partner by the user edit (an unknown partner refused)', async () => {
    const bad = await t.call('PUT', '/sys/user/edit', { token: admin, body: await bindBody('f'.repeat(32)) });
    expect(bad.body).toMatchObject({ success: false, message: '所属商户不存在' });
    // 运营专员 becomes the staff of one partner
    const bound = await t.call('PUT', '/sys/user/edit', { token: admin, body: await bindBody(partnerId) });
    expect(bound.body.success, JSON.stringify(bound.body)).toBe(true);
    const listed = await t.call('GET', '/sys/user/list', { token: admin, query: { username: 'yunying' } });
    expect(listed.body.result.records[0].partnerId).toBe(partnerId);
  });

  it("list only their partner's orders, with counts to match", async () => {
    const mine = await t.call('GET', ep.list.path, { token, query: { pageSize: '200' } });
    expect(mine.body.success).toBe(true);
    expect(mine.body.result.total).toBeGreaterThan(0);
    for (const r of mine.body.result.records) expect(r.partnerId).toBe(partnerId);
    const all = await t.call('GET', ep.list.path, { token: admin, query: {} });
    expect(all.body.result.total).toBeGreaterThan(mine.body.result.total);
    const counts = await t.call('GET', ORDER_STATUS_COUNTS.path, { token, query: {} });
    const sum = Object.values(counts.body.result as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(mine.body.result.total);
  });

  it("cannot read, time-line, change or export another partner's order", async () => {
    const [other] = await t.database.db
      .select()
      .from(yyVisitOrder)
      .where(and(ne(yyVisitOrder.partnerId, partnerId), eq(yyVisitOrder.status, S.accepted)))
      .limit(1);
    const byId = await t.call('GET', ep.queryById.path, { token, query: { id: other!.id } });
    expect(byId.body).toMatchObject({ success: false, message: '订单不存在' });
    const tl = await t.call('GET', ORDER_TIMELINE.path, { token, query: { id: other!.id } });
    expect(tl.body).toMatchObject({ success: false, message: '订单不存在' });
    const dep = await t.call('PUT', `${ORDER.decl.path}/depart`, { token, body: { ids: other!.id } });
    expect(dep.body).toMatchObject({ success: false, message: '订单不存在' });
    expect(
      (await t.database.db.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, other!.id)))[0]!.status,
    ).toBe(S.accepted);
  });

  it("see and pick only their partner's technicians", async () => {
    const picked = await t.call('GET', ORDER_TECHNICIAN_PICKER.path, { token });
    const ids = (picked.body.result as Array<{ id: string }>).map((r) => r.id);
    const theirs = await t.database.db
      .select({ id: yyTechnician.id })
      .from(yyTechnician)
      .where(and(eq(yyTechnician.partnerId, partnerId), ne(yyTechnician.workStatus, '4')));
    expect(ids.sort()).toEqual(theirs.map((r) => r.id).sort());
    const list = await t.call('GET', TECHNICIAN.endpoints.list.path, { token, query: { pageSize: '200' } });
    for (const r of list.body.result.records) expect(r.partnerId).toBe(partnerId);
  });

  it('reach everything again once unbound', async () => {
    const unbound = await t.call('PUT', '/sys/user/edit', {
      token: admin,
      body: await bindBody(''),
    });
    expect(unbound.body.success).toBe(true);
    const all = await t.call('GET', ep.list.path, { token, query: {} });
    const adminAll = await t.call('GET', ep.list.path, { token: admin, query: {} });
    expect(all.body.result.total).toBe(adminAll.body.result.total);
  });
});
