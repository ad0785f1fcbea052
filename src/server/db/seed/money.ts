/**
 * Seed of money: 技师提成 rules of every scope and type (one expired, one disabled) and the
 * 资金流水 of the seeded orders — each completed order's payment and shares by the rule in force
 * at its completion (the same resolution and rounding as src/shared/money/commission.ts, in SQL),
 * and the claw-backs of the after-sale refunds in proportion to the shares (largest remainder, as
 * `apportion`). Set-based SQL, applied once under its ledger keys, after the orders.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { parseStatementPeriod } from '../../../shared/money/statement.ts';
import { chargeDeductions, generateStatements } from '../../money/statements.ts';

export const COMMISSION_SEED_KEY = 'commissionRules:v1';
export const LEDGER_SEED_KEY = 'ledger:v1';
export const STATEMENT_SEED_KEY = 'statements:v1';

/** The JSON body hashed by the ledger's idempotency check (src/server/money/ledger.ts `bodyOf`). */
const bodyHash = sql`encode(sha256(convert_to(
  '[' || to_json(e.account)::text || ',' || coalesce(to_json(e.account_id)::text, 'null') || ','
      || to_json(e.kind)::text || ',' || to_json(e.amount::text)::text || ',' || to_json(e.order_id)::text || ','
      || coalesce(to_json(e.reversal_of)::text, 'null') || ',' || coalesce(to_json(e.rule_id)::text, 'null') || ']',
  'UTF8')), 'hex')`;

async function seedRules(db: Db): Promise<void> {
  await db.execute(sql`
    with t as (select id, name, row_number() over (order by id) as n from yy_technician where work_status <> '4'),
         p as (select id, name, row_number() over (order by sort, id) as n from yy_project where status = '1')
    insert into yy_technician_commission (id, name, scope, technician_id, project_id, tech_level, type, amount,
      rate, tiers, priority, begin_date, end_date, enabled, remark, create_by, create_time)
    select md5('seed-commission:' || r.k), r.name, r.scope, r.technician_id, r.project_id, r.tech_level, r.type,
      r.amount, r.rate, r.tiers, r.priority, r.begin_date, r.end_date, r.enabled, r.remark, 'admin',
      now() - make_interval(days => 400 - r.k)
    from (
      select 1 as k, '通用提成' as name, '5' as scope, null as technician_id, null as project_id,
        null as tech_level, '2' as type, null::numeric as amount, 40.00 as rate, null as tiers, 0 as priority,
        null::date as begin_date, null::date as end_date, true as enabled, '未命中其他规则时按服务金额40%' as remark
      union all select 2, '旧通用提成（已失效）', '5', null, null, null, '2', null, 30.00, null, 5,
        null, current_date - 365, true, '已过失效日期，不再适用'
      union all select 3, '停用示例', '5', null, null, null, '2', null, 90.00, null, 9, null, null, false, '已停用'
      union all select 4, '金牌技师提成', '4', null, null, 'gold', '2', null, 50.00, null, 0, null, null, true, null
      union all select 5, '高级技师阶梯提成', '4', null, null, 'senior', '4', null, null, '1:42,11:45,21:48', 0,
        null, null, true, '当月第1单起42%，第11单起45%，第21单起48%'
      union all select 6, p.name || '固定提成', '3', null, p.id, null, '1', 88.00, null, null, 0, null, null, true, null
        from p where p.n = 1
      union all select 7, t.name || '按小时提成', '2', t.id, null, null, '3', 60.00, null, null, 0, null, null, true, null
        from t where t.n = 2
      union all select 8, t.name || '·' || p.name || '专项提成', '1', t.id, p.id, null, '2', null, 55.00, null, 10,
        null, null, true, null
        from t join p on p.n = 2 where t.n = 3
    ) r
    on conflict do nothing`);
}

