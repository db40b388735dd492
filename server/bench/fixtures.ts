import { randomUUID } from 'node:crypto';
import { lagosDay } from '@cashtips/contract/lagos-time';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { localInvalidation } from '../src/db/invalidation.ts';
import { bookingCodes, rolloverPlans, rolloverTips, users, wallets } from '../src/db/schema/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { SessionTokens } from '../src/modules/auth/session-tokens.ts';
import { SessionsService } from '../src/modules/auth/sessions.service.ts';
import { moveMoney } from '../src/modules/ledger/ledger.ts';

/** Verified accounts with both wallets, written directly (signing up through argon2 would dominate). */
export async function createBenchUsers(db: Database, count: number, prefix: string): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  // PostgreSQL takes at most 65,535 parameters per statement: insert a thousand accounts at a time.
  for (let start = 0; start < count; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    await db.insert(users).values(
      chunk.map((id, offset) => ({
        id,
        email: `${prefix}${start + offset}@example.com`,
        phone: '2348031234567',
        firstName: 'Bench',
        lastName: `${prefix}${start + offset}`,
        passwordHash: 'x',
        referralCode: `${prefix.toUpperCase()}${start + offset}`,
        emailVerifiedAt: new Date(),
      })),
    );
    await db.insert(wallets).values(
      chunk.flatMap((userId) => [
        { userId, kind: 'main' as const },
        { userId, kind: 'bonus' as const },
      ]),
    );
  }
  return ids;
}

/** Money in through the ledger, as a confirmed deposit would bring it. */
export function fundMainWallet(db: Database, userId: string, kobo: bigint) {
  return db.transaction((tx) =>
    moveMoney(tx, {
      kind: 'deposit',
      idempotencyKey: `bench-fund:${userId}`,
      description: 'Benchmark funding',
      postings: [
        { account: { userId, wallet: 'main' }, amountKobo: kobo },
        { account: { system: 'provider:dev' }, amountKobo: -kobo },
      ],
    }),
  );
}

/** Runs `task` over `items` with at most `concurrency` at once; answers the results in order. */
export async function mapConcurrently<Item, Result>(
  items: Item[],
  concurrency: number,
  task: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index] as Item);
      }
    }),
  );
  return results;
}

export interface BenchGame {
  teamA: string;
  teamB: string;
  league: string;
  kickoff: Date;
  prediction: string;
  odds: number;
}

/**
 * The same games on many items, written set-based: one registered match per game, and a selection
 * per item and game (the app's saveGames does this one item at a time, too slow for 10,000 items).
 * Answers the matches' ids, in the games' order.
 */
