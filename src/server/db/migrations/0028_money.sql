CREATE TABLE "yy_ledger_balance" (
	"account" varchar(16) NOT NULL,
	"account_key" varchar(32) NOT NULL,
	"balance" numeric(15, 2) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now(),
	CONSTRAINT "yy_ledger_balance_account_account_key_pk" PRIMARY KEY("account","account_key")
);
--> statement-breakpoint
CREATE TABLE "yy_ledger_entry" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"entry_key" varchar(120) NOT NULL,
	"body_hash" varchar(64) NOT NULL,
	"account" varchar(16) NOT NULL,
	"account_id" varchar(32),
	"kind" varchar(16) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"order_id" varchar(32),
	"order_no" varchar(20),
	"technician_id" varchar(32),
	"partner_id" varchar(32),
	"rule_id" varchar(32),
	"memo" varchar(255),
	"reversal_of" varchar(32),
	"tenant_id" integer,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_ledger_entry_amount" CHECK ("yy_ledger_entry"."amount" <> 0 or "yy_ledger_entry"."kind" = 'payment')
);
--> statement-breakpoint
CREATE TABLE "yy_technician_commission" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"scope" varchar(2) NOT NULL,
	"technician_id" varchar(32),
	"project_id" varchar(32),
	"tech_level" varchar(10),
	"type" varchar(2) NOT NULL,
	"amount" numeric(15, 2),
	"rate" numeric(5, 2),
	"tiers" varchar(255),
	"priority" integer DEFAULT 0,
	"begin_date" date,
	"end_date" date,
	"enabled" boolean DEFAULT true,
	"remark" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_technician_commission_amounts" CHECK (coalesce("yy_technician_commission"."amount", 0) >= 0 and coalesce("yy_technician_commission"."rate", 0) between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_ledger_entry_key" ON "yy_ledger_entry" USING btree ("entry_key");--> statement-breakpoint
CREATE INDEX "idx_yy_ledger_entry_order" ON "yy_ledger_entry" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "idx_yy_ledger_entry_account" ON "yy_ledger_entry" USING btree ("account","account_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_yy_ledger_entry_technician" ON "yy_ledger_entry" USING btree ("technician_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_yy_ledger_entry_reversal" ON "yy_ledger_entry" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "idx_yy_ledger_entry_create_time" ON "yy_ledger_entry" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_yy_technician_commission_scope" ON "yy_technician_commission" USING btree ("scope","technician_id","project_id");