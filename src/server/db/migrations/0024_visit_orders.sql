CREATE TABLE "yy_order_no_seq" (
	"day" date PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yy_order_refund" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_id" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"refund_no" varchar(64) NOT NULL,
	"provider" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"provider_ref" varchar(64),
	"reason" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_order_refund_amount" CHECK ("yy_order_refund"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "yy_visit_order" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_no" varchar(20) NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"address_id" varchar(32),
	"contact" varchar(50) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"area_code" varchar(12) NOT NULL,
	"detail" varchar(200) NOT NULL,
	"location" "point",
	"appointment_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"service_minutes" integer NOT NULL,
	"technician_id" varchar(32),
	"partner_id" varchar(32),
	"travel_mode" varchar(2) NOT NULL,
	"distance" numeric(8, 2) NOT NULL,
	"fare_amount" numeric(15, 2) NOT NULL,
	"project_amount" numeric(15, 2) NOT NULL,
	"extra_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(15, 2) NOT NULL,
	"pay_method" varchar(2),
	"paid_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"pay_time" timestamp with time zone,
	"pay_reference" varchar(64),
	"refund_amount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"cancel_fee" numeric(15, 2),
	"cancel_from" varchar(2),
	"accept_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"source" varchar(2) NOT NULL,
	"status" varchar(2) NOT NULL,
	"rating" integer,
	"remark" varchar(500),
	"tenant_id" integer,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_visit_order_amounts" CHECK ("yy_visit_order"."total_amount" >= 0 and "yy_visit_order"."refund_amount" <= "yy_visit_order"."paid_amount")
);
--> statement-breakpoint
CREATE TABLE "yy_visit_order_extra" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_id" varchar(32) NOT NULL,
	"project_id" varchar(32) NOT NULL,
	"project_name" varchar(100) NOT NULL,
	"price" numeric(15, 2) NOT NULL,
	"duration" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_visit_order_item" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_id" varchar(32) NOT NULL,
	"project_id" varchar(32) NOT NULL,
	"project_name" varchar(100) NOT NULL,
	"price" numeric(15, 2) NOT NULL,
	"duration" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "partner_id" varchar(32);--> statement-breakpoint
ALTER TABLE "yy_user" ADD COLUMN "blacklisted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "yy_user" ADD COLUMN "blacklist_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "yy_order_refund" ADD CONSTRAINT "yy_order_refund_order_id_yy_visit_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."yy_visit_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yy_visit_order_extra" ADD CONSTRAINT "yy_visit_order_extra_order_id_yy_visit_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."yy_visit_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yy_visit_order_item" ADD CONSTRAINT "yy_visit_order_item_order_id_yy_visit_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."yy_visit_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_order_refund_kind" ON "yy_order_refund" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_order_refund_no" ON "yy_order_refund" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_visit_order_no" ON "yy_visit_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "idx_yy_visit_order_status" ON "yy_visit_order" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "idx_yy_visit_order_create_time" ON "yy_visit_order" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_yy_visit_order_customer" ON "yy_visit_order" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "idx_yy_visit_order_technician" ON "yy_visit_order" USING btree ("technician_id","appointment_time");--> statement-breakpoint
CREATE INDEX "idx_yy_visit_order_partner" ON "yy_visit_order" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "idx_yy_visit_order_extra_order" ON "yy_visit_order_extra" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "idx_yy_visit_order_item_order" ON "yy_visit_order_item" USING btree ("order_id");