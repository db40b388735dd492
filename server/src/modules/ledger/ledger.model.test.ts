import { randomUUID } from 'node:crypto';
import type { WalletType } from '@cashtips/contract/wallet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEnv,
  bearer,
  buildTestApp,
  loginAdmin,
  signUpAndLogin,
  strongPassword,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';
import { AppError } from '../../lib/app-error.ts';
import { findLedgerAnomalies, getWalletBalances, moveMoney, noLedgerAnomalies } from './ledger.ts';

/**
 * A model of the money rules in plain numbers, run against the real services on random sequences
 * of deposits, purchases, bonus withdrawals and admin adjustments. After every step the database
 * must agree with the model, no balance may be negative and every transaction must sum to zero.
 */
type Op =
  | { type: 'deposit'; user: number; naira: number }
  | { type: 'purchase'; user: number; wallet: WalletType; naira: number }
  | { type: 'withdrawBonus'; user: number; naira: number }
  | { type: 'adjust'; user: number; wallet: WalletType; naira: number };

const userIndex = fc.integer({ min: 0, max: 2 });
const wallet = fc.constantFrom<WalletType>('main', 'bonus');
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('deposit' as const),
    user: userIndex,
    naira: fc.integer({ min: 100, max: 30_000 }),
  }),
  fc.record({
    type: fc.constant('purchase' as const),
    user: userIndex,
    wallet,
    naira: fc.integer({ min: 1, max: 6000 }),
  }),
  fc.record({
    type: fc.constant('withdrawBonus' as const),
    user: userIndex,
    naira: fc.integer({ min: 1, max: 3000 }),
  }),
  fc.record({
    type: fc.constant('adjust' as const),
    user: userIndex,
    wallet,
    naira: fc.integer({ min: -4000, max: 4000 }).filter((value) => value !== 0),
  }),
);

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  adminToken = (await loginAdmin(t)).token;
});
afterAll(() => t.close());

function createUser(referralCode?: string) {
  return signUpAndLogin(t, uniqueEmail('model'), strongPassword, referralCode ? { referralCode } : {});
}

describe('the ledger against a model', () => {
  it('keeps balances equal to the model, never negative, every transaction balanced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 5, maxLength: 25 }), async (ops) => {
        // User 1 was referred by user 0: user 1's first deposit earns user 0 a bonus.
        const first = await createUser();
        const users = [first, await createUser(first.referralCode), await createUser()];
        const model = users.map(() => ({ main: 0, bonus: 0, deposited: false }));
        const referrerOf = new Map([[1, 0]]);

        for (const op of ops) {
          const user = users[op.user];
          const state = model[op.user];
          if (!user || !state) throw new Error('bad user index');
          const kobo = op.naira * 100;
          if (op.type === 'deposit') {
            await t.app.services.deposits.startDeposit(user.userId, { amount: op.naira, provider: 'dev' });
            state.main += kobo;
            const referrer = referrerOf.get(op.user);
            if (referrer !== undefined && !state.deposited) {
              const referrerState = model[referrer];
              if (referrerState) referrerState.bonus += Math.min(Math.floor(kobo / 10), 500_000);
            }
            state.deposited = true;
          } else if (op.type === 'purchase') {
            const allowed = state[op.wallet] >= kobo;
            const outcome = await t.database.db
              .transaction((tx) =>
                moveMoney(tx, {
                  kind: 'purchase',
                  idempotencyKey: `model-purchase:${randomUUID()}`,
                  description: 'Model purchase',
                  postings: [
                    { account: { userId: user.userId, wallet: op.wallet }, amountKobo: BigInt(-kobo) },
                    { account: { system: 'revenue:booking-codes' }, amountKobo: BigInt(kobo) },
                  ],
                }),
              )
              .then(
                () => 'ok',
                (error: unknown) => (error instanceof AppError ? error.code : String(error)),
              );
            expect(outcome).toBe(allowed ? 'ok' : 'INSUFFICIENT_BALANCE');
            if (allowed) state[op.wallet] -= kobo;
          } else if (op.type === 'withdrawBonus') {
            const allowed = state.bonus >= 100_000 && kobo <= state.bonus;
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/wallet/withdraw-bonus',
              headers: bearer(user.token),
              payload: { amount: op.naira },
            });
            expect(response.statusCode).toBe(allowed ? 200 : 422);
            if (allowed) {
              state.bonus -= kobo;
              state.main += kobo;
            }
          } else {
            const allowed = state[op.wallet] + kobo >= 0;
            const response = await t.app.inject({
              method: 'POST',
              url: `/api/admin/users/${user.userId}/adjust`,
              headers: bearer(adminToken),
              payload: { wallet: op.wallet, amount: op.naira, reason: 'Model adjustment' },
            });
            expect(response.statusCode).toBe(allowed ? 200 : 422);
            if (allowed) state[op.wallet] += kobo;
          }

          for (const [index, candidate] of users.entries()) {
            const actual = await getWalletBalances(t.database.db, candidate.userId);
            expect({ main: Number(actual.mainKobo), bonus: Number(actual.bonusKobo) }).toEqual({
              main: model[index]?.main,
              bonus: model[index]?.bonus,
            });
          }
          expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
        }
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
