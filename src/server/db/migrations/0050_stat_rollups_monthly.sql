CREATE TABLE "yy_stat_ledger_monthly_tenant" (
	"month" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" varchar(32) NOT NULL,
	"tenant_key" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(17, 2) NOT NULL,
	CONSTRAINT "yy_stat_ledger_monthly_tenant_month_dim_key_tenant_key_kind_pk" PRIMARY KEY("month","dim","key","tenant_key","kind")
);
--> statement-breakpoint
CREATE TABLE "yy_stat_order_monthly_tenant" (
	"month" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" varchar(32) NOT NULL,
	"tenant_key" integer NOT NULL,
	"status" varchar(2) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(17, 2) NOT NULL,
	"refund" numeric(17, 2) NOT NULL,
	CONSTRAINT "yy_stat_order_monthly_tenant_month_dim_key_tenant_key_status_pk" PRIMARY KEY("month","dim","key","tenant_key","status")
);
--> statement-breakpoint
CREATE TABLE "yy_stat_pending_ledger" (
	"xid" bigint DEFAULT txid_current() NOT NULL,
	"day" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" varchar(32) NOT NULL,
	"tenant_key" integer NOT NULL,
	"partner_key" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(17, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yy_stat_pending_order" (
	"xid" bigint DEFAULT txid_current() NOT NULL,
	"day" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" varchar(32) NOT NULL,
	"tenant_key" integer NOT NULL,
	"partner_key" varchar(32) NOT NULL,
	"status" varchar(2) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(17, 2) NOT NULL,
	"refund" numeric(17, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_yy_stat_pending_ledger_xid" ON "yy_stat_pending_ledger" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "idx_yy_stat_pending_order_xid" ON "yy_stat_pending_order" USING btree ("xid");--> statement-breakpoint
-- The month cells follow the partner-free day cells: what a statement added to, changed in or
-- took from yy_stat_order_daily_tenant / yy_stat_ledger_daily_tenant (0048's triggers write them),
-- summed per month, in the writer's transaction. One upsert per statement and event, keys sorted.
CREATE FUNCTION yy_stat_order_month_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yy_stat.folding', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- a branch per event: a transition table exists only for the events that have it
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM yy_stat_order_monthly_tenant;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO yy_stat_order_monthly_tenant AS s (month, dim, key, tenant_key, status, n, amount, refund)
    SELECT date_trunc('month', d.day)::date, d.dim, d.key, d.tenant_key, d.status, sum(d.n), sum(d.amount), sum(d.refund)
    FROM (SELECT day, dim, key, tenant_key, status, n, amount, refund FROM new_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0 OR sum(d.refund) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, dim, key, tenant_key, status)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO yy_stat_order_monthly_tenant AS s (month, dim, key, tenant_key, status, n, amount, refund)
    SELECT date_trunc('month', d.day)::date, d.dim, d.key, d.tenant_key, d.status, sum(d.n), sum(d.amount), sum(d.refund)
    FROM (SELECT day, dim, key, tenant_key, status, n, amount, refund FROM new_rows UNION ALL SELECT day, dim, key, tenant_key, status, -n AS n, -amount AS amount, -refund AS refund FROM old_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0 OR sum(d.refund) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, dim, key, tenant_key, status)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  ELSE
    INSERT INTO yy_stat_order_monthly_tenant AS s (month, dim, key, tenant_key, status, n, amount, refund)
    SELECT date_trunc('month', d.day)::date, d.dim, d.key, d.tenant_key, d.status, sum(d.n), sum(d.amount), sum(d.refund)
    FROM (SELECT day, dim, key, tenant_key, status, -n AS n, -amount AS amount, -refund AS refund FROM old_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0 OR sum(d.refund) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, dim, key, tenant_key, status)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION yy_stat_ledger_month_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yy_stat.folding', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- a branch per event: a transition table exists only for the events that have it
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM yy_stat_ledger_monthly_tenant;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO yy_stat_ledger_monthly_tenant AS s (month, dim, key, tenant_key, kind, n, amount)
    SELECT date_trunc('month', d.day)::date, d.dim, d.key, d.tenant_key, d.kind, sum(d.n), sum(d.amount)
    FROM (SELECT day, dim, key, tenant_key, kind, n, amount FROM new_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, dim, key, tenant_key, kind)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO yy_stat_ledger_monthly_tenant AS s (month, dim, key, tenant_key, kind, n, amount)
    SELECT date_trunc('month', d.day)::date, d.dim, d.key, d.tenant_key, d.kind, sum(d.n), sum(d.amount)
    FROM (SELECT day, dim, key, tenant_key, kind, n, amount FROM new_rows UNION ALL SELECT day, dim, key, tenant_key, kind, -n AS n, -amount AS amount FROM old_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, dim, key, tenant_key, kind)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  ELSE
    INSERT INTO yy_stat_ledger_monthly_tenant AS s (month, dim, key, tenant_key, kind, n, amount)
    SELECT date_trunc('month', d.day)::date, d.dim, d.key, d.tenant_key, d.kind, sum(d.n), sum(d.amount)
    FROM (SELECT day, dim, key, tenant_key, kind, -n AS n, -amount AS amount FROM old_rows) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, dim, key, tenant_key, kind)
    DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_month_insert AFTER INSERT ON yy_stat_order_daily_tenant
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_month_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_month_update AFTER UPDATE ON yy_stat_order_daily_tenant
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_month_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_month_delete AFTER DELETE ON yy_stat_order_daily_tenant
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_month_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_order_month_truncate AFTER TRUNCATE ON yy_stat_order_daily_tenant
  FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_order_month_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_month_insert AFTER INSERT ON yy_stat_ledger_daily_tenant
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_month_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_month_update AFTER UPDATE ON yy_stat_ledger_daily_tenant
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_month_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_month_delete AFTER DELETE ON yy_stat_ledger_daily_tenant
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_month_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_stat_ledger_month_truncate AFTER TRUNCATE ON yy_stat_ledger_daily_tenant
  FOR EACH STATEMENT EXECUTE FUNCTION yy_stat_ledger_month_apply();
--> statement-breakpoint
-- yy_stat_rebuild() (0048) drops what its transaction had pending (below), truncates every rollup at once (the partner-free and month cells too,
-- rather than a DELETE of each through the triggers), then recomputes the day cells; the
-- partner-free and month cells follow through the triggers.
CREATE OR REPLACE FUNCTION yy_stat_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  -- what this transaction had pending is in the recount
  DELETE FROM yy_stat_pending_order WHERE xid = txid_current();
  DELETE FROM yy_stat_pending_ledger WHERE xid = txid_current();
  TRUNCATE yy_stat_order_daily, yy_stat_ledger_daily, yy_stat_customer_first, yy_stat_order_daily_tenant,
    yy_stat_ledger_daily_tenant, yy_stat_order_monthly_tenant, yy_stat_ledger_monthly_tenant;
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
INSERT INTO yy_stat_order_monthly_tenant (month, dim, key, tenant_key, status, n, amount, refund)
SELECT date_trunc('month', day)::date, dim, key, tenant_key, status, sum(n), sum(amount), sum(refund)
FROM yy_stat_order_daily_tenant
GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(refund) <> 0;
--> statement-breakpoint
INSERT INTO yy_stat_ledger_monthly_tenant (month, dim, key, tenant_key, kind, n, amount)
SELECT date_trunc('month', day)::date, dim, key, tenant_key, kind, sum(n), sum(amount)
FROM yy_stat_ledger_daily_tenant
GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0;
--> statement-breakpoint
-- The triggers of 0044 (and 0049's booked cells) no longer upsert the day cells while the
-- transaction runs: they append what a statement adds or takes away to yy_stat_pending_order /
-- yy_stat_pending_ledger, which lock nothing another writer waits for, and a deferred trigger
-- folds the transaction's rows into the day cells at its commit (below). The app's transactions
-- write several statements (a cancel the order's state, then its refund; a finish the order, then
-- the ledger): upserting at each statement locked the shared cells (a day's totals) in the order
-- of the statements, so two such transactions could each hold a cell the other waited for — a
-- deadlock (seen with a concurrent 派单 and 取消). Folded at commit, every transaction locks its
-- cells in one global order: the order cells, then the ledger cells, each in key order (and the
-- partner-free and month cells after them through their triggers).
CREATE OR REPLACE FUNCTION yy_stat_order_apply_rows(plus yy_visit_order[], minus yy_visit_order[], lines boolean)
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
    INSERT INTO yy_stat_pending_order (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
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
    RETURNING 1
  ), gone AS (
    DELETE FROM yy_stat_customer_first
    WHERE customer_id IN (SELECT customer_id FROM aff) AND customer_id NOT IN (SELECT customer_id FROM cur)
    RETURNING 1
  )
  INSERT INTO yy_stat_customer_first AS f (customer_id, day, tenant_key, partner_key)
  SELECT customer_id, day, tenant_key, partner_key FROM cur
  ORDER BY customer_id
  ON CONFLICT (customer_id) DO UPDATE SET day = excluded.day, tenant_key = excluded.tenant_key, partner_key = excluded.partner_key;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yy_stat_item_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  INSERT INTO yy_stat_pending_order (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
  SELECT (o.create_time AT TIME ZONE tz)::date, 'project', d.project_id, coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '',
         sum(d.sg), sum(d.sg * d.amount), 0
  FROM (
    SELECT order_id, project_id, amount, 1 AS sg FROM new_rows
  ) d JOIN yy_visit_order o ON o.id = d.order_id
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yy_stat_item_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  INSERT INTO yy_stat_pending_order (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
  SELECT (o.create_time AT TIME ZONE tz)::date, 'project', d.project_id, coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '',
         -count(*), -sum(d.amount), 0
  FROM old_rows d JOIN yy_visit_order o ON o.id = d.order_id
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yy_stat_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  INSERT INTO yy_stat_pending_order (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
  SELECT (o.create_time AT TIME ZONE tz)::date, 'project', d.project_id, coalesce(o.tenant_id, 0), coalesce(o.partner_id, ''), '',
         sum(d.sg), sum(d.sg * d.amount), 0
  FROM (
    SELECT order_id, project_id, amount, 1 AS sg FROM new_rows
    UNION ALL SELECT order_id, project_id, amount, -1 FROM old_rows
  ) d JOIN yy_visit_order o ON o.id = d.order_id
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.sg) <> 0 OR sum(d.sg * d.amount) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yy_stat_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := yy_app_timezone();
BEGIN
  INSERT INTO yy_stat_pending_ledger (day, dim, key, tenant_key, partner_key, kind, n, amount)
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
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The fold, at commit (a deferred constraint trigger fires once per pending row: the first firing
-- of a transaction folds all of its rows, the others find none). One upsert per table, each in key
-- order, the tables in one order: the order cells by partner, without it, per month; then the
-- ledger's. The triggers that keep the partner-free and month cells from the day cells stand
-- aside meanwhile (yy_stat.folding): an upsert fires both their INSERT and UPDATE triggers, two
-- passes whose keys are not in one order between them.
CREATE FUNCTION yy_stat_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me bigint := txid_current();
  o yy_stat_pending_order[];
  l yy_stat_pending_ledger[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM yy_stat_pending_order WHERE xid = me)
     AND NOT EXISTS (SELECT 1 FROM yy_stat_pending_ledger WHERE xid = me) THEN
    RETURN NULL;
  END IF;
  WITH gone AS (DELETE FROM yy_stat_pending_order WHERE xid = me RETURNING *) SELECT array_agg(g) INTO o FROM gone g;
  WITH gone AS (DELETE FROM yy_stat_pending_ledger WHERE xid = me RETURNING *) SELECT array_agg(g) INTO l FROM gone g;
  PERFORM set_config('yy_stat.folding', 'on', true);
  INSERT INTO yy_stat_order_daily AS s (day, dim, key, tenant_key, partner_key, status, n, amount, refund)
  SELECT day, dim, key, tenant_key, partner_key, status, sum(n), sum(amount), sum(refund) FROM unnest(o)
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(refund) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (day, dim, key, tenant_key, partner_key, status)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  INSERT INTO yy_stat_order_daily_tenant AS s (day, dim, key, tenant_key, status, n, amount, refund)
  SELECT day, dim, key, tenant_key, status, sum(n), sum(amount), sum(refund) FROM unnest(o)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(refund) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, dim, key, tenant_key, status)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  INSERT INTO yy_stat_order_monthly_tenant AS s (month, dim, key, tenant_key, status, n, amount, refund)
  SELECT date_trunc('month', day)::date, dim, key, tenant_key, status, sum(n), sum(amount), sum(refund) FROM unnest(o)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(refund) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (month, dim, key, tenant_key, status)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount, refund = s.refund + excluded.refund;
  INSERT INTO yy_stat_ledger_daily AS s (day, dim, key, tenant_key, partner_key, kind, n, amount)
  SELECT day, dim, key, tenant_key, partner_key, kind, sum(n), sum(amount) FROM unnest(l)
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (day, dim, key, tenant_key, partner_key, kind)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  INSERT INTO yy_stat_ledger_daily_tenant AS s (day, dim, key, tenant_key, kind, n, amount)
  SELECT day, dim, key, tenant_key, kind, sum(n), sum(amount) FROM unnest(l)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, dim, key, tenant_key, kind)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  INSERT INTO yy_stat_ledger_monthly_tenant AS s (month, dim, key, tenant_key, kind, n, amount)
  SELECT date_trunc('month', day)::date, dim, key, tenant_key, kind, sum(n), sum(amount) FROM unnest(l)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (month, dim, key, tenant_key, kind)
  DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
  PERFORM set_config('yy_stat.folding', 'off', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0048's triggers and the month triggers above stand aside while a fold writes every table itself.
CREATE OR REPLACE FUNCTION yy_stat_order_tenant_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yy_stat.folding', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
CREATE OR REPLACE FUNCTION yy_stat_ledger_tenant_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yy_stat.folding', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
CREATE CONSTRAINT TRIGGER trg_yy_stat_fold_order AFTER INSERT ON yy_stat_pending_order
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION yy_stat_fold();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER trg_yy_stat_fold_ledger AFTER INSERT ON yy_stat_pending_ledger
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION yy_stat_fold();
--> statement-breakpoint
-- A truncate of the orders empties their cells, and with them what this transaction had pending.
CREATE OR REPLACE FUNCTION yy_stat_order_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM yy_stat_pending_order WHERE xid = txid_current();
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
