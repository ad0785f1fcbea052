-- an address's coordinates are one point (x longitude, y latitude), as the resource layer's location type
ALTER TABLE "yy_user_address" DROP COLUMN "latitude";--> statement-breakpoint
ALTER TABLE "yy_user_address" DROP COLUMN "longitude";--> statement-breakpoint
ALTER TABLE "yy_user_address" ADD COLUMN "location" "point";
