/**
 * Seed of the technicians' wallet, after the ledger: withdrawals (提现) of the technicians with the
 * largest balances in every state, and material orders (物料订单) of goods on sale, paid from the
 * balance where it suffices or deducted on the statement (a deduction posted at once, charged by the
 * confirmed statement holding it), in every state. Their 资金流水 entries
 * are posted as the server posts them (same keys, kinds, signs and body hashes: src/server/money/
 * wallet.ts), the stock taken by the orders not cancelled. Set-based SQL, applied once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

export const WALLET_SEED_KEY = 'wallet:v1';

/** The ledger's body hash (src/server/money/ledger.ts `bodyOf`) of an entry with no order. */
const bodyHash = sql`encode(sha256(convert_to(
  '[' || to_json(e.account)::text || ',' || coalesce(to_json(e.account_id)::text, 'null') || ','
      || to_json(e.kind)::text || ',' || to_json(e.amount::text)::text || ',null,'
      || coalesce(to_json(e.reversal_of)::text, 'null') || ',null]',
  'UTF8')), 'hex')`;

/** Insert the entries of `e` (entry_key, account, account_id, kind, amount, reversal_of, technician_id, partner_id, memo, at). */
const insertEntries = (from: ReturnType<typeof sql>) => sql`
  insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id, order_no,
    technician_id, partner_id, rule_id, memo, reversal_of, tenant_id, create_by, create_time)
  select md5('seed-ledger:' || e.entry_key), e.entry_key, ${bodyHash}, e.account, e.account_id, e.kind, e.amount,
    null, null, e.technician_id, e.partner_id, null, e.memo, e.reversal_of,
    (select min(id) from sys_tenant), 'caiwu', e.at
  from (${from}) e
  order by e.entry_key
  on conflict do nothing`;

async function seedWithdrawals(db: Db): Promise<void> {
  // twelve technicians with the largest balances: 40% of it (whole hundreds, at least 100) each
  await db.execute(sql`
    with b as (
      select t.id, t.partner_id, b.balance,
        row_number() over (order by b.balance desc, t.id) as n
      from yy_ledger_balance b join yy_technician t on t.id = b.account_key
      where b.account = 'technician' and b.balance >= 300
    )
    insert into yy_withdraw (id, withdraw_no, technician_id, partner_id, amount, pay_account, status,
      reject_reason, pay_reference, audit_by, audit_time, pay_time, remark, create_by, create_time)
    select md5('seed-withdraw:' || b.n), 'TX' || to_char(now() - make_interval(days => 30 - b.n::int), 'YYYYMMDD')
        || upper(substr(md5('seed-withdraw-no:' || b.n), 1, 10)),
      b.id, b.partner_id, greatest(floor(b.balance * 0.4 / 100) * 100, 100),
      '招商银行 ****' || lpad((1000 + b.n * 37)::text, 4, '0'),
      s.status,
      case when s.status = '3' then '收款账户信息有误，请核对后重新申请' end,
      case when s.status = '4' then 'PAY' || to_char(now(), 'YYYYMMDD') || lpad(b.n::text, 6, '0') end,
      case when s.status <> '1' then 'caiwu' end,
      case when s.status <> '1' then now() - make_interval(days => 29 - b.n::int) end,
      case when s.status = '4' then now() - make_interval(days => 28 - b.n::int) end,
      null, 'admin', now() - make_interval(days => 30 - b.n::int)
    from b cross join lateral (select (array['1', '2', '3', '4'])[1 + (b.n::int % 4)] as status) s
    where b.n <= 12
    on conflict do nothing`);
  // the holds (every request), then the returns (rejected) and payouts (paid), reversing them
  await db.execute(
    insertEntries(sql`
      select 'withdraw:' || w.id || ':' || x.part as entry_key, x.account, x.account_id, x.kind,
        x.amount, null::varchar as reversal_of, w.technician_id, w.partner_id, x.memo, w.create_time as at
      from yy_withdraw w cross join lateral (values
        ('debit', 'technician', w.technician_id, 'withdraw', -w.amount, '提现申请 ' || w.withdraw_no),
        ('credit', 'platform', null, 'withdrawPayable', w.amount, '待付提现 ' || w.withdraw_no)
      ) as x (part, account, account_id, kind, amount, memo)
      where w.id in (select md5('seed-withdraw:' || g) from generate_series(1, 12) g)`),
  );
  await db.execute(
    insertEntries(sql`
      select 'withdraw:' || w.id || ':' || x.part as entry_key, x.account, x.account_id, x.kind,
        x.amount, md5('seed-ledger:withdraw:' || w.id || ':' || x.orig) as reversal_of, w.technician_id,
        w.partner_id, x.memo, coalesce(w.pay_time, w.audit_time) as at
      from yy_withdraw w cross join lateral (values
        ('3', 'return-debit', 'debit', 'technician', w.technician_id, 'withdrawReturn', w.amount,
          '提现驳回 ' || w.withdraw_no || '：' || w.reject_reason),
        ('3', 'return-credit', 'credit', 'platform', null, 'withdrawReturn', -w.amount, '提现驳回 ' || w.withdraw_no),
        ('4', 'payout', 'credit', 'platform', null, 'payout', -w.amount,
          '提现打款 ' || w.withdraw_no || '，流水号 ' || w.pay_reference)
      ) as x (status, part, orig, account, account_id, kind, amount, memo)
      where x.status = w.status and w.id in (select md5('seed-withdraw:' || g) from generate_series(1, 12) g)
        -- posted once: a repeated seed never reaches the reversal check with them again
        and not exists (select 1 from yy_ledger_entry y where y.entry_key = 'withdraw:' || w.id || ':' || x.part)`),
  );
}

