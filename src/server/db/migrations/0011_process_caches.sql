-- Caches in each server process (issue #14): sessions with their permission codes ('auth') and
-- dictionary items ('dict'). Whoever changes what they hold (endpoint, import, script, psql)
-- bumps that cache's counter and tells every instance, from triggers, at commit:
--   * care_cache_epoch: read by every API request on PostgreSQL before a cache is trusted, so a
--     revoked token or grant is refused on the very next request on any instance (a notification
--     may still be on its way);
--   * NOTIFY care_cache (payload: the cache's name): each instance drops that cache at once.
-- Constraint triggers deferred to commit: the counter's row is locked only while committing, and a
-- transaction bumps each counter once however many rows it changed. Other tables that decide who
-- may do what attach care_cache_changed('auth') the same way.
CREATE TABLE care_cache_epoch (
  id integer PRIMARY KEY CHECK (id = 1),
  auth bigint NOT NULL,
  dict bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO care_cache_epoch (id, auth, dict) VALUES (1, 1, 1);
--> statement-breakpoint
CREATE FUNCTION care_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'care.changed_' || TG_ARGV[0];
BEGIN
  IF current_setting(flag, true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config(flag, txid_current()::text, true);
    UPDATE care_cache_epoch
       SET auth = auth + (TG_ARGV[0] = 'auth')::int, dict = dict + (TG_ARGV[0] = 'dict')::int
     WHERE id = 1;
    PERFORM pg_notify('care_cache', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER UPDATE OR DELETE ON sys_user_token
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER UPDATE OR DELETE ON sys_user
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER UPDATE OR DELETE ON sys_role
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER INSERT OR UPDATE OR DELETE ON sys_user_role
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER INSERT OR UPDATE OR DELETE ON sys_role_permission
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER INSERT OR UPDATE OR DELETE ON sys_permission
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_dict AFTER INSERT OR UPDATE OR DELETE ON sys_dict
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('dict');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_dict AFTER INSERT OR UPDATE OR DELETE ON sys_dict_item
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('dict');
