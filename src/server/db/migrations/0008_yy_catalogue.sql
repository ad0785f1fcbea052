CREATE TABLE "yy_partner" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"partner_type" varchar(2) NOT NULL,
	"contact" varchar(50) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"area" varchar(12) NOT NULL,
	"address" varchar(255),
	"licence" varchar(500),
	"bank_name" varchar(100),
	"bank_account" varchar(30),
	"account_name" varchar(50),
	"share_ratio" numeric(5, 2) NOT NULL,
	"status" varchar(2) DEFAULT '0' NOT NULL,
	"status_reason" varchar(255),
	"remark" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "uq_yy_partner_name" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "yy_partner_status_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"partner_id" varchar(32) NOT NULL,
	"from_status" varchar(2) NOT NULL,
	"to_status" varchar(2) NOT NULL,
	"reason" varchar(255),
	"changed_by" varchar(32),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yy_project" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"category" varchar(20) NOT NULL,
	"duration" integer NOT NULL,
	"price" numeric(15, 2) NOT NULL,
	"list_price" numeric(15, 2),
	"images" text,
	"description" text,
	"suitable" varchar(255),
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "uq_yy_project_name" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "yy_technician" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"sex" varchar(2) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"id_card" varchar(18),
	"avatar" varchar(500),
	"photos" text,
	"level" varchar(10) NOT NULL,
	"partner_id" varchar(32),
	"service_areas" text,
	"location" "point",
	"work_status" varchar(2) DEFAULT '3' NOT NULL,
	"rating" numeric(2, 1) DEFAULT '5.0' NOT NULL,
	"join_date" date,
	"intro" varchar(500),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "uq_yy_technician_mobile" UNIQUE("mobile"),
	CONSTRAINT "uq_yy_technician_id_card" UNIQUE("id_card")
);
--> statement-breakpoint
CREATE TABLE "yy_technician_service" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"technician_id" varchar(32) NOT NULL,
	"project_id" varchar(32) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"price" numeric(15, 2),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_yy_partner_status" ON "yy_partner" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idx_yy_partner_status_log_partner" ON "yy_partner_status_log" USING btree ("partner_id","changed_at");--> statement-breakpoint
CREATE INDEX "idx_yy_project_status" ON "yy_project" USING btree ("status","sort");--> statement-breakpoint
CREATE INDEX "idx_yy_technician_partner" ON "yy_technician" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "idx_yy_technician_status" ON "yy_technician" USING btree ("work_status");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_technician_service" ON "yy_technician_service" USING btree ("technician_id","project_id");--> statement-breakpoint
CREATE INDEX "idx_yy_technician_service_project" ON "yy_technician_service" USING btree ("project_id");