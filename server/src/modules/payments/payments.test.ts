import { dataRightsMessages } from '@cashtips/contract/data-rights';
import { describeNaira } from '@cashtips/contract/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakePayments,
  fakeKeys,
  type Notification,
  startFakePayments,
} from '../../../test/fake-payments.ts';
import { balances, bearer, buildTestApp, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { deposits, ledgerTransactions } from '../../db/schema/index.ts';

let fake: FakePayments;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakePayments();
  t = await buildTestApp({ ...fake.env, PUBLIC_URL: 'https://cashtips.example' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

interface ProviderCase {
  id: 'paystack' | 'flutterwave' | 'nowpayments';
  checkoutHost: string;
  /** The provider's words for a paid, a failed and an abandoned payment. */
  paid: string;
  failed: string;
  abandoned: string;
  /** ₦ amount in the provider's own unit. */
  unit: (naira: number) => number;
  notify: (reference: string) => Notification;
  forge: (reference: string) => Notification;
}

const cases: ProviderCase[] = [
  {
    id: 'paystack',
    checkoutHost: 'checkout.paystack.com',
    paid: 'success',
    failed: 'failed',
    abandoned: 'abandoned',
    unit: (naira) => naira * 100,
    notify: (reference) => fake.paystackNotification(reference),
    forge: (reference) => fake.paystackNotification(reference, 'sk_test_someone_else'),
  },
  {
    id: 'flutterwave',
    checkoutHost: 'checkout.flutterwave.com',
    paid: 'successful',
    failed: 'failed',
    abandoned: 'cancelled',
    unit: (naira) => naira,
    notify: (reference) => fake.flutterwaveNotification(reference, 'signature'),
    forge: (reference) => fake.flutterwaveNotification(reference, 'verif-hash', 'guessed-hash'),
  },
  {
    id: 'nowpayments',
    checkoutHost: 'nowpayments.io',
    paid: 'finished',
    failed: 'failed',
    abandoned: 'expired',
    unit: (naira) => naira,
    notify: (reference) => fake.nowpaymentsNotification(reference),
    forge: (reference) => fake.nowpaymentsNotification(reference, 'not-the-ipn-secret'),
  },
];

async function startDeposit(provider: ProviderCase['id'], amount: number) {
  const user = await signUpAndLogin(t);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposit',
    headers: bearer(user.token),
    payload: { amount, provider },
  });
  expect(response.statusCode).toBe(201);
  const body = response.json() as { reference: string; authorizationUrl: string; status: string };
  return { user, ...body };
}

function deliver(provider: ProviderCase['id'], notification: Notification) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${provider}/webhook`,
    headers: notification.headers,
    payload: notification.payload,
  });
}

async function depositRow(reference: string) {
  const row = await t.database.db.query.deposits.findFirst({ where: eq(deposits.reference, reference) });
  if (!row) throw new Error('no deposit row');
  return row;
}

async function creditsFor(reference: string) {
  return t.database.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'deposit'), eq(ledgerTransactions.reference, reference)));
}

describe.each(cases)('$id', (provider) => {
  it('starts a checkout at the provider for the amount asked and leaves the wallet alone', async () => {
    const { user, reference, authorizationUrl, status } = await startDeposit(provider.id, 1500);
    expect(status).toBe('pending');
    expect(new URL(authorizationUrl).host).toBe(provider.checkoutHost);
    expect(fake.payment(reference)).toMatchObject({ amount: provider.unit(1500) });
    expect(fake.payment(reference).currency.toUpperCase()).toBe('NGN');
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
  });

  it('credits once on a signed confirmation, even when it arrives ten times at once', async () => {
    const { user, reference } = await startDeposit(provider.id, 2000);
    fake.settle(reference, { status: provider.paid });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => deliver(provider.id, provider.notify(reference))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 2000 });
    expect(await creditsFor(reference)).toHaveLength(1);
    expect(await depositRow(reference)).toMatchObject({ status: 'success' });
    // And again later, as a provider's retry would.
    expect((await deliver(provider.id, provider.notify(reference))).statusCode).toBe(200);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 2000 });
  });

  it('refuses a forged or unsigned notification and credits nothing', async () => {
    const { user, reference } = await startDeposit(provider.id, 3000);
    fake.settle(reference, { status: provider.paid });
    const forged = await deliver(provider.id, provider.forge(reference));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    const genuine = provider.notify(reference);
    const unsigned = await deliver(provider.id, {
      payload: genuine.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    // A genuine signature over a body that was then changed.
    const tampered = await deliver(provider.id, {
      payload: genuine.payload.replace(String(provider.unit(3000)), String(provider.unit(300_000))),
      headers: genuine.headers,
    });
    expect(tampered.statusCode).toBe(401);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
    expect(await depositRow(reference)).toMatchObject({ status: 'pending' });
  });

  it('does not credit a payment whose amount differs from the deposit', async () => {
    const { user, reference } = await startDeposit(provider.id, 5000);
    fake.settle(reference, { status: provider.paid, amount: provider.unit(500) });
    expect((await deliver(provider.id, provider.notify(reference))).statusCode).toBe(200);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
    const row = await depositRow(reference);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/expected ₦5,000/);
  });

  it('does not credit a payment in another currency', async () => {
    const { user, reference } = await startDeposit(provider.id, 1000);
    fake.settle(reference, {
      status: provider.paid,
      currency: provider.id === 'nowpayments' ? 'usd' : 'USD',
    });
    expect((await deliver(provider.id, provider.notify(reference))).statusCode).toBe(200);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
    expect((await depositRow(reference)).failureReason).toMatch(/expected NGN/);
  });

  it('records failed and abandoned payments without crediting', async () => {
    for (const [word, status] of [
      [provider.failed, 'failed'],
      [provider.abandoned, 'abandoned'],
    ] as const) {
      const { user, reference } = await startDeposit(provider.id, 1000);
      fake.settle(reference, { status: word });
      if (provider.id === 'paystack') {
        // Paystack sends no webhook for these; the return page asks it.
        const verify = await t.app.inject({
          method: 'GET',
          url: `/api/payments/verify/${reference}`,
          headers: bearer(user.token),
        });
        expect(verify.json()).toMatchObject({ status, amount: 1000, mainWallet: 0 });
      } else {
        expect((await deliver(provider.id, provider.notify(reference))).statusCode).toBe(200);
      }
      expect(await depositRow(reference)).toMatchObject({ status });
      expect(await balances(t, user.token)).toMatchObject({ mainWallet: 0 });
    }
  });

  it('ignores a notification about a payment it never started', async () => {
    const { reference } = await startDeposit(provider.id, 1000);
    fake.settle(reference, { status: provider.paid });
    const notification = provider.notify(reference);
    await t.database.db
      .update(deposits)
      .set({ reference: `${reference}-X` })
      .where(eq(deposits.reference, reference));
    expect((await deliver(provider.id, notification)).statusCode).toBe(200);
    expect(await creditsFor(reference)).toHaveLength(0);
  });
});

describe('the return page', () => {
  it('confirms with the provider when the webhook has not arrived yet, once', async () => {
    const { user, reference } = await startDeposit('paystack', 4000);
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/payments/verify/${reference}`,
      headers: bearer(user.token),
    });
    expect(pending.json()).toMatchObject({ status: 'pending', mainWallet: 0 });
    fake.settle(reference, { status: 'success' });
    const confirmations = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'GET',
          url: `/api/payments/verify/${reference}`,
          headers: bearer(user.token),
        }),
      ),
    );
    for (const confirmation of confirmations) {
      expect(confirmation.json()).toMatchObject({
        status: 'success',
        message: 'Deposit successful! Funds added to your wallet.',
        mainWallet: 4000,
      });
    }
    expect((await deliver('paystack', fake.paystackNotification(reference))).statusCode).toBe(200);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 4000 });
    expect(await creditsFor(reference)).toHaveLength(1);
  });

  it('answers 404 for another user’s reference and 400 for a malformed one', async () => {
    const { reference } = await startDeposit('flutterwave', 1000);
    const stranger = await signUpAndLogin(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/payments/verify/${reference}`,
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'GET',
      url: `/api/payments/verify/${encodeURIComponent("x' or 1=1")}`,
      headers: bearer(stranger.token),
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('provider trouble', () => {
  it('answers 502 and records a failed deposit when the provider refuses to start a payment', async () => {
    const broken = await buildTestApp({ ...fake.env, PAYSTACK_SECRET_KEY: 'sk_test_revoked' });
    try {
      const user = await signUpAndLogin(broken);
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/wallet/deposit',
        headers: bearer(user.token),
        payload: { amount: 1000 },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
      const rows = await broken.database.db.select().from(deposits).where(eq(deposits.userId, user.userId));
      expect(rows).toMatchObject([{ status: 'failed', provider: 'paystack' }]);
    } finally {
      await broken.close();
    }
  });

  it('uses the first enabled provider when none is named, and offers them in order', async () => {
    const options = await t.app.inject({ method: 'GET', url: '/api/payments/options' });
    expect(options.json().providers.map((option: { id: string }) => option.id)).toEqual([
      'paystack',
      'flutterwave',
      'nowpayments',
      'dev',
    ]);
    const user = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: bearer(user.token),
      payload: { amount: 700 },
    });
    expect(response.json()).toMatchObject({ provider: 'paystack', status: 'pending' });
  });

  it('tells Paystack where to send the customer back', async () => {
    const { reference } = await startDeposit('paystack', 1000);
    const call = fake.requests.find(
      (request) =>
        request.path === '/paystack/transaction/initialize' &&
        (request.body as { reference?: string }).reference === reference,
    );
    expect(call?.body).toMatchObject({
      callback_url: `https://cashtips.example/payments/return?reference=${reference}`,
      amount: '100000',
      currency: 'NGN',
    });
    expect(fakeKeys.paystackSecret).toMatch(/^sk_test_/);
  });

  it('answers 404 for the webhook of a provider that is not configured', async () => {
    const plain = await buildTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('a deposit request sent again with its Idempotency-Key', () => {
  const depositWithKey = (token: string, key: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload,
    });
  const depositsOf = (userId: string) =>
    t.database.db.select().from(deposits).where(eq(deposits.userId, userId));

  it('with the test provider, credits once however often and however concurrently it is sent', async () => {
    const user = await signUpAndLogin(t);
    const key = `dev-key-${user.userId}`;
    const first = await depositWithKey(user.token, key, { amount: 1000, provider: 'dev' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await Promise.all(
      Array.from({ length: 10 }, () => depositWithKey(user.token, key, { amount: 1000, provider: 'dev' })),
    );
    for (const answer of again) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({ reference: first.json().reference, status: 'success' });
    }
    expect(await depositsOf(user.userId)).toHaveLength(1);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 1000 });
  });

  it('ten at once with a real provider make one pending deposit and one checkout, answered to all', async () => {
    const user = await signUpAndLogin(t);
    const key = `paystack-key-${user.userId}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        depositWithKey(user.token, key, { amount: 2500, provider: 'paystack' }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const references = new Set(answers.map((answer) => answer.json().reference as string));
    const checkouts = new Set(answers.map((answer) => answer.json().authorizationUrl as string));
    expect(references.size).toBe(1);
    expect(checkouts.size).toBe(1);
    const rows = await depositsOf(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', amountKobo: 250_000n });
    const started = fake.requests.filter(
      (request) =>
        request.path === '/paystack/transaction/initialize' &&
        (request.body as { reference?: string }).reference === [...references][0],
    );
    expect(started).toHaveLength(1);
  });

  it('with another amount or method is refused (409), and a new key is a new deposit', async () => {
    const user = await signUpAndLogin(t);
    const key = `mixed-key-${user.userId}`;
    expect((await depositWithKey(user.token, key, { amount: 1000, provider: 'dev' })).statusCode).toBe(201);
    const otherAmount = await depositWithKey(user.token, key, { amount: 2000, provider: 'dev' });
    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.json().message).toMatch(/already used for another deposit/);
    const otherMethod = await depositWithKey(user.token, key, { amount: 1000, provider: 'paystack' });
    expect(otherMethod.statusCode).toBe(409);
    const fresh = await depositWithKey(user.token, `${key}-2`, { amount: 2000, provider: 'dev' });
    expect(fresh.statusCode).toBe(201);
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 3000 });
    // The same key from another user is that user's own.
    const other = await signUpAndLogin(t);
    expect((await depositWithKey(other.token, key, { amount: 500, provider: 'dev' })).statusCode).toBe(201);
    expect(await balances(t, other.token)).toMatchObject({ mainWallet: 500 });
  });
});

describe('closing an account while a deposit is open', () => {
  const closeAccount = (user: { token: string; password: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/me/delete',
      headers: bearer(user.token),
      payload: { password: user.password },
    });

  it('asks the provider first: a paid deposit whose confirmation is late is credited and holds the closing; an unpaid one does not', async () => {
    const paid = await startDeposit('paystack', 2500);
    // Paid on the provider's page; its webhook has not arrived.
    fake.settle(paid.reference, { status: 'success' });
    const refused = await closeAccount(paid.user);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(dataRightsMessages.closeRefusedMainWallet(describeNaira(250_000n)));
    expect(await balances(t, paid.user.token)).toMatchObject({ mainWallet: 2500 });
    expect(await creditsFor(paid.reference)).toHaveLength(1);
    // The webhook, when it comes, changes nothing.
    expect((await deliver('paystack', fake.paystackNotification(paid.reference))).statusCode).toBe(200);
    expect(await creditsFor(paid.reference)).toHaveLength(1);

    const unpaid = await startDeposit('flutterwave', 1000);
    const closed = await closeAccount(unpaid.user);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await depositRow(unpaid.reference)).not.toMatchObject({ status: 'success' });
    expect(await creditsFor(unpaid.reference)).toHaveLength(0);
  });

  it('closes all the same when the provider cannot be asked, leaving the deposit open', async () => {
    const open = await startDeposit('paystack', 1200);
    fake.failNextCalls(1, { provider: 'paystack', path: '/transaction/verify', method: 'GET' });
    const asked = () =>
      fake.requests.filter((request) => request.path === `/paystack/transaction/verify/${open.reference}`)
        .length;
    const closed = await closeAccount(open.user);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(asked()).toBe(1);
    expect(await depositRow(open.reference)).toMatchObject({ status: 'pending' });
    expect(await creditsFor(open.reference)).toHaveLength(0);
    fake.clearCallFailures();
  });
});
