-- The partner status log becomes the generic history's first rows (action: the declared one
-- between the two states).
INSERT INTO sys_state_history (id, resource, row_id, action, from_state, to_state, reason, changed_by, changed_at)
SELECT id, 'partner', partner_id,
  CASE
    WHEN from_status = '0' AND to_status = '1' THEN 'approve'
    WHEN from_status = '0' AND to_status = '2' THEN 'reject'
    WHEN from_status = '2' AND to_status = '0' THEN 'resubmit'
    WHEN from_status = '1' AND to_status = '3' THEN 'disable'
    WHEN from_status = '3' AND to_status = '1' THEN 'enable'
    ELSE 'updateStatus'
  END,
  from_status, to_status, reason, changed_by, changed_at
FROM yy_partner_status_log;
--> statement-breakpoint
-- Append-only: a history row is never changed or removed, whoever asks (endpoint, script, psql).
CREATE FUNCTION refuse_append_only_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'append-only table %: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER sys_state_history_append_only BEFORE UPDATE OR DELETE ON sys_state_history
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE TRIGGER sys_state_history_append_only_truncate BEFORE TRUNCATE ON sys_state_history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
