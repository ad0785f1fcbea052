-- 技师利用率's booked minutes from the rollups (src/shared/stats/metrics.ts `utilisation`): a
-- 'booked' cell per local appointment day and technician (key), the order's tenant and partner,
-- status '': n orders, amount their service minutes; only while the order books the technician's
-- time (a technician assigned, not 待支付, 已关闭 or 已取消). It is one more row of
-- yy_stat_order_cells, so the triggers of 0044 keep it on every insert, update (state,
-- appointment, technician, minutes: the old row's cell out, the new row's in) and delete, the
-- partner-free table of 0048 follows, and yy_stat_rebuild() recomputes it.
CREATE OR REPLACE FUNCTION yy_stat_order_cells(o yy_visit_order, sg integer, tz text)
RETURNS TABLE (day date, dim varchar, key varchar, tenant_key integer, partner_key varchar, status varchar, n bigint, amount numeric, refund numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.create_time AT TIME ZONE tz)::date, c.dim, c.key, coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''),
         c.status, sg::bigint, sg * o.paid_amount, sg * o.refund_amount
  FROM (VALUES
    ('total'::varchar, ''::varchar, o.status),
    ('hour', to_char(o.create_time AT TIME ZONE tz, 'HH24'), ''),
    ('district', o.area_code, yy_stat_status_class(o.status)),
    ('technician', coalesce(o.technician_id, ''), yy_stat_status_class(o.status))
  ) c(dim, key, status)
  UNION ALL
  SELECT (o.create_time AT TIME ZONE tz)::date, 'dispatch', yy_stat_dispatch_bucket(o.accept_time - o.pay_time),
         coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '', sg::bigint, 0, 0
  WHERE o.accept_time IS NOT NULL AND o.pay_time IS NOT NULL AND o.accept_time >= o.pay_time
  UNION ALL
  SELECT (o.appointment_time AT TIME ZONE tz)::date, 'booked', o.technician_id,
         coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '', sg::bigint, (sg * o.service_minutes)::numeric, 0
  WHERE o.technician_id IS NOT NULL AND o.status NOT IN ('10', '98', '99')
$$;
--> statement-breakpoint
-- what is already there (an existing install); the partner-free cells follow through 0048's trigger
INSERT INTO yy_stat_order_daily (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
SELECT (o.appointment_time AT TIME ZONE yy_app_timezone())::date, 'booked', o.technician_id,
       coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '', count(*), sum(o.service_minutes), 0
FROM yy_visit_order o
WHERE o.technician_id IS NOT NULL AND o.status NOT IN ('10', '98', '99')
GROUP BY 1, 2, 3, 4, 5, 6;
