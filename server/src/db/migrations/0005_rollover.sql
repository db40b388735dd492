CREATE TABLE "rollover_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_kobo" bigint NOT NULL,
	"duration_days" integer NOT NULL,
	"odds" numeric(12, 2) NOT NULL,
	"slot_limit" integer,
	"post_limit" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"fake_subscriber_enabled" boolean DEFAULT false NOT NULL,
	"fake_subscriber_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rollover_plans_price_range" CHECK ("rollover_plans"."price_kobo" between 0 and 100000000),
	CONSTRAINT "rollover_plans_duration_range" CHECK ("rollover_plans"."duration_days" between 1 and 365),
	CONSTRAINT "rollover_plans_odds_min" CHECK ("rollover_plans"."odds" >= 1.01),
	CONSTRAINT "rollover_plans_slot_limit_min" CHECK ("rollover_plans"."slot_limit" is null or "rollover_plans"."slot_limit" >= 1),
	CONSTRAINT "rollover_plans_post_limit_range" CHECK ("rollover_plans"."post_limit" between 1 and 20),
	CONSTRAINT "rollover_plans_fake_count_min" CHECK ("rollover_plans"."fake_subscriber_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rollover_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"wallet_type" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"duration_days" integer NOT NULL,
	"start_day" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rollover_subscriptions_price_not_negative" CHECK ("rollover_subscriptions"."price_kobo" >= 0),
	CONSTRAINT "rollover_subscriptions_wallet_check" CHECK ("rollover_subscriptions"."wallet_type" in ('main', 'bonus'))
);
--> statement-breakpoint
CREATE TABLE "rollover_tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"day" date NOT NULL,
	"games" jsonb NOT NULL,
	"booking_code" text,
	"bookmaker" text,
	"total_odds" numeric(14, 2) NOT NULL,
	"note" text,
	"confidence" integer DEFAULT 85 NOT NULL,
	"expires_at" timestamp with time zone,
	"result" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rollover_tips_result_check" CHECK ("rollover_tips"."result" in ('pending', 'won', 'lost', 'void')),
	CONSTRAINT "rollover_tips_confidence_range" CHECK ("rollover_tips"."confidence" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "rollover_subscriptions" ADD CONSTRAINT "rollover_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_subscriptions" ADD CONSTRAINT "rollover_subscriptions_plan_id_rollover_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."rollover_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_tips" ADD CONSTRAINT "rollover_tips_plan_id_rollover_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."rollover_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollover_plans_active_updated_idx" ON "rollover_plans" USING btree ("active","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rollover_subscriptions_user_plan_day_unique" ON "rollover_subscriptions" USING btree ("user_id","plan_id","start_day");--> statement-breakpoint
CREATE INDEX "rollover_subscriptions_plan_expires_idx" ON "rollover_subscriptions" USING btree ("plan_id","expires_at");--> statement-breakpoint
CREATE INDEX "rollover_subscriptions_user_expires_idx" ON "rollover_subscriptions" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "rollover_tips_day_idx" ON "rollover_tips" USING btree ("day","created_at");--> statement-breakpoint
CREATE INDEX "rollover_tips_plan_day_idx" ON "rollover_tips" USING btree ("plan_id","day");--> statement-breakpoint
CREATE INDEX "rollover_tips_created_idx" ON "rollover_tips" USING btree ("created_at");