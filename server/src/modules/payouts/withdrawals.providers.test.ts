import { createHmac } from 'node:crypto';
import { payoutMessages, type Withdrawal } from '@cashtips/contract/payouts';
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakePayments,
  fakeKeys,
  type Notification,
  startFakePayments,
} from '../../../test/fake-payments.ts';
import {
  approveOk,
  ledgerSize,
  movementsOf,
  putPayoutAccount,
  type TestUser,
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
import { pgBossDb } from '../../jobs/queue.ts';
import { findLedgerAnomalies, noLedgerAnomalies } from '../ledger/ledger.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

/**
 * Withdrawals against the local fakes of Paystack and Flutterwave (test/fake-transfers.ts), which
 * check references, amounts in their own units and signatures. Jobs are not run by the app: each
 * test runs the transfer job and the sweep itself, so every step is seen.
 */

let fake: FakePayments;

beforeAll(async () => {
  fake = await startFakePayments();
});
afterAll(async () => {
  await fake.close();
});

function deliver(t: TestApp, provider: 'paystack' | 'flutterwave', notification: Notification) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${provider}/webhook`,
    headers: notification.headers,
    payload: notification.payload,
  });
}

async function pgbossTransferJobs(t: TestApp, withdrawalId: string): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'payouts.transfer' and data->>'withdrawalId' = ${withdrawalId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

describe('Paystack', () => {
  let t: TestApp;
  let admin: { token: string };

  beforeAll(async () => {
    const { FLUTTERWAVE_SECRET_KEY: _key, FLUTTERWAVE_SECRET_HASH: _hash, ...paystackOnly } = fake.env;
    t = await buildTestApp({ ...paystackOnly, ...adminEnv }, { runJobs: false });
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const service = () => t.app.services.withdrawals;

  async function customer(naira = 50_000): Promise<TestUser> {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, naira);
    const saved = await putPayoutAccount(t, user, { bankCode: '058', accountNumber: '0123456789' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().account).toMatchObject({
      accountName: 'ADAEZE OKONKWO',
      accountNumber: '******6789',
    });
    return user;
  }

  /** A withdrawal approved and sent to the fake: it waits there as `pending`. */
  async function sent(user: TestUser, amount: number): Promise<Withdrawal & { reference: string }> {
    const withdrawal = await withdrawOk(t, user.token, amount);
    if (withdrawal.status === 'review') await approveOk(t, admin.token, withdrawal._id);
    await service().processTransfer(withdrawal._id);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('processing');
    return withdrawal;
  }

  it('names accounts through Paystack: an account it cannot resolve is 422, nothing saved', async () => {
    const user = await signUpAndLogin(t);
    const banks = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/banks',
      headers: bearer(user.token),
    });
    expect(banks.statusCode, banks.body).toBe(200);
    // All pages of the provider's list, inactive banks left out.
    expect(banks.json().banks).toContainEqual({ code: '035', name: 'Wema Bank' });
    expect(JSON.stringify(banks.json())).not.toContain('Heritage');
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/payout-account/lookup',
      headers: bearer(user.token),
      payload: { bankCode: '044', accountNumber: '0022728151' },
    });
    expect(lookup.json()).toEqual({ success: true, bankName: 'Access Bank', accountName: 'WES GIBBONS' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/payout-account/lookup',
      headers: bearer(user.token),
      payload: { bankCode: '044', accountNumber: '0000000001' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(payoutMessages.accountNotResolved);
    const put = await putPayoutAccount(t, user, { bankCode: '044', accountNumber: '0000000001' });
    expect(put.statusCode).toBe(422);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/payout-account',
      headers: bearer(user.token),
    });
    expect(account.json().account).toBeNull();
  });

  it('success: one transfer with our reference in kobo; the webhook, read back, pays once with its fee', async () => {
    const user = await customer(50_000);
    const withdrawal = await sent(user, 20_000);
    const transfers = fake.transfers('paystack').filter((item) => item.reference === withdrawal.reference);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: 2_000_000, currency: 'NGN', accountNumber: '0123456789' });
    expect(transfers[0]?.recipientCode).toMatch(/^RCP_/);
    const row = await withdrawalRow(t, withdrawal._id);
    expect(row.submittedAt).not.toBeNull();
    expect(row.providerTransferId).toMatch(/^TRF_/);

    const notification = fake.settleTransfer('paystack', withdrawal.reference, 'success');
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(t, 'paystack', notification)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const paid = await withdrawalRow(t, withdrawal._id);
    expect(paid.status).toBe('paid');
    expect(paid.feeKobo).toBe(2_500n);
    expect(paid.paidAt).not.toBeNull();
    expect(await movementsOf(t, withdrawal.reference, 'payout')).toBe(1);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 30_000 });
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(user.token),
    });
    expect(bell.body).toContain('Withdrawal paid');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('failed: the provider’s reason is shown and the money comes back once, however many webhooks', async () => {
    const user = await customer(10_000);
    const withdrawal = await sent(user, 4_000);
    const notification = fake.settleTransfer(
      'paystack',
      withdrawal.reference,
      'failed',
      'Account is dormant',
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(t, 'paystack', notification)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/withdrawals',
      headers: bearer(user.token),
    });
    expect(list.json().withdrawals[0]).toMatchObject({
      _id: withdrawal._id,
      status: 'failed',
      reason: 'Account is dormant',
    });
    expect(await movementsOf(t, withdrawal.reference, 'withdrawal_return')).toBe(1);
    expect(await movementsOf(t, withdrawal.reference, 'payout')).toBe(0);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 10_000 });
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(user.token),
    });
    expect(bell.body).toContain('Account is dormant');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('reversed after success: paid, then failed with the bank’s reason and the money back once; a late success changes nothing', async () => {
    const user = await customer(10_000);
    const withdrawal = await sent(user, 5_000);
    const success = fake.settleTransfer('paystack', withdrawal.reference, 'success');
    expect((await deliver(t, 'paystack', success)).statusCode).toBe(200);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('paid');
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 5_000 });

    const reversed = fake.settleTransfer(
      'paystack',
      withdrawal.reference,
      'reversed',
      'Beneficiary bank returned it',
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => deliver(t, 'paystack', index % 2 ? reversed : success)),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const row = await withdrawalRow(t, withdrawal._id);
    expect(row.status).toBe('failed');
    expect(row.reason).toBe('Reversed by the bank: Beneficiary bank returned it');
    expect(await movementsOf(t, withdrawal.reference, 'payout')).toBe(1);
    expect(await movementsOf(t, withdrawal.reference, 'withdrawal_return')).toBe(1);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 10_000 });
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(user.token),
    });
    expect(bell.body).toContain('Withdrawal reversed');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('out of order: a reversal seen first returns the money from held; the success that arrives after never pays', async () => {
    const user = await customer(10_000);
    const withdrawal = await sent(user, 3_000);
    const success = fake.settleTransfer('paystack', withdrawal.reference, 'success');
    const reversed = fake.settleTransfer('paystack', withdrawal.reference, 'reversed');
    expect((await deliver(t, 'paystack', reversed)).statusCode).toBe(200);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('failed');
    expect((await deliver(t, 'paystack', success)).statusCode).toBe(200);
    const stale = fake.transferNotification('paystack', withdrawal.reference, {
      paystackEvent: 'transfer.success',
    });
    expect((await deliver(t, 'paystack', stale)).statusCode).toBe(200);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('failed');
    expect(await movementsOf(t, withdrawal.reference, 'payout')).toBe(0);
    expect(await movementsOf(t, withdrawal.reference, 'withdrawal_return')).toBe(1);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 10_000 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('a bad or missing signature is 401 and changes nothing; an unknown reference is answered 200 and ignored', async () => {
    const user = await customer(10_000);
    const withdrawal = await sent(user, 2_000);
    fake.settleTransfer('paystack', withdrawal.reference, 'success');
    const before = await ledgerSize(t);
    const forged = fake.transferNotification('paystack', withdrawal.reference, { signature: 'bad' });
    expect((await deliver(t, 'paystack', forged)).statusCode).toBe(401);
    const unsigned = fake.transferNotification('paystack', withdrawal.reference, { signature: 'missing' });
    expect((await deliver(t, 'paystack', unsigned)).statusCode).toBe(401);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('processing');
    expect(await ledgerSize(t)).toEqual(before);

    const payload = JSON.stringify({
      event: 'transfer.success',
      data: { reference: 'wd_not-one-of-ours-0000000000', status: 'success', amount: 100_000 },
    });
    const unknown = await deliver(t, 'paystack', {
      payload,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', fakeKeys.paystackSecret).update(payload).digest('hex'),
      },
    });
    expect(unknown.statusCode).toBe(200);
    expect(await ledgerSize(t)).toEqual(before);
    // The genuine one still pays.
    expect(
      (await deliver(t, 'paystack', fake.transferNotification('paystack', withdrawal.reference))).statusCode,
    ).toBe(200);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('paid');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('a read-back that fails answers 502 (the provider sends it again) and changes nothing', async () => {
    const user = await customer(10_000);
    const withdrawal = await sent(user, 2_000);
    const notification = fake.settleTransfer('paystack', withdrawal.reference, 'success');
    fake.failNextCalls(1, { provider: 'paystack', path: '/transfer/verify' });
    expect((await deliver(t, 'paystack', notification)).statusCode).toBe(502);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('processing');
    expect((await deliver(t, 'paystack', notification)).statusCode).toBe(200);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('paid');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('a 500 on start is retried with the same reference: exactly one transfer, paid once', async () => {
    const user = await customer(10_000);
    // The provider took the transfer but its answer was lost.
    const lost = await withdrawOk(t, user.token, 2_000);
    await approveOk(t, admin.token, lost._id);
    fake.failNextCalls(1, { provider: 'paystack', path: '/transfer', method: 'POST', afterHandling: true });
    await expect(service().processTransfer(lost._id)).rejects.toThrow();
    expect((await withdrawalRow(t, lost._id)).submittedAt).not.toBeNull();
    expect(await service().processTransfer(lost._id)).toBe('unchanged');
    expect(fake.transfers('paystack').filter((item) => item.reference === lost.reference)).toHaveLength(1);

    // The provider never got it: the retry finds nothing and sends it again, same reference.
    const dropped = await withdrawOk(t, user.token, 1_500);
    expect(dropped.status).toBe('review');
    await approveOk(t, admin.token, dropped._id);
    fake.failNextCalls(1, { provider: 'paystack', path: '/transfer', method: 'POST' });
    await expect(service().processTransfer(dropped._id)).rejects.toThrow();
    expect(fake.transfers('paystack').filter((item) => item.reference === dropped.reference)).toHaveLength(0);
    await service().processTransfer(dropped._id);
    await service().processTransfer(dropped._id);
    expect(fake.transfers('paystack').filter((item) => item.reference === dropped.reference)).toHaveLength(1);

    for (const withdrawal of [lost, dropped]) {
      const notification = fake.settleTransfer('paystack', withdrawal.reference, 'success');
      expect((await deliver(t, 'paystack', notification)).statusCode).toBe(200);
      expect((await withdrawalRow(t, withdrawal._id)).status).toBe('paid');
      expect(await movementsOf(t, withdrawal.reference, 'payout')).toBe(1);
    }
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 6_500 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('a refusal (the provider’s balance too low) fails the withdrawal with its reason, money back', async () => {
    const user = await customer(10_000);
    const withdrawal = await withdrawOk(t, user.token, 3_000);
    await approveOk(t, admin.token, withdrawal._id);
    const balance = fake.paystackBalance();
    fake.setPaystackBalance(0);
    try {
      expect(await service().processTransfer(withdrawal._id)).toBe('failed');
    } finally {
      fake.setPaystackBalance(balance);
    }
    const row = await withdrawalRow(t, withdrawal._id);
    expect(row.status).toBe('failed');
    expect(row.reason).toMatch(/balance is not enough/);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 10_000 });
    // A job that runs again after the failure does nothing.
    expect(await service().processTransfer(withdrawal._id)).toBe('skipped');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('a pending answer only remembers the transfer’s id, and not when its amount or currency is not the withdrawal’s', async () => {
    const user = await customer(10_000);
    const withdrawal = await sent(user, 2_000);
    const code = fake.transfer('paystack', withdrawal.reference).transferCode;
    expect((await withdrawalRow(t, withdrawal._id)).providerTransferId).toBe(code);
    const pending = (change: Partial<Parameters<WithdrawalsService['applyTransfer']>[1]>) =>
      service().applyTransfer(withdrawal.reference, {
        reference: withdrawal.reference,
        state: 'pending',
        amountKobo: 200_000n,
        currency: 'NGN',
        transferId: code,
        feeKobo: null,
        reason: null,
        ...change,
      });
    expect(await pending({ amountKobo: 1n, transferId: 'TRF_other' })).toBe('mismatch');
    expect(await pending({ currency: 'USD', transferId: 'TRF_other' })).toBe('mismatch');
    expect((await withdrawalRow(t, withdrawal._id)).providerTransferId).toBe(code);
    expect(await pending({})).toBe('unchanged');
    expect(await pending({ amountKobo: null, transferId: 'TRF_other' })).toBe('unchanged');
    expect((await withdrawalRow(t, withdrawal._id)).providerTransferId).toBe('TRF_other');
    expect(
      await service().applyTransfer('wd_00000000-0000-4000-8000-000000000000', {
        reference: 'wd_00000000-0000-4000-8000-000000000000',
        state: 'pending',
        amountKobo: null,
        currency: null,
        transferId: 'TRF_x',
        feeKobo: null,
        reason: null,
      }),
    ).toBe('unknown-reference');
    // Nothing moved and the withdrawal still waits for its outcome.
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('processing');
    expect(await movementsOf(t, withdrawal.reference, 'payout')).toBe(0);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('OTP left on: the transfer waits at the provider and the withdrawal stays processing', async () => {
    const user = await customer(10_000);
    fake.setPaystackOtp(true);
    let withdrawal: Withdrawal & { reference: string };
    try {
      withdrawal = await sent(user, 2_000);
    } finally {
      fake.setPaystackOtp(false);
    }
    expect(fake.transfer('paystack', withdrawal.reference).status).toBe('otp');
    t.clock.advance(31 * 60_000);
    await service().sweep();
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('processing');
    expect(fake.transfers('paystack').filter((item) => item.reference === withdrawal.reference)).toHaveLength(
      1,
    );
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 8_000 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('the sweep reads back, after 30 minutes, an outcome whose webhook never came, and re-sends a job lost 5 minutes ago', async () => {
    const user = await customer(20_000);
    const quiet = await sent(user, 2_000);
    fake.settleTransfer('paystack', quiet.reference, 'success');
    // Not yet 30 minutes: left alone.
    t.clock.advance(29 * 60_000);
    await service().sweep();
    expect((await withdrawalRow(t, quiet._id)).status).toBe('processing');
    t.clock.advance(2 * 60_000);
    const swept = await service().sweep();
    expect(swept.readBack).toBeGreaterThanOrEqual(1);
    expect((await withdrawalRow(t, quiet._id)).status).toBe('paid');
    expect(await movementsOf(t, quiet.reference, 'payout')).toBe(1);

    // Sent to the queue (the user has been paid before: no review), but its job never ran: after
    // 5 minutes (not 30) the sweep enqueues it again.
    const lost = await withdrawOk(t, user.token, 1_000);
    expect(lost.status).toBe('processing');
    const jobsBefore = await pgbossTransferJobs(t, lost._id);
    t.clock.advance(4 * 60_000);
    await service().sweep();
    expect(await pgbossTransferJobs(t, lost._id)).toBe(jobsBefore);
    t.clock.advance(2 * 60_000);
    await service().sweep();
    expect(await pgbossTransferJobs(t, lost._id)).toBe(jobsBefore + 1);
    // Once per few minutes, however often the sweep finds it.
    await service().sweep();
    expect(await pgbossTransferJobs(t, lost._id)).toBe(jobsBefore + 1);
    await service().processTransfer(lost._id);
    const notification = fake.settleTransfer('paystack', lost.reference, 'success');
    expect((await deliver(t, 'paystack', notification)).statusCode).toBe(200);
    expect((await withdrawalRow(t, lost._id)).status).toBe('paid');
    expect(fake.transfers('paystack').filter((item) => item.reference === lost.reference)).toHaveLength(1);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('a transfer job held by a process that died is handed out again after 2 minutes, not 15', async () => {
    const user = await customer(20_000);
    const withdrawal = await withdrawOk(t, user.token, 1_500);
    // A user's first withdrawal waits for an admin, whose approval queues the transfer job.
    if (withdrawal.status === 'review') await approveOk(t, admin.token, withdrawal._id);
    // A process took the job 3 minutes ago and died (kill -9) before it finished.
    await t.database.db.execute(sql`update pgboss.job set state = 'active', started_on = now() - interval '3 minutes'
      where name = 'payouts.transfer' and data->>'withdrawalId' = ${withdrawal._id}`);
    // pg-boss's maintenance, as any live process runs it every 30 seconds.
    const boss = new PgBoss({ db: pgBossDb(t.database), schema: 'pgboss' });
    await boss.expire();
    const states = (await t.database.db.execute(
      sql`select state from pgboss.job where name = 'payouts.transfer' and data->>'withdrawalId' = ${withdrawal._id}`,
    )) as unknown as { rows: { state: string }[] };
    expect(states.rows.map((row) => row.state)).toEqual(['retry']);
    await service().processTransfer(withdrawal._id);
    expect(fake.transfers('paystack').filter((item) => item.reference === withdrawal.reference)).toHaveLength(
      1,
    );
  });

  it('a deposit’s webhook still credits the deposit beside transfer events', async () => {
    const user = await signUpAndLogin(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(user.token),
      payload: { amount: 1_500, provider: 'paystack' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const reference = started.json().reference as string;
    fake.settle(reference, { status: 'success' });
    const answer = await deliver(t, 'paystack', fake.paystackNotification(reference));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 1_500 });
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.userId));
    expect(rows).toHaveLength(0);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});

describe('Flutterwave', () => {
  let t: TestApp;
  let admin: { token: string };

  beforeAll(async () => {
    const { PAYSTACK_SECRET_KEY: _key, PAYSTACK_BASE_URL: _url, ...flutterwaveOnly } = fake.env;
    t = await buildTestApp({ ...flutterwaveOnly, ...adminEnv }, { runJobs: false });
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function sent(amount: number) {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 10_000);
    const saved = await putPayoutAccount(t, user, { bankCode: '044', accountNumber: '0690000032' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().account.accountName).toBe('PASTOR BRIGHT');
    const withdrawal = await withdrawOk(t, user.token, amount);
    await approveOk(t, admin.token, withdrawal._id);
    await t.app.services.withdrawals.processTransfer(withdrawal._id);
    const transfers = fake.transfers('flutterwave').filter((item) => item.reference === withdrawal.reference);
    expect(transfers).toHaveLength(1);
    // Naira, not kobo, at Flutterwave.
    expect(transfers[0]).toMatchObject({
      amount,
      currency: 'NGN',
      accountNumber: '0690000032',
      bankCode: '044',
    });
    const row = await withdrawalRow(t, withdrawal._id);
    expect(row).toMatchObject({ provider: 'flutterwave', status: 'processing' });
    expect(row.providerTransferId).toBe(String(transfers[0]?.id));
    return { user, withdrawal };
  }

  it('SUCCESSFUL through transfer.completed (verif-hash), once for ten deliveries', async () => {
    const { user, withdrawal } = await sent(5_500);
    const notification = fake.settleTransfer('flutterwave', withdrawal.reference, 'success', undefined, {
      flutterwaveHeader: 'verif-hash',
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => deliver(t, 'flutterwave', notification)),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const row = await withdrawalRow(t, withdrawal._id);
    expect(row.status).toBe('paid');
    expect(row.feeKobo).toBe(2_688n);
    expect(await movementsOf(t, withdrawal.reference, 'payout')).toBe(1);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 4_500 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('FAILED through transfer.completed (flutterwave-signature): the reason is shown, the money comes back once', async () => {
    const { user, withdrawal } = await sent(3_000);
    const notification = fake.settleTransfer('flutterwave', withdrawal.reference, 'failed', undefined, {
      flutterwaveHeader: 'signature',
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => deliver(t, 'flutterwave', notification)),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const row = await withdrawalRow(t, withdrawal._id);
    expect(row.status).toBe('failed');
    expect(row.reason).toBe('DISBURSE FAILED: Beneficiary account could not be credited');
    expect(await movementsOf(t, withdrawal.reference, 'withdrawal_return')).toBe(1);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 10_000 });
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('a wrong hash or no header is 401 and changes nothing', async () => {
    const { withdrawal } = await sent(2_000);
    fake.settleTransfer('flutterwave', withdrawal.reference, 'success');
    const before = await ledgerSize(t);
    for (const signature of ['bad', 'missing'] as const) {
      for (const flutterwaveHeader of ['verif-hash', 'signature'] as const) {
        const forged = fake.transferNotification('flutterwave', withdrawal.reference, {
          signature,
          flutterwaveHeader,
        });
        expect((await deliver(t, 'flutterwave', forged)).statusCode).toBe(401);
      }
    }
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('processing');
    expect(await ledgerSize(t)).toEqual(before);
    const genuine = fake.transferNotification('flutterwave', withdrawal.reference, {
      flutterwaveHeader: 'both',
    });
    expect((await deliver(t, 'flutterwave', genuine)).statusCode).toBe(200);
    expect((await withdrawalRow(t, withdrawal._id)).status).toBe('paid');
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});
