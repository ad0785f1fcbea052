CREATE TABLE "yy_payout" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"statement_id" varchar(32) NOT NULL,
	"period" varchar(10) NOT NULL,
	"account" varchar(16) NOT NULL,
	"account_id" varchar(32) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"pay_ref" varchar(64),
	"tenant_id" integer,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yy_statement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"period_type" varchar(8) NOT NULL,
	"period" varchar(10) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"account" varchar(16) NOT NULL,
	"account_id" varchar(32) NOT NULL,
	"partner_id" varchar(32),
	"status" varchar(2) DEFAULT '0' NOT NULL,
	"line_count" integer NOT NULL,
	"order_count" integer NOT NULL,
	"period_amount" numeric(15, 2) NOT NULL,
	"adjustment_amount" numeric(15, 2) NOT NULL,
	"total_amount" numeric(15, 2) NOT NULL,
	"generate_time" timestamp with time zone NOT NULL,
	"confirm_time" timestamp with time zone,
	"pay_ref" varchar(64),
	"pay_time" timestamp with time zone,
	"remark" varchar(255),
	"tenant_id" integer,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "ck_yy_statement_status" CHECK ("yy_statement"."status" in ('0', '1', '2')),
	CONSTRAINT "ck_yy_statement_settled" CHECK ("yy_statement"."status" <> '2' or "yy_statement"."pay_ref" is not null)
);
--> statement-breakpoint
CREATE TABLE "yy_statement_line" (
	"statement_id" varchar(32) NOT NULL,
	"entry_id" varchar(32) NOT NULL,
	"period_type" varchar(8) NOT NULL,
	"adjustment" boolean NOT NULL,
	CONSTRAINT "yy_statement_line_statement_id_entry_id_pk" PRIMARY KEY("statement_id","entry_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_payout_statement" ON "yy_payout" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "idx_yy_payout_period" ON "yy_payout" USING btree ("period");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_statement_account_period" ON "yy_statement" USING btree ("account","account_id","period_type","period_start");--> statement-breakpoint
CREATE INDEX "idx_yy_statement_period" ON "yy_statement" USING btree ("period_type","period_start","status");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_yy_statement_line_entry" ON "yy_statement_line" USING btree ("entry_id","period_type");