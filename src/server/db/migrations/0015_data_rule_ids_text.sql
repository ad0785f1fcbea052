ALTER TABLE "sys_role_permission" ALTER COLUMN "data_rule_ids" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "sys_depart_permission" ALTER COLUMN "data_rule_ids" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "sys_depart_role_permission" ALTER COLUMN "data_rule_ids" SET DATA TYPE text;