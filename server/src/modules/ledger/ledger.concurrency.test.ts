import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  devDeposit,
  signUpAndLogin,
  type TestApp,
  usingPostgres,
} from '../../../test/test-app.ts';
import { ledgerTransactions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findLedgerAnomalies,
  getWalletBalances,
  type Movement,
  moveMoney,
  noLedgerAnomalies,
} from './ledger.ts';

/**
 * Real concurrency needs the PostgreSQL run (`npm run test:pg`): PGlite has one connection and
 * serialises everything, so there these tests only check the bookkeeping.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function purchase(userId: string, kobo: bigint, key = `purchase:${randomUUID()}`): Movement {
  return {
    kind: 'purchase',
    idempotencyKey: key,
    description: 'Concurrent purchase',
    postings: [
      { account: { userId, wallet: 'main' }, amountKobo: -kobo },
      { account: { system: 'revenue:booking-codes' }, amountKobo: kobo },
    ],
  };
}

function attempt(movement: Movement) {
  return t.database.db
    .transaction((tx) => moveMoney(tx, movement))
    .then(
      (outcome) => (outcome.applied ? 'applied' : 'repeat'),
      (error: unknown) => (error instanceof AppError ? error.code : `unexpected: ${String(error)}`),
    );
}

describe(`ledger under concurrency (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('60 simultaneous ₦100 debits on a wallet holding ₦2,000: exactly 20 succeed, never overdrawn', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 2000);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () => attempt(purchase(user.userId, 10_000n))),
    );
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(20);
    expect(outcomes.filter((outcome) => outcome === 'INSUFFICIENT_BALANCE')).toHaveLength(40);
    expect((await getWalletBalances(t.database.db, user.userId)).mainKobo).toBe(0n);
  });

  it('one purchase asked for 25 times at once is charged once', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 1000);
    const key = `purchase:${randomUUID()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, () => attempt(purchase(user.userId, 30_000n, key))),
    );
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'repeat')).toHaveLength(24);
    expect((await getWalletBalances(t.database.db, user.userId)).mainKobo).toBe(70_000n);
    const rows = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('transfers crossing between two users in both directions neither deadlock nor lose money', async () => {
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    await devDeposit(t, a.token, 5000);
    await devDeposit(t, b.token, 5000);
    const transfer = (from: string, to: string): Movement => ({
      kind: 'admin_adjustment',
      idempotencyKey: `transfer:${randomUUID()}`,
      description: 'Crossing transfer',
      postings: [
        { account: { userId: from, wallet: 'main' }, amountKobo: -10_000n },
        { account: { userId: to, wallet: 'main' }, amountKobo: 10_000n },
      ],
    });
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        attempt(index % 2 ? transfer(a.userId, b.userId) : transfer(b.userId, a.userId)),
      ),
    );
    expect(outcomes.every((outcome) => outcome === 'applied')).toBe(true);
    const total =
      (await getWalletBalances(t.database.db, a.userId)).mainKobo +
      (await getWalletBalances(t.database.db, b.userId)).mainKobo;
    expect(total).toBe(1_000_000n);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});
