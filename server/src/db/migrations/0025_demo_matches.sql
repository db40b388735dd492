ALTER TABLE "matches" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Matches the demo seeding registered before this migration: those only demo items are on (seed/demo.ts, markDemoMatches).
UPDATE "matches" m SET "demo" = true
  WHERE EXISTS (SELECT 1 FROM "selections" s WHERE s."match_id" = m."id")
    AND NOT EXISTS (SELECT 1 FROM "selections" s
      LEFT JOIN "booking_codes" c ON c."id" = s."booking_code_id"
      LEFT JOIN "rollover_tips" t ON t."id" = s."rollover_tip_id"
      LEFT JOIN "free_tips" f ON f."id" = s."free_tip_id"
      WHERE s."match_id" = m."id" AND NOT COALESCE(c."demo", t."demo", f."demo", false));
