CREATE TABLE "football_provider_state" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_poll_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"day_limit" integer,
	"day_remaining" integer,
	"minute_limit" integer,
	"minute_remaining" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_odds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"bookmaker" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"home" real,
	"draw" real,
	"away" real,
	"over_25" real,
	"under_25" real,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_source_check";--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live_status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "minute" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live_home_goals" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live_away_goals" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "provider_result" jsonb;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "provider_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "off_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "selections" ADD COLUMN "market_odds_posted" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "market_odds" ADD CONSTRAINT "market_odds_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_odds_unique" ON "market_odds" USING btree ("match_id","bookmaker","taken_at");--> statement-breakpoint
CREATE INDEX "market_odds_match_taken_idx" ON "market_odds" USING btree ("match_id","taken_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "matches_provider_unique" ON "matches" USING btree ("provider","provider_id") WHERE "matches"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "matches_in_play_idx" ON "matches" USING btree ("live_status") WHERE "matches"."live_status" in ('live', 'halftime', 'suspended');--> statement-breakpoint
CREATE INDEX "matches_provider_due_idx" ON "matches" USING btree ("provider_finished_at") WHERE "matches"."status" = 'scheduled' and "matches"."provider_result" is not null;--> statement-breakpoint
CREATE INDEX "matches_off_idx" ON "matches" USING btree ("off_since") WHERE "matches"."status" = 'scheduled' and "matches"."off_since" is not null;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_live_status_check" CHECK ("matches"."live_status" in ('scheduled', 'live', 'halftime', 'finished', 'postponed', 'suspended', 'cancelled', 'abandoned'));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_provider_link" CHECK (("matches"."provider" is null) = ("matches"."provider_id" is null));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_source_check" CHECK ("matches"."source" in ('admin', 'import', 'provider'));