async function seedLedger(db: Db, tz: string): Promise<void> {
  // each completed order's shares, by the rule in force at its completion (local date, month count)
  await db.execute(sql`
    with o as (
      select o.id, o.order_no, o.customer_id, o.technician_id, o.partner_id, o.tenant_id, o.finish_time,
        o.service_minutes, t.level, pa.id as partner_ok, pa.share_ratio,
        (select i.project_id from yy_visit_order_item i where i.order_id = o.id order by i.sort_no, i.id limit 1)
          as project_id,
        (o.paid_amount * 100)::bigint as paid_fen,
        (least(o.fare_amount, o.paid_amount) * 100)::bigint as travel_fen,
        (o.finish_time at time zone ${tz})::date as d,
        rank() over (partition by o.technician_id, date_trunc('month', o.finish_time at time zone ${tz})
                     order by o.finish_time) as month_count
      from yy_visit_order o
      join yy_technician t on t.id = o.technician_id
      left join yy_partner pa on pa.id = o.partner_id
      where o.finish_time is not null and o.paid_amount > 0
    ),
    c as (
      select o.*, r.id as rule_id, r.name as rule_name,
        least(greatest(coalesce(case r.type
          when '1' then r.amount * 100
          when '2' then round((o.paid_fen - o.travel_fen) * r.rate / 100)
          when '3' then round(r.amount * 100 * o.service_minutes / 60.0)
          when '4' then round((o.paid_fen - o.travel_fen) * (
            select split_part(x, ':', 2)::numeric from unnest(string_to_array(r.tiers, ',')) as x
             where split_part(x, ':', 1)::int <= o.month_count
             order by split_part(x, ':', 1)::int desc limit 1) / 100)
        end, 0), 0), o.paid_fen - o.travel_fen)::bigint as commission_fen
      from o
      left join lateral (
        select r.* from yy_technician_commission r
         where coalesce(r.enabled, true) and (r.begin_date is null or r.begin_date <= o.d)
           and (r.end_date is null or r.end_date >= o.d)
           and case r.scope
             when '1' then r.technician_id = o.technician_id and r.project_id = o.project_id
             when '2' then r.technician_id = o.technician_id
             when '3' then r.project_id = o.project_id
             when '4' then r.tech_level = o.level
             when '5' then true else false end
         order by r.scope, coalesce(r.priority, 0) desc, r.create_time desc, r.id desc limit 1
      ) r on true
    ),
    s as (
      select c.*, (c.paid_fen - c.travel_fen - c.commission_fen) as rest_fen,
        case when c.partner_ok is not null and c.share_ratio is not null
          then least(round((c.paid_fen - c.travel_fen - c.commission_fen) * c.share_ratio / 100),
                     c.paid_fen - c.travel_fen - c.commission_fen)::bigint else 0 end as partner_fen
      from c
    ),
    e as (
      select s.id as order_id, s.order_no, s.technician_id, s.partner_id, s.tenant_id, s.finish_time, x.*
      from s cross join lateral (values
        ('customer', s.customer_id, 'payment', -s.paid_fen, null::varchar, '客户支付'),
        ('technician', s.technician_id, 'travelFee', s.travel_fen, null, '车费归技师'),
        ('technician', s.technician_id, 'commission', s.commission_fen, s.rule_id,
          coalesce('规则「' || s.rule_name || '」', '无适用的提成规则')),
        ('partner', s.partner_id, 'partnerShare', s.partner_fen, null, '商户分成 ' || s.share_ratio || '%'),
        ('platform', null, 'platformShare', s.rest_fen - s.partner_fen, null, '平台分成')
      ) as x (account, account_id, kind, fen, rule_id, memo)
      where x.fen <> 0 or x.kind = 'payment'
    ),
    k as (
      select e.*, 'order:' || e.order_id || ':' || e.kind as entry_key,
        (e.fen / 100.0)::numeric(15, 2) as amount, null::varchar as reversal_of
      from e
    )
    insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id, order_no,
      technician_id, partner_id, rule_id, memo, reversal_of, tenant_id, create_by, create_time)
    select md5('seed-ledger:' || e.entry_key), e.entry_key, ${bodyHash}, e.account, e.account_id, e.kind,
      e.amount, e.order_id, e.order_no, e.technician_id, e.partner_id, e.rule_id, e.memo, null, e.tenant_id,
      'system', e.finish_time
    from k e
    order by e.entry_key
    on conflict do nothing`);
  // the after-sale refunds: the payment reversed by the refund, the shares clawed back in proportion
  // (largest remainder; ties to the earlier entry key, as the server's apportion)
  await db.execute(sql`
    with r as (
      select o.id as order_id, (o.refund_amount * 100)::bigint as refund_fen, (o.paid_amount * 100)::bigint as paid_fen,
        o.finish_time + interval '2 days' as at
      from yy_visit_order o
      where o.status = '91' and o.refund_amount > 0
        and exists (select 1 from yy_ledger_entry p where p.order_id = o.id and p.kind = 'payment')
        -- posted once: a repeated seed never reaches the reversal check with them again
        and not exists (select 1 from yy_ledger_entry x where x.order_id = o.id and x.kind = 'refund')
    ),
    sh as (
      select r.order_id, r.refund_fen, r.at, l.id, l.entry_key, l.account, l.account_id, l.order_no, l.technician_id,
        l.partner_id, l.tenant_id, (l.amount * 100)::bigint as w,
        ((l.amount * 100)::bigint * r.refund_fen) / r.paid_fen as part,
        ((l.amount * 100)::bigint * r.refund_fen) % r.paid_fen as rem
      from r join yy_ledger_entry l on l.order_id = r.order_id and l.reversal_of is null
        and l.account <> 'customer' and l.amount > 0
    ),
    ranked as (
      select sh.*, row_number() over (partition by sh.order_id order by (sh.rem > 0) desc, sh.rem desc, sh.entry_key)
          as n,
        sh.refund_fen - sum(sh.part) over (partition by sh.order_id) as left_fen
      from sh
    ),
    e as (
      select p.order_id, r.at, 'customer' as account, p.account_id, 'refund' as kind, r.refund_fen as fen, p.id as reversal_of,
        p.order_no, p.technician_id, p.partner_id, p.tenant_id, '退款 ' || (r.refund_fen / 100.0)::numeric(15, 2) || ' 元：部分退款' as memo
      from r join yy_ledger_entry p on p.order_id = r.order_id and p.kind = 'payment'
      union all
      select x.order_id, x.at, x.account, x.account_id, 'clawback', -(x.part + case when x.n <= x.left_fen and x.rem > 0 then 1 else 0 end),
        x.id, x.order_no, x.technician_id, x.partner_id, x.tenant_id, '退款扣回（按原分成比例）'
      from ranked x
    ),
    k as (
      select e.*, 'refund:' || e.order_id || ':afterSale:' || e.kind || ':' || e.reversal_of as entry_key,
        (e.fen / 100.0)::numeric(15, 2) as amount, null::varchar as rule_id
      from e where e.fen <> 0
    )
    insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id, order_no,
      technician_id, partner_id, rule_id, memo, reversal_of, tenant_id, create_by, create_time)
    select md5('seed-ledger:' || e.entry_key), e.entry_key, ${bodyHash}, e.account, e.account_id, e.kind,
      e.amount, e.order_id, e.order_no, e.technician_id, e.partner_id, null, e.memo, e.reversal_of, e.tenant_id,
      'system', e.at
    from k e
    order by e.entry_key
    on conflict do nothing`);
}

