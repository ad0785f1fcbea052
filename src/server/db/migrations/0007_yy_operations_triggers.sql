-- Every change of a platform setting's value is logged (who, old, new, when) in the statement
-- that makes it, whoever makes it (endpoint, import, script).
CREATE FUNCTION yy_platform_config_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.value IS DISTINCT FROM OLD.value THEN
    INSERT INTO yy_platform_config_log (config_id, config_key, name, old_value, new_value, changed_by)
    VALUES (NEW.id, NEW.config_key, NEW.name, OLD.value, NEW.value, NEW.update_by);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yy_platform_config_log_change AFTER UPDATE ON yy_platform_config
  FOR EACH ROW EXECUTE FUNCTION yy_platform_config_log_change();
--> statement-breakpoint
-- Per app and platform exactly one version is the latest: the published one with the highest
-- code (none while nothing is published). Recomputed after every statement that writes versions;
-- stale flags are cleared first so the partial unique index never sees two.
CREATE FUNCTION yy_app_version_mark_latest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  WITH latest AS (
    SELECT DISTINCT ON (app, platform) id FROM yy_app_version
    WHERE published ORDER BY app, platform, version_code DESC
  )
  UPDATE yy_app_version SET is_latest = false
  WHERE is_latest AND id NOT IN (SELECT id FROM latest);
  WITH latest AS (
    SELECT DISTINCT ON (app, platform) id FROM yy_app_version
    WHERE published ORDER BY app, platform, version_code DESC
  )
  UPDATE yy_app_version SET is_latest = true
  WHERE NOT is_latest AND id IN (SELECT id FROM latest);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yy_app_version_mark_latest AFTER INSERT OR UPDATE OR DELETE ON yy_app_version
  FOR EACH STATEMENT EXECUTE FUNCTION yy_app_version_mark_latest();
