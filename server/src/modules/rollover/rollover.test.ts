import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { RolloverPlanInput, RolloverTipInput } from '@cashtips/contract/rollover';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLive } from '../../../test/live-socket.ts';
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
import { findLedgerAnomalies, noLedgerAnomalies } from '../ledger/ledger.ts';

let t: TestApp;
let admin: { token: string };
let baseUrl: string;
const sockets: Socket[] = [];
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const asAdmin = () => bearer(admin.token);

async function createPlan(overrides: Partial<RolloverPlanInput> = {}) {
  counter += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/rollover-plans',
    headers: asAdmin(),
    payload: { name: `Plan ${counter}`, price: 2000, duration: 5, odds: 1.5, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().plan as { _id: string; name: string };
}

function tipInput(planId: string, overrides: Partial<RolloverTipInput> = {}): RolloverTipInput {
  counter += 1;
  return {
    planId,
    games: [
      {
        teamA: 'Arsenal',
        teamB: 'Chelsea',
        league: 'Premier League',
        kickoff: new Date(t.clock.now().getTime() + 6 * 3600_000).toISOString(),
        prediction: `Over 1.5 goals #${counter}`,
        odds: 1.25,
        bookmaker: 'SportyBet',
      },
      {
        teamA: 'Inter',
        teamB: 'Milan',
        league: 'Serie A',
        kickoff: new Date(t.clock.now().getTime() + 7 * 3600_000).toISOString(),
        prediction: `Home win #${counter}`,
        odds: 1.2,
      },
    ],
    bookingCode: `ROLL${counter}SECRET`,
    bookmaker: 'SportyBet',
    note: `Stake small today #${counter}`,
    confidence: 82,
    ...overrides,
  };
}

async function postTip(planId: string, overrides: Partial<RolloverTipInput> = {}) {
  const input = tipInput(planId, overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/rollover-tips',
    headers: asAdmin(),
    payload: input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().tip._id as string, input };
}

async function funded(main: number) {
  const user = await signUpAndLogin(t);
  if (main > 0) await devDeposit(t, user.token, main);
  return user;
}

function subscribe(token: string, planId: string, walletType: 'main' | 'bonus' = 'main') {
  return t.app.inject({
    method: 'POST',
    url: '/api/rollover-subscribe',
    headers: bearer(token),
    payload: { planId, walletType },
  });
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

function settle(tipId: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/rollover-tips/${tipId}/settle`,
    headers: asAdmin(),
    payload,
  });
}

describe('plans', () => {
  it('lists active plans, newest update first, with the counts and no subscriber identities', async () => {
    const older = await createPlan({ slotLimit: 10 });
    t.clock.advance(1000);
    const newer = await createPlan();
    const user = await funded(5000);
    expect((await subscribe(user.token, older._id)).statusCode).toBe(200);

    const response = await get('/api/rollover-plans');
    expect(response.statusCode).toBe(200);
    const plans = response.json() as Array<Record<string, unknown>>;
    const ids = plans.map((plan) => plan._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    // One real subscriber, shown as one, taking one slot.
    expect(plans.find((plan) => plan._id === older._id)).toMatchObject({
      subscriberCount: 1,
      slotsLeft: 9,
      slotLimit: 10,
      successRate: null,
      price: 2000,
      duration: 5,
      odds: 1.5,
    });
    expect(plans.find((plan) => plan._id === newer._id)).toMatchObject({ slotLimit: null, slotsLeft: null });
    expect(response.body).not.toContain(user.userId);
    expect(response.body).not.toContain(user.email);
    expect(response.body).not.toMatch(/fake/i);

    const one = await get(`/api/rollover/plans/${older._id}`);
    expect(one.json()).toMatchObject({ success: true, plan: { _id: older._id, subscriberCount: 1 } });
    expect((await get(`/api/rollover/plans/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/rollover/plans/not-an-id')).statusCode).toBe(404);
  });

  it('refuses bad plan input with 400 and field errors', async () => {
    for (const payload of [
      { name: 'X', price: 100, duration: 3, odds: 2 },
      { name: 'Plan', price: 100.5, duration: 3, odds: 2 },
      { name: 'Plan', price: 100, duration: 0, odds: 2 },
      { name: 'Plan', price: 100, duration: 366, odds: 2 },
      { name: 'Plan', price: 100, duration: 3, odds: 1 },
      { name: 'Plan', price: 100, duration: 3, odds: 2, slotLimit: 0 },
      { name: 'Plan', price: 100, duration: 3, odds: 2, postLimit: 21 },
      { name: 'Plan', price: 1_000_001, duration: 3, odds: 2 },
      { name: 'a'.repeat(81), price: 100, duration: 3, odds: 2 },
      { name: 'Plan', price: 100, duration: 3, odds: 2, subscribers: [] },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/rollover-plans',
        headers: asAdmin(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('a deactivated plan leaves the list and cannot be subscribed; running subscriptions continue', async () => {
    const plan = await createPlan();
    const user = await funded(5000);
    expect((await subscribe(user.token, plan._id)).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/rollover-plans/${plan._id}`,
      headers: asAdmin(),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().plan).toMatchObject({ active: false, name: plan.name, price: 2000 });
    const list = (await get('/api/rollover-plans')).json() as Array<{ _id: string }>;
    expect(list.map((item) => item._id)).not.toContain(plan._id);
    const other = await funded(5000);
    const refused = await subscribe(other.token, plan._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This plan is not available');
    const mine = (await get('/api/rollover/my-subscriptions', user.token)).json();
    expect(mine[0]).toMatchObject({ planId: plan._id, status: 'active' });
  });

  it('deletes only a plan nobody subscribed to, and audits every action', async () => {
    const empty = await createPlan();
    const sold = await createPlan();
    const user = await funded(5000);
    await subscribe(user.token, sold._id);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/rollover-plans/${sold._id}`,
      headers: asAdmin(),
    });
    expect(refused.statusCode).toBe(409);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/rollover-plans/${empty._id}`,
      headers: asAdmin(),
    });
    expect(deleted.statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/rollover-plans/${sold._id}`,
      headers: asAdmin(),
      payload: { postLimit: 3, odds: 1.8 },
    });
    const audit = (await get('/api/admin/audit-log?limit=50', admin.token)).json().entries as Array<{
      action: string;
      targetId: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>;
    expect(
      audit.find((entry) => entry.action === 'plan.delete' && entry.targetId === empty._id),
    ).toBeTruthy();
    const update = audit.find((entry) => entry.action === 'plan.update' && entry.targetId === sold._id);
    expect(update?.before).toEqual({ postLimit: 1, odds: 1.5 });
    expect(update?.after).toEqual({ postLimit: 3, odds: 1.8 });
  });

  it('admin plan figures: subscribers, sales and revenue', async () => {
    const plan = await createPlan({ price: 1500 });
    for (const user of [await funded(2000), await funded(2000)]) await subscribe(user.token, plan._id);
    const response = await get(`/api/admin/rollover-plans/${plan._id}`, admin.token);
    expect(response.json().plan).toMatchObject({
      activeSubscribers: 2,
      subscriberCount: 2,
      totalSubscriptions: 2,
      revenue: 3000,
    });
    expect(response.body).not.toMatch(/@example\.com/);
    expect(response.body).not.toMatch(/fake/i);
  });

  it('refuses the old fake subscriber fields on create and edit with 400 naming each field (PRODUCT 15)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rollover-plans',
      headers: asAdmin(),
      payload: {
        name: 'Padded plan',
        price: 2000,
        duration: 5,
        odds: 1.5,
        fakeSubscriberEnabled: true,
        fakeSubscriberCount: 38,
      },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'fakeSubscriberEnabled', message: 'Unexpected field "fakeSubscriberEnabled".' },
        { field: 'fakeSubscriberCount', message: 'Unexpected field "fakeSubscriberCount".' },
      ]),
    );
    const plan = await createPlan();
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/rollover-plans/${plan._id}`,
      headers: asAdmin(),
      payload: { fakeSubscriberEnabled: true, fakeSubscriberCount: 38 },
    });
    expect(edited.statusCode, edited.body).toBe(400);
    expect((await get(`/api/rollover/plans/${plan._id}`)).json().plan).toMatchObject({ subscriberCount: 0 });
  });

  it('a slot limit cannot be set below the running subscribers', async () => {
    const plan = await createPlan({ slotLimit: 5 });
    for (const user of [await funded(2000), await funded(2000)]) await subscribe(user.token, plan._id);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/rollover-plans/${plan._id}`,
      headers: asAdmin(),
      payload: { slotLimit: 1 },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('subscribing', () => {
  it('debits the main wallet once, records the subscription and announces wallet and activity', async () => {
    const plan = await createPlan({ price: 2500, duration: 3 });
    const user = await funded(4000);
    const { socket, heard } = await listenLive(baseUrl, user.token);
    sockets.push(socket);

    const response = await subscribe(user.token, plan._id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      mainWallet: 1500,
      bonusWallet: 0,
      subscription: { planId: plan._id, planName: plan.name, duration: 3, currentDay: 1, status: 'active' },
    });
    expect(body.message).toContain(plan.name);
    expect(await balances(t, user.token)).toEqual(expect.objectContaining({ mainWallet: 1500 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.find(([event]) => event === 'wallet')?.[1]).toEqual({ mainWallet: 1500, bonusWallet: 0 });
    expect(heard.find(([event]) => event === 'activity')?.[1]).toMatchObject({
      title: 'Rollover plan subscribed',
    });
    expect(heard.find(([event]) => event === 'live-activity')?.[1]).toMatchObject({
      type: 'rolloverPlan',
      id: plan._id,
      count: 1,
    });
    const again = await subscribe(user.token, plan._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Already subscribed to this plan');
    expect(await balances(t, user.token)).toEqual(expect.objectContaining({ mainWallet: 1500 }));
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);
  });

  it('answers 422 naming the wallet that cannot cover the price, and takes nothing', async () => {
    const plan = await createPlan({ price: 3000 });
    const user = await funded(1000);
    const main = await subscribe(user.token, plan._id, 'main');
    expect(main.statusCode).toBe(422);
    expect(main.json().message).toBe('Insufficient balance in main wallet');
    const bonus = await subscribe(user.token, plan._id, 'bonus');
    expect(bonus.statusCode).toBe(422);
    expect(bonus.json().message).toBe('Insufficient balance in bonus wallet');
    expect(await balances(t, user.token)).toEqual(
      expect.objectContaining({ mainWallet: 1000, bonusWallet: 0 }),
    );
    expect((await get('/api/rollover/my-subscriptions', user.token)).json()).toEqual([]);
  });

  it('pays from the bonus wallet when asked', async () => {
    const plan = await createPlan({ price: 500 });
    const user = await funded(0);
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/adjust`,
      headers: { ...asAdmin(), 'idempotency-key': `bonus-${randomUUID()}` },
      payload: { wallet: 'bonus', amount: 800, reason: 'Promotion credit for the rollover test' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const response = await subscribe(user.token, plan._id, 'bonus');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ mainWallet: 0, bonusWallet: 300 });
  });

  it('a full plan answers 409 "This plan is full"', async () => {
    const plan = await createPlan({ slotLimit: 1 });
    const first = await funded(5000);
    expect((await subscribe(first.token, plan._id)).statusCode).toBe(200);
    const second = await funded(5000);
    const refused = await subscribe(second.token, plan._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This plan is full');
    expect(await balances(t, second.token)).toEqual(expect.objectContaining({ mainWallet: 5000 }));
    expect((await get(`/api/rollover/plans/${plan._id}`)).json().plan).toMatchObject({
      slotsLeft: 0,
      subscriberCount: 1,
    });
  });

  it('refuses bad input with 4xx and no money moves', async () => {
    const user = await funded(5000);
    const plan = await createPlan();
    for (const payload of [
      {},
      { planId: 'nope' },
      { planId: plan._id, walletType: 'crypto' },
      { planId: plan._id, extra: 1 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/rollover-subscribe',
        headers: bearer(user.token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await subscribe(user.token, randomUUID())).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/rollover-subscribe', payload: { planId: plan._id } }))
        .statusCode,
    ).toBe(401);
    expect(await balances(t, user.token)).toEqual(expect.objectContaining({ mainWallet: 5000 }));
  });

  it('charges the terms a plan has now, when another process changed them after this one read them', async () => {
    const plan = await createPlan({ price: 1000, duration: 5 });
    const first = await funded(5000);
    expect((await subscribe(first.token, plan._id)).statusCode).toBe(200);
    // Another server process edits the plan: this process still remembers the old terms.
    await t.database.db.execute(
      sql`update rollover_plans set price_kobo = 250000, duration_days = 3, name = 'Renamed',
        updated_at = now() + interval '1 second' where id = ${plan._id}::uuid`,
    );
    const second = await funded(5000);
    const response = await subscribe(second.token, plan._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      mainWallet: 2500,
      subscription: { pricePaid: 2500, duration: 3, planName: 'Renamed' },
    });
    // A plan deleted meanwhile is not found, and nothing moves.
    const gone = await createPlan({ price: 1000 });
    const third = await funded(5000);
    expect((await subscribe(third.token, gone._id)).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from rollover_subscriptions where plan_id = ${gone._id}::uuid`);
    await t.database.db.execute(sql`delete from rollover_plans where id = ${gone._id}::uuid`);
    const fourth = await funded(5000);
    const missing = await subscribe(fourth.token, gone._id);
    expect(missing.statusCode).toBe(404);
    expect(await balances(t, fourth.token)).toEqual(expect.objectContaining({ mainWallet: 5000 }));
  });

  it('a free plan subscribes without a ledger movement', async () => {
    const plan = await createPlan({ price: 0 });
    const user = await funded(0);
    const response = await subscribe(user.token, plan._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ mainWallet: 0, subscription: { pricePaid: 0 } });
  });
});

