/**
 * Football data benchmark, run by `npm run bench -- football` (scripts/bench.mjs) against a
 * throwaway PostgreSQL and the built server (server/dist/main.js) in its own process, pointed at a
 * local fake of API-Football run in this process (server/test/fake-api-football.ts, the real
 * protocol), polling every second (FOOTBALL_DATA_POLL_SECONDS=1, RESULT_CONFIRM_MINUTES=0):
 * (1) 5,000 anonymous Socket.IO clients in another process (socket-clients.ts) and 15 score changes
 * on linked matches in play, each with a free tip on it (so they are polled): for each, every
 * socket's time from the moment the fake sent the poll's answer carrying the new score to its
 * `match` event (the fake stamps each answer; the clients stamp each receipt; both epoch time).
 * After every third change, an admin's broadcast to the same sockets (request to receipt, as the
 * notifications bench measures it) is the yardstick for the fan-out on this machine at this time.
 * (2) One final whistle settling 10,000 items through the provider path: 5,000 booking codes, each
 * bought by a different user, and 5,000 rollover tips (1,000 plans, 2 subscribers each) on one
 * linked match, as results.bench.ts sets them up; the fake's fixture goes FT and the time from its
 * answer carrying FT to the match recorded and every item settled (one transaction) is read by
 * polling the database every 10 ms; every item and buyer's activity item is checked afterwards.
 * The yardstick: the same 10,000 items on a match an admin typed, its result recorded over HTTP.
 * (3) The poller's cost: 200 linked matches in play, each with a free tip, the sockets closed; the
 * server process's CPU time (utime + stime from /proc/<pid>/stat) over 30 s of rounds while the
 * scores of 20 matches change each round, then 30 s more while every match's minute moves too (what
 * each round sees at the default 60 s interval), against the same server idle before any match was
 * due. Rounds are counted at the fake: a round is over when every one of the 200 ids was asked.
 * Prints one JSON line. Usage: tsx server/bench/football.bench.ts <postgres-url>
 */
import { randomUUID } from 'node:crypto';
import { lagosDay } from '@cashtips/contract/lagos-time';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { freeTips } from '../src/db/schema/index.ts';
import {
  FAKE_API_FOOTBALL_KEY,
  type FakeCall,
  type FakeGoals,
  startFakeApiFootball,
} from '../test/fake-api-football.ts';
import { createBenchAdmin, createBenchUsers, inChunks, itemsOnOneMatch } from './fixtures.ts';
import { percentile } from './paced-load.ts';
import { BENCH_JWT_SECRET, CLOCK_TICKS, cpuMsOf, helper, startBuiltServer } from './processes.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: football.bench.ts <postgres-url>');

const POLL_SECONDS = 1;
const DEFAULT_POLL_SECONDS = 60;
const LEAGUE = 39;
// (1)
const SOCKETS = 5000;
const LIVE_FOR_SCORES = 5;
const WARMUP_CHANGES = 3;
const SCORE_CHANGES = 15;
/** An admin's broadcast to the same sockets after every third change: the fan-out's yardstick. */
const BROADCAST_EVERY = 3;
// (2)
const CODES = 5000;
const PLANS = 1000;
const TIPS_PER_PLAN = 5;
const SUBSCRIBERS_PER_PLAN = 2;
const SETTLE_TIMEOUT_MS = 60_000;
// (3)
const LIVE_MATCHES = 200;
const CHANGING_PER_ROUND = 20;
const WARMUP_ROUNDS = 5;
const CPU_WINDOW_MS = 30_000;
const IDLE_WINDOW_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epochNow = () => performance.timeOrigin + performance.now();
const round1 = (value: number) => Math.round(value * 10) / 10;
type Rows<T> = { rows: T[] };

function latencyFigures(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round1(percentile(sorted, 0.5)),
    p95Ms: round1(percentile(sorted, 0.95)),
    p99Ms: round1(percentile(sorted, 0.99)),
    maxMs: round1(sorted.at(-1) ?? 0),
  };
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface BroadcastAnswer {
  status: number;
  received: number;
  latencies: number[];
}

