import { PassThrough } from 'node:stream';
import { PAYOUT_ACCOUNT_WAIT_HOURS, payoutMessages } from '@cashtips/contract/payouts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayments } from '../../../test/fake-payments.ts';
import { putPayoutAccount, withdraw, withdrawOk } from '../../../test/payouts.ts';
import {
  balances,
  bearer,
  buildTestApp,
  devDeposit,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { notificationBatches, payoutAccounts } from '../../db/schema/index.ts';
import { totpAt } from '../auth/totp.ts';
import { findLedgerAnomalies, noLedgerAnomalies } from '../ledger/ledger.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const lookup = (token: string, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/wallet/payout-account/lookup', headers: bearer(token), payload });

async function accountRows(userId: string) {
  return t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
}

describe('banks and account lookup (built-in test provider)', () => {
  it('lists the provider’s banks sorted by name, to signed-in users only', async () => {
    const user = await signUpAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/banks' })).statusCode).toBe(401);
    const response = await get('/api/wallet/banks', user.token);
    expect(response.statusCode, response.body).toBe(200);
    const banks = response.json().banks as { code: string; name: string }[];
    expect(banks.length).toBeGreaterThan(3);
    expect(banks.map((bank) => bank.name)).toEqual([...banks.map((bank) => bank.name)].sort());
    expect(banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
  });

  it('names an account from the provider; unknown bank and a bad number are 400; lookups are rate-limited', async () => {
    const user = await signUpAndLogin(t);
    const found = await lookup(user.token, { bankCode: '058', accountNumber: '0123456789' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      success: true,
      bankName: 'Guaranty Trust Bank',
      accountName: 'Test Account',
    });

    const unknownBank = await lookup(user.token, { bankCode: '999', accountNumber: '0123456789' });
    expect(unknownBank.statusCode).toBe(400);
    expect(unknownBank.json().errors).toEqual([{ field: 'bankCode', message: payoutMessages.unknownBank }]);
    const shortNumber = await lookup(user.token, { bankCode: '058', accountNumber: '012345678' });
    expect(shortNumber.statusCode).toBe(400);
    expect(JSON.stringify(shortNumber.json())).toContain(payoutMessages.accountNumber);
    const letters = await lookup(user.token, { bankCode: '058', accountNumber: '01234567ab' });
    expect(letters.statusCode).toBe(400);

    // 20 lookups per 10 minutes per user: 2 counted above (the unknown bank's too; the numbers the
    // schema refuses never reach the provider).
    const answers = [];
    for (let index = 0; index < 19; index++) {
      answers.push((await lookup(user.token, { bankCode: '058', accountNumber: '0123456789' })).statusCode);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(18);
    expect(answers.at(-1)).toBe(429);
    // Someone else is not limited by it.
    const other = await signUpAndLogin(t);
    expect((await lookup(other.token, { bankCode: '058', accountNumber: '0123456789' })).statusCode).toBe(
      200,
    );
  });
});

describe('setting the payout account', () => {
  it('needs the right password; the first account can be paid at once; the number is masked', async () => {
    const user = await signUpAndLogin(t);
    expect((await get('/api/wallet/payout-account', user.token)).json()).toEqual({
      success: true,
      account: null,
    });

    const wrong = await putPayoutAccount(t, user, { password: 'Not-the-password1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: payoutMessages.wrongPassword }]);
    expect(await accountRows(user.userId)).toHaveLength(0);

    const unknownBank = await putPayoutAccount(t, user, { bankCode: '000' });
    expect(unknownBank.statusCode).toBe(400);
    expect(unknownBank.json().errors).toEqual([{ field: 'bankCode', message: payoutMessages.unknownBank }]);
    expect((await putPayoutAccount(t, user, { accountNumber: '12345' })).statusCode).toBe(400);
    // The name is the provider's: a name sent by the client is not even accepted.
    const withName = await t.app.inject({
      method: 'PUT',
      url: '/api/wallet/payout-account',
      headers: bearer(user.token),
      payload: {
        bankCode: '058',
        accountNumber: '0123456789',
        password: user.password,
        accountName: 'Someone Else',
      },
    });
    expect(withName.statusCode).toBe(400);

    const saved = await putPayoutAccount(t, user, { accountNumber: '0123456789' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      account: {
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: '******6789',
        accountName: 'Test Account',
        availableAt: t.clock.now().toISOString(),
      },
    });
    expect(saved.body).not.toContain('0123456789');
    const current = await get('/api/wallet/payout-account', user.token);
    expect(current.json()).toEqual(saved.json());
    expect(current.body).not.toContain('0123456789');

    // The same account again changes nothing: no new row, no new wait.
    t.clock.advance(60_000);
    const again = await putPayoutAccount(t, user, { accountNumber: '0123456789' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(saved.json());
    expect(await accountRows(user.userId)).toHaveLength(1);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('a replaced account waits 24 hours, and the owner is told by notification, activity and e-mail (even with e-mail notifications off)', async () => {
    const user = await signUpAndLogin(t);
    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      headers: bearer(user.token),
      payload: { emailNotifications: false },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    await devDeposit(t, user.token, 20_000);
    expect((await putPayoutAccount(t, user, { accountNumber: '1111111111' })).statusCode).toBe(200);

    t.clock.advance(3_600_000);
    const changedAt = t.clock.now();
    const replaced = await putPayoutAccount(t, user, { bankCode: '044', accountNumber: '2222222222' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const account = replaced.json().account;
    expect(account).toMatchObject({ bankCode: '044', bankName: 'Access Bank', accountNumber: '******2222' });
    expect(account.availableAt).toBe(
      new Date(changedAt.getTime() + PAYOUT_ACCOUNT_WAIT_HOURS * 3_600_000).toISOString(),
    );
    const rows = await accountRows(user.userId);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.replacedAt === null)).toHaveLength(1);
    expect(rows.find((row) => row.accountNumber === '1111111111')?.replacedAt).toEqual(changedAt);

    const bell = await get('/api/notifications', user.token);
    expect(bell.body).toContain('Payout account changed');
    expect(bell.body).toContain('******2222');
    expect(bell.body).not.toContain('2222222222');
    const activity = await get('/api/users/activity', user.token);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.body).toContain('Payout account changed');
    await expect.poll(() => t.smtp.notificationsTo(user.email).length, { timeout: 10_000 }).toBe(1);
    const mail = t.smtp.notificationsTo(user.email).at(-1);
    expect(mail?.subject).toBe('CashTips: Payout account changed');
    expect(mail?.text).toContain('******2222');
    expect(mail?.text).not.toContain('2222222222');

    // Not to be paid before the wait is over; nothing moves.
    const early = await withdraw(t, user.token, 5_000);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/changed recently/);
    expect((await get('/api/wallets/balance', user.token)).json().mainWallet).toBe(20_000);
    t.clock.advance(PAYOUT_ACCOUNT_WAIT_HOURS * 3_600_000);
    const paid = await withdrawOk(t, user.token, 5_000);
    expect(paid).toMatchObject({ bankName: 'Access Bank', accountNumber: '******2222' });

    // The batch that was mailed is the security notice.
    const [batch] = await t.database.db
      .select()
      .from(notificationBatches)
      .where(
        and(
          eq(notificationBatches.userId, user.userId),
          eq(notificationBatches.kind, 'payout-account-changed'),
        ),
      );
    expect(batch).toBeDefined();
    // Setting the current account again after a change still changes nothing.
    expect(
      (await putPayoutAccount(t, user, { bankCode: '044', accountNumber: '2222222222' })).statusCode,
    ).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(payoutAccounts)
        .where(and(eq(payoutAccounts.userId, user.userId), isNull(payoutAccounts.replacedAt))),
    ).toHaveLength(1);
    expect(await accountRows(user.userId)).toHaveLength(2);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('asks for the two-factor code when two-factor sign-in is on', async () => {
    const user = await signUpAndLogin(t);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/setup',
      headers: bearer(user.token),
    });
    const secret = setup.json().secret as string;
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: bearer(user.token),
      payload: { code: totpAt(secret, t.clock.now()) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    t.clock.advance(30_000);

    const noCode = await putPayoutAccount(t, user);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual([{ field: 'code', message: payoutMessages.codeRequired }]);
    const wrongCode = await putPayoutAccount(t, user, { code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors).toEqual([{ field: 'code', message: payoutMessages.wrongCode }]);
    const wrongPassword = await putPayoutAccount(t, user, {
      password: 'Wrong-password1',
      code: totpAt(secret, t.clock.now()),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors[0].field).toBe('password');
    expect(await accountRows(user.userId)).toHaveLength(0);

    const saved = await putPayoutAccount(t, user, { code: totpAt(secret, t.clock.now()) });
    expect(saved.statusCode, saved.body).toBe(200);
    // A code is used once.
    const replay = await putPayoutAccount(t, user, {
      accountNumber: '9999999999',
      code: totpAt(secret, t.clock.now()),
    });
    expect(replay.statusCode).toBe(400);
    expect(await accountRows(user.userId)).toHaveLength(1);
  });
});

describe('without any payout provider', () => {
  it('answers 503 for the bank list and withdrawals, and the options say withdrawals are off', async () => {
    const off = await buildTestApp({ PAYMENTS_DEV: '0' });
    try {
      const user = await signUpAndLogin(off);
      const banks = await off.app.inject({
        method: 'GET',
        url: '/api/wallet/banks',
        headers: bearer(user.token),
      });
      expect(banks.statusCode).toBe(503);
      expect(banks.json().message).toBe(payoutMessages.payoutsOff);
      const options = await off.app.inject({
        method: 'GET',
        url: '/api/wallet/withdraw-options',
        headers: bearer(user.token),
      });
      expect(options.json()).toMatchObject({ success: true, enabled: false });
      const request = await withdraw(off, user.token, 5_000);
      expect(request.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});

describe('logs', () => {
  it('never contain an account number, whatever happens to the account and its withdrawals', async () => {
    const fake = await startFakePayments();
    const logs = new PassThrough();
    const lines: string[] = [];
    logs.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const { FLUTTERWAVE_SECRET_KEY: _key, FLUTTERWAVE_SECRET_HASH: _hash, ...paystackOnly } = fake.env;
    const logged = await buildTestApp(
      { ...paystackOnly, LOG_LEVEL: 'trace' },
      { logStream: logs, runJobs: false },
    );
    try {
      const user = await signUpAndLogin(logged);
      await devDeposit(logged, user.token, 5_000);
      const call = (payload: Record<string, string>) =>
        logged.app.inject({
          method: 'POST',
          url: '/api/wallet/payout-account/lookup',
          headers: bearer(user.token),
          payload,
        });
      expect((await call({ bankCode: '044', accountNumber: '0000000007' })).statusCode).toBe(422);
      fake.failNextCalls(1, { provider: 'paystack', path: '/bank/resolve' });
      expect((await call({ bankCode: '044', accountNumber: '0000000007' })).statusCode).toBe(502);
      expect(
        (await putPayoutAccount(logged, user, { bankCode: '011', accountNumber: '3012345678' })).statusCode,
      ).toBe(200);
      const withdrawal = await withdrawOk(logged, user.token, 2_000);
      await logged.app.services.withdrawals.applyTransfer(withdrawal.reference, {
        reference: withdrawal.reference,
        state: 'success',
        amountKobo: 1n,
        currency: 'NGN',
        transferId: null,
        feeKobo: null,
        reason: null,
      });
      // The mismatch changed nothing.
      expect(await balances(logged, user.token)).toMatchObject({ mainWallet: 3_000 });
      expect(
        (
          await logged.app.inject({
            method: 'GET',
            url: '/api/wallet/withdrawals',
            headers: bearer(user.token),
          })
        ).json().withdrawals[0].status,
      ).toBe('review');
      expect(await findLedgerAnomalies(logged.database.db)).toEqual(noLedgerAnomalies);
      const output = lines.join('');
      expect(output.length).toBeGreaterThan(1000);
      expect(output).toContain('a transfer does not match its withdrawal');
      for (const number of ['0000000007', '3012345678']) expect(output).not.toContain(number);
    } finally {
      await logged.close();
      await fake.close();
    }
  });
});
