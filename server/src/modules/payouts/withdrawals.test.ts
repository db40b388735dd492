import { randomUUID } from 'node:crypto';
import { type AdminWithdrawal, payoutMessages, type Withdrawal } from '@cashtips/contract/payouts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCall,
  approveOk,
  fundedUser,
  ledgerSize,
  movementsOf,
  type TestUser,
  waitForStatus,
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
import { auditLog, withdrawals } from '../../db/schema/index.ts';
import { findLedgerAnomalies, getWalletBalances, noLedgerAnomalies } from '../ledger/ledger.ts';

let t: TestApp;
let admin: { token: string; userId: string };

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const cancel = (token: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/wallet/withdrawals/${id}/cancel`, headers: bearer(token) });

/** A user whose first withdrawal was paid, so later small ones go straight to the provider. */
async function trustedUser(naira: number): Promise<TestUser> {
  const user = await fundedUser(t, naira);
  const first = await withdrawOk(t, user.token, 1_000);
  expect(first.status).toBe('review');
  await approveOk(t, admin.token, first._id);
  await waitForStatus(t, first._id, 'paid');
  return user;
}

describe('the whole flow with the built-in test provider', () => {
  it('request → review → approve → paid; the next small one is paid without review', async () => {
    const user = await fundedUser(t, 10_000);
    const options = await get('/api/wallet/withdraw-options', user.token);
    expect(options.json()).toEqual({
      success: true,
      enabled: true,
      minimum: 1_000,
      dailyMaximum: 500_000,
      dailyLeft: 500_000,
      reviewFrom: 50_000,
    });

    const response = await withdraw(t, user.token, 2_500);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { message: string; withdrawal: Withdrawal; mainWallet: number };
    expect(body.message).toBe(payoutMessages.withdrawalInReview);
    expect(body.mainWallet).toBe(7_500);
    expect(body.withdrawal).toMatchObject({
      amount: 2_500,
      status: 'review',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '******6789',
      accountName: 'Test Account',
      reason: null,
    });
    expect(body.withdrawal.reference).toMatch(/^[a-z0-9_-]{16,50}$/);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 7_500 });
    expect((await get('/api/wallet/withdraw-options', user.token)).json().dailyLeft).toBe(497_500);
    const row = await withdrawalRow(t, body.withdrawal._id);
    expect(row.reviewReason).toBe('first');
    expect(await movementsOf(t, row.reference, 'withdrawal')).toBe(1);

    const queue = await adminCall(
      t,
      admin.token,
      'GET',
      `/api/admin/withdrawals?status=review&userId=${user.userId}`,
    );
    expect(queue.statusCode, queue.body).toBe(200);
    const [queued] = queue.json().withdrawals as AdminWithdrawal[];
    expect(queued).toMatchObject({
      _id: body.withdrawal._id,
      reviewReason: 'first',
      provider: 'dev',
      bankCode: '058',
      fullAccountNumber: '0123456789',
      user: { _id: user.userId, email: user.email },
    });

    const approved = await approveOk(t, admin.token, body.withdrawal._id);
    expect(approved.json().withdrawal).toMatchObject({
      status: 'processing',
      reviewedBy: adminEnv.ADMIN_EMAIL,
    });
    await waitForStatus(t, body.withdrawal._id, 'paid');
    const paid = await withdrawalRow(t, body.withdrawal._id);
    expect(paid.submittedAt).not.toBeNull();
    expect(paid.paidAt).not.toBeNull();
    expect(paid.reviewedBy).toBe(admin.userId);
    expect(await movementsOf(t, row.reference, 'payout')).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.approve'), eq(auditLog.targetId, body.withdrawal._id)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, targetType: 'withdrawal' });
    await expect
      .poll(async () => (await get('/api/notifications', user.token)).body, { timeout: 10_000 })
      .toContain('Withdrawal paid');

    t.clock.advance(1_000);
    const second = await withdrawOk(t, user.token, 3_000);
    expect(second.status).toBe('processing');
    await waitForStatus(t, second._id, 'paid');
    const list = await get('/api/wallet/withdrawals', user.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, total: 2, totalPages: 1 });
    expect((list.json().withdrawals as Withdrawal[]).map((item) => [item._id, item.status])).toEqual([
      [second._id, 'paid'],
      [body.withdrawal._id, 'paid'],
    ]);
    expect(list.body).not.toContain('0123456789');
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 4_500 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});

describe('refusals move nothing', () => {
  async function expectRefused(
    user: TestUser,
    amount: number | string,
    status: number,
    message?: RegExp | string,
  ) {
    const before = await ledgerSize(t);
    const wallet = await getWalletBalances(t.database.db, user.userId);
    const response = await withdraw(t, user.token, amount);
    expect(response.statusCode, response.body).toBe(status);
    if (message !== undefined) {
      if (typeof message === 'string') expect(response.json().message).toBe(message);
      else expect(response.json().message).toMatch(message);
    }
    expect(await ledgerSize(t)).toEqual(before);
    expect(await getWalletBalances(t.database.db, user.userId)).toEqual(wallet);
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.userId));
    return rows.length;
  }

  it('below the minimum, no account, above the balance, not a number', async () => {
    const noAccount = await signUpAndLogin(t);
    await devDeposit(t, noAccount.token, 5_000);
    expect(await expectRefused(noAccount, 2_000, 422, payoutMessages.noAccount)).toBe(0);

    const user = await fundedUser(t, 5_000);
    expect(await expectRefused(user, 999, 422, 'The minimum withdrawal is ₦1,000.')).toBe(0);
    expect(await expectRefused(user, 0, 422)).toBe(0);
    expect(await expectRefused(user, -2_000, 422)).toBe(0);
    expect(await expectRefused(user, 5_000.01, 422, /at most ₦5,000/)).toBe(0);
    expect(await expectRefused(user, 'lots', 400, payoutMessages.invalidAmount)).toBe(0);
    expect(await expectRefused(user, 1_000.001, 400)).toBe(0);
    // The whole balance is allowed.
    await withdrawOk(t, user.token, 5_000);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('the daily maximum: reaching it exactly is allowed, one naira more is not; returned ones do not count', async () => {
    const user = await fundedUser(t, 800_000);
    const cancelled = await withdrawOk(t, user.token, 300_000);
    expect((await cancel(user.token, cancelled._id)).statusCode).toBe(200);
    const a = await withdrawOk(t, user.token, 300_000);
    const b = await withdrawOk(t, user.token, 199_000);
    expect((await get('/api/wallet/withdraw-options', user.token)).json().dailyLeft).toBe(1_000);
    await expectRefused(user, 1_001, 422, 'You can withdraw up to ₦500,000 in 24 hours; ₦1,000 is left.');
    const exact = await withdrawOk(t, user.token, 1_000);
    expect((await get('/api/wallet/withdraw-options', user.token)).json().dailyLeft).toBe(0);
    await expectRefused(user, 1_000, 422, /in 24 hours; ₦0 is left/);

    // A rejected one gives its share back.
    const rejected = await adminCall(t, admin.token, 'POST', `/api/admin/withdrawals/${b._id}/reject`, {
      reason: 'We could not confirm this account belongs to you.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await withdrawOk(t, user.token, 199_000);
    await expectRefused(user, 1_000, 422, /₦0 is left/);

    // 24 hours after the first ones, the window has moved on.
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect((await get('/api/wallet/withdraw-options', user.token)).json().dailyLeft).toBe(500_000);
    await withdrawOk(t, user.token, 1_000);
    expect([a.status, exact.status]).toEqual(['review', 'review']);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});

describe('review rules', () => {
  it('the first withdrawal is reviewed even when small, and a cancelled first one does not open the door', async () => {
    const user = await fundedUser(t, 20_000);
    const first = await withdrawOk(t, user.token, 1_000);
    expect((await withdrawalRow(t, first._id)).reviewReason).toBe('first');
    expect((await cancel(user.token, first._id)).statusCode).toBe(200);
    const again = await withdrawOk(t, user.token, 1_000);
    expect((await withdrawalRow(t, again._id)).reviewReason).toBe('first');
    // Still in review (not paid): the next is also reviewed.
    const third = await withdrawOk(t, user.token, 1_000);
    expect(third.status).toBe('review');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('after a paid one, small withdrawals go straight to the provider and large ones (≥ ₦50,000) are reviewed', async () => {
    const user = await trustedUser(200_000);
    const small = await withdrawOk(t, user.token, 49_999.99);
    expect(small.status).toBe('processing');
    expect((await withdrawalRow(t, small._id)).reviewReason).toBeNull();
    const large = await withdrawOk(t, user.token, 50_000);
    expect(large.status).toBe('review');
    expect((await withdrawalRow(t, large._id)).reviewReason).toBe('large');
    await waitForStatus(t, small._id, 'paid');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});

describe('cancel', () => {
  it('only one’s own, only in review; the money comes back once', async () => {
    const owner = await fundedUser(t, 10_000);
    const other = await fundedUser(t, 10_000);
    const pending = await withdrawOk(t, owner.token, 4_000);

    // Another user's id answers exactly like a missing one.
    const theirs = await cancel(other.token, pending._id);
    const missing = await cancel(other.token, randomUUID());
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await cancel(other.token, 'not-an-id')).statusCode).toBe(404);
    expect((await withdrawalRow(t, pending._id)).status).toBe('review');

    const cancelled = await cancel(owner.token, pending._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      success: true,
      message: payoutMessages.cancelled,
      mainWallet: 10_000,
      withdrawal: { _id: pending._id, status: 'cancelled', reason: null },
    });
    const again = await cancel(owner.token, pending._id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(payoutMessages.onlyInReview);
    expect(await balances(t, owner.token)).toMatchObject({ mainWallet: 10_000 });
    const row = await withdrawalRow(t, pending._id);
    expect(await movementsOf(t, row.reference, 'withdrawal_return')).toBe(1);

    // Processing and paid ones cannot be cancelled.
    const trusted = await trustedUser(10_000);
    const sent = await withdrawOk(t, trusted.token, 2_000);
    await waitForStatus(t, sent._id, 'paid');
    expect((await cancel(trusted.token, sent._id)).statusCode).toBe(422);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});

describe('admin review', () => {
  it('is for admins only', async () => {
    const user = await fundedUser(t, 5_000);
    const pending = await withdrawOk(t, user.token, 1_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/withdrawals' })).statusCode).toBe(401);
    expect((await adminCall(t, user.token, 'GET', '/api/admin/withdrawals')).statusCode).toBe(403);
    expect(
      (await adminCall(t, user.token, 'POST', `/api/admin/withdrawals/${pending._id}/approve`)).statusCode,
    ).toBe(403);
    expect(
      (
        await adminCall(t, user.token, 'POST', `/api/admin/withdrawals/${pending._id}/reject`, {
          reason: 'Nope, no.',
        })
      ).statusCode,
    ).toBe(403);
    expect((await withdrawalRow(t, pending._id)).status).toBe('review');
  });

  it('reject needs a reason; the user reads it, gets the money back and a notification; both actions are audited', async () => {
    const user = await fundedUser(t, 5_000);
    const pending = await withdrawOk(t, user.token, 3_000);
    const url = `/api/admin/withdrawals/${pending._id}/reject`;
    expect((await adminCall(t, admin.token, 'POST', url, {})).statusCode).toBe(400);
    expect((await adminCall(t, admin.token, 'POST', url, { reason: '  ' })).statusCode).toBe(400);
    expect((await withdrawalRow(t, pending._id)).status).toBe('review');

    const reason = 'The account name does not match your profile.';
    const rejected = await adminCall(t, admin.token, 'POST', url, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().withdrawal).toMatchObject({
      status: 'rejected',
      reason,
      reviewedBy: adminEnv.ADMIN_EMAIL,
    });
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 5_000 });
    const list = await get('/api/wallet/withdrawals', user.token);
    expect(list.json().withdrawals[0]).toMatchObject({ _id: pending._id, status: 'rejected', reason });
    expect((await get('/api/notifications', user.token)).body).toContain(reason);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.reject'), eq(auditLog.targetId, pending._id)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, reason });

    // Decided once: neither can change it again.
    const approveAgain = await adminCall(
      t,
      admin.token,
      'POST',
      `/api/admin/withdrawals/${pending._id}/approve`,
    );
    expect(approveAgain.statusCode).toBe(409);
    expect(approveAgain.json().message).toMatch(/no longer in review/);
    expect((await adminCall(t, admin.token, 'POST', url, { reason })).statusCode).toBe(409);
    expect(
      (await adminCall(t, admin.token, 'POST', `/api/admin/withdrawals/${randomUUID()}/approve`)).statusCode,
    ).toBe(404);
    const row = await withdrawalRow(t, pending._id);
    expect(await movementsOf(t, row.reference, 'withdrawal_return')).toBe(1);
    expect(await movementsOf(t, row.reference, 'payout')).toBe(0);

    const byUser = await adminCall(t, admin.token, 'GET', `/api/admin/withdrawals?userId=${user.userId}`);
    expect(byUser.json()).toMatchObject({ total: 1 });
    expect((await adminCall(t, admin.token, 'GET', '/api/admin/withdrawals?status=nope')).statusCode).toBe(
      400,
    );
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});

describe('Idempotency-Key', () => {
  it('the same key answers the same withdrawal and moves money once; the key with another amount is 409', async () => {
    const user = await fundedUser(t, 10_000);
    const key = `wd-${randomUUID()}`;
    const first = await withdraw(t, user.token, 2_000, key);
    const second = await withdraw(t, user.token, 2_000, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const replays = await Promise.all(Array.from({ length: 5 }, () => withdraw(t, user.token, 2_000, key)));
    expect(new Set(replays.map((reply) => reply.json().withdrawal._id))).toEqual(
      new Set([first.json().withdrawal._id]),
    );
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 8_000 });

    const conflict = await withdraw(t, user.token, 3_000, key);
    expect(conflict.statusCode).toBe(409);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 8_000 });
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect((await withdraw(t, user.token, 2_000, 'bad key!')).statusCode).toBe(400);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});
