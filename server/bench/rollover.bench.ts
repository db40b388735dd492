/**
 * Rollover benchmark, run by `npm run bench -- rollover` (scripts/bench.mjs) against a throwaway
 * PostgreSQL: 20 plans (5 with a slot limit of 150 that demand overruns); subscriptions by distinct
 * users over HTTP, a warm-up in a closed loop and then 500 a second offered over 50 connections
 * (paced-load.ts), whose p99 is the goal; then `GET /api/rollover/today` for subscribed users
 * (each request a different user's token, so the lock rule is worked out per user) under 50
 * connections, next to a bare Fastify route answering the same JSON from memory in the same run.
 * Anomalies: ledger invariants, any refusal other than the expected "This plan is full", a limited
 * plan not filled exactly to its limit, a subscription without its debit.
 * Prints one JSON line. Usage: tsx server/bench/rollover.bench.ts <postgres-url>
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lagosDay } from '@cashtips/contract/lagos-time';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { localInvalidation } from '../src/db/invalidation.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { rolloverPlans, rolloverTips } from '../src/db/schema/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { SessionTokens } from '../src/modules/auth/session-tokens.ts';
import { SessionsService } from '../src/modules/auth/sessions.service.ts';
import { findLedgerAnomalies } from '../src/modules/ledger/ledger.ts';
import { freePort } from '../test/free-port.ts';
import { createBenchUsers, fundMainWallet, mapConcurrently } from './fixtures.ts';
import { pacedLoad } from './paced-load.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: rollover.bench.ts <postgres-url>');

const PLANS = 20;
const LIMITED_PLANS = 5;
const SLOT_LIMIT = 150;
const CONNECTIONS = 50;
const WARMUP = 1000;
const PACED_PER_SECOND = 500;
const PACED = 4000;
const SETUP_CONCURRENCY = 8;
const PRICE_KOBO = 200_000n;
const FUNDING_KOBO = 1_000_000n;
const DURATION_SECONDS = 10;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** GET a path for 10 s under 50 connections, each request with the next token. */
async function readLoad(url: string, tokens: string[]) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { 'accept-encoding': 'identity' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            'accept-encoding': 'identity',
            authorization: `Bearer ${tokens[next++ % tokens.length]}`,
          },
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const database = openPostgres(databaseUrl, SETUP_CONCURRENCY);
  await runMigrations(database, migrationsFolder);
  const { db } = database;
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(serverDir, 'dist', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cashtips-rollover-bench-')),
      JWT_SECRET,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      RATES_URL: 'off',
      GEO_URL: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => server.kill('SIGTERM'));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/ready`, server);

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
  await db.insert(rolloverTips).values(
    planIds.map((planId, index) => ({
      planId,
      day: today,
      games: [
        {
          teamA: 'Arsenal',
          teamB: 'Chelsea',
          league: 'Premier League',
          kickoff: new Date(now.getTime() + 3_600_000).toISOString(),
          prediction: 'Home win',
          odds: 1.5,
          bookmaker: 'SportyBet',
        },
        {
          teamA: 'Inter',
          teamB: 'Milan',
          league: 'Serie A',
          kickoff: new Date(now.getTime() + 7_200_000).toISOString(),
          prediction: 'Over 1.5 goals',
          odds: 1.3,
          bookmaker: null,
        },
      ],
      bookingCode: `BENCH${index}ROLL`,
      bookmaker: 'SportyBet',
      totalOdds: 1.95,
      note: 'Bench note',
      confidence: 85,
      createdAt: now,
      updatedAt: now,
    })),
  );

  const total = WARMUP + PACED_PER_SECOND + PACED;
  const userIds = await createBenchUsers(db, total, 'subscriber');
  const sessions = new SessionsService(db, systemClock, new SessionTokens(JWT_SECRET), localInvalidation());
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
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'cashtips-bare-')), 'today.json');
  writeFileSync(bodyFile, sampleBody);
  const barePort = await freePort();
  const bare = spawn(
    process.execPath,
    [path.join(serverDir, 'bench', 'bare-route.mjs'), bodyFile, String(barePort), '/api/rollover/today'],
    { cwd: serverDir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const bareUrl = `http://127.0.0.1:${barePort}/api/rollover/today`;
  await waitFor(bareUrl, bare);
  await readLoad(todayUrl, readers.slice(0, 200));
  const todayResult = await readLoad(todayUrl, readers);
  const bareResult = await readLoad(bareUrl, readers);
  bare.kill('SIGTERM');

  const anomalies =
    ledger.balanceDrift +
    ledger.unbalancedTransactions +
    ledger.negativeBalances +
    errors +
    Math.abs(refusals - expectedRefusals) +
    (limitsExact ? 0 : 1) +
    (counted?.debits === counted?.subscriptions ? 0 : 1) +
    todayResult.non2xx +
    todayResult.errors;

  server.kill('SIGTERM');
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
