-- yy_visit_order_status_count follows yy_visit_order: statement-level triggers add what a statement
-- inserted, moved (status, tenant or partner changed) or deleted, per (tenant, partner, status), in
-- the statement's transaction, whoever writes (the app, the seed, hand-written SQL). One upsert per
-- statement, its keys in a fixed order, so two transactions touching the same counters lock them in
-- the same order (no deadlock); concurrent ones wait on the counter row until the first commits.
CREATE FUNCTION yy_visit_order_status_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM yy_visit_order_status_count;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO yy_visit_order_status_count AS c (tenant_key, partner_key, status, n)
    SELECT coalesce(tenant_id, 0), coalesce(partner_id, ''), status, count(*)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_key, partner_key, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO yy_visit_order_status_count AS c (tenant_key, partner_key, status, n)
    SELECT d.tenant_key, d.partner_key, d.status, sum(d.n)
    FROM (
      SELECT coalesce(tenant_id, 0) AS tenant_key, coalesce(partner_id, '') AS partner_key, status, 1 AS n
      FROM new_rows
      UNION ALL
      SELECT coalesce(tenant_id, 0), coalesce(partner_id, ''), status, -1 FROM old_rows
    ) d
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_key, partner_key, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO yy_visit_order_status_count AS c (tenant_key, partner_key, status, n)
    SELECT coalesce(tenant_id, 0), coalesce(partner_id, ''), status, -count(*)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_key, partner_key, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trg_yy_visit_order_status_count_insert AFTER INSERT ON yy_visit_order
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yy_visit_order_status_count_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_visit_order_status_count_update AFTER UPDATE ON yy_visit_order
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yy_visit_order_status_count_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_visit_order_status_count_delete AFTER DELETE ON yy_visit_order
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yy_visit_order_status_count_apply();
--> statement-breakpoint
CREATE TRIGGER trg_yy_visit_order_status_count_truncate AFTER TRUNCATE ON yy_visit_order
  FOR EACH STATEMENT EXECUTE FUNCTION yy_visit_order_status_count_apply();
--> statement-breakpoint
-- the orders already there (an existing install)
INSERT INTO yy_visit_order_status_count (tenant_key, partner_key, status, n)
SELECT coalesce(tenant_id, 0), coalesce(partner_id, ''), status, count(*)
FROM yy_visit_order GROUP BY 1, 2, 3;
