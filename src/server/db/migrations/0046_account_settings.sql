CREATE TABLE "sys_session_activity" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_pref" (
	"user_id" varchar(32) PRIMARY KEY NOT NULL,
	"ui" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notify" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
