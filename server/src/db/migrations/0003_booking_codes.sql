CREATE TABLE "booking_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"category" text DEFAULT 'football' NOT NULL,
	"bookmaker" text NOT NULL,
	"total_odds" numeric(12, 2) NOT NULL,
	"price_kobo" bigint NOT NULL,
	"confidence" integer DEFAULT 85 NOT NULL,
	"urgency" text DEFAULT 'medium' NOT NULL,
	"urgency_tag" text,
	"admin_note" text,
	"slot_limit" integer,
	"fake_buyer_enabled" boolean DEFAULT false NOT NULL,
	"fake_buyer_count" integer DEFAULT 0 NOT NULL,
	"buyer_count" integer DEFAULT 0 NOT NULL,
	"games" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"result" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_codes_category_check" CHECK ("booking_codes"."category" in ('football', 'basketball', 'tennis', 'cricket')),
	CONSTRAINT "booking_codes_urgency_check" CHECK ("booking_codes"."urgency" in ('high', 'medium', 'low')),
	CONSTRAINT "booking_codes_result_check" CHECK ("booking_codes"."result" in ('pending', 'won', 'lost', 'void')),
	CONSTRAINT "booking_codes_price_not_negative" CHECK ("booking_codes"."price_kobo" >= 0),
	CONSTRAINT "booking_codes_confidence_range" CHECK ("booking_codes"."confidence" between 0 and 100),
	CONSTRAINT "booking_codes_slots_respected" CHECK ("booking_codes"."slot_limit" is null or "booking_codes"."buyer_count" <= "booking_codes"."slot_limit")
);
--> statement-breakpoint
CREATE TABLE "code_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"wallet_type" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "code_purchases" ADD CONSTRAINT "code_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_purchases" ADD CONSTRAINT "code_purchases_code_id_booking_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."booking_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_codes_bookmaker_code_unique" ON "booking_codes" USING btree (lower("bookmaker"),"code");--> statement-breakpoint
CREATE INDEX "booking_codes_expires_idx" ON "booking_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "booking_codes_posted_idx" ON "booking_codes" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "booking_codes_category_posted_idx" ON "booking_codes" USING btree ("category","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "code_purchases_user_code_unique" ON "code_purchases" USING btree ("user_id","code_id");--> statement-breakpoint
CREATE INDEX "code_purchases_code_idx" ON "code_purchases" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "code_purchases_user_created_idx" ON "code_purchases" USING btree ("user_id","created_at");