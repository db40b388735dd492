/**
 * Results benchmark, run by `npm run bench -- results` (scripts/bench.mjs) against a throwaway
 * PostgreSQL. (1) One final score that settles 10,000 items at once: 5,000 booking codes, each
 * bought by a different user, and 5,000 rollover tips (1,000 plans, 2 subscribers each), every one
 * with a game on the same match; the admin's POST /api/admin/matches/:id/result is timed end to
 * end over HTTP, and every item, outcome and buyer's activity item is checked afterwards.
 * (2) GET /api/tips/past (500 settled free tips, first page) under 50 connections, next to a bare
 * Fastify route answering the same bytes from memory.
 * Prints one JSON line. Usage: tsx server/bench/results.bench.ts <postgres-url>
 */
import { randomUUID } from 'node:crypto';
import { addLagosDays, lagosDay } from '@cashtips/contract/lagos-time';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { freeTips } from '../src/db/schema/index.ts';
import { createBenchAdmin, createBenchUsers, itemsOnOneMatch, linkGames } from './fixtures.ts';
import { BENCH_JWT_SECRET, readLoad, startBareRoute, startBuiltServer } from './processes.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: results.bench.ts <postgres-url>');

const CODES = 5000;
const PLANS = 1000;
const TIPS_PER_PLAN = 5;
const SUBSCRIBERS_PER_PLAN = 2;
const PAST_TIPS = 500;

async function main() {
  const database = openPostgres(databaseUrl, 8);
  await runMigrations(database, migrationsFolder);
  const { db } = database;
  const server = await startBuiltServer(databaseUrl, 'results');
  const now = new Date();
  const today = lagosDay(now);

  const { token: adminToken } = await createBenchAdmin(db, BENCH_JWT_SECRET, 'results');

  // 5,000 codes, each bought once by its own user, and 1,000 plans with 5 tips of today each and
  // 2 subscribers each, every item with its game on one match.
  const buyers = await createBenchUsers(db, CODES, 'buyer');
  const kickoff = new Date(now.getTime() - 3 * 3_600_000);
  const matchId = randomUUID();
  await db.execute(sql`insert into matches (id, league, home_team, away_team, kickoff, match_day, created_at, updated_at)
    values (${matchId}::uuid, 'Premier League', 'Arsenal FC', 'Chelsea FC', ${kickoff.toISOString()}::timestamptz,
      ${lagosDay(kickoff)}::date, now(), now())`);
  await itemsOnOneMatch(db, {
    matchId,
    buyers,
    tag: 'RESULT',
    now,
    plans: PLANS,
    tipsPerPlan: TIPS_PER_PLAN,
    subscribersPerPlan: SUBSCRIBERS_PER_PLAN,
  });
  await db.execute(sql`analyze`);

  const activityBefore = await db.execute(sql`select count(*)::int as count from activity_items`);
  const started = performance.now();
  const recorded = await fetch(`${server.baseUrl}/api/admin/matches/${matchId}/result`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ homeGoals: 2, awayGoals: 0 }),
  });
  const recordBody = (await recorded.json()) as { settled?: unknown[] };
  const recordMs = performance.now() - started;

  const checks = (await db.execute(sql`select
      (select count(*) from booking_codes where result = 'won' and settled_by = 'games')::int as codes_won,
      (select count(*) from rollover_tips where result = 'won' and settled_by = 'games')::int as tips_won,
      (select count(*) from selections where match_id = ${matchId}::uuid and outcome = 'won')::int as games_won,
      (select count(*) from activity_items)::int as activity`)) as unknown as {
    rows: { codes_won: number; tips_won: number; games_won: number; activity: number }[];
  };
  const settledCheck = checks.rows[0] as {
    codes_won: number;
    tips_won: number;
    games_won: number;
    activity: number;
  };
  const told =
    settledCheck.activity -
    Number((activityBefore as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
  const expectedTold = CODES + PLANS * TIPS_PER_PLAN * SUBSCRIBERS_PER_PLAN;

  // Past free tips: 500 settled tips on their own matches, over the last 500 days.
  const freeIds = Array.from({ length: PAST_TIPS }, () => randomUUID());
  await db.insert(freeTips).values(
    freeIds.map((id, index) => ({
      id,
      totalOdds: 1.5,
      result: index % 4 === 0 ? ('lost' as const) : ('won' as const),
      settledAt: now,
      settledBy: 'games' as const,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const [index, id] of freeIds.entries()) {
    const kickoff = new Date(`${addLagosDays(today, -(index + 1))}T18:00:00Z`);
    await linkGames(
      db,
      'free',
      [id],
      [
        {
          teamA: `Home ${index}`,
          teamB: `Away ${index}`,
          league: 'Premier League',
          kickoff,
          prediction: 'Home win',
          odds: 1.5,
        },
      ],
    );
  }
  await db.execute(
    sql`update matches set status = 'finished', home_goals = 1, away_goals = 0 where home_team like 'Home %'`,
  );
  await db.execute(sql`analyze`);
  const pastUrl = `${server.baseUrl}/api/tips/past`;
  const sample = await (await fetch(pastUrl)).text();
  const bare = await startBareRoute(sample, '/api/tips/past');
  await readLoad(pastUrl, { durationSeconds: 2 });
  const past = await readLoad(pastUrl);
  const bareResult = await readLoad(bare.url);
  bare.stop();

  const anomalies =
    (recorded.status === 200 ? 0 : 1) +
    Math.abs(settledCheck.codes_won - CODES) +
    Math.abs(settledCheck.tips_won - PLANS * TIPS_PER_PLAN) +
    Math.abs(settledCheck.games_won - (CODES + PLANS * TIPS_PER_PLAN)) +
    Math.abs(told - expectedTold) +
    Math.abs((recordBody.settled?.length ?? 0) - (CODES + PLANS * TIPS_PER_PLAN)) +
    past.non2xx +
    past.errors;

  server.stop();
  await database.close();
  console.log(
    JSON.stringify({
      settle: {
        items: CODES + PLANS * TIPS_PER_PLAN,
        codes: CODES,
        rolloverTips: PLANS * TIPS_PER_PLAN,
        told,
        expectedTold,
        ms: Math.round(recordMs),
        status: recorded.status,
      },
      past,
      bare: bareResult,
      pastBytes: sample.length,
      anomalies,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
