import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, ne } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { yyUser, yyUserAddress, yyVisitOrder } from '../../../src/server/db/schema/index.ts';
import { ORDER_ADDRESS_PICKER, ORDER_QUOTE } from '../../../src/shared/resources/order.ts';
import { CUSTOMER } from '../../../src/shared/resources/customer.ts';
import { fromFen, toFen } from '../../../src/shared/format.ts';
import { booking, ep, fixtures, localTime, S } from './order-support.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof fixtures>>;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
  f = await fixtures(t);
});
afterAll(async () => t?.close());

const latest = async () =>
  (await t.database.db.select().from(yyVisitOrder).orderBy(desc(yyVisitOrder.createTime)).limit(1))[0]!;

describe('booking a visit order', () => {
  it('quotes the price the add then saves: project lines, 加钟, the fare of the city and window, the discount', async () => {
    const p = f.projects[0]!;
    const x = f.projects[1]!;
    const body = booking(f, {
      itemList: [{ projectId: p.id, quantity: 2 }],
      extraList: [{ projectId: x.id, quantity: 1 }],
      discountAmount: '5.50',
      // client-sent amounts are ignored
      totalAmount: '0.01',
    });
    const q = await t.call('POST', ORDER_QUOTE.path, { token: token.yuangong, body });
    expect(q.body.success, JSON.stringify(q.body)).toBe(true);
    const r = q.body.result;
    const project = toFen(p.price)! * 2;
    const extra = toFen(x.price)!;
    expect(r.projectAmount).toBe(fromFen(project));
    expect(r.extraAmount).toBe(fromFen(extra));
    expect(r.fare.period).toBe('day');
    expect(r.totalAmount).toBe(fromFen(project + extra + toFen(r.fareAmount)! - 550));
    expect(r.serviceMinutes).toBe(p.duration * 2 + x.duration);
    expect(r.address).toMatchObject({ addressId: f.address.id, contact: f.address.contact });

    const added = await t.call('POST', ep.add.path, { token: token.yuangong, body });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const o = await latest();
    expect(o.status).toBe(S.unpaid);
    expect(o.totalAmount).toBe(r.totalAmount);
    expect(o.fareAmount).toBe(r.fareAmount);
    expect(o.orderNo).toMatch(/^\d{8}-\d{4}$/);
    expect(o.createBy).toBe('yuangong');
    const got = await t.call('GET', ep.queryById.path, { token: token.yuangong, query: { id: o.id } });
    expect(got.body.result.itemList).toMatchObject([
      { projectId: p.id, projectName: p.name, price: p.price, quantity: 2 },
    ]);
    expect(got.body.result.extraList).toHaveLength(1);
  });

  it('prices the night window by the night rule', async () => {
    const day = await t.call('POST', ORDER_QUOTE.path, { token: token.admin, body: booking(f) });
    const night = await t.call('POST', ORDER_QUOTE.path, {
      token: token.admin,
      body: booking(f, { appointmentTime: localTime(2, '23:00') }),
    });
    expect(night.body.result.fare.period).toBe('night');
    expect(toFen(night.body.result.fareAmount)!).toBeGreaterThan(toFen(day.body.result.fareAmount)!);
  });

  it('refuses a blacklisted customer with the reason, a past appointment and a discount above the amount', async () => {
    const db = t.database.db;
    const edit = CUSTOMER.endpoints.edit.path;
    const noReason = await t.call('PUT', edit, {
      token: token.admin,
      body: { id: f.customer.id, blacklisted: true },
    });
    expect(noReason.body).toMatchObject({ success: false, message: '列入黑名单请填写原因' });
    const listed = await t.call('PUT', edit, {
      token: token.admin,
      body: { id: f.customer.id, blacklisted: true, blacklistReason: '多次爽约' },
    });
    expect(listed.body.success, JSON.stringify(listed.body)).toBe(true);
    const refused = await t.call('POST', ep.add.path, { token: token.yuangong, body: booking(f) });
    expect(refused.body).toMatchObject({
      success: false,
      message: '该客户已被列入黑名单，不能下单（原因：多次爽约）',
    });
    // taken off the list: a reason sent along is stored as sent (the property sweep found it
    // silently dropped), none sent clears the old one
    const kept = await t.call('PUT', edit, {
      token: token.admin,
      body: { id: f.customer.id, blacklisted: false, blacklistReason: '已核实' },
    });
    expect(kept.body.success, JSON.stringify(kept.body)).toBe(true);
    const reasonOf = async () =>
      (await db.select().from(yyUser).where(eq(yyUser.id, f.customer.id)))[0]!.blacklistReason;
    expect(await reasonOf()).toBe('已核实');
    await t.call('PUT', edit, {
      token: token.admin,
      body: { id: f.customer.id, blacklisted: true, blacklistReason: '再犯' },
    });
    const cleared = await t.call('PUT', edit, {
      token: token.admin,
      body: { id: f.customer.id, blacklisted: false },
    });
    expect(cleared.body.success).toBe(true);
    expect(await reasonOf()).toBeNull();
    const past = await t.call('POST', ep.add.path, {
      token: token.yuangong,
      body: booking(f, { appointmentTime: localTime(-1, '10:00') }),
    });
    expect(past.body).toMatchObject({ success: false, message: '预约时间不能早于当前时间' });
    const tooMuch = await t.call('POST', ep.add.path, {
      token: token.yuangong,
      body: booking(f, { discountAmount: '99999' }),
    });
    expect(tooMuch.body).toMatchObject({ success: false, message: '优惠金额不能超过订单金额' });
  });

  it("books at any of the customer's saved addresses (the picker offers them, default first) and refuses another customer's", async () => {
    const db = t.database.db;
    const second = {
      id: 'order-booking-addr-2',
      userId: f.customer.id,
      contact: '第二联系人',
      mobile: '13911112222',
      areaCode: f.address.areaCode,
      detail: '文三路 90 号 2 幢',
      location: { x: (f.address.location?.x ?? 120.1) + 0.01, y: (f.address.location?.y ?? 30.2) + 0.01 },
      isDefault: false,
      sortNo: 9,
    };
    await db.insert(yyUserAddress).values(second);
    // the picker: the customer's addresses, the default first and marked; none without a customer
    const offered = await t.call('GET', ORDER_ADDRESS_PICKER.path, {
      token: token.yuangong,
      query: { customerId: f.customer.id },
    });
    expect(offered.body.success).toBe(true);
    const rows = offered.body.result as Array<{ id: string; detail: string; isDefault: boolean }>;
    expect(rows[0]).toMatchObject({ id: f.address.id, isDefault: true });
    expect(rows.find((r) => r.id === second.id)).toMatchObject({ isDefault: false });
    expect(rows.find((r) => r.id === second.id)!.detail).toContain(second.detail);
    const none = await t.call('GET', ORDER_ADDRESS_PICKER.path, { token: token.yuangong });
    expect(none.body.result).toEqual([]);

    // the chosen address is priced and copied, not the default
    const body = booking(f, { addressId: second.id });
    const q = await t.call('POST', ORDER_QUOTE.path, { token: token.yuangong, body });
    expect(q.body.result.address).toMatchObject({ addressId: second.id, contact: second.contact });
    const added = await t.call('POST', ep.add.path, { token: token.yuangong, body });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const o = await latest();
    expect(o).toMatchObject({
      addressId: second.id,
      contact: second.contact,
      mobile: second.mobile,
      areaCode: second.areaCode,
      detail: second.detail,
      location: second.location,
    });

    // another customer's address: refused in Chinese, nothing stored
    const [other] = await db
      .select({ id: yyUserAddress.id })
      .from(yyUserAddress)
      .where(ne(yyUserAddress.userId, f.customer.id))
      .limit(1);
    const before = await latest();
    for (const path of [ORDER_QUOTE.path, ep.add.path]) {
      const refused = await t.call('POST', path, {
        token: token.yuangong,
        body: booking(f, { addressId: other!.id }),
      });
      expect(refused.body).toMatchObject({ success: false, message: '服务地址不存在或不属于该客户' });
    }
    expect((await latest()).id).toBe(before.id);
    // nor can an edit move an unpaid order to it
    const moved = await t.call('PUT', ep.edit.path, {
      token: token.yuangong,
      body: { id: o.id, addressId: other!.id },
    });
    expect(moved.body).toMatchObject({ success: false, message: '服务地址不存在或不属于该客户' });
    expect((await latest()).addressId).toBe(second.id);
  });

  it('keeps the address snapshot when the customer edits the address later', async () => {
    await t.call('POST', ep.add.path, { token: token.yuangong, body: booking(f) });
    const o = await latest();
    await t.database.db
      .update(yyUserAddress)
      .set({ detail: '改过的地址 1 号', contact: '新联系人' })
      .where(eq(yyUserAddress.id, f.address.id));
    const got = await t.call('GET', ep.queryById.path, { token: token.admin, query: { id: o.id } });
    expect(got.body.result).toMatchObject({ detail: f.address.detail, contact: f.address.contact });
    // an edit of the remark does not re-copy the address
    const edited = await t.call('PUT', ep.edit.path, {
      token: token.admin,
      body: { id: o.id, remark: '客户要求安静' },
    });
    expect(edited.body.success, JSON.stringify(edited.body)).toBe(true);
    const after = (await t.database.db.select().from(yyVisitOrder).where(eq(yyVisitOrder.id, o.id)))[0]!;
    expect(after.detail).toBe(f.address.detail);
    expect(after.remark).toBe('客户要求安静');
  });

  it('numbers concurrent bookings uniquely, in one daily sequence', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', ep.add.path, { token: token.admin, body: booking(f) })),
    );
    for (const r of results) expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const rows = await t.database.db.select({ no: yyVisitOrder.orderNo }).from(yyVisitOrder);
    expect(new Set(rows.map((r) => r.no)).size).toBe(rows.length);
  });

  it('lets 财务 read but not book', async () => {
    const list = await t.call('GET', ep.list.path, { token: token.caiwu, query: { status: S.unpaid } });
    expect(list.body.success).toBe(true);
    expect(list.body.result.total).toBeGreaterThan(0);
    const add = await t.call('POST', ep.add.path, { token: token.caiwu, body: booking(f) });
    expect(add.body.success).toBe(false);
  });
});
