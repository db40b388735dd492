CREATE TABLE "free_tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"total_odds" numeric(12, 2) NOT NULL,
	"note" text,
	"confidence" integer,
	"model_probability" real,
	"result" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" text,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "free_tips_result_check" CHECK ("free_tips"."result" in ('pending', 'won', 'lost', 'void')),
	CONSTRAINT "free_tips_confidence_range" CHECK ("free_tips"."confidence" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sport" text DEFAULT 'football' NOT NULL,
	"league" text NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"kickoff" timestamp with time zone NOT NULL,
	"match_day" date NOT NULL,
	"home_goals" integer,
	"away_goals" integer,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"result_at" timestamp with time zone,
	"source" text DEFAULT 'admin' NOT NULL,
	"season" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "matches_status_check" CHECK ("matches"."status" in ('scheduled', 'finished', 'void')),
	CONSTRAINT "matches_source_check" CHECK ("matches"."source" in ('admin', 'import')),
	CONSTRAINT "matches_score_when_finished" CHECK (("matches"."status" = 'finished') = ("matches"."home_goals" is not null and "matches"."away_goals" is not null)),
	CONSTRAINT "matches_goals_not_negative" CHECK ("matches"."home_goals" >= 0 and "matches"."away_goals" >= 0)
);
--> statement-breakpoint
CREATE TABLE "selections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_code_id" uuid,
	"rollover_tip_id" uuid,
	"free_tip_id" uuid,
	"position" integer NOT NULL,
	"match_id" uuid NOT NULL,
	"prediction" text,
	"odds" numeric(12, 2),
	"bookmaker" text,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "selections_one_item" CHECK (num_nonnulls("selections"."booking_code_id", "selections"."rollover_tip_id", "selections"."free_tip_id") = 1),
	CONSTRAINT "selections_outcome_check" CHECK ("selections"."outcome" in ('pending', 'won', 'lost', 'void'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_codes" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "rollover_tips" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_booking_code_id_booking_codes_id_fk" FOREIGN KEY ("booking_code_id") REFERENCES "public"."booking_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_rollover_tip_id_rollover_tips_id_fk" FOREIGN KEY ("rollover_tip_id") REFERENCES "public"."rollover_tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_free_tip_id_free_tips_id_fk" FOREIGN KEY ("free_tip_id") REFERENCES "public"."free_tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_tips_result_idx" ON "free_tips" USING btree ("result","settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_fixture_unique" ON "matches" USING btree ("sport",lower("home_team"),lower("away_team"),"match_day");--> statement-breakpoint
CREATE INDEX "matches_kickoff_idx" ON "matches" USING btree ("kickoff");--> statement-breakpoint
CREATE INDEX "matches_league_kickoff_idx" ON "matches" USING btree ("league","kickoff");--> statement-breakpoint
CREATE INDEX "matches_day_idx" ON "matches" USING btree ("match_day");--> statement-breakpoint
CREATE INDEX "selections_match_idx" ON "selections" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "selections_code_position_unique" ON "selections" USING btree ("booking_code_id","position") WHERE "selections"."booking_code_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "selections_rollover_position_unique" ON "selections" USING btree ("rollover_tip_id","position") WHERE "selections"."rollover_tip_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "selections_free_position_unique" ON "selections" USING btree ("free_tip_id","position") WHERE "selections"."free_tip_id" is not null;--> statement-breakpoint
UPDATE "booking_codes" SET "settled_by" = 'admin' WHERE "result" <> 'pending';--> statement-breakpoint
UPDATE "rollover_tips" SET "settled_by" = 'admin' WHERE "result" <> 'pending';
