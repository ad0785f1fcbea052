-- The fold of migration 0050 was queued once per pending row: a transaction writing many orders
-- (the seed, an import) queued one deferred event per cell row, and each firing probed the pending
-- tables for the transaction's rows — among the dead index entries of the rows the first firing
-- had folded, so the commit took quadratic time (the first start's seed: 5.7 s became 69 s). Now
-- the trigger's WHEN queues one event per transaction: a constraint trigger's WHEN is evaluated
-- when the row is written, and yy_stat_fold_queue() answers true only for the first pending row
-- since the transaction's last fold (a transaction-local setting, undone with a rolled-back
-- savepoint like the event it queued). That one firing folds every row of the transaction.
CREATE FUNCTION yy_stat_fold_queue() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yy_stat.fold_queued', true) = 'on' THEN
    RETURN false;
  END IF;
  PERFORM set_config('yy_stat.fold_queued', 'on', true);
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yy_stat_fold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me bigint := txid_current();
  o yy_stat_pending_order[];
  l yy_stat_pending_ledger[];
BEGIN
  -- rows pending from here on queue a fold of their own (after SET CONSTRAINTS … IMMEDIATE)
  PERFORM set_config('yy_stat.fold_queued', '', true);
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
DROP TRIGGER trg_yy_stat_fold_order ON yy_stat_pending_order;
--> statement-breakpoint
DROP TRIGGER trg_yy_stat_fold_ledger ON yy_stat_pending_ledger;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER trg_yy_stat_fold_order AFTER INSERT ON yy_stat_pending_order
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (yy_stat_fold_queue()) EXECUTE FUNCTION yy_stat_fold();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER trg_yy_stat_fold_ledger AFTER INSERT ON yy_stat_pending_ledger
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (yy_stat_fold_queue()) EXECUTE FUNCTION yy_stat_fold();
