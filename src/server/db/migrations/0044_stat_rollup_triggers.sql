-- The dashboard rollups (yy_stat_order_daily, yy_stat_ledger_daily, yy_stat_customer_first) follow
-- the orders, their lines and the ledger: statement-level triggers add what a statement inserted,
-- changed or deleted, in the statement's transaction, whoever writes. One upsert per statement,
-- its keys in a fixed order (as the status counts of 0027), so concurrent writers lock the cells
-- in the same order. Days and hours are local to yy_app_timezone().

-- The status of an order as the district and technician cells keep it: 'c' completed (服务完成, 用户评价,
-- 售后中, 售后结束: COMPLETED_STATUSES of src/shared/stats/metrics.ts), '' any other, so those
-- dimensions hold two cells per key instead of thirteen.
CREATE FUNCTION yy_stat_status_class(status varchar) RETURNS varchar LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('70', '80', '90', '91') THEN 'c' ELSE '' END::varchar
$$;
--> statement-breakpoint
-- The dispatch time's bucket (minutes, 4 digits): to the minute under 2 hours, to 10 minutes under
-- 24 hours, 1440 beyond (src/shared/stats/metrics.ts `dispatchBucket`).
CREATE FUNCTION yy_stat_dispatch_bucket(d interval) RETURNS varchar LANGUAGE sql IMMUTABLE AS $$
  SELECT lpad((CASE
    WHEN floor(extract(epoch FROM d) / 60) < 120 THEN floor(extract(epoch FROM d) / 60)
    WHEN floor(extract(epoch FROM d) / 60) < 1440 THEN floor(extract(epoch FROM d) / 600) * 10
    ELSE 1440 END)::int::text, 4, '0')::varchar
$$;
--> statement-breakpoint
-- The cells one order contributes (sign +1 or -1), every dimension but project and first.
CREATE FUNCTION yy_stat_order_cells(o yy_visit_order, sg integer, tz text)
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
$$;
--> statement-breakpoint
-- The project cells of an order's lines (the order's day, tenant and partner).
CREATE FUNCTION yy_stat_project_cells(o yy_visit_order, sg integer, tz text)
RETURNS TABLE (day date, dim varchar, key varchar, tenant_key integer, partner_key varchar, status varchar, n bigint, amount numeric, refund numeric)
LANGUAGE sql STABLE AS $$
  SELECT (o.create_time AT TIME ZONE tz)::date, 'project'::varchar, i.project_id, coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''),
         ''::varchar, sg::bigint, sg * i.amount, 0::numeric
  FROM yy_visit_order_item i WHERE i.order_id = o.id
