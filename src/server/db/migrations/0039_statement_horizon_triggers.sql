-- Statements with a horizon (seq_hi): their own period's lines are read from the ledger (the
-- account's entries in [starts_at, ends_at) with seq <= seq_hi, except seq_skip), yy_statement_line
-- keeps only adjustments. A locked statement keeps its horizon, skip list and instants as it keeps
-- its totals, so its lines never change (entries never do).
CREATE OR REPLACE FUNCTION yy_statement_refuse_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> '0' THEN
      RAISE EXCEPTION 'statement % locked: it cannot be deleted', OLD.id USING ERRCODE = 'P0001';
    END IF;
    -- a draft goes with its lines (most have none: their lines are read by the horizon)
    IF EXISTS (SELECT 1 FROM yy_statement_line WHERE statement_id = OLD.id) THEN
      DELETE FROM yy_statement_line WHERE statement_id = OLD.id;
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> '0' AND (NEW.account, NEW.account_id, NEW.period_type, NEW.period_start, NEW.period_end,
      NEW.line_count, NEW.order_count, NEW.period_amount, NEW.adjustment_amount, NEW.total_amount,
      NEW.seq_hi, NEW.seq_skip, NEW.starts_at, NEW.ends_at)
    IS DISTINCT FROM (OLD.account, OLD.account_id, OLD.period_type, OLD.period_start, OLD.period_end,
      OLD.line_count, OLD.order_count, OLD.period_amount, OLD.adjustment_amount, OLD.total_amount,
      OLD.seq_hi, OLD.seq_skip, OLD.starts_at, OLD.ends_at) THEN
    RAISE EXCEPTION 'statement % locked: its totals cannot change', OLD.id USING ERRCODE = 'P0001';
  END IF;
  IF OLD.status = '2' AND (NEW.status, NEW.pay_ref, NEW.pay_time) IS DISTINCT FROM (OLD.status, OLD.pay_ref, OLD.pay_time) THEN
    RAISE EXCEPTION 'statement % settled: it cannot change', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- An entry is on one statement per period type: an adjustment line may not name an entry its own
-- period's statement holds by its horizon, whoever inserts it.
CREATE FUNCTION yy_statement_line_refuse_held() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n
      JOIN yy_ledger_entry e ON e.id = n.entry_id
      JOIN yy_statement s ON s.account = e.account AND s.account_id = e.account_id
        AND s.period_type = n.period_type AND s.id <> n.statement_id
     WHERE s.seq_hi IS NOT NULL AND e.create_time >= s.starts_at AND e.create_time < s.ends_at
       AND e.seq <= s.seq_hi AND NOT (e.seq = ANY (s.seq_skip))) THEN
    RAISE EXCEPTION 'statement line: the entry is held by another statement' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yy_statement_line_held_insert AFTER INSERT ON yy_statement_line
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_statement_line_refuse_held();
--> statement-breakpoint
-- ... nor may a statement's horizon take in an entry another statement carries as an adjustment
-- (checked from the adjustment lines: few, and indexed below).
CREATE FUNCTION yy_statement_refuse_held() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM yy_statement_line l
      JOIN yy_ledger_entry e ON e.id = l.entry_id
      JOIN new_rows s ON s.account = e.account AND s.account_id = e.account_id
        AND s.period_type = l.period_type AND s.id <> l.statement_id
     WHERE l.adjustment AND s.seq_hi IS NOT NULL AND e.create_time >= s.starts_at AND e.create_time < s.ends_at
       AND e.seq <= s.seq_hi AND NOT (e.seq = ANY (s.seq_skip))) THEN
    RAISE EXCEPTION 'statement: its horizon holds an entry another statement carries' USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yy_statement_held_insert AFTER INSERT ON yy_statement
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_statement_refuse_held();
--> statement-breakpoint
CREATE TRIGGER yy_statement_held_update AFTER UPDATE ON yy_statement
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yy_statement_refuse_held();
--> statement-breakpoint
CREATE INDEX idx_yy_statement_line_adjustment ON yy_statement_line (entry_id) WHERE adjustment;
