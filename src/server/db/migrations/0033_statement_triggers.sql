-- 对账单 lock: once a statement is confirmed (1) or settled (2), its lines and totals never change,
-- whoever asks (endpoint, script, psql); corrections land in a later open period as adjustment lines.
CREATE FUNCTION yy_statement_line_refuse_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- nested: a transition table the event has not is never named (an AND is planned as a whole)
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows o JOIN yy_statement s ON s.id = o.statement_id WHERE s.status <> '0') THEN
      RAISE EXCEPTION 'statement locked: its lines cannot change' USING ERRCODE = 'P0001';
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF EXISTS (SELECT 1 FROM new_rows n JOIN yy_statement s ON s.id = n.statement_id WHERE s.status <> '0') THEN
      RAISE EXCEPTION 'statement locked: its lines cannot change' USING ERRCODE = 'P0001';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yy_statement_line_locked_insert AFTER INSERT ON yy_statement_line
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_statement_line_refuse_locked();
--> statement-breakpoint
CREATE TRIGGER yy_statement_line_locked_update AFTER UPDATE ON yy_statement_line
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yy_statement_line_refuse_locked();
--> statement-breakpoint
CREATE TRIGGER yy_statement_line_locked_delete AFTER DELETE ON yy_statement_line
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_statement_line_refuse_locked();
--> statement-breakpoint
CREATE FUNCTION yy_statement_line_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM yy_statement WHERE status <> '0') THEN
    RAISE EXCEPTION 'statement locked: its lines cannot change' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yy_statement_line_locked_truncate BEFORE TRUNCATE ON yy_statement_line
  FOR EACH STATEMENT EXECUTE FUNCTION yy_statement_line_refuse_truncate();
--> statement-breakpoint
-- A locked statement keeps its account, period and totals and is never deleted; a settled one also
-- keeps its state and payment. A deleted draft takes its lines with it.
CREATE FUNCTION yy_statement_refuse_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> '0' THEN
      RAISE EXCEPTION 'statement % locked: it cannot be deleted', OLD.id USING ERRCODE = 'P0001';
    END IF;
    -- a draft goes with its lines
    DELETE FROM yy_statement_line WHERE statement_id = OLD.id;
    RETURN OLD;
  END IF;
  IF OLD.status <> '0' AND (NEW.account, NEW.account_id, NEW.period_type, NEW.period_start, NEW.period_end,
      NEW.line_count, NEW.order_count, NEW.period_amount, NEW.adjustment_amount, NEW.total_amount)
    IS DISTINCT FROM (OLD.account, OLD.account_id, OLD.period_type, OLD.period_start, OLD.period_end,
      OLD.line_count, OLD.order_count, OLD.period_amount, OLD.adjustment_amount, OLD.total_amount) THEN
    RAISE EXCEPTION 'statement % locked: its totals cannot change', OLD.id USING ERRCODE = 'P0001';
  END IF;
  IF OLD.status = '2' AND (NEW.status, NEW.pay_ref, NEW.pay_time) IS DISTINCT FROM (OLD.status, OLD.pay_ref, OLD.pay_time) THEN
    RAISE EXCEPTION 'statement % settled: it cannot change', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yy_statement_locked BEFORE UPDATE OR DELETE ON yy_statement
  FOR EACH ROW EXECUTE FUNCTION yy_statement_refuse_locked();
--> statement-breakpoint
-- the zone months are read in by views (APP_TIMEZONE; a session may set care.app_timezone)
CREATE FUNCTION yy_app_timezone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('care.app_timezone', true), ''), 'Asia/Shanghai')
$$;
--> statement-breakpoint
-- 财务明细: per local month (of the entry) and district (of the order) the ledger's figures.
CREATE VIEW yy_visit_finance AS
SELECT md5(x.month || ':' || x.area_code || ':' || coalesce(x.tenant_id::text, '')) AS id, x.*
FROM (
  SELECT to_char(e.create_time AT TIME ZONE yy_app_timezone(), 'YYYY-MM') AS month,
    o.area_code, o.tenant_id,
    count(DISTINCT e.order_id) FILTER (WHERE e.kind = 'payment')::int AS order_count,
    coalesce(-sum(e.amount) FILTER (WHERE e.kind = 'payment'), 0)::numeric(15, 2) AS paid_amount,
    coalesce(-sum(e.amount) FILTER (WHERE e.kind = 'payment'), 0)
      - coalesce(sum(e.amount) FILTER (WHERE e.kind = 'travelFee'), 0) AS service_amount,
    coalesce(sum(e.amount) FILTER (WHERE e.kind = 'travelFee'), 0) AS travel_amount,
    coalesce(sum(e.amount) FILTER (WHERE e.kind = 'refund'), 0) AS refund_amount,
    coalesce(sum(e.amount) FILTER (WHERE e.account = 'platform'), 0) AS platform_amount,
    coalesce(sum(e.amount) FILTER (WHERE e.account = 'partner'), 0) AS partner_amount,
    coalesce(sum(e.amount) FILTER (WHERE e.account = 'technician'), 0) AS technician_amount
  FROM yy_ledger_entry e JOIN yy_visit_order o ON o.id = e.order_id
  GROUP BY 1, 2, 3
) x;
