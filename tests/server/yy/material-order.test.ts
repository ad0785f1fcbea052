/**
 * 物料订单 through its endpoints: an order takes the goods' stock and, paid from the balance,
 * posts the purchase; 结算扣款 posts nothing (the statement deducts it); 取消 puts the stock back
 * and reverses the payment; 发货 → 收货. Concurrent orders never take the stock below zero
 * (PostgreSQL when run with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { MATERIAL_ORDER } from '../../../src/shared/resources/material-order.ts';
import { balanceDrifts } from '../../../src/server/money/balances.ts';
import { toFen } from '../../../src/shared/format.ts';

let t: TestApp;
let token: string;
const path = (op: string) => `${MATERIAL_ORDER.decl.path}/${op}`;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('yunying');
});
afterAll(async () => t?.close());

const q = async <T>(text: string, params: unknown[] = []) =>
  (await t.database.rawQuery(text, params)).rows as T[];

const balanceOf = async (technicianId: string) => {
  const [r] = await q<{ b: string | null }>(
    `select balance::text as b from yy_ledger_balance where account = 'technician' and account_key = $1`,
    [technicianId],
  );
  return toFen(r?.b ?? '0')!;
};
const stockOf = async (goodsId: string) =>
  (await q<{ stock: number }>(`select stock from yy_goods where id = $1`, [goodsId]))[0]!.stock;

/** A technician with at least `fen` of balance, and goods on sale (price in fen). */
async function fixtures(fen: number) {
  const [tech] = await q<{ id: string }>(
    `select account_key as id from yy_ledger_balance where account = 'technician' and balance * 100 >= $1
      order by balance desc, account_key limit 1`,
    [fen],
  );
  const [goods] = await q<{ id: string; price: string }>(
    `select id, price::text from yy_goods where status = '1' and stock > 10 and price < 100 order by name limit 1`,
  );
  return { tech: tech!.id, goods: goods!.id, priceFen: toFen(goods!.price)! };
}

const order = (technicianId: string, goodsId: string, quantity: number, payMethod: '1' | '2') =>
  t.call('POST', path('add'), { token, body: { technicianId, goodsId, quantity, payMethod } });

async function latest(technicianId: string) {
  const [m] = await q<{ id: string; status: string; amount: string; order_no: string }>(
    `select id, status, amount::text, order_no from yy_material_order where technician_id = $1
      order by create_time desc limit 1`,
    [technicianId],
  );
  return m!;
}