export async function linkGames(
  db: Database,
  kind: 'code' | 'rollover' | 'free',
  itemIds: string[],
  games: BenchGame[],
): Promise<string[]> {
  // One registered match per fixture: sections sharing a database reuse a fixture another one made.
  const matchIds: string[] = [];
  for (const game of games) {
    const now = new Date().toISOString();
    const result = (await db.execute(sql`
      insert into matches (id, league, home_team, away_team, kickoff, match_day, created_at, updated_at)
      values (${randomUUID()}::uuid, ${game.league}, ${game.teamA}, ${game.teamB}, ${game.kickoff.toISOString()}::timestamptz,
        ${lagosDay(game.kickoff)}::date, ${now}::timestamptz, ${now}::timestamptz)
      on conflict (sport, lower(home_team), lower(away_team), match_day) do update set updated_at = excluded.updated_at
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = result.rows[0]?.id;
    if (!id) throw new Error('the fixture was not registered');
    matchIds.push(id);
  }
  const column = { code: 'booking_code_id', rollover: 'rollover_tip_id', free: 'free_tip_id' }[kind];
  for (const [position, game] of games.entries()) {
    for (let start = 0; start < itemIds.length; start += 5000) {
      const chunk = itemIds.slice(start, start + 5000);
      await db.execute(sql`insert into selections (${sql.raw(column)}, position, match_id, prediction, odds)
        select item, ${position}, ${matchIds[position]}::uuid, ${game.prediction}, ${game.odds}
        from unnest(${sql.param(chunk)}::uuid[]) as item`);
    }
  }
  return matchIds;
}

/**
 * `count` booking codes on sale, each with the same two games (Arsenal v Chelsea, Inter v Milan):
 * the public code list the read loads ask for. Codes are `<prefix><index>`; prices ₦100 to ₦5,000.
 */
export async function createBenchCodes(db: Database, count: number, prefix: string): Promise<string[]> {
  const now = Date.now();
  const codeIds = Array.from({ length: count }, () => randomUUID());
  await db.insert(bookingCodes).values(
    codeIds.map((id, index) => ({
      id,
      code: `${prefix}${index.toString(36).toUpperCase().padStart(5, '0')}`,
      category: (['football', 'basketball', 'tennis', 'cricket'] as const)[index % 4],
      bookmaker: ['SportyBet', 'Bet9ja', 'BetKing', '1xBet'][index % 4] as string,
      totalOdds: 2 + (index % 40) / 4,
      priceKobo: BigInt(100 + (index % 50) * 100) * 100n,
      confidence: 60 + (index % 40),
      expiresAt: new Date(now + 86_400_000 + index * 60_000),
      postedAt: new Date(now - index * 60_000),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })),
  );
  await linkGames(db, 'code', codeIds, [
    {
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff: new Date(now + 86_400_000),
      prediction: 'Home win',
      odds: 1.8,
    },
    {
      teamA: 'Inter',
      teamB: 'Milan',
      league: 'Serie A',
      kickoff: new Date(now + 90_000_000),
      prediction: 'Over 2.5',
      odds: 1.9,
    },
  ]);
  return codeIds;
}

/** Sessions signed with the benches' JWT secret, as the built server under test checks them. */
export function benchSessions(db: Database, jwtSecret: string): SessionsService {
  return new SessionsService(db, systemClock, new SessionTokens(jwtSecret), localInvalidation());
}

/**
 * One admin account and a session token for it. `bench` names it: benches run one after another
 * share a database, so each has its own admin.
 */
export async function createBenchAdmin(
  db: Database,
  jwtSecret: string,
  bench: string,
): Promise<{ id: string; token: string }> {
  const [id] = await createBenchUsers(db, 1, `${bench}admin`);
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(users.id, id as string));
  const token = await benchSessions(db, jwtSecret).start(db, id as string, {
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  return { id: id as string, token };
}

const CHUNK = 1000;

/** Inserts `rows` a thousand at a time (one statement's parameters stay under PostgreSQL's limit). */
export async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/**
 * What one final score settles in the results and football benchmarks: a code bought by each buyer
 * (5,000 buyers: 5,000 codes) and `plans` × `tipsPerPlan` rollover tips of today, the first buyers
 * subscribed, `subscribersPerPlan` to each plan, every item with its one game ('Home win') on `matchId`.
 */
export async function itemsOnOneMatch(
  db: Database,
  options: {
    matchId: string;
    buyers: string[];
    tag: string;
    now: Date;
    plans: number;
    tipsPerPlan: number;
    subscribersPerPlan: number;
  },
): Promise<{ codeIds: string[]; tipIds: string[] }> {
  const { matchId, buyers, tag, now, plans, tipsPerPlan, subscribersPerPlan } = options;
  const today = lagosDay(now);
  const codeIds = buyers.map(() => randomUUID());
  await inChunks(
    codeIds.map((id, index) => ({
      id,
      code: `${tag}${index.toString(36).toUpperCase().padStart(6, '0')}`,
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
  const planIds = Array.from({ length: plans }, () => randomUUID());
  await inChunks(
    planIds.map((id, index) => ({
      id,
      name: `${tag} plan ${index}`,
      priceKobo: 100_000n,
      durationDays: 5,
      odds: 2,
      postLimit: tipsPerPlan,
      createdAt: now,
      updatedAt: now,
    })),
    (chunk) => db.insert(rolloverPlans).values(chunk),
  );
  const tipIds: string[] = [];
  await inChunks(
    planIds.flatMap((planId) =>
      Array.from({ length: tipsPerPlan }, () => {
        const id = randomUUID();
        tipIds.push(id);
        return { id, planId, day: today, totalOdds: 1.8, bookingCode: tag, createdAt: now, updatedAt: now };
      }),
    ),
    (chunk) => db.insert(rolloverTips).values(chunk),
  );
  await inChunks(
    buyers
      .slice(0, plans * subscribersPerPlan)
      .map((userId, index) => [userId, planIds[index % plans] as string] as const),
    (chunk) =>
      db.execute(sql`insert into rollover_subscriptions (user_id, plan_id, wallet_type, price_kobo, duration_days,
          start_day, started_at, expires_at)
        select subscriber, plan, 'main', 100000, 5, ${today}::date, now(), now() + interval '4 days'
        from unnest(${sql.param(chunk.map(([user]) => user))}::uuid[], ${sql.param(chunk.map(([, plan]) => plan))}::uuid[])
          as subscription(subscriber, plan)`),
  );
  await inChunks(codeIds, (chunk) =>
    db.execute(sql`insert into selections (booking_code_id, position, match_id, prediction, odds)
      select code, 0, ${matchId}::uuid, 'Home win', 1.8 from unnest(${sql.param(chunk)}::uuid[]) as code`),
  );
  await inChunks(tipIds, (chunk) =>
    db.execute(sql`insert into selections (rollover_tip_id, position, match_id, prediction, odds)
      select tip, 0, ${matchId}::uuid, 'Home win', 1.8 from unnest(${sql.param(chunk)}::uuid[]) as tip`),
  );
  return { codeIds, tipIds };
}
