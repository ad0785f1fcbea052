CREATE TABLE "sys_depart_permission" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32) NOT NULL,
	"role_name" varchar(200) NOT NULL,
	"role_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32) NOT NULL,
	"role_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp with time zone DEFAULT now(),
	"operate_ip" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"drole_id" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_permission" ON "sys_depart_permission" USING btree ("depart_id","permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_code" ON "sys_depart_role" USING btree ("depart_id","role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_permission" ON "sys_depart_role_permission" USING btree ("role_id","permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_user" ON "sys_depart_role_user" USING btree ("drole_id","user_id");--> statement-breakpoint
CREATE INDEX "idx_sdru_user_id" ON "sys_depart_role_user" USING btree ("user_id");--> statement-breakpoint
-- Department roles grant rights as roles do (a user's permissions are the union of both): their
-- members and grants drop the sessions' permission caches at commit, as 0011's triggers do.
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER UPDATE OR DELETE ON sys_depart_role
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER INSERT OR UPDATE OR DELETE ON sys_depart_role_user
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER care_cache_auth AFTER INSERT OR UPDATE OR DELETE ON sys_depart_role_permission
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION care_cache_changed('auth');
