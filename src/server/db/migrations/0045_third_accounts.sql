CREATE TABLE "sys_third_account" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"sys_user_id" varchar(32) NOT NULL,
	"third_type" varchar(20) NOT NULL,
	"issuer" varchar(255) NOT NULL,
	"third_user_id" varchar(255) NOT NULL,
	"realname" varchar(100),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_third_account" ADD CONSTRAINT "sys_third_account_sys_user_id_sys_user_id_fk" FOREIGN KEY ("sys_user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_third_account_identity" ON "sys_third_account" USING btree ("third_type","issuer","third_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_third_account_user_provider" ON "sys_third_account" USING btree ("sys_user_id","third_type","issuer");--> statement-breakpoint
CREATE INDEX "idx_third_account_user" ON "sys_third_account" USING btree ("sys_user_id");