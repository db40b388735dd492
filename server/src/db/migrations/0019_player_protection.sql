CREATE TABLE "deposit_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"amount_kobo" bigint,
	"effective_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_limits_period_check" CHECK ("deposit_limits"."period" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "deposit_limits_amount_positive" CHECK ("deposit_limits"."amount_kobo" is null or "deposit_limits"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restriction_kind" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restricted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_limits_user_period_effective_idx" ON "deposit_limits" USING btree ("user_id","period","effective_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_restriction_kind_check" CHECK ("users"."restriction_kind" in ('time-out', 'self-exclusion'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_restriction_complete" CHECK (("users"."restriction_kind" is null) = ("users"."restricted_until" is null));