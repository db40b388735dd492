-- Provider fixtures waiting for an admin to link or register them (issue 34), and the admin's list of
-- sendings on an index of its own, so the product's notices (one with every purchase) add nothing to it.
CREATE TABLE "match_link_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"league" text NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"kickoff" timestamp with time zone NOT NULL,
	"candidate_ids" uuid[] NOT NULL,
	"reason" text NOT NULL,
	"answer" text,
	"match_id" uuid,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_link_questions_answer" CHECK (("match_link_questions"."answer" is null) = ("match_link_questions"."answered_at" is null))
);
--> statement-breakpoint
DROP INDEX "notification_batches_source_seq_idx";--> statement-breakpoint
ALTER TABLE "match_link_questions" ADD CONSTRAINT "match_link_questions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_link_questions_fixture" ON "match_link_questions" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "match_link_questions_open_idx" ON "match_link_questions" USING btree ("kickoff") WHERE "match_link_questions"."answer" is null;--> statement-breakpoint
CREATE INDEX "notification_batches_admin_seq_idx" ON "notification_batches" USING btree ("seq") WHERE "notification_batches"."source" = 'admin';