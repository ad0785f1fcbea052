CREATE TABLE "yy_stat_ledger_daily_tenant" (
	"day" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" varchar(32) NOT NULL,
	"tenant_key" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(17, 2) NOT NULL,
	CONSTRAINT "yy_stat_ledger_daily_tenant_day_dim_key_tenant_key_kind_pk" PRIMARY KEY("day","dim","key","tenant_key","kind")
);
--> statement-breakpoint
CREATE TABLE "yy_stat_order_daily_tenant" (
	"day" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" varchar(32) NOT NULL,
	"tenant_key" integer NOT NULL,
	"status" varchar(2) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(17, 2) NOT NULL,
	"refund" numeric(17, 2) NOT NULL,
	CONSTRAINT "yy_stat_order_daily_tenant_day_dim_key_tenant_key_status_pk" PRIMARY KEY("day","dim","key","tenant_key","status")
);
--> statement-breakpoint
-- The partner-free rollups follow the partner-keyed ones: what a statement added to, changed in or
-- took from yy_stat_order_daily / yy_stat_ledger_daily (the triggers of 0044 write them), summed
-- over the partners, in the writer's transaction. One upsert per statement and event, keys sorted.
CREATE FUNCTION yy_stat_order_tenant_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a branch per event: a transition table exists only for the events that have it
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM yy_stat_order_daily_tenant;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO yy_stat_order_daily_tenant AS s (day, dim, key, tenant_key, status, n, amount, refund)
    SELECT d.day, d.dim, d.key, d.tenant_key, d.status, sum(d.n), sum(d.amount), sum(d.refund)
    FROM (SELECT day, dim, key, tenant_key, status, n, amount, refund FROM new_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0 OR sum(d.refund) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, dim, key, tenant_key, status)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO yy_stat_order_daily_tenant AS s (day, dim, key, tenant_key, status, n, amount, refund)
    SELECT d.day, d.dim, d.key, d.tenant_key, d.status, sum(d.n), sum(d.amount), sum(d.refund)
    FROM (SELECT day, dim, key, tenant_key, status, n, amount, refund FROM new_rows UNION ALL SELECT day, dim, key, tenant_key, status, -n AS n, -amount AS amount, -refund AS refund FROM old_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0 OR sum(d.refund) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, dim, key, tenant_key, status)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  ELSE
    INSERT INTO yy_stat_order_daily_tenant AS s (day, dim, key, tenant_key, status, n, amount, refund)
    SELECT d.day, d.dim, d.key, d.tenant_key, d.status, sum(d.n), sum(d.amount), sum(d.refund)
    FROM (SELECT day, dim, key, tenant_key, status, -n AS n, -amount AS amount, -refund AS refund FROM old_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0 OR sum(d.refund) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, dim, key, tenant_key, status)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION yy_stat_ledger_tenant_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a branch per event: a transition table exists only for the events that have it
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM yy_stat_ledger_daily_tenant;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO yy_stat_ledger_daily_tenant AS s (day, dim, key, tenant_key, kind, n, amount)
    SELECT d.day, d.dim, d.key, d.tenant_key, d.kind, sum(d.n), sum(d.amount)
    FROM (SELECT day, dim, key, tenant_key, kind, n, amount FROM new_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, dim, key, tenant_key, kind)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO yy_stat_ledger_daily_tenant AS s (day, dim, key, tenant_key, kind, n, amount)
    SELECT d.day, d.dim, d.key, d.tenant_key, d.kind, sum(d.n), sum(d.amount)
    FROM (SELECT day, dim, key, tenant_key, kind, n, amount FROM new_rows UNION ALL SELECT day, dim, key, tenant_key, kind, -n AS n, -amount AS amount FROM old_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, dim, key, tenant_key, kind)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  ELSE
    INSERT INTO yy_stat_ledger_daily_tenant AS s (day, dim, key, tenant_key, kind, n, amount)
    SELECT d.day, d.dim, d.key, d.tenant_key, d.kind, sum(d.n), sum(d.amount)
    FROM (SELECT day, dim, key, tenant_key, kind, -n AS n, -amount AS amount FROM old_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, dim, key, tenant_key, kind)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_tenant_insert AFTER INSERT ON yy_stat_order_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_tenant_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_tenant_update AFTER UPDATE ON yy_stat_order_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_tenant_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_tenant_delete AFTER DELETE ON yy_stat_order_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_tenant_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_tenant_truncate AFTER TRUNCATE ON yy_stat_order_daily
  FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_tenant_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_tenant_insert AFTER INSERT ON yy_stat_ledger_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_tenant_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_tenant_update AFTER UPDATE ON yy_stat_ledger_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_tenant_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_tenant_delete AFTER DELETE ON yy_stat_ledger_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_tenant_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_tenant_truncate AFTER TRUNCATE ON yy_stat_ledger_daily
  FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_tenant_apply();
