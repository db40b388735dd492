import { randomUUID } from 'node:crypto';
import { lagosDay } from '@cashtips/contract/lagos-time';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { localInvalidation } from '../src/db/invalidation.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { rolloverPlans, rolloverTips } from '../src/db/schema/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { SessionTokens } from '../src/modules/auth/session-tokens.ts';
import { SessionsService } from '../src/modules/auth/sessions.service.ts';
import { countLedgerAnomalies, findLedgerAnomalies } from '../src/modules/ledger/ledger.ts';
import { createBenchUsers, fundMainWallet, linkGames, mapConcurrently } from './fixtures.ts';
import { pacedLoad } from './paced-load.ts';
import { BENCH_JWT_SECRET, CONNECTIONS, readLoad, startBareRoute, startBuiltServer } from './processes.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: rollover.bench.ts <postgres-url>');

const PLANS = 20;
const LIMITED_PLANS = 5;
const SLOT_LIMIT = 150;
const WARMUP = 1000;
const PACED_PER_SECOND = 500;
const PACED = 4000;
const SETUP_CONCURRENCY = 8;
const PRICE_KOBO = 200_000n;
const FUNDING_KOBO = 1_000_000n;

async function main() {
  const database = openPostgres(databaseUrl, SETUP_CONCURRENCY);
  await runMigrations(database, migrationsFolder);
  const { db } = database;
  const server = await startBuiltServer(databaseUrl, 'rollover');
  const { baseUrl } = server;

  const now = new Date();
  const planIds = Array.from({ length: PLANS }, () => randomUUID());
  await db.insert(rolloverPlans).values(
    planIds.map((id, index) => ({
      id,
      name: `Bench plan ${index + 1}`,
      priceKobo: PRICE_KOBO,
      durationDays: 3 + (index % 7),
      odds: 1.5 + (index % 10) / 2,
      slotLimit: index < LIMITED_PLANS ? SLOT_LIMIT : null,
      postLimit: 2,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const today = lagosDay(now);
  const tipIds = planIds.map(() => randomUUID());
  await db.insert(rolloverTips).values(
    planIds.map((planId, index) => ({
      id: tipIds[index] as string,
      planId,
      day: today,
      bookingCode: `BENCH${index}ROLL`,
      bookmaker: 'SportyBet',
      totalOdds: 1.95,
      note: 'Bench note',
      confidence: 85,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await linkGames(db, 'rollover', tipIds, [
    {
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff: new Date(now.getTime() + 3_600_000),
      prediction: 'Home win',
      odds: 1.5,
    },
    {
      teamA: 'Inter',
      teamB: 'Milan',
      league: 'Serie A',
      kickoff: new Date(now.getTime() + 7_200_000),
      prediction: 'Over 1.5 goals',
      odds: 1.3,
    },
  ]);

  const total = WARMUP + PACED_PER_SECOND + PACED;
  const userIds = await createBenchUsers(db, total, 'subscriber');
  const sessions = new SessionsService(
    db,
    systemClock,
    new SessionTokens(BENCH_JWT_SECRET),
    localInvalidation(),
  );
  const tokens = await mapConcurrently(userIds, SETUP_CONCURRENCY, async (userId) => {
    await fundMainWallet(db, userId, FUNDING_KOBO);
    return sessions.start(db, userId, { ip: '127.0.0.1', userAgent: 'bench' });
  });
  await db.execute(sql`analyze`);

  let next = 0;
  const subscribeRequest = () => {
    const index = next++;
    return {
      method: 'POST' as const,
      path: '/api/rollover-subscribe',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[index]}` },
      body: JSON.stringify({ planId: planIds[index % PLANS], walletType: 'main' }),
    };
  };
  const paced = (requests: number, perSecond: number) =>
    pacedLoad({ baseUrl, connections: CONNECTIONS, perSecond, requests, request: subscribeRequest });
  // A cold process compiles as it goes: warm up at a gentler pace, not counted.
  const warmup = await paced(WARMUP, 250);
  const pacedWarmup = await paced(PACED_PER_SECOND, PACED_PER_SECOND);
  const pacedRun = await paced(PACED, PACED_PER_SECOND);

  // Every plan had total / PLANS attempts; a limited plan refuses what is over its limit.
  const attemptsPerPlan = total / PLANS;
  const expectedRefusals = LIMITED_PLANS * Math.max(0, attemptsPerPlan - SLOT_LIMIT);
  const refusals = [warmup, pacedWarmup, pacedRun].reduce((sum, phase) => sum + phase.non2xx, 0);
  const errors = [warmup, pacedWarmup, pacedRun].reduce((sum, phase) => sum + phase.errors, 0);
  const perPlan = (await db.execute(sql`
    select p.slot_limit as "slotLimit", count(s.id)::int as subscriptions
    from rollover_plans p left join rollover_subscriptions s on s.plan_id = p.id
    group by p.id, p.slot_limit
  `)) as unknown as { rows: { slotLimit: number | null; subscriptions: number }[] };
  const debits = (await db.execute(sql`
    select (select count(*) from ledger_transactions where idempotency_key like 'rollover-subscription:%')::int as debits,
      (select count(*) from rollover_subscriptions)::int as subscriptions
  `)) as unknown as { rows: { debits: number; subscriptions: number }[] };
  const counted = debits.rows[0];
  const limitsExact = perPlan.rows.every((row) =>
    row.slotLimit === null ? row.subscriptions === attemptsPerPlan : row.subscriptions === row.slotLimit,
  );
  const ledger = await findLedgerAnomalies(db);

  // Today's tips as subscribers read them: every request a different subscriber.
  const subscribed = (await db.execute(
    sql`select distinct user_id as "userId" from rollover_subscriptions`,
  )) as unknown as {
    rows: { userId: string }[];
  };
  const tokenByUser = new Map(userIds.map((userId, index) => [userId, tokens[index] as string]));
  const readers = subscribed.rows.map((row) => tokenByUser.get(row.userId) as string);
  const todayUrl = `${baseUrl}/api/rollover/today`;
  const sample = await fetch(todayUrl, { headers: { authorization: `Bearer ${readers[0]}` } });
  const sampleBody = await sample.text();
  const bare = await startBareRoute(sampleBody, '/api/rollover/today');
  await readLoad(todayUrl, { tokens: readers.slice(0, 200) });
  const todayResult = await readLoad(todayUrl, { tokens: readers });
  const bareResult = await readLoad(bare.url, { tokens: readers });
  bare.stop();

  const anomalies =
    countLedgerAnomalies(ledger) +
    errors +
    Math.abs(refusals - expectedRefusals) +
    (limitsExact ? 0 : 1) +
    (counted?.debits === counted?.subscriptions ? 0 : 1) +
    todayResult.non2xx +
    todayResult.errors;

  server.stop();
  await database.close();
  console.log(
    JSON.stringify({
      plans: PLANS,
      limitedPlans: LIMITED_PLANS,
      slotLimit: SLOT_LIMIT,
      connections: CONNECTIONS,
      subscriptions: { warmup, paced: pacedRun, refusals, expectedRefusals, limitsExact, ...counted },
      today: todayResult,
      bare: bareResult,
      todayBytes: sampleBody.length,
      ledger,
      anomalies,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
