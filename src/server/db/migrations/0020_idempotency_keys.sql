CREATE TABLE "sys_idempotency_key" (
	"resource" varchar(64) NOT NULL,
	"key" varchar(128) NOT NULL,
	"row_id" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_idempotency_key_resource_key_pk" PRIMARY KEY("resource","key")
);
