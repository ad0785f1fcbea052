CREATE TABLE "sys_seed_ledger" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;