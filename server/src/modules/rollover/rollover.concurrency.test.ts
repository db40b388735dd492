import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEnv,
  balances,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
  usingPostgres,
} from '../../../test/test-app.ts';
import { findLedgerAnomalies, noLedgerAnomalies } from '../ledger/ledger.ts';

/**
 * Real concurrency needs the PostgreSQL run (`npm run test:pg`): PGlite has one connection and
 * serialises everything, so there these tests only check the bookkeeping. Requests go through
 * `inject` all at once, so on PostgreSQL they run on separate pooled connections.
 */
let t: TestApp;
let admin: { token: string };
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
});
afterAll(() => t.close());

async function createPlan(payload: Record<string, unknown>) {
  counter += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/rollover-plans',
    headers: bearer(admin.token),
    payload: { name: `Race plan ${counter}`, duration: 3, odds: 2, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().plan._id as string;
}

function subscribe(token: string, planId: string) {
  return t.app
    .inject({ method: 'POST', url: '/api/rollover-subscribe', headers: bearer(token), payload: { planId } })
    .then((response) =>
      response.statusCode === 200 ? 'subscribed' : `${response.statusCode} ${response.json().message}`,
    );
}

async function fundedUsers(count: number, amount: number) {
  const users = [];
  for (let index = 0; index < count; index++) {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, amount);
    users.push(user);
  }
  return users;
}

const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((counts, outcome) => {
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    return counts;
  }, {});

describe(`rollover subscriptions under concurrency (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('24 users racing for 5 slots: exactly 5 subscribe and pay, the rest hear "This plan is full" and keep their money', async () => {
    const planId = await createPlan({ price: 1000, slotLimit: 5 });
    const users = await fundedUsers(24, 1000);
    const outcomes = await Promise.all(users.map((user) => subscribe(user.token, planId)));
    expect(tally(outcomes)).toEqual({ subscribed: 5, '409 This plan is full': 19 });
    const wallets = await Promise.all(users.map((user) => balances(t, user.token)));
    expect(wallets.filter((wallet) => wallet.mainWallet === 0)).toHaveLength(5);
    expect(wallets.filter((wallet) => wallet.mainWallet === 1000)).toHaveLength(19);
    const plan = (await t.app.inject({ method: 'GET', url: `/api/rollover/plans/${planId}` })).json().plan;
    expect(plan).toMatchObject({ slotsLeft: 0, subscriberCount: 5 });
  });

  it('one user subscribing 20 times at once is subscribed and charged once', async () => {
    const planId = await createPlan({ price: 700 });
    const [user] = await fundedUsers(1, 10_000);
    if (!user) throw new Error('no user');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => subscribe(user.token, planId)));
    expect(tally(outcomes)).toEqual({ subscribed: 1, '409 Already subscribed to this plan': 19 });
    expect((await balances(t, user.token)).mainWallet).toBe(9300);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/rollover/my-subscriptions',
      headers: bearer(user.token),
    });
    expect(mine.json()).toHaveLength(1);
  });

  it('one wallet of ₦5,000 subscribing to 6 plans of ₦2,000 at once pays for exactly 2', async () => {
    const planIds = await Promise.all(Array.from({ length: 6 }, () => createPlan({ price: 2000 })));
    const [user] = await fundedUsers(1, 5000);
    if (!user) throw new Error('no user');
    const outcomes = await Promise.all(planIds.map((planId) => subscribe(user.token, planId)));
    expect(tally(outcomes)).toEqual({ subscribed: 2, '422 Insufficient balance in main wallet': 4 });
    expect((await balances(t, user.token)).mainWallet).toBe(1000);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/rollover/my-subscriptions',
      headers: bearer(user.token),
    });
    expect(mine.json()).toHaveLength(2);
  });

  it('leaves the ledger without anomalies', async () => {
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });
});
