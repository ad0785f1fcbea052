-- 资金流水 is append-only: no entry is ever changed or removed, whoever asks (endpoint, script, psql);
-- corrections are reversal entries.
CREATE TRIGGER yy_ledger_entry_append_only BEFORE UPDATE OR DELETE ON yy_ledger_entry
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE TRIGGER yy_ledger_entry_append_only_truncate BEFORE TRUNCATE ON yy_ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
-- A reversal takes back part or all of one original entry, never more than it, never of another
-- reversal, and of the opposite sign. The original is locked first, so concurrent reversals of one
-- entry are checked one after the other.
CREATE FUNCTION yy_ledger_entry_check_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orig yy_ledger_entry%ROWTYPE;
  taken numeric;
BEGIN
  IF NEW.reversal_of IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO orig FROM yy_ledger_entry WHERE id = NEW.reversal_of FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger reversal: entry % not found', NEW.reversal_of USING ERRCODE = 'P0001';
  END IF;
  IF orig.reversal_of IS NOT NULL THEN
    RAISE EXCEPTION 'ledger reversal: entry % is itself a reversal', NEW.reversal_of USING ERRCODE = 'P0001';
  END IF;
  IF sign(NEW.amount) <> -sign(orig.amount) THEN
    RAISE EXCEPTION 'ledger reversal: amount % does not oppose %', NEW.amount, orig.amount USING ERRCODE = 'P0001';
  END IF;
  SELECT coalesce(sum(amount), 0) INTO taken FROM yy_ledger_entry WHERE reversal_of = NEW.reversal_of;
  IF abs(taken + NEW.amount) > abs(orig.amount) THEN
    RAISE EXCEPTION 'ledger reversal: % would exceed entry % of %', NEW.amount, NEW.reversal_of, orig.amount
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yy_ledger_entry_reversal BEFORE INSERT ON yy_ledger_entry
  FOR EACH ROW EXECUTE FUNCTION yy_ledger_entry_check_reversal();
--> statement-breakpoint
-- yy_ledger_balance follows the entries: one upsert per statement, keys in a fixed order (no
-- deadlock between postings touching the same accounts), in the posting's transaction.
CREATE FUNCTION yy_ledger_balance_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO yy_ledger_balance AS b (account, account_key, balance, update_time)
  SELECT account, coalesce(account_id, ''), sum(amount), now()
  FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (account, account_key) DO UPDATE SET balance = b.balance + excluded.balance, update_time = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trg_yy_ledger_balance_insert AFTER INSERT ON yy_ledger_entry
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yy_ledger_balance_apply();
