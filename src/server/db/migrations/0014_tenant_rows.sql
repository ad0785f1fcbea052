ALTER TABLE "yy_goods" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
ALTER TABLE "yy_user" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
CREATE INDEX "idx_yy_goods_tenant_id" ON "yy_goods" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_yy_user_tenant_id" ON "yy_user" USING btree ("tenant_id");
--> statement-breakpoint
-- rows written before tenants owned rows belong to the first tenant (a fresh database has none
-- yet: the seed assigns its rows, src/server/db/seed/index.ts)
UPDATE "yy_user" SET "tenant_id" = (SELECT min("id") FROM "sys_tenant") WHERE "tenant_id" IS NULL;
--> statement-breakpoint
UPDATE "yy_goods" SET "tenant_id" = (SELECT min("id") FROM "sys_tenant") WHERE "tenant_id" IS NULL;
