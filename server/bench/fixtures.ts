import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/client.ts';
import { users, wallets } from '../src/db/schema/index.ts';
import { moveMoney } from '../src/modules/ledger/ledger.ts';

/** Verified accounts with both wallets, written directly (signing up through argon2 would dominate). */
export async function createBenchUsers(db: Database, count: number, prefix: string): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.insert(users).values(
    ids.map((id, index) => ({
      id,
      email: `${prefix}${index}@example.com`,
      phone: '2348031234567',
      firstName: 'Bench',
      lastName: `${prefix}${index}`,
      passwordHash: 'x',
      referralCode: `${prefix.toUpperCase()}${index}`,
      emailVerifiedAt: new Date(),
    })),
  );
  await db.insert(wallets).values(
    ids.flatMap((userId) => [
      { userId, kind: 'main' as const },
      { userId, kind: 'bonus' as const },
    ]),
  );
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
