-- Every game of a booking code or rollover tip moves from the item's JSON into the match registry
-- (issue 12): one match per sport, pair of teams and Lagos day (kickoff + 1 hour, as Lagos has no
-- daylight saving), reused when typed again; one selection per game, in its original position.
INSERT INTO "matches" ("sport", "league", "home_team", "away_team", "kickoff", "match_day", "created_at", "updated_at")
SELECT games.sport, games.league, games.home_team, games.away_team, games.kickoff,
  ((games.kickoff + interval '1 hour') AT TIME ZONE 'UTC')::date, now(), now()
FROM (
  SELECT c."category" AS sport, g->>'league' AS league, g->>'teamA' AS home_team, g->>'teamB' AS away_team,
    (g->>'kickoff')::timestamptz AS kickoff
  FROM "booking_codes" c CROSS JOIN LATERAL jsonb_array_elements(c."games") g
  UNION ALL
  SELECT 'football', g->>'league', g->>'teamA', g->>'teamB', (g->>'kickoff')::timestamptz
  FROM "rollover_tips" t CROSS JOIN LATERAL jsonb_array_elements(t."games") g
) games
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "selections" ("booking_code_id", "position", "match_id", "prediction", "odds")
SELECT c."id", g.position - 1, m."id", g.game->>'prediction', (g.game->>'odds')::numeric
FROM "booking_codes" c
CROSS JOIN LATERAL jsonb_array_elements(c."games") WITH ORDINALITY AS g(game, position)
JOIN "matches" m ON m."sport" = c."category"
  AND lower(m."home_team") = lower(g.game->>'teamA') AND lower(m."away_team") = lower(g.game->>'teamB')
  AND m."match_day" = (((g.game->>'kickoff')::timestamptz + interval '1 hour') AT TIME ZONE 'UTC')::date;
--> statement-breakpoint
INSERT INTO "selections" ("rollover_tip_id", "position", "match_id", "prediction", "odds", "bookmaker")
SELECT t."id", g.position - 1, m."id", g.game->>'prediction', (g.game->>'odds')::numeric, g.game->>'bookmaker'
FROM "rollover_tips" t
CROSS JOIN LATERAL jsonb_array_elements(t."games") WITH ORDINALITY AS g(game, position)
JOIN "matches" m ON m."sport" = 'football'
  AND lower(m."home_team") = lower(g.game->>'teamA') AND lower(m."away_team") = lower(g.game->>'teamB')
  AND m."match_day" = (((g.game->>'kickoff')::timestamptz + interval '1 hour') AT TIME ZONE 'UTC')::date;
--> statement-breakpoint
ALTER TABLE "booking_codes" DROP COLUMN "games";--> statement-breakpoint
ALTER TABLE "rollover_tips" DROP COLUMN "games";