interface MatchAnswer {
  connected: number;
  received: number;
  duplicates: number;
  others: number;
  disconnects: number;
  receivedAt: number[];
}

async function main() {
  const database = openPostgres(databaseUrl, 8);
  await runMigrations(database, migrationsFolder);
  const { db } = database;

  // The fake tells us each answer as it goes: rounds of the 200 matches are counted from them.
  let onAnswer: ((call: FakeCall) => void) | undefined;
  const fake = await startFakeApiFootball({ onResponse: (call) => onAnswer?.(call) });
  // A paid plan's limits: the calls of a 1 s poller over 200 matches must not run into them.
  fake.setQuota({ day: 10_000_000, minute: 100_000 });
  Object.assign(process.env, {
    FOOTBALL_DATA_PROVIDER: 'api-football',
    FOOTBALL_DATA_KEY: FAKE_API_FOOTBALL_KEY,
    FOOTBALL_DATA_URL: fake.url,
    FOOTBALL_DATA_LEAGUES: String(LEAGUE),
    FOOTBALL_DATA_POLL_SECONDS: String(POLL_SECONDS),
    RESULT_CONFIRM_MINUTES: '0',
  });
  const server = await startBuiltServer(databaseUrl, 'football');
  const now = new Date();
  const kickoff = new Date(now.getTime() - 60 * 60_000);

  // The server idle: the poller's rounds find nothing due (the fixtures sync on taking the lead
  // has run: it asks for each of the next days' fixtures).
  await waitUntil('the fixtures sync', () => fake.callCount('/fixtures') >= 8);
  await sleep(3000);
  const idleFrom = cpuMsOf(server.pid);
  const idleStarted = performance.now();
  await sleep(IDLE_WINDOW_MS);
  const idle = {
    seconds: round1((performance.now() - idleStarted) / 1000),
    cpuMs: cpuMsOf(server.pid) - idleFrom,
  };
  const idleShare = idle.cpuMs / (idle.seconds * 1000);

  let nextProviderId = 900_000;
  /**
   * Registered matches linked to the fake's fixtures (as a sync would have linked them), in play
   * in the second half at `minute` with `goals`.
   */
  async function linkedMatches(
    count: number,
    prefix: string,
    goals: FakeGoals,
    minute: (i: number) => number,
  ) {
    const fixtures = Array.from({ length: count }, (_, index) => ({
      providerId: nextProviderId++,
      matchId: randomUUID(),
      home: `${prefix} Home ${index}`,
      away: `${prefix} Away ${index}`,
      elapsed: minute(index),
      goals: { ...goals },
    }));
    for (const fixture of fixtures) {
      fake.addFixture({
        id: fixture.providerId,
        leagueId: LEAGUE,
        home: fixture.home,
        away: fixture.away,
        kickoff,
        status: '2H',
        elapsed: fixture.elapsed,
        goals: fixture.goals,
      });
    }
    await inChunks(fixtures, (chunk) =>
      db.execute(sql`insert into matches (id, league, home_team, away_team, kickoff, match_day, source,
          provider, provider_id, created_at, updated_at)
        select id, 'Premier League', home, away, ${kickoff.toISOString()}::timestamptz, ${lagosDay(kickoff)}::date,
          'provider', 'api-football', provider_id, now(), now()
        from unnest(${sql.param(chunk.map((f) => f.matchId))}::uuid[], ${sql.param(chunk.map((f) => f.home))}::text[],
          ${sql.param(chunk.map((f) => f.away))}::text[], ${sql.param(chunk.map((f) => String(f.providerId)))}::text[])
          as fixture(id, home, away, provider_id)`),
    );
    return fixtures;
  }

  /** A published free tip on each match: what makes the poller follow it. */
  async function freeTipOn(matchIds: string[]) {
    const tips = matchIds.map((matchId) => ({ id: randomUUID(), matchId }));
    await inChunks(tips, async (chunk) => {
      await db
        .insert(freeTips)
        .values(
          chunk.map(({ id }) => ({ id, totalOdds: 1.5, publishedAt: now, createdAt: now, updatedAt: now })),
        );
      await db.execute(sql`insert into selections (free_tip_id, position, match_id, prediction, odds)
        select tip, 0, match, 'Home win', 1.5
        from unnest(${sql.param(chunk.map((t) => t.id))}::uuid[], ${sql.param(chunk.map((t) => t.matchId))}::uuid[])
          as game(tip, match)`);
    });
  }

  const liveCount = async (matchIds: string[]) => {
    const result = (await db.execute(sql`select count(*)::int as count from matches
      where id = any(${sql.param(matchIds)}::uuid[]) and live_status = 'live'`)) as unknown as Rows<{
      count: number;
    }>;
    return result.rows[0]?.count ?? 0;
  };
  const finishedCount = async (matchIds: string[]) => {
    const result = (await db.execute(sql`select count(*)::int as count from matches
      where id = any(${sql.param(matchIds)}::uuid[]) and status = 'finished'`)) as unknown as Rows<{
      count: number;
    }>;
    return result.rows[0]?.count ?? 0;
  };
  /** The first answer after `mark` (an index into fake.calls) that carried this fixture. */
  const answerCarrying = (mark: number, providerId: number) =>
    fake.calls
      .slice(mark)
      .find(
        (call) =>
          call.path === '/fixtures' &&
          call.status === 200 &&
          call.sentAt !== undefined &&
          (call.query.ids ?? '').split('-').includes(String(providerId)),
      );

  // --- Set-up of (1) and (2): 10,000 items on one match, a free tip on each of 5 more -----------
  const buyers = await createBenchUsers(db, CODES, 'football');
  const tenThousandItemsOn = (matchId: string, tag: string) =>
    itemsOnOneMatch(db, {
      matchId,
      buyers,
      tag,
      now,
      plans: PLANS,
      tipsPerPlan: TIPS_PER_PLAN,
      subscribersPerPlan: SUBSCRIBERS_PER_PLAN,
    });
  const [big] = await linkedMatches(1, 'Whistle', { home: 2, away: 0 }, () => 80);
  if (!big) throw new Error('no match for the final whistle');
  const { codeIds, tipIds } = await tenThousandItemsOn(big.matchId, 'WHISTLE');
  // The yardstick: the same 10,000 items on a match an admin typed (no provider), whose result the
  // admin records over HTTP after the whistle, as results.bench.ts does.
  const typedMatchId = randomUUID();
  await db.execute(sql`insert into matches (id, league, home_team, away_team, kickoff, match_day, created_at, updated_at)
    values (${typedMatchId}::uuid, 'Premier League', 'Typed Home', 'Typed Away', ${kickoff.toISOString()}::timestamptz,
      ${lagosDay(kickoff)}::date, now(), now())`);
  const typed = await tenThousandItemsOn(typedMatchId, 'TYPED');
  const scored = await linkedMatches(LIVE_FOR_SCORES, 'Scores', { home: 0, away: 0 }, (i) => 55 + i);
  await freeTipOn(scored.map((fixture) => fixture.matchId));
  await db.execute(sql`analyze`);
  const firstMatches = [big.matchId, ...scored.map((fixture) => fixture.matchId)];
  await waitUntil(
    'the first matches in play',
    async () => (await liveCount(firstMatches)) === firstMatches.length,
  );

  // --- (1) Score changes to 5,000 sockets -------------------------------------------------------
  const { token: adminToken } = await createBenchAdmin(db, BENCH_JWT_SECRET, 'football');
  const clients = helper('socket-clients.ts');
  await clients.next();
  const connected = await clients.ask<{ connected: number; failed: number; ms: number }>({
    type: 'connect',
    url: server.baseUrl,
    count: SOCKETS,
    tokens: [],
  });
  const changes: {
    received: number;
    connected: number;
    latencies: number[];
    duplicates: number;
    disconnects: number;
    others: number;
    /** From the change at the fake to the answer carrying it (where the 1 s round was). */
    waitedForPollMs: number;
    found: boolean;
  }[] = [];
  const broadcasts: BroadcastAnswer[] = [];
  for (let index = 0; index < WARMUP_CHANGES + SCORE_CHANGES; index++) {
    const fixture = scored[index % scored.length] as (typeof scored)[number];
    // 1-0, 1-1, 2-1, 2-2, ... on each match in turn.
    const turn = Math.floor(index / scored.length);
    const goals = { home: Math.floor(turn / 2) + 1, away: Math.floor((turn + 1) / 2) };
    await clients.ask({ type: 'expect-match', matchId: fixture.matchId, score: goals });
    const mark = fake.calls.length;
    const changedAt = epochNow();
    fake.updateFixture(fixture.providerId, { goals });
    fixture.goals = goals;
    const answer = await clients.ask<MatchAnswer>({ type: 'match-received', timeoutMs: 15_000 });
    const carrying = answerCarrying(mark, fixture.providerId);
    const sentAt = carrying?.sentAt ?? Number.NaN;
    if (index >= WARMUP_CHANGES) {
      changes.push({
        received: answer.received,
        connected: answer.connected,
        latencies: answer.receivedAt.map((at) => at - sentAt),
        duplicates: answer.duplicates,
        disconnects: answer.disconnects,
        others: answer.others,
        waitedForPollMs: round1(sentAt - changedAt),
        found: carrying !== undefined,
      });
    }
    // Changes land anywhere in the poller's second.
    await sleep(150 + ((index * 347) % 700));
    if (index >= WARMUP_CHANGES && (index - WARMUP_CHANGES) % BROADCAST_EVERY === BROADCAST_EVERY - 1) {
      broadcasts.push(
        await clients.ask<BroadcastAnswer>({
          type: 'broadcast',
          url: server.baseUrl,
          adminToken,
          title: `Football bench broadcast ${broadcasts.length + 1}`,
          timeoutMs: 15_000,
        }),
      );
      await sleep(300);
    }
  }

  // --- (2) The final whistle settling 10,000 items ----------------------------------------------
  const activityBefore = (await db.execute(
    sql`select count(*)::int as count from activity_items`,
  )) as unknown as Rows<{ count: number }>;
  const mark = fake.calls.length;
  const whistleAt = epochNow();
  fake.updateFixture(big.providerId, { status: 'FT', elapsed: 90 });
  let pendingSeenAt = Number.NaN;
  let finishedSeenAt = Number.NaN;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const state = (await db.execute(sql`select status, provider_result is not null as pending
      from matches where id = ${big.matchId}::uuid`)) as unknown as Rows<{
      status: string;
      pending: boolean;
    }>;
    const row = state.rows[0];
    const seenAt = epochNow();
    if (row?.pending && Number.isNaN(pendingSeenAt)) pendingSeenAt = seenAt;
    if (row?.status === 'finished') {
      finishedSeenAt = seenAt;
      break;
    }
    await sleep(10);
  }
  const ftAnswer = answerCarrying(mark, big.providerId);
  const ftSentAt = ftAnswer?.sentAt ?? Number.NaN;
  const checks = (await db.execute(sql`select
      (select count(*) from booking_codes where result = 'won' and settled_by = 'games'
        and id = any(${sql.param(codeIds)}::uuid[]))::int as codes_won,
      (select count(*) from rollover_tips where result = 'won' and settled_by = 'games'
        and id = any(${sql.param(tipIds)}::uuid[]))::int as tips_won,
      (select count(*) from selections where match_id = ${big.matchId}::uuid and outcome = 'won')::int as games_won,
      (select count(*) from activity_items)::int as activity,
      (select extract(epoch from result_at) * 1000 from matches where id = ${big.matchId}::uuid)::float8 as result_at,
      (select home_goals from matches where id = ${big.matchId}::uuid) as home_goals,
      (select away_goals from matches where id = ${big.matchId}::uuid) as away_goals`)) as unknown as Rows<{
    codes_won: number;
    tips_won: number;
    games_won: number;
    activity: number;
    /** When the recording began (its transaction's clock), epoch milliseconds. */
    result_at: number | null;
    home_goals: number | null;
    away_goals: number | null;
  }>;
  const { result_at: resultAt, ...settled } = checks.rows[0] as (typeof checks.rows)[number];
  const told = settled.activity - (activityBefore.rows[0]?.count ?? 0);
  const expectedTold = CODES + PLANS * TIPS_PER_PLAN * SUBSCRIBERS_PER_PLAN;

  // The yardstick: an admin records the typed match's result over HTTP, the sockets still there.
  await sleep(3000);
  const typedStatus = async () => {
    const state = (await db.execute(
      sql`select status from matches where id = ${typedMatchId}::uuid`,
    )) as unknown as Rows<{ status: string }>;
    return state.rows[0]?.status;
  };
  const adminStarted = performance.now();
  let adminCommitMs = Number.NaN;
  const adminAnswer = fetch(`${server.baseUrl}/api/admin/matches/${typedMatchId}/result`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ homeGoals: 2, awayGoals: 0 }),
  }).then(async (response) => {
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - adminStarted };
  });
  while (performance.now() - adminStarted < SETTLE_TIMEOUT_MS) {
    if ((await typedStatus()) === 'finished') {
      adminCommitMs = performance.now() - adminStarted;
      break;
    }
    await sleep(10);
  }
  const admin = await adminAnswer;
  const typedChecks = (await db.execute(sql`select
      (select count(*) from booking_codes where result = 'won' and settled_by = 'games'
        and id = any(${sql.param(typed.codeIds)}::uuid[]))::int as codes_won,
      (select count(*) from rollover_tips where result = 'won' and settled_by = 'games'
        and id = any(${sql.param(typed.tipIds)}::uuid[]))::int as tips_won`)) as unknown as Rows<{
    codes_won: number;
    tips_won: number;
  }>;
  const typedSettled = typedChecks.rows[0] as (typeof typedChecks.rows)[number];

  // --- (3) The poller's cost with 200 matches in play -------------------------------------------
  // The sockets go: what follows is the poller's own work (each event's fan-out is (1)'s).
  clients.close();
  for (const fixture of scored) fake.updateFixture(fixture.providerId, { status: 'FT', elapsed: 90 });
  const scoredIds = scored.map((fixture) => fixture.matchId);
  await waitUntil(
    'the first matches recorded',
    async () => (await finishedCount(scoredIds)) === scored.length,
  );
  // The settlement's notices go out through the delivery outbox: let it empty first.
  await waitUntil(
    'the notices delivered',
    async () => {
      const result = (await db.execute(sql`select count(*)::int as count from notification_batches
        where delivered_at is null`)) as unknown as Rows<{ count: number }>;
      return (result.rows[0]?.count ?? 0) === 0;
    },
    120_000,
  );
  await sleep(2000);

  const live = await linkedMatches(LIVE_MATCHES, 'Live', { home: 0, away: 0 }, (i) => 46 + (i % 10));
  const liveIds = new Set(live.map((fixture) => String(fixture.providerId)));
  let mode: 'still' | 'scores' | 'minutes' = 'still';
  let rounds = 0;
  let asked = new Set<string>();
  const roundEnds: number[] = [];
  let roundWaiter: (() => void) | undefined;
  let changed = 0;
  let nextToChange = 0;
  /** After a round's last answer: the next round's changes, made at the fake. */
  const changeForNextRound = () => {
    if (mode === 'still') return;
    for (let count = 0; count < CHANGING_PER_ROUND; count++) {
      const fixture = live[nextToChange++ % live.length] as (typeof live)[number];
      const goals =
        rounds % 2
          ? { home: fixture.goals.home, away: fixture.goals.away + 1 }
          : { home: fixture.goals.home + 1, away: fixture.goals.away };
      fixture.goals = goals;
      fake.updateFixture(fixture.providerId, { goals });
    }
    changed += mode === 'minutes' ? live.length : CHANGING_PER_ROUND;
    if (mode === 'minutes') {
      for (const fixture of live) {
        fixture.elapsed = Math.min(90, fixture.elapsed + 1);
        fake.updateFixture(fixture.providerId, { elapsed: fixture.elapsed });
      }
    }
  };
  onAnswer = (call) => {
    if (call.path !== '/fixtures' || !call.query.ids) return;
    const ids = call.query.ids.split('-').filter((id) => liveIds.has(id));
    // A round asks each match once: an id asked again starts a new round (the first ones, while
    // the free tips were being written, may have asked fewer).
    if (ids.some((id) => asked.has(id))) asked = new Set();
    for (const id of ids) asked.add(id);
    if (asked.size < liveIds.size) return;
    asked = new Set();
    rounds += 1;
    roundEnds.push(call.sentAt ?? epochNow());
    changeForNextRound();
    roundWaiter?.();
  };
  const nextRound = () =>
    new Promise<void>((resolve) => {
      roundWaiter = () => {
        roundWaiter = undefined;
        resolve();
      };
    });
  await freeTipOn(live.map((fixture) => fixture.matchId));
  await db.execute(sql`analyze`);
  const liveMatchIds = live.map((fixture) => fixture.matchId);
  await waitUntil('200 matches in play', async () => (await liveCount(liveMatchIds)) === LIVE_MATCHES);

  /** CPU and rounds from one round's end to the first round's end `windowMs` later. */
  const measure = async (windowMs: number) => {
    await nextRound();
    const fromCpu = cpuMsOf(server.pid);
    const fromRound = rounds;
    const fromChanged = changed;
    const started = performance.now();
    const firstEnd = roundEnds.length - 1;
    await sleep(windowMs);
    await nextRound();
    const cpuMs = cpuMsOf(server.pid) - fromCpu;
    const seconds = (performance.now() - started) / 1000;
    const count = rounds - fromRound;
    const periods = roundEnds
      .slice(firstEnd)
      .map((at, i, all) => (i ? at - (all[i - 1] as number) : 0))
      .slice(1);
    const netCpuMsPerRound = (cpuMs - idleShare * seconds * 1000) / count;
    return {
      seconds: round1(seconds),
      rounds: count,
      /** Matches whose state changed each round (a score, or every minute too). */
      matchesChangedPerRound: round1((changed - fromChanged) / count),
      roundPeriodMs: latencyFigures(periods),
      cpuMs: round1(cpuMs),
      cpuMsPerRound: round1(cpuMs / count),
      /** Less the idle server's CPU over the same time. */
      netCpuMsPerRound: round1(netCpuMsPerRound),
      /** What the process used, rounds one after another as configured (1 s apart). */
      sharePercent: round1((cpuMs / (seconds * 1000)) * 100),
      netSharePercent: round1(((cpuMs - idleShare * seconds * 1000) / (seconds * 1000)) * 100),
      /** One round's net CPU every 60 s. */
      atDefaultPercent: Math.round((netCpuMsPerRound / (DEFAULT_POLL_SECONDS * 1000)) * 10_000) / 100,
    };
  };

  mode = 'scores';
  for (let index = 0; index < WARMUP_ROUNDS; index++) await nextRound();
  const scores = await measure(CPU_WINDOW_MS);
  mode = 'minutes';
  await nextRound();
  const minutes = await measure(CPU_WINDOW_MS);
  mode = 'still';
  // Two more rounds: the last changes have been read; then the registry must say what the fake says.
  await nextRound();
  await nextRound();
  await sleep(500);
  const registry = (await db.execute(sql`select provider_id, minute, live_home_goals, live_away_goals
    from matches where id = any(${sql.param(liveMatchIds)}::uuid[])`)) as unknown as Rows<{
    provider_id: string;
    minute: number | null;
    live_home_goals: number | null;
    live_away_goals: number | null;
  }>;
  const byProviderId = new Map(live.map((fixture) => [String(fixture.providerId), fixture]));
  const registryMismatches = registry.rows.filter((row) => {
    const fixture = byProviderId.get(row.provider_id);
    return (
      !fixture ||
      row.minute !== fixture.elapsed ||
      row.live_home_goals !== fixture.goals.home ||
      row.live_away_goals !== fixture.goals.away
    );
  }).length;
  const rateRefusals = fake.calls.filter((call) => call.status !== 200).length;

  server.stop();
  await fake.close();
  await database.close();

  const allLatencies = changes.flatMap((change) => change.latencies);
  const socketAnomalies =
    changes.reduce(
      (sum, change) =>
        sum + (SOCKETS - change.received) + change.duplicates + change.disconnects + (change.found ? 0 : 1),
      0,
    ) + broadcasts.reduce((sum, answer) => sum + (answer.status === 201 ? 0 : 1), 0);
  const settleAnomalies =
    Math.abs(settled.codes_won - CODES) +
    Math.abs(settled.tips_won - PLANS * TIPS_PER_PLAN) +
    Math.abs(settled.games_won - (CODES + PLANS * TIPS_PER_PLAN)) +
    Math.abs(told - expectedTold) +
    (settled.home_goals === 2 && settled.away_goals === 0 ? 0 : 1) +
    (Number.isNaN(finishedSeenAt) || !ftAnswer ? 1 : 0) +
    (admin.status === 200 ? 0 : 1) +
    Math.abs(typedSettled.codes_won - CODES) +
    Math.abs(typedSettled.tips_won - PLANS * TIPS_PER_PLAN);
  console.log(
    JSON.stringify({
      pollSeconds: POLL_SECONDS,
      sockets: {
        clients: SOCKETS,
        connected: connected.connected,
        connectSeconds: round1(connected.ms / 1000),
      },
      scoreChanges: {
        changes: changes.length,
        warmup: WARMUP_CHANGES,
        liveMatches: LIVE_FOR_SCORES + 1,
        latency: latencyFigures(allLatencies),
        /** Each change's first socket: the poll's own path, before the fan-out to the rest. */
        first: latencyFigures(changes.map((change) => Math.min(...change.latencies))),
        minReceived: Math.min(...changes.map((change) => change.received)),
        /** An admin's broadcast to the same sockets meanwhile, request to receipt. */
        broadcasts: {
          ...latencyFigures(broadcasts.flatMap((answer) => answer.latencies)),
          count: broadcasts.length,
          minReceived: Math.min(...broadcasts.map((answer) => answer.received)),
        },
        each: changes.map((change) => ({
          received: change.received,
          firstMs: round1(Math.min(...change.latencies)),
          ...latencyFigures(change.latencies),
          waitedForPollMs: change.waitedForPollMs,
          others: change.others,
        })),
      },
      whistle: {
        items: CODES + PLANS * TIPS_PER_PLAN,
        codes: CODES,
        rolloverTips: PLANS * TIPS_PER_PLAN,
        told,
        expectedTold,
        /** The fake's FT answer to the match recorded and every item settled (one transaction). */
        ms: Math.round(finishedSeenAt - ftSentAt),
        /** The fake's FT answer to the poll's write of the pending result seen. */
        pendingSeenMs: Math.round(pendingSeenAt - ftSentAt),
        /** The fake's FT answer to the recording's start (the rest of the round before it). */
        recordStartedMs: resultAt === null ? null : Math.round(resultAt - ftSentAt),
        /** The recording itself: one transaction, the admin's path (results.bench.ts times it over HTTP). */
        recordingMs: resultAt === null ? null : Math.round(finishedSeenAt - resultAt),
        waitedForPollMs: Math.round(ftSentAt - whistleAt),
        ...settled,
        /** The same 10,000 items on a typed match, its result recorded by an admin over HTTP. */
        admin: {
          status: admin.status,
          /** Request to the match recorded and every item settled seen in the database. */
          committedMs: Math.round(adminCommitMs),
          /** Request to answer (the answer follows the announcements to 15,000 people). */
          answeredMs: Math.round(admin.ms),
          codesWon: typedSettled.codes_won,
          tipsWon: typedSettled.tips_won,
        },
      },
      poller: {
        liveMatches: LIVE_MATCHES,
        changingPerRound: CHANGING_PER_ROUND,
        callsPerRound: Math.ceil(LIVE_MATCHES / 20),
        clockTicksPerSecond: CLOCK_TICKS,
        idle: { ...idle, sharePercent: round1(idleShare * 100) },
        scores,
        minutes,
        registryMismatches,
        refusedCalls: rateRefusals,
      },
      anomalies: socketAnomalies + settleAnomalies + registryMismatches + rateRefusals,
    }),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
