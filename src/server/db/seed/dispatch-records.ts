/**
 * The dispatch records of the seeded orders that have a technician: each as the manual 派单 that
 * assigned it, with that technician as the one candidate at the order's distance, so 派单记录 and
 * an order's explanation show real rows from the first start. One statement, after the orders.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

export const DISPATCH_RECORD_SEED_KEY = 'dispatch-records:v1';

export async function seedDispatchRecords(db: Db, applied: ReadonlySet<string>): Promise<string[]> {
  if (applied.has(DISPATCH_RECORD_SEED_KEY)) return [DISPATCH_RECORD_SEED_KEY];
  await db.execute(sql`
    insert into yy_dispatch_record (id, order_id, city_code, project_ids, location, window_start, window_end,
      strategy, radius_km, candidates, candidate_count, chosen_technician_id, mode, reason, create_by, create_time)
    select md5('seed-dispatch:' || o.id), o.id, left(o.area_code, 4) || '00',
      coalesce((select string_agg(i.project_id, ',' order by i.sort_no) from yy_visit_order_item i
        where i.order_id = o.id), ''),
      coalesce(o.location, t.location, point(120.16, 30.27)), o.appointment_time, o.end_time, 'distance', 10,
      jsonb_build_array(jsonb_build_object('id', t.id, 'name', t.name, 'distanceKm', o.distance::text,
        'rating', t.rating::text, 'todayLoad', 0, 'score', '1.00')),
      1, t.id, '2', null, 'admin', o.create_time + interval '5 minutes'
    from yy_visit_order o join yy_technician t on t.id = o.technician_id
    where o.order_no is not null and o.create_by = 'admin'
      and not exists (select 1 from yy_dispatch_record d where d.order_id = o.id)`);
  return [DISPATCH_RECORD_SEED_KEY];
}
