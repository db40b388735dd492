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
import { bookingCodes, freeTips, rolloverPlans, rolloverTips } from '../src/db/schema/index.ts';
import { createBenchAdmin, createBenchUsers, linkGames } from './fixtures.ts';
import { BENCH_JWT_SECRET, readLoad, startBareRoute, startBuiltServer } from './processes.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: results.bench.ts <postgres-url>');

const CODES = 5000;
const PLANS = 1000;
const TIPS_PER_PLAN = 5;
const SUBSCRIBERS_PER_PLAN = 2;
const PAST_TIPS = 500;
const CHUNK = 1000;

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

async function main() {
  const database = openPostgres(databaseUrl, 8);
  await runMigrations(database, migrationsFolder);
  const { db } = database;
  const server = await startBuiltServer(databaseUrl, 'results');
  const now = new Date();
  const today = lagosDay(now);

  const { token: adminToken } = await createBenchAdmin(db, BENCH_JWT_SECRET, 'results');

  // 5,000 codes, each bought once by its own user.
  const buyers = await createBenchUsers(db, CODES, 'buyer');
  const codeIds = buyers.map(() => randomUUID());
  await inChunks(
    codeIds.map((id, index) => ({
      id,
      code: `RESULT${index.toString(36).toUpperCase().padStart(6, '0')}`,
      bookmaker: 'SportyBet',
      totalOdds: 1.8,
      priceKobo: 50_000n,
      expiresAt: new Date(now.getTime() - 3 * 3_600_000),
      postedAt: new Date(now.getTime() - 24 * 3_600_000),
      buyerCount: 1,
      createdAt: now,
      updatedAt: now,
    })),
    (chunk) => db.insert(bookingCodes).values(chunk),
  );
  await inChunks(
    codeIds.map((codeId, index) => [codeId, buyers[index] as string] as const),
    (chunk) =>
      db.execute(sql`insert into code_purchases (user_id, code_id, wallet_type, price_kobo, created_at)
        select buyer, code, 'main', 50000, now()
        from unnest(${sql.param(chunk.map(([, buyer]) => buyer))}::uuid[], ${sql.param(chunk.map(([code]) => code))}::uuid[])
          as purchase(buyer, code)`),
  );

  // 1,000 plans with 5 tips of today each and 2 subscribers each.
  const planIds = Array.from({ length: PLANS }, () => randomUUID());
  await inChunks(
    planIds.map((id, index) => ({
      id,
      name: `Results plan ${index}`,
      priceKobo: 100_000n,
      durationDays: 5,
      odds: 2,
      postLimit: TIPS_PER_PLAN,
      createdAt: now,
      updatedAt: now,
    })),
    (chunk) => db.insert(rolloverPlans).values(chunk),
  );
  const tipIds: string[] = [];
  await inChunks(
    planIds.flatMap((planId) =>
      Array.from({ length: TIPS_PER_PLAN }, () => {
        const id = randomUUID();
        tipIds.push(id);
        return {
          id,
          planId,
          day: today,
          totalOdds: 1.8,
          bookingCode: 'ROLLRESULT',
          createdAt: now,
          updatedAt: now,
        };
      }),
    ),
    (chunk) => db.insert(rolloverTips).values(chunk),
  );
  const subscribers = buyers.slice(0, PLANS * SUBSCRIBERS_PER_PLAN);
  await inChunks(
    subscribers.map((userId, index) => [userId, planIds[index % PLANS] as string] as const),
    (chunk) =>
      db.execute(sql`insert into rollover_subscriptions (user_id, plan_id, wallet_type, price_kobo, duration_days,
          start_day, started_at, expires_at)
        select subscriber, plan, 'main', 100000, 5, ${today}::date, now(), now() + interval '4 days'
        from unnest(${sql.param(chunk.map(([user]) => user))}::uuid[], ${sql.param(chunk.map(([, plan]) => plan))}::uuid[])
          as subscription(subscriber, plan)`),
  );
  const game = {
    teamA: 'Arsenal FC',
    teamB: 'Chelsea FC',
    league: 'Premier League',
    kickoff: new Date(now.getTime() - 3 * 3_600_000),
    prediction: 'Home win',
    odds: 1.8,
  };
  const [matchId] = await linkGames(db, 'code', codeIds, [game]);
  await inChunks(tipIds, (chunk) =>
    db.execute(sql`insert into selections (rollover_tip_id, position, match_id, prediction, odds)
      select tip, 0, ${matchId}::uuid, 'Home win', 1.8 from unnest(${sql.param(chunk)}::uuid[]) as tip`),
  );
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
