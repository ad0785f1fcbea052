CREATE TABLE "yy_app_version" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"app" varchar(16) NOT NULL,
	"platform" varchar(16) NOT NULL,
	"version_name" varchar(20) NOT NULL,
	"version_code" integer NOT NULL,
	"download_url" varchar(500) NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"notes" varchar(2000),
	"published" boolean DEFAULT false NOT NULL,
	"is_latest" boolean DEFAULT false NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_fare" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"period" varchar(8) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"free_km" numeric(6, 2) NOT NULL,
	"base_fare" numeric(10, 2) NOT NULL,
	"price_per_km" numeric(10, 2) NOT NULL,
	"min_fare" numeric(10, 2) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_goods" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"category" varchar(2) NOT NULL,
	"spec" varchar(100),
	"price" numeric(10, 2) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"images" text,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_images" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"title" varchar(50) NOT NULL,
	"image" varchar(500) NOT NULL,
	"position" varchar(2) NOT NULL,
	"link_type" varchar(10) DEFAULT 'none' NOT NULL,
	"link_target" varchar(500),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_platform_config" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"config_key" varchar(64) NOT NULL,
	"name" varchar(50) NOT NULL,
	"group_name" varchar(20),
	"value_type" varchar(10) NOT NULL,
	"value" varchar(500) NOT NULL,
	"default_value" varchar(500) NOT NULL,
	"unit" varchar(10),
	"description" varchar(255),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "uq_yy_platform_config_key" UNIQUE("config_key")
);
--> statement-breakpoint
CREATE TABLE "yy_platform_config_log" (
	"id" varchar(32) PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"config_id" varchar(32) NOT NULL,
	"config_key" varchar(64) NOT NULL,
	"name" varchar(50) NOT NULL,
	"old_value" varchar(500),
	"new_value" varchar(500),
	"changed_by" varchar(32),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yy_user" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"nickname" varchar(50) NOT NULL,
	"real_name" varchar(50),
	"mobile" varchar(11) NOT NULL,
	"sex" varchar(2),
	"avatar" varchar(500),
	"member_level" varchar(2) DEFAULT '1' NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"register_time" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(2),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "uq_yy_user_mobile" UNIQUE("mobile")
);
--> statement-breakpoint
CREATE TABLE "yy_user_address" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"contact" varchar(50) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"area_code" varchar(12) NOT NULL,
	"detail" varchar(200) NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "yy_user_address" ADD CONSTRAINT "yy_user_address_user_id_yy_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."yy_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_app_version_code" ON "yy_app_version" USING btree ("app","platform","version_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_app_version_latest" ON "yy_app_version" USING btree ("app","platform") WHERE is_latest;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_fare_city_period" ON "yy_fare" USING btree ("city_code","period");--> statement-breakpoint
CREATE INDEX "idx_yy_images_position" ON "yy_images" USING btree ("position","sort_no");--> statement-breakpoint
CREATE INDEX "idx_yy_platform_config_log_key" ON "yy_platform_config_log" USING btree ("config_key","changed_at");--> statement-breakpoint
CREATE INDEX "idx_yy_user_register_time" ON "yy_user" USING btree ("register_time");--> statement-breakpoint
CREATE INDEX "idx_yy_user_address_user" ON "yy_user_address" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_user_address_default" ON "yy_user_address" USING btree ("user_id") WHERE is_default;