CREATE TABLE "sys_state_history" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"resource" varchar(64) NOT NULL,
	"row_id" varchar(64) NOT NULL,
	"action" varchar(64) NOT NULL,
	"from_state" varchar(32) NOT NULL,
	"to_state" varchar(32) NOT NULL,
	"reason" varchar(255),
	"changed_by" varchar(64),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_sys_state_history_row" ON "sys_state_history" USING btree ("resource","row_id","changed_at");