import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import { listenLive } from '../../../test/live-socket.ts';
import { fundedUser, withdrawOk } from '../../../test/payouts.ts';
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
let admin: { token: string; userId: string };
let content: ReturnType<typeof contentFor>;
let baseUrl: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await loginAdmin(t);
  content = contentFor(t, admin.token);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const deposit = (token: string, amount: number) =>
  call('POST', '/api/wallet/deposit', token, { amount, provider: 'dev' });

const limitsOf = async (token: string) => {
  const response = await call('GET', '/api/users/me/limits', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().limits;
};

describe('deposit limits', () => {
  it('a first or lower limit applies at once; a deposit over it is refused with the limit and what is left, reaching it exactly is allowed', async () => {
    const user = await signUpAndLogin(t);
    expect(await limitsOf(user.token)).toEqual({
      daily: null,
      weekly: null,
      monthly: null,
      remaining: { daily: null, weekly: null, monthly: null },
      pending: null,
    });
    const set = await call('PUT', '/api/users/me/limits', user.token, { daily: 10_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().limits).toMatchObject({ daily: 10_000, remaining: { daily: 10_000 }, pending: null });

    expect((await deposit(user.token, 6_000)).statusCode).toBe(201);
    const over = await deposit(user.token, 4_001);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'DEPOSIT_LIMIT',
      limit: { period: 'daily', amount: 10_000, remaining: 4_000 },
    });
    expect(over.json().message).toContain('₦4,000');
    expect((await balances(t, user.token)).mainWallet).toBe(6_000);
    expect((await deposit(user.token, 4_000)).statusCode).toBe(201);
    const reached = await deposit(user.token, 100);
    expect(reached.json()).toMatchObject({ code: 'DEPOSIT_LIMIT', limit: { remaining: 0 } });
    expect((await limitsOf(user.token)).remaining.daily).toBe(0);
    expect((await balances(t, user.token)).mainWallet).toBe(10_000);
  });

  it('a raise or removal waits 24 hours; a lower limit meanwhile replaces it; the windows roll', async () => {
    const user = await signUpAndLogin(t);
    await call('PUT', '/api/users/me/limits', user.token, { daily: 5_000, weekly: 12_000 });
    const raise = await call('PUT', '/api/users/me/limits', user.token, { daily: 8_000, weekly: null });
    expect(raise.statusCode, raise.body).toBe(200);
    const effectiveAt = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(raise.json().limits).toMatchObject({
      daily: 5_000,
      weekly: 12_000,
      pending: { daily: 8_000, weekly: null, effectiveAt },
    });
    expect((await deposit(user.token, 5_001)).json().limit).toMatchObject({ period: 'daily' });
    expect((await deposit(user.token, 5_000)).statusCode).toBe(201);

    t.clock.advance(24 * HOUR - 1);
    expect((await limitsOf(user.token)).daily).toBe(5_000);
    t.clock.advance(1);
    // The raise applies; yesterday's ₦5,000 left the daily window at the same moment.
    expect(await limitsOf(user.token)).toMatchObject({
      daily: 8_000,
      weekly: null,
      remaining: { daily: 8_000, weekly: null },
      pending: null,
    });

    // A raise asked for, then a lower limit: the lower one applies and the raise is dropped.
    await call('PUT', '/api/users/me/limits', user.token, { monthly: 50_000 });
    await call('PUT', '/api/users/me/limits', user.token, { monthly: 90_000 });
    expect((await limitsOf(user.token)).pending).toMatchObject({ monthly: 90_000 });
    await call('PUT', '/api/users/me/limits', user.token, { monthly: 20_000 });
    t.clock.advance(25 * HOUR);
    expect(await limitsOf(user.token)).toMatchObject({ monthly: 20_000, pending: null });
    // The monthly window still holds the first ₦5,000 (30 days).
    expect((await limitsOf(user.token)).remaining.monthly).toBe(15_000);
  });

  it('the deposit form’s options say what a signed-in user may deposit now: the lower of the maximum and what their limits leave (PRODUCT 13)', async () => {
    const options = async (token?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/payments/options',
        headers: token ? bearer(token) : {},
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { maximumDeposit: number; maximumDepositLimit: string | null };
    };
    const visitor = await options();
    expect(visitor).toMatchObject({
      maximumDeposit: t.config.money.maximumDepositNaira,
      maximumDepositLimit: null,
    });
    const user = await signUpAndLogin(t);
    expect(await options(user.token)).toMatchObject(visitor);
    await call('PUT', '/api/users/me/limits', user.token, { daily: 5_000, weekly: 20_000 });
    expect(await options(user.token)).toMatchObject({ maximumDeposit: 5_000, maximumDepositLimit: 'daily' });
    expect((await deposit(user.token, 3_000)).statusCode).toBe(201);
    expect(await options(user.token)).toMatchObject({ maximumDeposit: 2_000, maximumDepositLimit: 'daily' });
    // A day later the daily limit is whole again, and a lower weekly one (at once) leaves less.
    t.clock.advance(25 * HOUR);
    expect(await options(user.token)).toMatchObject({ maximumDeposit: 5_000, maximumDepositLimit: 'daily' });
    await call('PUT', '/api/users/me/limits', user.token, { weekly: 4_000 });
    expect(await options(user.token)).toMatchObject({ maximumDeposit: 1_000, maximumDepositLimit: 'weekly' });
    // Another user's limits are theirs alone.
    expect(await options((await signUpAndLogin(t)).token)).toMatchObject(visitor);
  });

  it('refuses bad limits with the field named', async () => {
    const user = await signUpAndLogin(t);
    for (const payload of [{}, { daily: 50 }, { daily: 1.5 }, { yearly: 1000 }, { daily: '1000' }]) {
      const response = await call('PUT', '/api/users/me/limits', user.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await limitsOf(user.token)).daily).toBeNull();
  });

  it('deposits started at once are counted one after the other: never past the limit', async () => {
    const user = await signUpAndLogin(t);
    await call('PUT', '/api/users/me/limits', user.token, { daily: 10_000 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deposit(user.token, 2_000)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(5);
    expect((await balances(t, user.token)).mainWallet).toBe(10_000);
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out closes deposits, purchases and subscriptions with its end date, moving nothing; the wallet and reading stay open', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 5_000);
    const { home, away } = teams('timeout');
    const codeId = await content.code([{ teamA: home, teamB: away, inHours: 5, prediction: '1' }]);
    const planId = await content.plan();

    const started = await call('POST', '/api/users/me/time-out', user.token, { days: 7 });
    expect(started.statusCode, started.body).toBe(200);
    const until = new Date(t.clock.now().getTime() + 7 * 24 * HOUR).toISOString();
    expect(started.json().restriction).toEqual({ kind: 'time-out', until });
    const me = await call('GET', '/api/users/me', user.token);
    expect(me.json().user.restriction).toEqual({ kind: 'time-out', until });

    const refusals = [
      await deposit(user.token, 1_000),
      await call('POST', `/api/booking-codes/purchase/${codeId}`, user.token, { walletType: 'main' }),
      await call('POST', '/api/rollover-subscribe', user.token, { planId, walletType: 'main' }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'RESTRICTED', restriction: { kind: 'time-out', until } });
      expect(refused.json().message).toMatch(/until .* Lagos time/);
    }
    expect(await balances(t, user.token)).toMatchObject({ mainWallet: 5_000, bonusWallet: 0 });
    expect((await call('GET', '/api/booking-codes/purchased', user.token)).json()).toEqual([]);
    expect((await call('GET', '/api/wallet/transactions', user.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me/limits', user.token)).statusCode).toBe(200);
    expect(await findLedgerAnomalies(t.database.db)).toEqual(noLedgerAnomalies);

    // The admin sees it, and has no way to lift it.
    const seen = await call('GET', `/api/admin/users/${user.userId}`, admin.token);
    expect(seen.json().user.restriction).toEqual({ kind: 'time-out', until });
  });

  it('keeps withdrawals and the data rights open during a self-exclusion', async () => {
    const user = await fundedUser(t, 5_000);
    const excluded = await call('POST', '/api/users/me/self-exclusion', user.token, {
      months: 6,
      password: user.password,
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const withdrawal = await withdrawOk(t, user.token, 3_000);
    expect(withdrawal.amount).toBe(3_000);
    expect((await balances(t, user.token)).mainWallet).toBe(2_000);
    const exported = await call('GET', '/api/users/me/export', user.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('self-exclusion');
  });

  it('can be lengthened, never shortened; self-exclusion needs the password; the end opens everything again', async () => {
    const user = await signUpAndLogin(t);
    expect((await call('POST', '/api/users/me/time-out', user.token, { days: 30 })).statusCode).toBe(200);
    const shorter = await call('POST', '/api/users/me/time-out', user.token, { days: 1 });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json().message).toContain('never shorter');
    for (const payload of [{ days: 2 }, { days: '7' }, {}]) {
      expect((await call('POST', '/api/users/me/time-out', user.token, payload)).statusCode).toBe(400);
    }

    const wrong = await call('POST', '/api/users/me/self-exclusion', user.token, {
      months: 6,
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: 'Your password is incorrect.' }]);
    expect(
      (await call('POST', '/api/users/me/self-exclusion', user.token, { months: 7, password: user.password }))
        .statusCode,
    ).toBe(400);
    const excluded = await call('POST', '/api/users/me/self-exclusion', user.token, {
      months: 6,
      password: user.password,
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    // Six calendar months on (the clock is at 10:00 UTC on a day below the 29th: same day, same time).
    const now = t.clock.now();
    const sixMonthsOn = new Date(now);
    sixMonthsOn.setUTCMonth(now.getUTCMonth() + 6);
    expect(now.getUTCDate()).toBeLessThan(29);
    expect(excluded.json().restriction).toEqual({ kind: 'self-exclusion', until: sixMonthsOn.toISOString() });

    const other = await signUpAndLogin(t);
    await call('POST', '/api/users/me/time-out', other.token, { days: 1 });
    expect((await deposit(other.token, 1_000)).statusCode).toBe(422);
    t.clock.advance(24 * HOUR);
    expect((await call('GET', '/api/users/me', other.token)).json().user.restriction).toBeNull();
    expect((await deposit(other.token, 1_000)).statusCode).toBe(201);
    // The self-exclusion is still on.
    expect((await deposit(user.token, 1_000)).json().code).toBe('RESTRICTED');
  });

  it('a self-exclusion outlives closing the account: the same e-mail signs up again excluded until the same end', async () => {
    const user = await signUpAndLogin(t);
    const excluded = await call('POST', '/api/users/me/self-exclusion', user.token, {
      months: 12,
      password: user.password,
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const closed = await call('POST', '/api/users/me/delete', user.token, { password: user.password });
    expect(closed.statusCode, closed.body).toBe(200);
    t.clock.advance(61_000); // the sign-up code's cooldown for the address
    const again = await signUpAndLogin(t, user.email, user.password);
    expect(again.userId).not.toBe(user.userId);
    const me = await call('GET', '/api/users/me', again.token);
    expect(me.json().user.restriction).toEqual(excluded.json().restriction);
    expect((await deposit(again.token, 1_000)).json().code).toBe('RESTRICTED');
    // A time-out is not carried: it was a pause, not an exclusion.
    const resting = await signUpAndLogin(t);
    await call('POST', '/api/users/me/time-out', resting.token, { days: 30 });
    expect(
      (await call('POST', '/api/users/me/delete', resting.token, { password: resting.password })).statusCode,
    ).toBe(200);
    t.clock.advance(61_000);
    const back = await signUpAndLogin(t, resting.email, resting.password);
    expect((await call('GET', '/api/users/me', back.token)).json().user.restriction).toBeNull();
  });

  it('no broadcast or plan tip reaches a restricted user on any channel; their own money messages still do', async () => {
    const resting = await signUpAndLogin(t);
    const active = await signUpAndLogin(t);
    const planId = await content.plan({ price: 0 });
    for (const user of [resting, active]) {
      const subscribed = await call('POST', '/api/rollover-subscribe', user.token, {
        planId,
        walletType: 'main',
      });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
    }
    await call('POST', '/api/users/me/time-out', resting.token, { days: 7 });
    const restingLive = await listenLive(baseUrl, resting.token);
    const activeLive = await listenLive(baseUrl, active.token);
    try {
      const sent = await call('POST', '/api/admin/notifications', admin.token, {
        title: 'Weekend boost',
        message: 'Double odds on Saturday.',
        type: 'info',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const { home, away } = teams('resting-tip');
      await content.rolloverTip(planId, [{ teamA: home, teamB: away, inHours: 5, prediction: '1' }]);
      await expect
        .poll(() => activeLive.heard.filter(([event]) => event === 'notification').length, {
          timeout: 10_000,
        })
        .toBe(2);
      const titles = async (token: string) => {
        const response = await call('GET', '/api/notifications/history?page=1&limit=50', token);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json().notifications as { title: string }[]).map((item) => item.title);
      };
      expect(await titles(active.token)).toEqual(
        expect.arrayContaining(['Weekend boost', expect.stringMatching(/^New tip for/)]),
      );
      const restingTitles = await titles(resting.token);
      expect(restingTitles).not.toContain('Weekend boost');
      expect(restingTitles.some((title) => title.startsWith('New tip for'))).toBe(false);
      expect((await call('GET', '/api/notifications/broadcast', resting.token)).json().notifications).toEqual(
        [],
      );
      // Sockets: the restricted one heard neither.
      expect(restingLive.heard.filter(([event]) => event === 'notification')).toEqual([]);
      // E-mail (and Telegram, which relays the same rows): nothing was written for them.
      await t.app.services.notifications.deliverPending();
      await expect
        .poll(() => t.smtp.notificationsTo(active.email).some((mail) => mail.subject.includes('New tip')), {
          timeout: 10_000,
        })
        .toBe(true);
      expect(
        t.smtp.notificationsTo(resting.email).filter((mail) => /New tip|Weekend/.test(mail.subject)),
      ).toEqual([]);
      // The plan keeps running for them: its tips stay readable on My Rollover.
      const mine = await call('GET', '/api/rollover/my-subscriptions', resting.token);
      expect(mine.statusCode).toBe(200);
      expect(JSON.stringify(mine.json())).toContain(planId);

      // Once the break is over, broadcasts reach the same open socket again, with no reconnect.
      t.clock.advance(7 * 24 * 3_600_000 + 1_000);
      const later = await call('POST', '/api/admin/notifications', admin.token, {
        title: 'Back in play',
        message: 'New codes are up for the weekend.',
        type: 'info',
      });
      expect(later.statusCode, later.body).toBe(201);
      await expect
        .poll(() => restingLive.heard.filter(([event]) => event === 'notification').length, {
          timeout: 10_000,
        })
        .toBe(1);
      expect(JSON.stringify(restingLive.heard)).toContain('Back in play');
    } finally {
      restingLive.socket.close();
      activeLive.socket.close();
    }
  });
});
