/**
 * Seed of exception orders (异常订单): open exceptions of every kind on the seeded orders in the
 * matching states, a few of them being handled or resolved, by set-based SQL (one statement), so
 * the page shows real shapes at the first start. Applied once under its ledger key, after the orders.
 * Opened and resolved at most now: a seeded exception is never newer than one opened later (监控页's
 * alerts read the newest open ones).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

export const EXCEPTION_SEED_KEY = 'exceptionOrders:v1';

export async function seedExceptions(db: Db, applied: ReadonlySet<string>): Promise<string[]> {
  if (applied.has(EXCEPTION_SEED_KEY)) return [EXCEPTION_SEED_KEY];
  await db.execute(sql`
    with picked as (
      select o.id, o.partner_id, o.tenant_id, k.kind, k.reason, o.create_time, o.appointment_time,
             row_number() over (partition by k.kind order by o.create_time desc) as n
        from yy_visit_order o
        join (values
          ('1', '20', '订单支付后超过30分钟仍无技师接单'),
          ('2', '30', '预约时间已过15分钟，技师仍未到达'),
          ('2', '40', '预约时间已过15分钟，技师仍未到达'),
          ('3', '60', '服务超过预计结束时间30分钟仍未完成'),
          ('4', '35', '客户申请取消：行程有变'),
          ('6', '90', '客户申请售后：服务不满意')
        ) as k (kind, status, reason) on o.status = k.status
       where o.id in (select md5('seed-order:' || i) from generate_series(0, 1999) as i)
      union all
      select o.id, o.partner_id, o.tenant_id, '5', '客户评价' || o.rating || '星：技师服务态度差',
             o.create_time, o.appointment_time,
             row_number() over (order by o.create_time desc)
        from yy_visit_order o
       where o.id in (select md5('seed-order:' || i) from generate_series(0, 1999) as i)
         and o.rating <= 2
    )
    insert into yy_exception_order (id, order_id, kind, reason, status, open_time, handler_id, resolution, note,
      resolve_time, partner_id, tenant_id, create_by, create_time)
    select md5('seed-exception:' || p.id || ':' || p.kind), p.id, p.kind, p.reason,
           case when p.n % 4 = 0 then '3' when p.n % 4 = 3 then '2' else '1' end,
           least(greatest(p.create_time, least(p.appointment_time, now())) + interval '20 minutes', now()),
           case when p.n % 4 in (0, 3) then 'yunying' end,
           case when p.n % 4 = 0 then (case p.kind when '6' then '2' when '5' then '3' else '4' end) end,
           case when p.n % 4 = 0 then '已与客户沟通处理' end,
           case when p.n % 4 = 0 then least(greatest(p.create_time, least(p.appointment_time, now())) + interval '2 hours', now()) end,
           p.partner_id, p.tenant_id, 'system', now()
      from picked p
     where p.n <= 12
    on conflict do nothing`);
  return [EXCEPTION_SEED_KEY];
}
