CREATE TABLE "sys_upload" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"path" varchar(500) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_sys_upload_path" ON "sys_upload" USING btree ("path");