CREATE TABLE "yy_material_order" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"order_no" varchar(20) NOT NULL,
	"technician_id" varchar(32) NOT NULL,
	"partner_id" varchar(32),
	"goods_id" varchar(32) NOT NULL,
	"goods_name" varchar(100),
	"price" numeric(15, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"pay_method" varchar(2) NOT NULL,
	"statement_id" varchar(32),
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"tracking_no" varchar(64),
	"ship_time" timestamp with time zone,
	"receive_time" timestamp with time zone,
	"cancel_reason" varchar(255),
	"remark" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_material_order_quantity" CHECK ("yy_material_order"."quantity" > 0),
	CONSTRAINT "ck_yy_material_order_amount" CHECK ("yy_material_order"."amount" >= 0 and "yy_material_order"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "yy_withdraw" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"withdraw_no" varchar(20) NOT NULL,
	"technician_id" varchar(32) NOT NULL,
	"partner_id" varchar(32),
	"amount" numeric(15, 2) NOT NULL,
	"pay_account" varchar(100),
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"reject_reason" varchar(255),
	"pay_reference" varchar(64),
	"audit_by" varchar(32),
	"audit_time" timestamp with time zone,
	"pay_time" timestamp with time zone,
	"remark" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_withdraw_amount" CHECK ("yy_withdraw"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_material_order_no" ON "yy_material_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "idx_yy_material_order_technician" ON "yy_material_order" USING btree ("technician_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_yy_material_order_partner" ON "yy_material_order" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "idx_yy_material_order_statement" ON "yy_material_order" USING btree ("pay_method","statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_withdraw_no" ON "yy_withdraw" USING btree ("withdraw_no");--> statement-breakpoint
CREATE INDEX "idx_yy_withdraw_technician" ON "yy_withdraw" USING btree ("technician_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_yy_withdraw_partner" ON "yy_withdraw" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "yy_goods" ADD CONSTRAINT "ck_yy_goods_stock" CHECK ("yy_goods"."stock" >= 0);