CREATE TABLE "sys_announcement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"titile" varchar(100) NOT NULL,
	"msg_content" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"sender" varchar(100),
	"priority" varchar(10) DEFAULT 'L' NOT NULL,
	"msg_category" varchar(10) DEFAULT '1' NOT NULL,
	"msg_type" varchar(10) DEFAULT 'ALL' NOT NULL,
	"send_status" varchar(10) DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"bus_type" varchar(20),
	"bus_id" varchar(50),
	"open_type" varchar(20),
	"open_page" varchar(255),
	"msg_abstract" varchar(500),
	"user_ids" text,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_announcement_send" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"annt_id" varchar(32) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"read_flag" varchar(10) DEFAULT '0' NOT NULL,
	"read_time" timestamp with time zone,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_category" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"pid" varchar(32) DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(100) NOT NULL,
	"has_child" varchar(3) DEFAULT '0' NOT NULL,
	"sys_org_code" varchar(64),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_check_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_json" text NOT NULL,
	"rule_description" varchar(200),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_message_template" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"template_code" varchar(100) NOT NULL,
	"template_name" varchar(100) NOT NULL,
	"template_content" text NOT NULL,
	"template_test_json" text,
	"template_type" varchar(10) DEFAULT '1' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_class_name" varchar(255) NOT NULL,
	"cron_expression" varchar(255) NOT NULL,
	"parameter" varchar(255),
	"description" varchar(255),
	"status" integer DEFAULT -1 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_id" varchar(32) NOT NULL,
	"job_class_name" varchar(255) NOT NULL,
	"fire_time" timestamp with time zone NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration_ms" integer,
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"error" text,
	"instance" varchar(64),
	"result" text
);
--> statement-breakpoint
CREATE INDEX "idx_sys_announcement_status" ON "sys_announcement" USING btree ("send_status","del_flag");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_announcement_send" ON "sys_announcement_send" USING btree ("annt_id","user_id");--> statement-breakpoint
CREATE INDEX "idx_sys_announcement_send_user" ON "sys_announcement_send" USING btree ("user_id","read_flag");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_category_code" ON "sys_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idx_sys_category_pid" ON "sys_category" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_check_rule_code" ON "sys_check_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_message_template_code" ON "sys_message_template" USING btree ("template_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_quartz_job_class" ON "sys_quartz_job" USING btree ("job_class_name");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_quartz_job_log_fire" ON "sys_quartz_job_log" USING btree ("job_id","fire_time","trigger");--> statement-breakpoint
CREATE INDEX "idx_sys_quartz_job_log_start" ON "sys_quartz_job_log" USING btree ("job_id","start_time");