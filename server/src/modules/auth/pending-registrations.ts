import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pendingRegistrations } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';
import { verifyPassword } from './passwords.ts';

/** How many sign-up requests an unverified email keeps; the oldest go first (decision 015). */
export const PENDING_REGISTRATIONS_KEPT = 5;

export type PendingRegistration = typeof pendingRegistrations.$inferSelect;
/** What a sign-up request says about its account: what verification writes to the user row. */
export type RegistrationDetails = Pick<
  PendingRegistration,
  'passwordHash' | 'firstName' | 'lastName' | 'phone' | 'referredByCode' | 'referredByUserId'
>;

export const detailsOf = (row: RegistrationDetails): RegistrationDetails => ({
  passwordHash: row.passwordHash,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  referredByCode: row.referredByCode,
  referredByUserId: row.referredByUserId,
});

/** The account's sign-up requests, newest first. */
export function listPendingRegistrations(db: Executor, userId: string): Promise<PendingRegistration[]> {
  return db.query.pendingRegistrations.findMany({
    where: eq(pendingRegistrations.userId, userId),
    orderBy: [desc(pendingRegistrations.createdAt), desc(pendingRegistrations.id)],
    limit: PENDING_REGISTRATIONS_KEPT,
  });
}

/** The newest of `candidates` whose password is `password`, checked newest first. */
export async function findByPassword<T extends Pick<RegistrationDetails, 'passwordHash'>>(
  candidates: readonly T[],
  password: string,
): Promise<T | undefined> {
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, password)) return candidate;
  }
  return undefined;
}

/** All of `candidates` whose password is `password`. */
export async function allWithPassword<T extends Pick<RegistrationDetails, 'passwordHash'>>(
  candidates: readonly T[],
  password: string,
): Promise<T[]> {
  const matches: T[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, password)) matches.push(candidate);
  }
  return matches;
}

/**
 * Records a sign-up request and keeps only the newest few. `replacing` are earlier requests made
 * with the same password (so by the same person): the new one takes their place rather than
 * counting as a second, different sign-up.
 */
export async function addPendingRegistration(
  tx: Executor,
  userId: string,
  details: RegistrationDetails,
  at: Date,
  replacing: readonly string[] = [],
): Promise<void> {
  if (replacing.length > 0) {
    await tx.delete(pendingRegistrations).where(inArray(pendingRegistrations.id, [...replacing]));
  }
  await tx.insert(pendingRegistrations).values({ userId, ...details, createdAt: at });
  const kept = await listPendingRegistrations(tx, userId);
  await tx.delete(pendingRegistrations).where(
    and(
      eq(pendingRegistrations.userId, userId),
      notInArray(
        pendingRegistrations.id,
        kept.map((row) => row.id),
      ),
    ),
  );
}

/**
 * An account made before pending registrations existed holds its sign-up in the user row only:
 * that becomes its first request, so a newer one cannot pass for the only one.
 */
export async function keepAccountAsFirstRegistration(tx: Executor, user: UserRow): Promise<void> {
  await tx
    .insert(pendingRegistrations)
    .values({ userId: user.id, ...detailsOf(user), createdAt: user.updatedAt });
}

export async function deletePendingRegistrations(tx: Executor, userId: string): Promise<void> {
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, userId));
}