describe('物料订单', () => {
  it('paid from the balance: takes the stock and posts the purchase; 取消 restores both', async () => {
    const f = await fixtures(100_000);
    const [stock, bal] = [await stockOf(f.goods), await balanceOf(f.tech)];
    const r = await order(f.tech, f.goods, 3, '1');
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const m = await latest(f.tech);
    expect(m).toMatchObject({ status: '1', amount: ((3 * f.priceFen) / 100).toFixed(2) });
    expect(await stockOf(f.goods)).toBe(stock - 3);
    expect(await balanceOf(f.tech)).toBe(bal - 3 * f.priceFen);

    const noReason = await t.call('PUT', path('cancel'), { token, body: { ids: m.id } });
    expect(noReason.body).toMatchObject({ success: false, message: '请填写原因' });
    const c = await t.call('PUT', path('cancel'), { token, body: { ids: m.id, reason: '下错单' } });
    expect(c.body.success, JSON.stringify(c.body)).toBe(true);
    expect(await stockOf(f.goods)).toBe(stock);
    expect(await balanceOf(f.tech)).toBe(bal);
    const kinds = await q<{ kind: string; amount: string; rev: boolean }>(
      `select kind, amount::text, reversal_of is not null as rev from yy_ledger_entry
        where entry_key like $1 and account = 'technician' order by create_time, entry_key`,
      [`material:${m.id}:%`],
    );
    expect(kinds.map((k) => [k.kind, k.rev])).toEqual([
      ['purchase', false],
      ['purchaseRefund', true],
    ]);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
  });

  it('结算扣款 posts nothing now and is marked for the statement; 发货 → 确认收货', async () => {
    const f = await fixtures(0);
    const [stock, bal] = [await stockOf(f.goods), await balanceOf(f.tech)];
    expect((await order(f.tech, f.goods, 2, '2')).body.success).toBe(true);
    const m = await latest(f.tech);
    expect(await stockOf(f.goods)).toBe(stock - 2);
    expect(await balanceOf(f.tech)).toBe(bal);
    const [row] = await q<{ pay_method: string; statement_id: string | null }>(
      `select pay_method, statement_id from yy_material_order where id = $1`,
      [m.id],
    );
    expect(row).toEqual({ pay_method: '2', statement_id: null });
    const early = await t.call('PUT', path('receive'), { token, body: { ids: m.id } });
    expect(early.body.success).toBe(false);
    const ship = await t.call('PUT', path('ship'), {
      token,
      body: { ids: m.id, trackingNo: 'SF1234567890' },
    });
    expect(ship.body.success, JSON.stringify(ship.body)).toBe(true);
    expect((await t.call('PUT', path('receive'), { token, body: { ids: m.id } })).body.success).toBe(true);
    // a shipped or received order is no longer cancelled
    const late = await t.call('PUT', path('cancel'), { token, body: { ids: m.id, reason: '晚了' } });
    expect(late.body.success).toBe(false);
    const [done] = await q<{ status: string; tracking_no: string }>(
      `select status, tracking_no from yy_material_order where id = $1`,
      [m.id],
    );
    expect(done).toEqual({ status: '3', tracking_no: 'SF1234567890' });
  });

  it('refuses more than the stock or the balance, in Chinese, changing nothing', async () => {
    const f = await fixtures(0);
    const stock = await stockOf(f.goods);
    await q(`update yy_goods set stock = 2 where id = $1`, [f.goods]);
    const r = await order(f.tech, f.goods, 3, '2');
    expect(r.body.success).toBe(false);
    expect(r.body.message).toMatch(/^商品「.+」库存不足（剩余2件）$/);
    await q(`update yy_goods set stock = $2 where id = $1`, [f.goods, stock]);
    const [poor] = await q<{ id: string }>(
      `select t.id from yy_technician t where not exists (select 1 from yy_ledger_balance b
         where b.account = 'technician' and b.account_key = t.id and b.balance > 0) limit 1`,
    );
    const p = await order(poor!.id, f.goods, 1, '1');
    expect(p.body).toMatchObject({
      success: false,
      message: '技师可用余额不足（可用0.00元），请选择结算扣款',
    });
    expect(await stockOf(f.goods)).toBe(stock);
  });

  it('never takes the stock below zero under concurrent orders', async () => {
    const f = await fixtures(0);
    await q(`update yy_goods set stock = 5 where id = $1`, [f.goods]);
    const results = await Promise.all(Array.from({ length: 8 }, () => order(f.tech, f.goods, 2, '2')));
    const accepted = results.filter((r) => r.body.success).length;
    expect(accepted).toBe(2);
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toMatch(/库存不足/);
    expect(await stockOf(f.goods)).toBe(1);
    await expect(q(`update yy_goods set stock = -1 where id = $1`, [f.goods])).rejects.toThrow(
      /ck_yy_goods_stock/,
    );
  });

  it('never overdraws the balance under concurrent balance payments; the refused ones keep no stock', async () => {
    const f = await fixtures(20_000);
    await q(`update yy_goods set stock = 100000 where id = $1`, [f.goods]);
    const bal = await balanceOf(f.tech);
    // pieces per order so that about three orders fit the balance, eight are sent at once
    const pieces = Math.max(1, Math.floor(bal / (3 * f.priceFen)));
    const each = pieces * f.priceFen;
    const results = await Promise.all(Array.from({ length: 8 }, () => order(f.tech, f.goods, pieces, '1')));
    const accepted = results.filter((r) => r.body.success).length;
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toMatch(/余额不足/);
    expect(accepted).toBe(Math.min(8, Math.floor(bal / each)));
    expect(await balanceOf(f.tech)).toBe(bal - accepted * each);
    expect(await stockOf(f.goods)).toBe(100000 - accepted * pieces);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
  });

  it('lists the seeded orders in every state', async () => {
    const r = await t.call('GET', path('list'), {
      token: await t.login('caiwu'),
      query: { pageSize: '100' },
    });
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const states = new Set(r.body.result.records.map((x: { status: string }) => x.status));
    expect([...states].sort()).toEqual(['1', '2', '3', '4']);
    const methods = new Set(r.body.result.records.map((x: { payMethod: string }) => x.payMethod));
    expect([...methods].sort()).toEqual(['1', '2']);
  });
});