$$;
--> statement-breakpoint
-- Adds the cells of `plus` and takes away those of `minus` (rows of yy_visit_order), the customers'
-- first orders recounted for every customer they touch. One statement: the CTEs read one snapshot.
CREATE FUNCTION yy_stat_order_apply_rows(plus yy_visit_order[], minus yy_visit_order[], lines boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  WITH aff AS (
    SELECT customer_id FROM unnest(plus) UNION SELECT customer_id FROM unnest(minus)
  ), cur AS (
    -- one probe of idx_yy_visit_order_customer_first per customer (migration 0044)
    SELECT f.* FROM aff CROSS JOIN LATERAL (
      SELECT o.customer_id, (o.create_time AT TIME ZONE tz)::date AS day,
             coalesce(o.tenant_id, 0) AS tenant_key, coalesce(o.partner_id, '') AS partner_key
      FROM yy_visit_order o WHERE o.customer_id = aff.customer_id
      ORDER BY o.create_time, o.id LIMIT 1
    ) f
  ), was AS (
    SELECT f.* FROM yy_stat_customer_first f WHERE f.customer_id IN (SELECT customer_id FROM aff)
  ), cells AS (
    INSERT INTO yy_stat_order_daily AS s (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
    SELECT c.day, c.dim, c.key, c.tenant_key, c.partner_key, c.status, sum(c.n), sum(c.amount), sum(c.refund)
    FROM (
      SELECT f.* FROM unnest(plus) p, LATERAL yy_stat_order_cells(p, 1, tz) f
      UNION ALL SELECT f.* FROM unnest(minus) m, LATERAL yy_stat_order_cells(m, -1, tz) f
      UNION ALL SELECT f.* FROM unnest(plus) p, LATERAL yy_stat_project_cells(p, 1, tz) f WHERE lines
      UNION ALL SELECT f.* FROM unnest(minus) m, LATERAL yy_stat_project_cells(m, -1, tz) f WHERE lines
      UNION ALL SELECT day, 'first', '', tenant_key, partner_key, '', 1, 0, 0 FROM cur
      UNION ALL SELECT day, 'first', '', tenant_key, partner_key, '', -1, 0, 0 FROM was
    ) c
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0 OR sum(c.refund) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (day, dim, key, tenant_key, partner_key, status)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund
    RETURNING 1
  ), gone AS (
    DELETE FROM yy_stat_customer_first
    WHERE customer_id IN (SELECT customer_id FROM aff) AND customer_id NOT IN (SELECT customer_id FROM cur)
    RETURNING 1
  )
  INSERT INTO yy_stat_customer_first AS f (customer_id, day, tenant_key, partner_key)
  SELECT customer_id, day, tenant_key, partner_key FROM cur
  ON CONFLICT (customer_id) DO UPDATE SET day = excluded.day, tenant_key = excluded.tenant_key, partner_key = excluded.partner_key;
END
$$;
--> statement-breakpoint
CREATE FUNCTION yy_stat_order_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM yy_stat_order_daily;
    DELETE FROM yy_stat_customer_first;
  ELSIF TG_OP = 'INSERT' THEN
    -- an order's lines are written after it: they count through the line trigger
    PERFORM yy_stat_order_apply_rows(ARRAY(SELECT ROW(n.*)::yy_visit_order FROM new_rows n), '{}'::yy_visit_order[], false);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM yy_stat_order_apply_rows(ARRAY(SELECT ROW(n.*)::yy_visit_order FROM new_rows n), ARRAY(SELECT ROW(o.*)::yy_visit_order FROM old_rows o), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM yy_stat_order_apply_rows('{}'::yy_visit_order[], ARRAY(SELECT ROW(o.*)::yy_visit_order FROM old_rows o), true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_insert AFTER INSERT ON yy_visit_order
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_update AFTER UPDATE ON yy_visit_order
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_delete AFTER DELETE ON yy_visit_order
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_truncate AFTER TRUNCATE ON yy_visit_order
  FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_apply();
--> statement-breakpoint
-- Order lines: their project cells under their order's day, tenant and partner (an order deleted
-- with its lines takes them away in the order's trigger: orders are never deleted by the app).
CREATE FUNCTION yy_stat_item_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  INSERT INTO yy_stat_order_daily AS s (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
  SELECT (o.create_time AT TIME ZONE tz)::date, 'project', d.project_id, coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '',
         sum(d.sg), sum(d.sg * d.amount), 0
  FROM (
    SELECT order_id, project_id, amount, 1 AS sg FROM new_rows
  ) d JOIN yy_visit_order o ON o.id = d.order_id
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, dim, key, tenant_key, partner_key, status)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION yy_stat_item_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  INSERT INTO yy_stat_order_daily AS s (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
  SELECT (o.create_time AT TIME ZONE tz)::date, 'project', d.project_id, coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '',
         -count(*), -sum(d.amount), 0
  FROM old_rows d JOIN yy_visit_order o ON o.id = d.order_id
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, dim, key, tenant_key, partner_key, status)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION yy_stat_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  INSERT INTO yy_stat_order_daily AS s (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
  SELECT (o.create_time AT TIME ZONE tz)::date, 'project', d.project_id, coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '',
         sum(d.sg), sum(d.sg * d.amount), 0
  FROM (
    SELECT order_id, project_id, amount, 1 AS sg FROM new_rows
    UNION ALL SELECT order_id, project_id, amount, -1 FROM old_rows
  ) d JOIN yy_visit_order o ON o.id = d.order_id
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.sg) <> 0 OR sum(d.sg * d.amount) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, dim, key, tenant_key, partner_key, status)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_item_insert AFTER INSERT ON yy_visit_order_item
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_item_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_item_update AFTER UPDATE ON yy_visit_order_item
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_item_change();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_item_delete AFTER DELETE ON yy_visit_order_item
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_item_remove();
--> statement-breakpoint
-- Ledger entries (append-only: inserts only) by posting day, kind, and the order's district.
CREATE FUNCTION yy_stat_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  INSERT INTO yy_stat_ledger_daily AS s (day, dim, key, tenant_key, partner_key, kind, n, amount)
  SELECT c.day, c.dim, c.key, c.tenant_key, c.partner_key, c.kind, count(*), sum(c.amount)
  FROM (
    SELECT (e.create_time AT TIME ZONE tz)::date AS day, v.dim, v.key, coalesce(e.tenant_id, 0) AS tenant_key,
           coalesce(e.partner_id, '') AS partner_key, e.kind, e.amount
    FROM new_rows e
    LEFT JOIN yy_visit_order o ON o.id = e.order_id
    CROSS JOIN LATERAL (VALUES
      ('total'::varchar, ''::varchar),
      ('district', coalesce(o.area_code, '')),
      ('technician', coalesce(e.technician_id, ''))
    ) v(dim, key)
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (day, dim, key, tenant_key, partner_key, kind)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_insert AFTER INSERT ON yy_ledger_entry
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_apply();
--> statement-breakpoint
-- what is already there (an existing install)
SELECT yy_stat_order_apply_rows(ARRAY(SELECT o FROM yy_visit_order o), '{}'::yy_visit_order[], true);
--> statement-breakpoint
INSERT INTO yy_stat_ledger_daily (day, dim, key, tenant_key, partner_key, kind, n, amount)
SELECT (e.create_time AT TIME ZONE yy_app_timezone())::date, v.dim, v.key, coalesce(e.tenant_id, 0), coalesce(e.partner_id, ''), e.kind, count(*), sum(e.amount)
FROM yy_ledger_entry e
LEFT JOIN yy_visit_order o ON o.id = e.order_id
CROSS JOIN LATERAL (VALUES ('total'::varchar, ''::varchar), ('district', coalesce(o.area_code, '')), ('technician', coalesce(e.technician_id, ''))) v(dim, key)
GROUP BY 1, 2, 3, 4, 5, 6;
