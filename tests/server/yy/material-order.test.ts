/**
 * 物料订单 through its endpoints: an order takes the goods' stock and, paid from the balance,
 * posts the purchase; 结算扣款 posts nothing (the statement deducts it); 取消 puts the stock back
 * and reverses the payment; 发货 → 收货. Concurrent orders never take the stock below zero
 * (PostgreSQL when run with TEST_DATABASE_URL).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { MATERIAL_ORDER } from '../../../src/shared/resources/material-order.ts';
import { balanceDrifts } from '../../../src/server/money/balances.ts';
import { toFen } from '../../../src/shared/format.ts';
import { sql } from 'drizzle-orm';
import { statementEntries } from '../../../src/server/money/statements.ts';
import { STATEMENT, STATEMENT_GENERATE } from '../../../src/shared/resources/statement.ts';
import { VISIT_FINANCE_DIVIDE } from '../../../src/shared/resources/visit-finance.ts';

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

  it('结算扣款 posts its deduction at once, uncharged until a statement holds it; 发货 → 确认收货', async () => {
    const f = await fixtures(0);
    const [stock, bal] = [await stockOf(f.goods), await balanceOf(f.tech)];
    expect((await order(f.tech, f.goods, 2, '2')).body.success).toBe(true);
    const m = await latest(f.tech);
    expect(await stockOf(f.goods)).toBe(stock - 2);
    expect(await balanceOf(f.tech)).toBe(bal - 2 * f.priceFen);
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

describe('结算扣款 on the statement', () => {
  it('is a line of the next statement once, may take the balance below zero, is charged by the confirmation', async () => {
    const caiwu = await t.login('caiwu');
    const admin = await t.login('admin');
    // the technician with the smallest balance above zero, and goods in plenty
    const [tech] = await q<{ id: string }>(
      `select account_key as id from yy_ledger_balance where account = 'technician' and balance > 0
        order by balance, account_key limit 1`,
    );
    const f = await fixtures(0);
    await q(`update yy_goods set stock = 100000 where id = $1`, [f.goods]);
    const bal = await balanceOf(tech!.id);
    const [{ period }] = (await q<{ period: string }>(
      `select to_char(now() at time zone $1, 'YYYY-MM') as period`,
      [t.config.timezone],
    )) as [{ period: string }];
    const periodSum = async () =>
      toFen(
        (
          await q<{ sum: string | null }>(
            `select sum(amount)::text as sum from yy_ledger_entry where account = 'technician'
              and account_id = $1 and to_char(create_time at time zone $2, 'YYYY-MM') = $3`,
            [tech!.id, t.config.timezone, period],
          )
        )[0]!.sum ?? '0',
      )!;
    // A: more than the balance (a receivable, allowed) and than the period's earnings, so the
    // statement nets below zero; B: cancelled before any statement holds it
    const pieces = Math.floor(Math.max(bal, await periodSum()) / f.priceFen) + 2;
    expect((await order(tech!.id, f.goods, pieces, '2')).body.success).toBe(true);
    const a = await latest(tech!.id);
    expect((await order(tech!.id, f.goods, 1, '2')).body.success).toBe(true);
    const b = await latest(tech!.id);
    const cancel = await t.call('PUT', path('cancel'), { token, body: { ids: b.id, reason: '不要了' } });
    expect(cancel.body.success, JSON.stringify(cancel.body)).toBe(true);
    expect(await balanceOf(tech!.id)).toBe(bal - pieces * f.priceFen);
    expect(await balanceOf(tech!.id)).toBeLessThan(0);
    expect(await balanceDrifts(t.database.db)).toEqual([]);
    // a negative balance lets no withdrawal or purchase through, whoever posts it (the database)
    await expect(
      q(
        `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, create_by)
         values ('deduct-test-w', 'test:deduct-w', 'x', 'technician', $1, 'withdraw', -0.01, 'test')`,
        [tech!.id],
      ),
    ).rejects.toThrow(/ledger balance/);
    // the statement of this period: A's deduction once, B's deduction and its reversal netting to zero
    const gen = async () => {
      const r = await t.call('POST', STATEMENT_GENERATE.path, { token: caiwu, body: { period } });
      expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    };
    await q(`delete from yy_statement where period = $1 and status = '0'`, [period]);
    await gen();
    await gen();
    const [s] = await q<{ id: string; total: string }>(
      `select id, total_amount::text as total from yy_statement
        where period = $1 and account = 'technician' and account_id = $2`,
      [period, tech!.id],
    );
    const lines = (
      (await t.database.db.execute(sql`
        select e.kind, e.amount::text as amount, e.entry_key from ${statementEntries(s!.id)} e
         where e.entry_key like 'material:%'`)) as unknown as {
        rows: Array<{ kind: string; amount: string; entry_key: string }>;
      }
    ).rows;
    const keyed = (id: string, part: string) => lines.filter((l) => l.entry_key === `material:${id}:${part}`);
    expect(keyed(a.id, 'debit')).toMatchObject([{ kind: 'deduction', amount: `-${a.amount}` }]);
    expect(keyed(b.id, 'debit')).toHaveLength(1);
    expect(keyed(b.id, 'return-debit')).toMatchObject([{ kind: 'purchaseRefund', amount: b.amount }]);
    const statementId = s!.id;
    expect(toFen(s!.total)).toBe(await periodSum());
    const charged = async () =>
      Object.fromEntries(
        (
          await q<{ id: string; statement_id: string | null }>(
            `select id, statement_id from yy_material_order where id in ($1, $2)`,
            [a.id, b.id],
          )
        ).map((r) => [r.id, r.statement_id]),
      );
    expect(await charged()).toEqual({ [a.id]: null, [b.id]: null });
    const act = (action: string, who: string, body: Record<string, unknown> = {}) =>
      t.call('PUT', `${STATEMENT.decl.path}/${action}`, { token: who, body: { ids: statementId, ...body } });
    expect((await act('confirm', caiwu)).body.success).toBe(true);
    // A charged by the statement; B, deducted and reversed on it, never was
    expect(await charged()).toEqual({ [a.id]: statementId, [b.id]: null });
    expect((await act('reopen', admin, { reason: '扣款有误' })).body.success).toBe(true);
    expect(await charged()).toEqual({ [a.id]: null, [b.id]: null });
    expect((await act('confirm', caiwu)).body.success).toBe(true);
    expect(await charged()).toEqual({ [a.id]: statementId, [b.id]: null });

    // settled, it nets below zero: 分账 pays it nothing (what it owes stays in the balance) and
    // counts it as owing; the database refuses a payout of zero or less, whoever writes it
    expect(toFen(s!.total)).toBeLessThan(0);
    expect((await act('settle', caiwu, { ref: 'PAY-NEG-1' })).body.success).toBe(true);
    const divide = await t.call('GET', VISIT_FINANCE_DIVIDE.path, { token: caiwu, query: { month: period } });
    expect(divide.body.success, JSON.stringify(divide.body)).toBe(true);
    expect(divide.body.result.owing).toBeGreaterThanOrEqual(1);
    expect(await q(`select id from yy_payout where statement_id = $1`, [statementId])).toEqual([]);
    await expect(
      q(
        `insert into yy_payout (id, statement_id, period, account, account_id, amount, create_by)
         values ('neg-payout', $1, $2, 'technician', $3, $4, 'test')`,
        [statementId, period, tech!.id, s!.total],
      ),
    ).rejects.toThrow(/ck_yy_payout_amount/);
  });
});

/** Run a migration file's statements again on the suite's database. */
async function runMigration(name: string) {
  const file = new URL(`../../../src/server/db/migrations/${name}.sql`, import.meta.url);
  for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) await q(statement);
}