async function seedMaterialOrders(db: Db): Promise<void> {
  // sixteen orders: technician n buys goods n (on sale, in stock), 1–3 pieces; paid from the
  // balance when it covers the amount (every other order), else deducted on the statement
  await db.execute(sql`
    with t as (
      select t.id, t.partner_id, coalesce(b.balance, 0) as balance, row_number() over (order by t.id) as n
      from yy_technician t
      left join yy_ledger_balance b on b.account = 'technician' and b.account_key = t.id
    ),
    g as (
      select id, name, price, row_number() over (order by name, id) as n, count(*) over () as c
      from yy_goods where status = '1' and stock >= 30
    ),
    o as (
      select t.n, t.id as technician_id, t.partner_id, g.id as goods_id, g.name, g.price,
        1 + (t.n::int % 3) as quantity,
        (array['1', '2', '3', '4'])[1 + ((t.n::int / 2) % 4)] as status,
        case when t.n % 2 = 0 and t.balance >= g.price * (1 + (t.n::int % 3)) then '1' else '2' end as pay_method
      from t join g on g.n = 1 + ((t.n - 1) % g.c)
      where t.n <= 16
    ),
    ins as (
    insert into yy_material_order (id, order_no, technician_id, partner_id, goods_id, goods_name, price, quantity,
      amount, pay_method, status, tracking_no, ship_time, receive_time, cancel_reason, create_by, create_time)
    select md5('seed-material:' || o.n), 'WL' || to_char(now() - make_interval(days => 20 - o.n::int), 'YYYYMMDD')
        || upper(substr(md5('seed-material-no:' || o.n), 1, 10)),
      o.technician_id, o.partner_id, o.goods_id, o.name, o.price, o.quantity, o.price * o.quantity, o.pay_method,
      o.status,
      case when o.status in ('2', '3') then 'SF' || lpad((1300000 + o.n * 7919)::text, 10, '0') end,
      case when o.status in ('2', '3') then now() - make_interval(days => 19 - o.n::int) end,
      case when o.status = '3' then now() - make_interval(days => 17 - o.n::int) end,
      case when o.status = '4' then '技师取消：已在线下购买' end,
      'yunying', now() - make_interval(days => 20 - o.n::int)
    from o
    on conflict do nothing
    returning goods_id, quantity, status)
    -- the stock the new orders hold (a cancelled one gave it back)
    update yy_goods g set stock = g.stock - q.n
      from (select goods_id, sum(quantity) as n from ins where status <> '4' group by goods_id) q
     where g.id = q.goods_id`);
  const seeded = sql`(select md5('seed-material:' || g) from generate_series(1, 16) g)`;
  await db.execute(
    insertEntries(sql`
      select 'material:' || m.id || ':' || x.part as entry_key, x.account, x.account_id, x.kind, x.amount,
        null::varchar as reversal_of, m.technician_id, m.partner_id, x.memo, m.create_time as at
      from yy_material_order m cross join lateral (values
        ('1', 'debit', 'technician', m.technician_id, 'purchase', -m.amount, '物料采购 ' || m.order_no),
        ('1', 'credit', 'platform', null, 'goodsSale', m.amount, '物料销售 ' || m.order_no),
        ('2', 'debit', 'technician', m.technician_id, 'deduction', -m.amount, '物料结算扣款 ' || m.order_no),
        ('2', 'credit', 'platform', null, 'goodsSale', m.amount, '物料销售 ' || m.order_no)
      ) as x (pay_method, part, account, account_id, kind, amount, memo)
      where x.pay_method = m.pay_method and m.id in ${seeded}`),
  );
  await db.execute(
    insertEntries(sql`
      select 'material:' || m.id || ':' || x.part as entry_key, x.account, x.account_id, x.kind, x.amount,
        md5('seed-ledger:material:' || m.id || ':' || x.orig) as reversal_of, m.technician_id, m.partner_id,
        x.memo, m.create_time + interval '1 hour' as at
      from yy_material_order m cross join lateral (values
        ('return-debit', 'debit', 'technician', m.technician_id, 'purchaseRefund', m.amount,
          '物料订单取消 ' || m.order_no || '：' || m.cancel_reason),
        ('return-credit', 'credit', 'platform', null, 'purchaseRefund', -m.amount, '物料订单取消 ' || m.order_no)
      ) as x (part, orig, account, account_id, kind, amount, memo)
      where m.status = '4' and m.id in ${seeded}
        and not exists (select 1 from yy_ledger_entry y where y.entry_key = 'material:' || m.id || ':' || x.part)`),
  );
}

/** Seed the withdrawals and material orders with their ledger entries, unless applied. */
export async function seedWallet(db: Db, applied: ReadonlySet<string>): Promise<string[]> {
  if (!applied.has(WALLET_SEED_KEY)) {
    await seedWithdrawals(db);
    await seedMaterialOrders(db);
  }
  return [WALLET_SEED_KEY];
}
