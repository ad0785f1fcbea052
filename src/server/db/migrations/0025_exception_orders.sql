CREATE TABLE "yy_breach_record" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_id" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"customer_id" varchar(32),
	"technician_id" varchar(32),
	"fee" numeric(15, 2),
	"note" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_exception_order" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_id" varchar(32) NOT NULL,
	"kind" varchar(2) NOT NULL,
	"reason" varchar(255) NOT NULL,
	"status" varchar(2) NOT NULL,
	"open_time" timestamp with time zone DEFAULT now() NOT NULL,
	"handler_id" varchar(32),
	"resolution" varchar(2),
	"note" varchar(500),
	"resolve_time" timestamp with time zone,
	"partner_id" varchar(32),
	"tenant_id" integer,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "yy_breach_record" ADD CONSTRAINT "yy_breach_record_order_id_yy_visit_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."yy_visit_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yy_exception_order" ADD CONSTRAINT "yy_exception_order_order_id_yy_visit_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."yy_visit_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_breach_record_order_kind" ON "yy_breach_record" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "idx_yy_breach_record_customer" ON "yy_breach_record" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "idx_yy_breach_record_technician" ON "yy_breach_record" USING btree ("technician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_exception_order_open" ON "yy_exception_order" USING btree ("order_id","kind") WHERE "yy_exception_order"."status" <> '3';--> statement-breakpoint
CREATE INDEX "idx_yy_exception_order_status" ON "yy_exception_order" USING btree ("status","open_time");--> statement-breakpoint
CREATE INDEX "idx_yy_exception_order_order" ON "yy_exception_order" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "idx_yy_exception_order_partner" ON "yy_exception_order" USING btree ("partner_id");