--> statement-breakpoint
-- Every rollup recomputed from the orders, their lines and the ledger, set-based (one INSERT …
-- SELECT per table, no per-statement trigger work): a bulk load with the rollup triggers disabled
-- (the benchmark's generator) or a repair. The partner-free cells follow through the triggers above.
CREATE FUNCTION yy_stat_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  TRUNCATE yy_stat_order_daily, yy_stat_ledger_daily, yy_stat_customer_first;
  INSERT INTO yy_stat_customer_first (customer_id, day, tenant_key, partner_key)
  SELECT DISTINCT ON (o.customer_id) o.customer_id, (o.create_time AT TIME ZONE tz)::date,
         coalesce(o.tenant_id, 0), coalesce(o.partner_id, '')
  FROM yy_visit_order o ORDER BY o.customer_id, o.create_time, o.id;
  INSERT INTO yy_stat_order_daily (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
  SELECT c.day, c.dim, c.key, c.tenant_key, c.partner_key, c.status, sum(c.n), sum(c.amount), sum(c.refund)
  FROM (
    SELECT f.* FROM yy_visit_order o, LATERAL yy_stat_order_cells(o, 1, tz) f
    UNION ALL
    SELECT (o.create_time AT TIME ZONE tz)::date, 'project', i.project_id, coalesce(o.tenant_id, 0),
           coalesce(o.partner_id, ''), '', 1, i.amount, 0
    FROM yy_visit_order_item i JOIN yy_visit_order o ON o.id = i.order_id
    UNION ALL
    SELECT day, 'first', '', tenant_key, partner_key, '', 1, 0, 0 FROM yy_stat_customer_first
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0 OR sum(c.refund) <> 0;
  INSERT INTO yy_stat_ledger_daily (day, dim, key, tenant_key, partner_key, kind, n, amount)
  SELECT (e.create_time AT TIME ZONE tz)::date, v.dim, v.key, coalesce(e.tenant_id, 0), coalesce(e.partner_id, ''),
         e.kind, count(*), sum(e.amount)
  FROM yy_ledger_entry e
  LEFT JOIN yy_visit_order o ON o.id = e.order_id
  CROSS JOIN LATERAL (VALUES ('total'::varchar, ''::varchar), ('district', coalesce(o.area_code, '')),
    ('technician', coalesce(e.technician_id, ''))) v(dim, key)
  GROUP BY 1, 2, 3, 4, 5, 6;
END
$$;
--> statement-breakpoint
-- what is already there (an existing install)
INSERT INTO yy_stat_order_daily_tenant (day, dim, key, tenant_key, status, n, amount, refund)
SELECT day, dim, key, tenant_key, status, sum(n), sum(amount), sum(refund) FROM yy_stat_order_daily
GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(refund) <> 0;
--> statement-breakpoint
INSERT INTO yy_stat_ledger_daily_tenant (day, dim, key, tenant_key, kind, n, amount)
SELECT day, dim, key, tenant_key, kind, sum(n), sum(amount) FROM yy_stat_ledger_daily
GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0;
