import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { appMeta } from '../db/schema/index.ts';
import { seedBookingCodes } from './booking-codes.seed.ts';
import { seedFreeTips } from './free-tips.seed.ts';
import { seedRolloverPlans } from './rollover.seed.ts';

/**
 * SEED_DEMO=1 loads demo content (plans, codes, tips). Every item a seeder writes is marked `demo`
 * (PRODUCT 15): listed with a Demo badge, never counted in a record (`settlement/record-rule.ts`).
 * Each feature adds its own seeder here; they
 * run in one transaction, in this order, and a marker row per seeder makes each happen at most
 * once, even with several processes starting together (a seeder added later still runs once on an
 * existing database).
 */
/** `now` is the app's clock, so demo days line up with the app's own "today". */
export type DemoSeeder = { name: string; run: (tx: Executor, now: Date) => Promise<void> };

export const demoSeeders: DemoSeeder[] = [
  { name: 'booking-codes', run: seedBookingCodes },
  { name: 'rollover-plans', run: seedRolloverPlans },
  { name: 'free-tips', run: seedFreeTips },
];

const markerOf = (seeder: DemoSeeder) => `demo_seeded_at:${seeder.name}`;

export async function seedDemoContent(
  db: Database,
  logger: Logger,
  options: { now?: Date; seeders?: DemoSeeder[] } = {},
): Promise<boolean> {
  const { now = new Date(), seeders = demoSeeders } = options;
  return db.transaction(async (tx) => {
    const ran: string[] = [];
    for (const seeder of seeders) {
      const [claimed] = await tx
        .insert(appMeta)
        .values({ key: markerOf(seeder), value: { seeder: seeder.name } })
        .onConflictDoNothing()
        .returning({ key: appMeta.key });
      if (!claimed) continue;
      await seeder.run(tx, now);
      ran.push(seeder.name);
    }
    if (ran.length) {
      await markDemoMatches(tx);
      logger.info({ seeders: ran }, 'demo content loaded');
    }
    return ran.length > 0;
  });
}

/**
 * The matches only demo items are on are demo matches too: the seeders register real fixtures on
 * demo days, whose dates (and so whose results) are invented. The same statement is migration 0025's.
 */
export async function markDemoMatches(tx: Executor): Promise<void> {
  await tx.execute(sql`update matches m set demo = true
    where not m.demo and exists (select 1 from selections s where s.match_id = m.id)
      and not exists (select 1 from selections s
        left join booking_codes c on c.id = s.booking_code_id
        left join rollover_tips t on t.id = s.rollover_tip_id
        left join free_tips f on f.id = s.free_tip_id
        where s.match_id = m.id and not coalesce(c.demo, t.demo, f.demo, false))`);
}

/** Whether the database holds any demo item (seeded now or on an earlier start). */
export async function demoContentPresent(db: Database): Promise<boolean> {
  const result = (await db.execute(sql`select exists (select 1 from booking_codes where demo)
    or exists (select 1 from rollover_plans where demo)
    or exists (select 1 from rollover_tips where demo)
    or exists (select 1 from free_tips where demo) as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  return result.rows[0]?.present === true;
}

export async function demoSeededAt(db: Database, seeder: DemoSeeder): Promise<Date | undefined> {
  const row = await db.query.appMeta.findFirst({ where: eq(appMeta.key, markerOf(seeder)) });
  return row?.updatedAt;
}
