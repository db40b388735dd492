import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  bearer,
  buildTestApp,
  devDeposit,
  registrationBody,
  signUpAndLogin,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';

/** Drizzle wraps the database's refusal; the reason is in `cause`. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  throw new Error('the database accepted the statement');
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('deposits through the built-in test provider', () => {
  it('credits the main wallet at once and says so in the spec words', async () => {
    const user = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(user.token),
      payload: { amount: 2500 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Deposit successful! Funds added to your wallet.',
      provider: 'dev',
      status: 'success',
      authorizationUrl: null,
      mainWallet: 2500,
      bonusWallet: 0,
    });
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 2500, bonusWallet: 0, wallet: 2500 });
  });

  it.each([
    [{ amount: 50 }, 'Minimum deposit amount is ₦100'],
    [{ amount: 99 }, 'Minimum deposit amount is ₦100'],
    [{ amount: 0 }, 'Please enter a valid amount'],
    [{ amount: -500 }, 'Please enter a valid amount'],
    [{ amount: 'abc' }, 'Please enter a valid amount'],
    [{ amount: 100.5 }, 'Please enter a valid amount'],
    [{}, 'Please enter a valid amount'],
  ])('refuses %j with "%s" and moves nothing', async (payload, message) => {
    const user = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(user.token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
  });

  it('refuses an amount above the configured maximum', async () => {
    const user = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(user.token),
      payload: { amount: 5_000_001 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Maximum deposit amount is ₦5,000,000');
  });

  it('accepts the amount as a numeric string, as a form may send it', async () => {
    const user = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(user.token),
      payload: { amount: '1000' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().mainWallet).toBe(1000);
  });

  it('refuses a provider that is not enabled', async () => {
    const user = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(user.token),
      payload: { amount: 1000, provider: 'paystack' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('That payment method is not available.');
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      payload: { amount: 1000 },
    });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallets/balance' })).statusCode).toBe(401);
  });

  it('lists the enabled providers and limits', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/options' });
    expect(response.json()).toMatchObject({
      providers: [{ id: 'dev' }],
      minimumDeposit: 100,
      maximumDeposit: 5_000_000,
      minimumBonusWithdrawal: 1000,
    });
  });
});

describe('wallet history', () => {
  it('lists ledger entries newest first with type, amount and reference, paginated', async () => {
    const user = await signUpAndLogin(t);
    const first = await devDeposit(t, user.token, 1000);
    const second = await devDeposit(t, user.token, 2000);
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions?limit=1',
      headers: bearer(user.token),
    });
    expect(page1.json()).toMatchObject({
      page: 1,
      limit: 1,
      total: 2,
      totalPages: 2,
      transactions: [{ type: 'deposit', wallet: 'main', amount: 2000, reference: second.reference }],
    });
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions?limit=1&page=2',
      headers: bearer(user.token),
    });
    expect(page2.json().transactions).toMatchObject([{ amount: 1000, reference: first.reference }]);
  });

  it('never shows another user’s entries', async () => {
    const rich = await signUpAndLogin(t);
    await devDeposit(t, rich.token, 5000);
    const other = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers: bearer(other.token),
    });
    expect(response.json()).toMatchObject({ total: 0, transactions: [] });
  });

  it('refuses a limit above 100', async () => {
    const user = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions?limit=1000',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the database guards the ledger', () => {
  it('refuses to update or delete ledger rows', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 1000);
    const { db } = t.database;
    expect(await refusal(db.execute(sql`update ledger_entries set amount_kobo = 1`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from ledger_transactions`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`truncate ledger_entries cascade`))).toMatch(/append-only/);
  });

  it('refuses to change a balance except through ledger entries', async () => {
    const user = await signUpAndLogin(t);
    expect(
      await refusal(
        t.database.db.execute(sql`update wallets set balance_kobo = 100000 where user_id = ${user.userId}`),
      ),
    ).toMatch(/only through ledger entries/);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
  });

  it('refuses an unbalanced transaction at commit', async () => {
    const user = await signUpAndLogin(t);
    const reason = await refusal(
      t.database.db.transaction(async (tx) => {
        const [row] = (
          (await tx.execute(sql`insert into ledger_transactions (kind, idempotency_key, description)
            values ('admin_adjustment', 'forged-1', 'forged') returning id`)) as unknown as {
            rows: { id: string }[];
          }
        ).rows;
        await tx.execute(sql`insert into ledger_entries (transaction_id, wallet_user_id, wallet_kind, amount_kobo)
          values (${row?.id}, ${user.userId}, 'main', 500000)`);
      }),
    );
    expect(reason).toMatch(/unbalanced/);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
  });

  it('refuses a debit that would make a balance negative', async () => {
    const user = await signUpAndLogin(t);
    const reason = await refusal(
      t.database.db.transaction(async (tx) => {
        const [row] = (
          (await tx.execute(sql`insert into ledger_transactions (kind, idempotency_key, description)
            values ('purchase', 'overdraw-1', 'overdraw') returning id`)) as unknown as {
            rows: { id: string }[];
          }
        ).rows;
        await tx.execute(sql`insert into ledger_entries (transaction_id, system_account, amount_kobo)
          values (${row?.id}, 'revenue:booking-codes', 100)`);
        await tx.execute(sql`insert into ledger_entries (transaction_id, wallet_user_id, wallet_kind, amount_kobo)
          values (${row?.id}, ${user.userId}, 'main', -100)`);
      }),
    );
    expect(reason).toMatch(/wallets_balance_not_negative/);
  });
});

describe('registration still works with referral codes after money arrived', () => {
  it('keeps a referral code unknown to us out of the way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(uniqueEmail(), { referralCode: 'CASH-TIPS' }),
    });
    expect(response.statusCode).toBe(201);
  });
});
