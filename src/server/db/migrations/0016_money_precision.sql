ALTER TABLE "yy_fare" ALTER COLUMN "base_fare" SET DATA TYPE numeric(15, 2);--> statement-breakpoint
ALTER TABLE "yy_fare" ALTER COLUMN "price_per_km" SET DATA TYPE numeric(15, 2);--> statement-breakpoint
ALTER TABLE "yy_fare" ALTER COLUMN "min_fare" SET DATA TYPE numeric(15, 2);--> statement-breakpoint
ALTER TABLE "yy_goods" ALTER COLUMN "price" SET DATA TYPE numeric(15, 2);