CREATE TABLE "yy_visit_order_status_count" (
	"tenant_key" integer NOT NULL,
	"partner_key" varchar(32) NOT NULL,
	"status" varchar(2) NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "yy_visit_order_status_count_tenant_key_partner_key_status_pk" PRIMARY KEY("tenant_key","partner_key","status")
);
