CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"recipient_code" text,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "payout_accounts_provider_check" CHECK ("payout_accounts"."provider" in ('paystack', 'flutterwave', 'dev')),
	CONSTRAINT "payout_accounts_number_nuban" CHECK ("payout_accounts"."account_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text NOT NULL,
	"payout_account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"review_reason" text,
	"reason" text,
	"provider_transfer_id" text,
	"fee_kobo" bigint,
	"request_key" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_reference_unique" UNIQUE("reference"),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_kobo" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('review', 'processing', 'paid', 'failed', 'rejected', 'cancelled')),
	CONSTRAINT "withdrawals_provider_check" CHECK ("withdrawals"."provider" in ('paystack', 'flutterwave', 'dev')),
	CONSTRAINT "withdrawals_review_reason_check" CHECK ("withdrawals"."review_reason" is null or "withdrawals"."review_reason" in ('first', 'large')),
	CONSTRAINT "withdrawals_reference_format" CHECK ("withdrawals"."reference" ~ '^[a-z0-9_-]{16,50}$')
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "booking_codes" ADD COLUMN "money_back" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_current_unique" ON "payout_accounts" USING btree ("user_id") WHERE "payout_accounts"."replaced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_request_key_unique" ON "withdrawals" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('deposit', 'purchase', 'subscription', 'referral_bonus', 'bonus_transfer', 'admin_adjustment', 'refund', 'withdrawal', 'payout', 'withdrawal_return'));