import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selfExclusionCarryovers, type users } from '../../db/schema/index.ts';

/** The e-mail kept only as this digest once its account is closed (decision 019). */
const emailDigest = (email: string) =>
  createHash('sha256').update(`cashtips:self-exclusion:${email.trim().toLowerCase()}`).digest('hex');

/**
 * Closing an account during a self-exclusion keeps the exclusion for the e-mail: without it, closing
 * and signing up again would be a way round it. The later end wins when there is one already.
 */
export async function carrySelfExclusion(tx: Executor, email: string, until: Date, now: Date): Promise<void> {
  await tx
    .insert(selfExclusionCarryovers)
    .values({ emailDigest: emailDigest(email), excludedUntil: until, createdAt: now })
    .onConflictDoUpdate({
      target: selfExclusionCarryovers.emailDigest,
      set: {
        excludedUntil: sql`greatest(${selfExclusionCarryovers.excludedUntil}, excluded.excluded_until)`,
      },
    });
}

/** The restriction a new account for this e-mail starts with: a self-exclusion still running, or none. */
export async function carriedSelfExclusion(
  tx: Executor,
  email: string,
  now: Date,
): Promise<Pick<typeof users.$inferInsert, 'restrictionKind' | 'restrictedUntil'>> {
  const [row] = await tx
    .select()
    .from(selfExclusionCarryovers)
    .where(eq(selfExclusionCarryovers.emailDigest, emailDigest(email)));
  return row && row.excludedUntil > now
    ? { restrictionKind: 'self-exclusion', restrictedUntil: row.excludedUntil }
    : {};
}