/**
 * 对账单 of the two months before the current one, from the seeded ledger by the same set-based
 * generation as the endpoint: the earlier settled (seeded payment reference), the later confirmed.
 */
async function seedStatements(db: Db, tz: string): Promise<void> {
  const res = (await db.execute(sql`
    select to_char((now() at time zone ${tz}) - interval '2 months', 'YYYY-MM') as older,
      to_char((now() at time zone ${tz}) - interval '1 month', 'YYYY-MM') as later`)) as unknown as {
    rows: Array<{ older: string; later: string }>;
  };
  const { older, later } = res.rows[0]!;
  for (const [month, status] of [
    [older, '2'],
    [later, '1'],
  ] as const) {
    const p = parseStatementPeriod(month)!;
    await generateStatements(db, p, { tz, by: 'system' });
    await db.execute(sql`
      update yy_statement set status = ${status}, confirm_time = now(), update_by = 'system', update_time = now(),
        pay_ref = case when ${status} = '2' then 'SEED-' || period || '-' || substr(id, 1, 8) end,
        pay_time = case when ${status} = '2' then now() end
      where period_type = 'month' and period_start = ${p.start}::date and status = '0'`);
    // the 结算扣款 material orders these confirmed statements deduct are charged by them
    const confirmed = (await db.execute(sql`
      select id from yy_statement where period_type = 'month' and period_start = ${p.start}::date
        and status <> '0' and line_count > 0 order by id`)) as unknown as { rows: Array<{ id: string }> };
    for (const s of confirmed.rows) await chargeDeductions(db, s.id, true);
  }
}

/** Seed the rules, then the ledger of the seeded orders, unless applied. */
export async function seedMoney(db: Db, applied: ReadonlySet<string>, tz: string): Promise<string[]> {
  if (!applied.has(COMMISSION_SEED_KEY)) await seedRules(db);
  if (!applied.has(LEDGER_SEED_KEY)) await seedLedger(db, tz);
  return [COMMISSION_SEED_KEY, LEDGER_SEED_KEY];
}

/**
 * The statements of the seeded ledger, unless applied: last, once every seeded entry of those
 * months is posted (withdrawals and purchases too), since a confirmed statement takes no more.
 */
export async function seedMoneyStatements(
  db: Db,
  applied: ReadonlySet<string>,
  tz: string,
): Promise<string[]> {
  if (!applied.has(STATEMENT_SEED_KEY)) await seedStatements(db, tz);
  return [STATEMENT_SEED_KEY];
}
