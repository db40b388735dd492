CREATE TABLE "match_predictions" (
	"match_id" uuid PRIMARY KEY NOT NULL,
	"fit_id" uuid NOT NULL,
	"home" real NOT NULL,
	"draw" real NOT NULL,
	"away" real NOT NULL,
	"baseline_home" real NOT NULL,
	"baseline_draw" real NOT NULL,
	"baseline_away" real NOT NULL,
	"markets" jsonb NOT NULL,
	"picks" jsonb NOT NULL,
	"predicted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_predictions_probabilities" CHECK ("match_predictions"."home" between 0 and 1 and "match_predictions"."draw" between 0 and 1 and "match_predictions"."away" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "model_fits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league" text NOT NULL,
	"as_of" date NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	"matches" integer NOT NULL,
	"parameters" jsonb NOT NULL,
	"base_home" real NOT NULL,
	"base_draw" real NOT NULL,
	"base_away" real NOT NULL,
	"log_likelihood" double precision NOT NULL,
	"iterations" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "selections" ADD COLUMN "model_probability" real;--> statement-breakpoint
ALTER TABLE "match_predictions" ADD CONSTRAINT "match_predictions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_predictions" ADD CONSTRAINT "match_predictions_fit_id_model_fits_id_fk" FOREIGN KEY ("fit_id") REFERENCES "public"."model_fits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_predictions_fit_idx" ON "match_predictions" USING btree ("fit_id");--> statement-breakpoint
CREATE INDEX "model_fits_league_fitted_idx" ON "model_fits" USING btree ("league","fitted_at");--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_model_probability_range" CHECK ("selections"."model_probability" is null or "selections"."model_probability" between 0 and 1);