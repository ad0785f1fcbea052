ALTER TABLE "yy_ledger_entry" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "yy_ledger_entry_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "yy_statement" ADD COLUMN "seq_hi" bigint;--> statement-breakpoint
ALTER TABLE "yy_statement" ADD COLUMN "seq_skip" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "yy_statement" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "yy_statement" ADD COLUMN "ends_at" timestamp with time zone;