import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, wallets } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

/** Reads the row and holds it until the transaction ends: nothing can verify or change it meanwhile. */
export async function lockUser(tx: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByReferralCode(db: Executor, code: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.referralCode, code) });
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(db: Executor, id: string, values: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

/** Marks the email verified once; answers undefined when it was already verified. */
export async function markEmailVerified(db: Executor, id: string, at: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, id), sql`${users.emailVerifiedAt} is null`))
    .returning();
  return row;
}

export async function createWallets(db: Executor, userId: string): Promise<void> {
  await db
    .insert(wallets)
    .values([
      { userId, kind: 'main' },
      { userId, kind: 'bonus' },
    ])
    .onConflictDoNothing();
}
