CREATE TABLE "yy_stat_customer_first" (
	"customer_id" varchar(32) PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"tenant_key" integer NOT NULL,
	"partner_key" varchar(32) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yy_stat_ledger_daily" (
	"day" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" varchar(32) NOT NULL,
	"tenant_key" integer NOT NULL,
	"partner_key" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(17, 2) NOT NULL,
	CONSTRAINT "yy_stat_ledger_daily_day_dim_key_tenant_key_partner_key_kind_pk" PRIMARY KEY("day","dim","key","tenant_key","partner_key","kind")
);
--> statement-breakpoint
CREATE TABLE "yy_stat_order_daily" (
	"day" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" varchar(32) NOT NULL,
	"tenant_key" integer NOT NULL,
	"partner_key" varchar(32) NOT NULL,
	"status" varchar(2) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(17, 2) NOT NULL,
	"refund" numeric(17, 2) NOT NULL,
	CONSTRAINT "yy_stat_order_daily_day_dim_key_tenant_key_partner_key_status_pk" PRIMARY KEY("day","dim","key","tenant_key","partner_key","status")
);
--> statement-breakpoint
CREATE INDEX "idx_yy_visit_order_customer_first" ON "yy_visit_order" USING btree ("customer_id","create_time","id");