describe('Lagos days', () => {
  it('a subscription made at 23:30 UTC starts on the next Lagos day and ends at the Lagos midnight after day N', async () => {
    const plan = await createPlan({ duration: 3 });
    const user = await funded(5000);
    const saved = t.clock.now();
    t.clock.advance(new Date('2026-11-22T23:30:00Z').getTime() - saved.getTime());
    try {
      const response = await subscribe(user.token, plan._id);
      expect(response.statusCode).toBe(200);
      // 23:30 UTC on the 22nd is 00:30 on the 23rd in Lagos: day 1 is the 23rd, day 3 the 25th,
      // and the subscription ends at Lagos midnight starting the 26th (23:00 UTC on the 25th).
      expect(response.json().subscription).toMatchObject({
        currentDay: 1,
        daysLeft: 3,
        startDate: '2026-11-22T23:30:00.000Z',
        expiresAt: '2026-11-25T23:00:00.000Z',
      });
      t.clock.advance(24 * 3600_000);
      const day2 = (await get('/api/rollover/my-subscriptions', user.token)).json()[0];
      expect(day2).toMatchObject({ currentDay: 2, daysLeft: 2, status: 'active' });
      t.clock.advance(2 * 24 * 3600_000 - 31 * 60_000); // 22:59 UTC on the 25th: still day 3
      expect((await get('/api/rollover/my-subscriptions', user.token)).json()[0]).toMatchObject({
        currentDay: 3,
        status: 'active',
      });
      t.clock.advance(60_000);
      expect((await get('/api/rollover/my-subscriptions', user.token)).json()[0]).toMatchObject({
        status: 'expired',
        daysLeft: 0,
      });
      // Expired: the slot is free again and the user may subscribe anew.
      expect((await subscribe(user.token, plan._id)).statusCode).toBe(200);
    } finally {
      t.clock.advance(saved.getTime() - t.clock.now().getTime());
    }
  });

  it("a tip posted without a day is for today's Lagos date, even at 23:30 UTC", async () => {
    const plan = await createPlan();
    const saved = t.clock.now();
    t.clock.advance(new Date('2026-11-22T23:30:00Z').getTime() - saved.getTime());
    try {
      const { id } = await postTip(plan._id);
      const tip = (await get(`/api/admin/rollover-tips/${id}`, admin.token)).json().tip;
      expect(tip.day).toBe('2026-11-23');
      const user = await funded(0);
      const today = (await get('/api/rollover/today', user.token)).json() as Array<{ _id: string }>;
      expect(today.map((item) => item._id)).toContain(id);
    } finally {
      t.clock.advance(saved.getTime() - t.clock.now().getTime());
    }
  });
});

