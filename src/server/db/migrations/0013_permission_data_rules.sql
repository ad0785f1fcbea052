CREATE TABLE "sys_permission_data_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"rule_name" varchar(50) NOT NULL,
	"rule_column" varchar(50),
	"rule_conditions" varchar(50) NOT NULL,
	"rule_value" varchar(300) NOT NULL,
	"status" varchar(3) DEFAULT '1' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_spdr_permission_id" ON "sys_permission_data_rule" USING btree ("permission_id");
--> statement-breakpoint
-- Data rules decide which rows a user reads (they are cached per process with the sessions): a
-- change drops the 'auth' caches on every instance, like the grants of migration 0011. A user's
-- departments feed #{sys_multi_org_code}, so their changes drop them too.
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER INSERT OR UPDATE OR DELETE ON sys_permission_data_rule
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER INSERT OR UPDATE OR DELETE ON sys_user_depart
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
