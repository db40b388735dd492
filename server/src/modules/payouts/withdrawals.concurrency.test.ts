import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayments, startFakePayments } from '../../../test/fake-payments.ts';
import {
  adminCall,
  approveOk,
  movementsOf,
  putPayoutAccount,
  withdraw,
  withdrawalRow,
  withdrawOk,
} from '../../../test/payouts.ts';
import {
  adminEnv,
  balances,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { withdrawals } from '../../db/schema/index.ts';
import { findLedgerAnomalies, getWalletBalances, noLedgerAnomalies } from '../ledger/ledger.ts';

/**
 * Many requests at once on one balance (PostgreSQL in CI runs them truly in parallel): the
 * per-user lock keeps the balance from going below zero and pays each withdrawal once.
 */

let fake: FakePayments;
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  fake = await startFakePayments();
  const { FLUTTERWAVE_SECRET_KEY: _key, FLUTTERWAVE_SECRET_HASH: _hash, ...paystackOnly } = fake.env;
  t = await buildTestApp({ ...paystackOnly, ...adminEnv }, { runJobs: false });
  admin = await loginAdmin(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const service = () => t.app.services.withdrawals;

function deliver(notification: { payload: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: notification.headers,
    payload: notification.payload,
  });
}

/** A user with money and an account, whose first withdrawal was paid (so later ones skip review). */
async function trustedUser(naira: number) {
  const user = await signUpAndLogin(t);
  await devDeposit(t, user.token, naira + 1_000);
  expect((await putPayoutAccount(t, user)).statusCode).toBe(200);
  const first = await withdrawOk(t, user.token, 1_000);
  await approveOk(t, admin.token, first._id);
  await service().processTransfer(first._id);
  expect((await deliver(fake.settleTransfer('paystack', first.reference, 'success'))).statusCode).toBe(200);
  expect((await withdrawalRow(t, first._id)).status).toBe('paid');
  return user;
}

describe('concurrent withdrawals', () => {
  it('20 at once on one balance: never below zero, the sum taken within the balance, each paid once', async () => {
    const user = await trustedUser(10_500);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(t, user.token, 1_000)));
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(accepted).toHaveLength(10);
    expect(refused.every((answer) => answer.statusCode === 422)).toBe(true);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 500 });
    const wallet = await getWalletBalances(t.database.db, user.userId);
    expect(wallet.mainKobo).toBe(50_000n);

    const ids = accepted.map((answer) => answer.json().withdrawal._id as string);
    // Each job runs twice at once (a retry racing the first run): still one transfer each.
    await Promise.all(ids.flatMap((id) => [service().processTransfer(id), service().processTransfer(id)]));
    const rows = await Promise.all(ids.map((id) => withdrawalRow(t, id)));
    for (const row of rows) {
      expect(fake.transfers('paystack').filter((item) => item.reference === row.reference)).toHaveLength(1);
    }
    // Every webhook twice, all at once.
    const notifications = rows.map((row) => fake.settleTransfer('paystack', row.reference, 'success'));
    const delivered = await Promise.all([...notifications, ...notifications].map((item) => deliver(item)));
    expect(delivered.every((answer) => answer.statusCode === 200)).toBe(true);
    for (const row of rows) {
      expect((await withdrawalRow(t, row.id)).status).toBe('paid');
      expect(await movementsOf(t, row.reference, 'payout')).toBe(1);
      expect(await movementsOf(t, row.reference, 'withdrawal')).toBe(1);
    }
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 500 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('the same Idempotency-Key ten times at once makes one withdrawal', async () => {
    const user = await trustedUser(5_000);
    const key = `same-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(t, user.token, 2_000, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.json().withdrawal._id)).size).toBe(1);
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.userId));
    expect(rows).toHaveLength(2);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 3_000 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('cancel, approve and reject racing on one withdrawal: exactly one wins, the money moves once', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 5_000);
    expect((await putPayoutAccount(t, user)).statusCode).toBe(200);
    const pending = await withdrawOk(t, user.token, 4_000);
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/wallet/withdrawals/${pending._id}/cancel`,
        headers: bearer(user.token),
      }),
      adminCall(t, admin.token, 'POST', `/api/admin/withdrawals/${pending._id}/approve`),
      adminCall(t, admin.token, 'POST', `/api/admin/withdrawals/${pending._id}/reject`, {
        reason: 'Racing reject',
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/wallet/withdrawals/${pending._id}/cancel`,
        headers: bearer(user.token),
      }),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.every((answer) => [200, 409, 422].includes(answer.statusCode))).toBe(true);
    const row = await withdrawalRow(t, pending._id);
    const returned = await movementsOf(t, row.reference, 'withdrawal_return');
    expect(returned).toBe(row.status === 'processing' ? 0 : 1);
    expect(await balances(t, user.token)).toMatchObject({
      mainWallet: row.status === 'processing' ? 1_000 : 5_000,
    });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('withdrawals of many users at once, with their webhooks replayed, keep the ledger whole', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => trustedUser(3_000)));
    const made = await Promise.all(
      users.flatMap((user) => [withdraw(t, user.token, 1_500), withdraw(t, user.token, 1_500)]),
    );
    expect(made.every((answer) => answer.statusCode === 201)).toBe(true);
    const ids = made.map((answer) => answer.json().withdrawal._id as string);
    await Promise.all(ids.map((id) => service().processTransfer(id)));
    const rows = await Promise.all(ids.map((id) => withdrawalRow(t, id)));
    const notifications = rows.map((row, index) =>
      fake.settleTransfer('paystack', row.reference, index % 2 ? 'failed' : 'success'),
    );
    const replays = await Promise.all(
      notifications.flatMap((item) => Array.from({ length: 3 }, () => deliver(item))),
    );
    expect(replays.every((answer) => answer.statusCode === 200)).toBe(true);
    for (const user of users) expect(await balances(t, user.token)).toMatchObject({ mainWallet: 1_500 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});
