import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayments, startFakePayments } from '../../../test/fake-payments.ts';
import {
  balances,
  bearer,
  buildTestApp,
  devDeposit,
  signUpAndLogin,
  strongPassword,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';

let t: TestApp;
let fake: FakePayments;
beforeAll(async () => {
  fake = await startFakePayments();
  t = await buildTestApp({
    PAYSTACK_SECRET_KEY: fake.env.PAYSTACK_SECRET_KEY,
    PAYSTACK_BASE_URL: fake.env.PAYSTACK_BASE_URL,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Signs up through the real flow with `?ref=` already captured by the client. */
function signUpReferred(referralCode: string, firstName = 'Ngozi', lastName = 'Adeyemi') {
  return signUpAndLogin(t, uniqueEmail('friend'), strongPassword, { referralCode, firstName, lastName });
}

async function referrals(token: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/users/referrals', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function activity(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/users/activity-log',
    headers: bearer(token),
  });
  return response.json() as { title: string; description: string }[];
}

describe('referral bonus', () => {
  it('pays the referrer 10% of the first confirmed deposit, once, and tells both', async () => {
    const referrer = await signUpAndLogin(t);
    const code = referrer.referralCode;
    const friend = await signUpReferred(code);

    expect(await referrals(referrer.token)).toMatchObject({
      referralCode: code,
      referralLink: `${t.config.publicUrl}/register?ref=${code}`,
      totalReferrals: 1,
      activeReferrals: 0,
      totalEarnings: 0,
      referrals: [{ name: 'Ngozi A.', status: 'pending', earned: 0 }],
    });

    await devDeposit(t, friend.token, 8000);
    await devDeposit(t, friend.token, 20_000);
    expect(await balances(t, referrer.token)).toMatchObject({ mainWallet: 0, bonusWallet: 800 });
    expect(await balances(t, friend.token)).toMatchObject({ mainWallet: 28_000, bonusWallet: 0 });
    expect(await referrals(referrer.token)).toMatchObject({
      totalReferrals: 1,
      activeReferrals: 1,
      totalEarnings: 800,
      pendingEarnings: 0,
      bonusBalance: 800,
      minimumWithdrawal: 1000,
      referrals: [{ name: 'Ngozi A.', status: 'active', earned: 800 }],
    });
    // The row's key is stable but never the referred user's own id.
    const listed = (await referrals(referrer.token)) as { referrals: { _id: string }[] };
    const rowId = listed.referrals[0]?._id;
    expect(rowId).toBeTruthy();
    expect(rowId).not.toBe(friend.userId);
    expect(JSON.stringify(listed)).not.toContain(friend.userId);
    expect(((await referrals(referrer.token)) as typeof listed).referrals[0]?._id).toBe(rowId);
    expect((await activity(referrer.token))[0]).toMatchObject({ title: 'Referral bonus earned' });
    expect((await activity(friend.token)).map((item) => item.title)).toContain(
      'Welcome bonus for your referrer',
    );
  });

  it('caps the bonus at ₦5,000', async () => {
    const referrer = await signUpAndLogin(t);
    const friend = await signUpReferred(referrer.referralCode);
    await devDeposit(t, friend.token, 1_000_000);
    expect(await balances(t, referrer.token)).toMatchObject({ bonusWallet: 5000 });
  });

  it('counts a deposit awaiting confirmation as pending earnings', async () => {
    const referrer = await signUpAndLogin(t);
    const friend = await signUpReferred(referrer.referralCode);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(friend.token),
      payload: { amount: 3000, provider: 'paystack' },
    });
    expect(started.json().status).toBe('pending');
    expect(await referrals(referrer.token)).toMatchObject({ pendingEarnings: 300, totalEarnings: 0 });
  });

  it('pays nothing for users who signed up without a code or with an unknown one', async () => {
    const loner = await signUpReferred('CASH-TIPS');
    await devDeposit(t, loner.token, 10_000);
    expect(await balances(t, loner.token)).toMatchObject({ mainWallet: 10_000, bonusWallet: 0 });
  });
});

describe('withdraw bonus', () => {
  async function userWithBonus(bonus: number) {
    const referrer = await signUpAndLogin(t);
    const friend = await signUpReferred(referrer.referralCode);
    await devDeposit(t, friend.token, bonus * 10);
    expect(await balances(t, referrer.token)).toMatchObject({ bonusWallet: bonus });
    return referrer;
  }

  function withdraw(token: string, amount: unknown, key?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw-bonus',
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { amount },
    });
  }

  it('moves bonus to the main wallet once it reaches the minimum', async () => {
    const user = await userWithBonus(1500);
    const response = await withdraw(user.token, 1200);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, mainWallet: 1200, bonusWallet: 300 });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers: bearer(user.token),
    });
    expect(history.json().transactions.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'bonus_transfer', wallet: 'main', amount: 1200 }),
        expect.objectContaining({ type: 'bonus_transfer', wallet: 'bonus', amount: -1200 }),
      ]),
    );
  });

  it('refuses below the minimum bonus balance', async () => {
    const user = await userWithBonus(800);
    const response = await withdraw(user.token, 500);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'You can withdraw your bonus once it reaches ₦1,000. Your bonus balance is ₦800.',
    );
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0, bonusWallet: 800 });
  });

  it('refuses more than the bonus balance, and zero or negative amounts', async () => {
    const user = await userWithBonus(1000);
    const tooMuch = await withdraw(user.token, 1000.01);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'You can withdraw at most ₦1,000, your bonus balance.',
    });
    expect((await withdraw(user.token, 0)).statusCode).toBe(400);
    expect((await withdraw(user.token, -5)).statusCode).toBe(400);
    expect(await balances(t, user.token)).toMatchObject({ bonusWallet: 1000 });
  });

  it('moves the money once for a retried request with the same Idempotency-Key', async () => {
    const user = await userWithBonus(2000);
    const answers = await Promise.all([1, 2, 3].map(() => withdraw(user.token, 1000, 'retry-key-0001')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 1000, bonusWallet: 1000 });
  });

  it('never lets concurrent withdrawals take more than the bonus', async () => {
    const user = await userWithBonus(3000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(user.token, 1000)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 3000, bonusWallet: 0 });
  });
});
