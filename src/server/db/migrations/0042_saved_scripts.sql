CREATE TABLE "care_saved_script" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"title" varchar(100) NOT NULL,
	"script" text NOT NULL,
	"params" varchar(500),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_care_saved_script_owner_name" ON "care_saved_script" USING btree ("create_by","name");