describe('migration 0035: 结算扣款 orders placed before deductions were posted', () => {
  it('posts the deduction of each open one once, as the server posts it; cancelled ones get nothing', async () => {
    const f = await fixtures(0);
    const legacy = async (n: number, status: string) => {
      const id = `legacy-mo-${n}`;
      await q(
        `insert into yy_material_order (id, order_no, technician_id, goods_id, goods_name, price, quantity, amount,
           pay_method, status, create_by, create_time)
         values ($1, $2, $3, $4, '旧订单', 12.50, 2, 25.00, '2', $5, 'test', now() - interval '40 days')`,
        [id, `WLLEGACY${n}`, f.tech, f.goods, status],
      );
      return id;
    };
    const open = await legacy(1, '2');
    const cancelled = await legacy(2, '4');
    const bal = await balanceOf(f.tech);
    await runMigration('0035_material_order_deductions');
    await runMigration('0035_material_order_deductions');
    const entries = await q<{ entry_key: string; kind: string; amount: string; body_hash: string }>(
      `select entry_key, kind, amount::text, body_hash from yy_ledger_entry
        where entry_key like 'material:legacy-mo-%' order by entry_key`,
    );
    expect(entries.map((e) => [e.entry_key, e.kind, e.amount])).toEqual([
      [`material:${open}:credit`, 'goodsSale', '25.00'],
      [`material:${open}:debit`, 'deduction', '-25.00'],
    ]);
    // the body hash the server's posting computes: reposting by the server is a no-op, not a conflict
    const hash = (body: unknown[]) => createHash('sha256').update(JSON.stringify(body)).digest('hex');
    expect(entries[1]!.body_hash).toBe(hash(['technician', f.tech, 'deduction', '-25.00', null, null, null]));
    expect(entries[0]!.body_hash).toBe(hash(['platform', null, 'goodsSale', '25.00', null, null, null]));
    expect(await balanceOf(f.tech)).toBe(bal - 2500);
    expect(cancelled).toBeTruthy();
  });
});

