CREATE TABLE "self_exclusion_carryovers" (
	"email_digest" text PRIMARY KEY NOT NULL,
	"excluded_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
