CREATE TABLE "yy_dispatch_city" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"radius_km" numeric(5, 1) NOT NULL,
	"radius_step_km" numeric(5, 1) DEFAULT '0' NOT NULL,
	"max_radius_km" numeric(5, 1) NOT NULL,
	"strategy" varchar(10) DEFAULT 'distance' NOT NULL,
	"accept_timeout_minutes" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_dispatch_record" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_id" varchar(32),
	"city_code" varchar(12),
	"project_ids" text NOT NULL,
	"location" "point" NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"strategy" varchar(10) NOT NULL,
	"radius_km" numeric(5, 1) NOT NULL,
	"candidates" jsonb NOT NULL,
	"candidate_count" integer NOT NULL,
	"chosen_technician_id" varchar(32),
	"mode" varchar(2) NOT NULL,
	"reason" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yy_technician_booking" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"technician_id" varchar(32) NOT NULL,
	"order_id" varchar(32) NOT NULL,
	"during" "tstzrange" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"release_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_technician_shift" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"technician_id" varchar(32) NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"remark" varchar(100),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_technician_shift_weekday" CHECK ("yy_technician_shift"."weekday" between 1 and 7),
	CONSTRAINT "ck_yy_technician_shift_span" CHECK ("yy_technician_shift"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "yy_technician_shift"."end_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' and "yy_technician_shift"."end_time" > "yy_technician_shift"."start_time")
);
--> statement-breakpoint
CREATE TABLE "yy_technician_shift_exception" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"technician_id" varchar(32) NOT NULL,
	"shift_date" date NOT NULL,
	"kind" varchar(2) NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"reason" varchar(200),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_technician_shift_exception_span" CHECK ("yy_technician_shift_exception"."kind" = '1' or ("yy_technician_shift_exception"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "yy_technician_shift_exception"."end_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' and "yy_technician_shift_exception"."end_time" > "yy_technician_shift_exception"."start_time"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_dispatch_city" ON "yy_dispatch_city" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "idx_yy_dispatch_record_order" ON "yy_dispatch_record" USING btree ("order_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_yy_technician_booking_order" ON "yy_technician_booking" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "idx_yy_technician_shift_tech" ON "yy_technician_shift" USING btree ("technician_id","weekday");--> statement-breakpoint
CREATE INDEX "idx_yy_technician_shift_exception_tech" ON "yy_technician_shift_exception" USING btree ("technician_id","shift_date");