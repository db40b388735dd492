ALTER TABLE "rollover_plans" DROP CONSTRAINT "rollover_plans_fake_count_min";--> statement-breakpoint
ALTER TABLE "booking_codes" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "free_tips" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rollover_plans" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rollover_tips" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_codes" DROP COLUMN "fake_buyer_enabled";--> statement-breakpoint
ALTER TABLE "booking_codes" DROP COLUMN "fake_buyer_count";--> statement-breakpoint
ALTER TABLE "rollover_plans" DROP COLUMN "fake_subscriber_enabled";--> statement-breakpoint
ALTER TABLE "rollover_plans" DROP COLUMN "fake_subscriber_count";--> statement-breakpoint
-- Demo content seeded before this migration (PRODUCT 15). Each demo seeder runs once, in one
-- transaction, and leaves a marker row; everything it wrote is dated no later than that marker,
-- while an admin's later items are dated after it. Without a marker (SEED_DEMO never on) nothing changes.
UPDATE "booking_codes" SET "demo" = true
  WHERE "created_at" <= (SELECT "updated_at" FROM "app_meta" WHERE "key" = 'demo_seeded_at:booking-codes');--> statement-breakpoint
UPDATE "rollover_plans" SET "demo" = true
  WHERE "created_at" <= (SELECT "updated_at" FROM "app_meta" WHERE "key" = 'demo_seeded_at:rollover-plans');--> statement-breakpoint
UPDATE "rollover_tips" SET "demo" = true
  WHERE "plan_id" IN (SELECT "id" FROM "rollover_plans" WHERE "demo")
    AND "created_at" <= (SELECT "updated_at" FROM "app_meta" WHERE "key" = 'demo_seeded_at:rollover-plans');--> statement-breakpoint
UPDATE "free_tips" SET "demo" = true
  WHERE "created_at" <= (SELECT "updated_at" FROM "app_meta" WHERE "key" = 'demo_seeded_at:free-tips');
