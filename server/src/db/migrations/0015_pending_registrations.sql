CREATE TABLE "pending_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"referred_by_code" text,
	"referred_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_registrations_phone_digits" CHECK ("pending_registrations"."phone" ~ '^[0-9]{7,15}$')
);
--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD CONSTRAINT "pending_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_registrations_user_created_idx" ON "pending_registrations" USING btree ("user_id","created_at");