describe('tips and the lock rule', () => {
  it('a subscriber gets the tip unlocked; anyone else gets teams, kickoffs, count, odds and confidence only', async () => {
    const plan = await createPlan({ price: 1000 });
    const subscriber = await funded(3000);
    await subscribe(subscriber.token, plan._id);
    const { id, input } = await postTip(plan._id);

    const open = (
      (await get('/api/rollover/today', subscriber.token)).json() as Array<Record<string, unknown>>
    ).find((tip) => tip._id === id);
    expect(open).toMatchObject({
      locked: false,
      bookingCode: input.bookingCode,
      note: input.note,
      bookmaker: 'SportyBet',
      totalOdds: 1.5,
      gameCount: 2,
      games: [
        { prediction: input.games[0]?.prediction, odds: 1.25, bookmaker: 'SportyBet' },
        expect.anything(),
      ],
    });

    const stranger = await funded(0);
    const locked = (
      (await get('/api/rollover/today', stranger.token)).json() as Array<Record<string, unknown>>
    ).find((tip) => tip._id === id);
    expect(locked).toMatchObject({
      locked: true,
      bookingCode: null,
      code: null,
      note: null,
      bookmaker: null,
      totalOdds: 1.5,
      confidence: 82,
      gameCount: 2,
      games: [
        {
          teamA: 'Arsenal',
          teamB: 'Chelsea',
          league: 'Premier League',
          prediction: null,
          odds: null,
          bookmaker: null,
        },
        { teamA: 'Inter', prediction: null, odds: null },
      ],
    });
    // The same route by its second name.
    const alias = await get('/rollover/today', stranger.token);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual((await get('/api/rollover/today', stranger.token)).json());
  });

  it('visitors get 401 on the tip lists', async () => {
    for (const url of [
      '/api/rollover/today',
      '/rollover/today',
      '/api/rollover/all',
      '/api/rollover/my-subscriptions',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('nothing a non-subscriber or visitor can fetch or hear carries a locked tip’s code, picks or note', async () => {
    const plan = await createPlan({ price: 1000, slotLimit: 20 });
    const subscriber = await funded(3000);
    const stranger = await funded(3000);
    const listeners = [await listenLive(baseUrl), await listenLive(baseUrl, stranger.token)];
    for (const { socket } of listeners) sockets.push(socket);
    const heard = () =>
      listeners.flatMap((listener) =>
        listener.heard.map(([event, payload]) => `${event} ${JSON.stringify(payload)}`),
      );
    const { id, input } = await postTip(plan._id);
    await subscribe(subscriber.token, plan._id);
    const secrets = [
      input.bookingCode ?? '',
      input.note ?? '',
      ...input.games.map((game) => game.prediction),
    ];
    await new Promise((resolve) => setTimeout(resolve, 300));

    const answers = await Promise.all(
      [
        '/api/rollover-plans',
        `/api/rollover/plans/${plan._id}`,
        '/api/rollover/today',
        '/rollover/today',
        '/api/rollover/all?limit=100',
        '/api/rollover/my-subscriptions',
        '/api/users/activity-log',
        '/api/booking-codes?limit=100',
        `/api/booking-codes?search=${encodeURIComponent(input.games[0]?.prediction ?? '')}`,
        `/api/admin/rollover-tips/${id}`,
        '/api/admin/rollover-tips',
      ].flatMap((url) => [get(url), get(url, stranger.token)]),
    );
    expect(answers.some((answer) => answer.statusCode === 200 && answer.body.includes(id))).toBe(true);
    for (const answer of answers) {
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
    }
    for (const line of heard()) {
      for (const secret of secrets) expect(line).not.toContain(secret);
    }
    // The subscriber does see them: the test would notice if nothing were ever sent.
    const all = (await get('/api/rollover/all?limit=100', subscriber.token)).body;
    for (const secret of secrets) expect(all).toContain(secret);
  });

  it('past subscribers keep the tips of the days they paid for; strangers never get them', async () => {
    const plan = await createPlan({ duration: 1 });
    const early = await funded(5000);
    await subscribe(early.token, plan._id);
    const { id: dayOneTip } = await postTip(plan._id);
    const saved = t.clock.now();
    t.clock.advance(2 * 24 * 3600_000);
    try {
      const late = await funded(5000);
      await subscribe(late.token, plan._id);
      const find = async (token: string) =>
        (
          (await get('/api/rollover/all?limit=100', token)).json() as Array<{ _id: string; locked: boolean }>
        ).find((tip) => tip._id === dayOneTip);
      expect((await find(early.token))?.locked).toBe(false);
      // Still subscribed to the plan, so its tips are open (PRODUCT 6a: an active subscription opens them).
      expect((await find(late.token))?.locked).toBe(false);
      const stranger = await funded(0);
      expect((await find(stranger.token))?.locked).toBe(true);
    } finally {
      t.clock.advance(saved.getTime() - t.clock.now().getTime());
    }
  });

  it('admins see every tip unlocked', async () => {
    const plan = await createPlan();
    const { id, input } = await postTip(plan._id);
    const today = (await get('/api/rollover/today', admin.token)).json() as Array<Record<string, unknown>>;
    expect(today.find((tip) => tip._id === id)).toMatchObject({
      locked: false,
      bookingCode: input.bookingCode,
    });
  });

  it('takes at most postLimit tips per plan per day (409 beyond), counting each day apart', async () => {
    const plan = await createPlan({ postLimit: 2 });
    await postTip(plan._id);
    await postTip(plan._id);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rollover-tips',
      headers: asAdmin(),
      payload: tipInput(plan._id),
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toContain('2 tips');
    const tomorrow = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rollover-tips',
      headers: asAdmin(),
      payload: tipInput(plan._id, { day: '2099-01-01' }),
    });
    expect(tomorrow.statusCode).toBe(201);
  });

  it('refuses bad tip input with 400: no games, a bad day, unknown fields, no odds at all', async () => {
    const plan = await createPlan();
    const base = tipInput(plan._id);
    for (const payload of [
      { ...base, games: [] },
      { ...base, day: '2026-02-30' },
      { ...base, planId: 'x' },
      { ...base, secret: true },
      { ...base, games: [{ ...base.games[0], odds: undefined }] },
      { ...base, confidence: 101 },
      { ...base, note: 'n'.repeat(1001) },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/rollover-tips',
        headers: asAdmin(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
    }
    const unknownPlan = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rollover-tips',
      headers: asAdmin(),
      payload: { ...base, planId: randomUUID() },
    });
    expect(unknownPlan.statusCode).toBe(404);
  });

  it('lists recent tips paged, newest day first, with totals in headers', async () => {
    const plan = await createPlan({ postLimit: 5 });
    await postTip(plan._id, { day: '2099-02-01' });
    const { id: latest } = await postTip(plan._id, { day: '2099-02-02' });
    const user = await funded(0);
    const response = await get('/api/rollover/all?limit=1', user.token);
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect((response.json() as Array<{ _id: string }>)[0]?._id).toBe(latest);
    expect((await get('/api/rollover/all?limit=0', user.token)).statusCode).toBe(400);
  });
});

describe('settlement and success rates', () => {
  it('settles tips, needs a reason to correct, and computes the plan rate from 5 settled tips', async () => {
    const plan = await createPlan({ postLimit: 20 });
    const tips: string[] = [];
    for (let index = 0; index < 7; index++) tips.push((await postTip(plan._id)).id);
    const results = ['won', 'won', 'lost', 'won', 'void', 'won'] as const;
    for (const [index, result] of results.entries()) {
      const tipId = tips[index] as string;
      expect((await settle(tipId, { result })).statusCode).toBe(200);
      const planNow = (await get(`/api/rollover/plans/${plan._id}`)).json().plan;
      // void counts in neither; null until 5 won-or-lost results exist.
      if (index < 5) expect(planNow.successRate).toBeNull();
    }
    expect((await get(`/api/rollover/plans/${plan._id}`)).json().plan).toMatchObject({
      successRate: 80,
      settledTips: 5,
    });

    const first = tips[0] as string;
    expect((await settle(first, { result: 'won' })).statusCode).toBe(200);
    const noReason = await settle(first, { result: 'lost' });
    expect(noReason.statusCode).toBe(422);
    const corrected = await settle(first, { result: 'lost', reason: 'Scores were corrected by the league.' });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().tip.result).toBe('lost');
    expect((await get(`/api/rollover/plans/${plan._id}`)).json().plan.successRate).toBe(60);
    const audit = (await get('/api/admin/audit-log?limit=50', admin.token)).json().entries as Array<{
      action: string;
      targetId: string;
      reason: string | null;
    }>;
    expect(
      audit.find((entry) => entry.action === 'rollover-tip.settle.correct' && entry.targetId === first)
        ?.reason,
    ).toBe('Scores were corrected by the league.');
    expect((await settle(first, { result: 'maybe' })).statusCode).toBe(400);
  });

  it('edits a tip and records each changed field', async () => {
    const plan = await createPlan();
    const { id } = await postTip(plan._id);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/rollover-tips/${id}`,
      headers: asAdmin(),
      payload: { note: 'Changed note', confidence: 90 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().tip).toMatchObject({ note: 'Changed note', confidence: 90, totalOdds: 1.5 });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/rollover-tips/${id}`,
      headers: asAdmin(),
      payload: { planId: randomUUID() },
    });
    expect(moved.statusCode).toBe(400);
    const audit = (await get('/api/admin/audit-log?limit=20', admin.token)).json().entries as Array<{
      action: string;
      targetId: string;
      before: unknown;
      after: unknown;
    }>;
    expect(
      audit.find((entry) => entry.action === 'rollover-tip.update' && entry.targetId === id),
    ).toMatchObject({
      before: { confidence: 82 },
      after: { note: 'Changed note', confidence: 90 },
    });
  });

  it('non-admins get 403 on admin rollover routes, visitors 401', async () => {
    const user = await funded(0);
    for (const [method, url] of [
      ['GET', '/api/admin/rollover-plans'],
      ['POST', '/api/admin/rollover-plans'],
      ['GET', '/api/admin/rollover-tips'],
      ['POST', `/api/admin/rollover-tips/${randomUUID()}/settle`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(user.token) })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