describe('migration 0034: the old materialOrder:edit|delete|import rows', () => {
  it('removes them with their role, department and department-role grants, keeping the rest', async () => {
    const codes = ['materialOrder:edit', 'materialOrder:delete', 'materialOrder:import'];
    const [menu] = await q<{ id: string }>(
      `select id from sys_permission where url = '/yy/mall/materialOrder'`,
    );
    const [role] = await q<{ id: string }>(`select id from sys_role order by id limit 1`);
    const [depart] = await q<{ id: string }>(`select id from sys_depart order by id limit 1`);
    const [list] = await q<{ id: string }>(
      `select id from sys_permission where perms = 'materialOrder:list'`,
    );
    // what an install seeded before the declaration dropped them still holds
    for (const [i, code] of codes.entries()) {
      const id = `old-mo-perm-${i}`;
      await q(
        `insert into sys_permission (id, parent_id, name, menu_type, perms) values ($1, $2, $3, 2, $4)`,
        [id, menu!.id, code, code],
      );
      await q(`insert into sys_role_permission (id, role_id, permission_id) values ($1, $2, $3)`, [
        `old-mo-rp-${i}`,
        role!.id,
        id,
      ]);
      await q(`insert into sys_depart_permission (id, depart_id, permission_id) values ($1, $2, $3)`, [
        `old-mo-dp-${i}`,
        depart!.id,
        id,
      ]);
    }
    await q(
      `insert into sys_role_permission (id, role_id, permission_id) values ('old-mo-keep', $1, $2)
        on conflict do nothing`,
      [role!.id, list!.id],
    );
    await runMigration('0034_drop_material_order_write_perms');
    const left = await q<{ n: number }>(
      `select (select count(*) from sys_permission where perms = any($1))::int
        + (select count(*) from sys_role_permission where id like 'old-mo-rp-%')::int
        + (select count(*) from sys_depart_permission where id like 'old-mo-dp-%')::int as n`,
      [codes],
    );
    expect(left[0]!.n).toBe(0);
    const kept = await q<{ n: number }>(
      `select count(*)::int as n from sys_role_permission where role_id = $1 and permission_id = $2`,
      [role!.id, list!.id],
    );
    expect(kept[0]!.n).toBe(1);
    expect(await q(`select 1 from sys_permission where id = $1`, [list!.id])).toHaveLength(1);
  });
});
