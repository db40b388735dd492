import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { appMeta } from '../db/schema/index.ts';

/**
 * SEED_DEMO=1 loads demo content (plans, codes, tips) once, into a database that has none.
 * Each feature adds its own seeder here; they run in one transaction, in this order, and a marker
 * row makes the whole seed happen at most once, even with several processes starting together.
 */
export type DemoSeeder = { name: string; run: (tx: Executor) => Promise<void> };

export const demoSeeders: DemoSeeder[] = [];

const MARKER = 'demo_seeded_at';

export async function seedDemoContent(db: Database, logger: Logger, seeders = demoSeeders): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(appMeta)
      .values({ key: MARKER, value: { seeders: seeders.map((seeder) => seeder.name) } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (!claimed) return false;
    for (const seeder of seeders) await seeder.run(tx);
    logger.info({ seeders: seeders.map((seeder) => seeder.name) }, 'demo content loaded');
    return true;
  });
}

export async function demoSeededAt(db: Database): Promise<Date | undefined> {
  const row = await db.query.appMeta.findFirst({ where: eq(appMeta.key, MARKER) });
  return row?.updatedAt;
}
