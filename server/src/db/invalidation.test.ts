import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor } from '../../test/content.ts';
import { codeFrom } from '../../test/fake-smtp.ts';
import {
  adminEnv,
  bearer,
  buildSecondProcess,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
  usingPostgres,
} from '../../test/test-app.ts';
import { EVERY_KEY, localInvalidation, SharedCache } from './invalidation.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The other process hears of a change a few milliseconds after it is committed (NOTIFY is
 * delivered asynchronously), sooner than any client could send its next request over a network,
 * but later than an in-process inject. Within 2 s, far below the 30 s an entry may otherwise live.
 */
async function soon<T>(probe: () => Promise<T>, expected: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const value = await probe();
    if (expected(value) || Date.now() > deadline) return value;
    await sleep(5);
  }
}

describe('a shared cache', () => {
  function counted(values: string[]) {
    let reads = 0;
    return {
      load: async () => values[Math.min(reads++, values.length - 1)] as string,
      reads: () => reads,
    };
  }

  it('serves a remembered value without reading again, until its key is published', async () => {
    const invalidation = localInvalidation();
    const cache = new SharedCache<string>(invalidation, 'user', { maxEntries: 10, ttlMs: 60_000 });
    const source = counted(['first', 'second']);
    expect(await cache.get('u1', source.load)).toBe('first');
    expect(await cache.get('u1', source.load)).toBe('first');
    expect(source.reads()).toBe(1);
    await invalidation.publish('user', ['u1']);
    expect(await cache.get('u1', source.load)).toBe('second');
    expect(source.reads()).toBe(2);
  });

  it('a read under way when its key is published answers its caller but is not remembered', async () => {
    const invalidation = localInvalidation();
    const cache = new SharedCache<string>(invalidation, 'session', { maxEntries: 10, ttlMs: 60_000 });
    let release: (value: string) => void = () => {};
    const slow = cache.get('s1', () => new Promise<string>((resolve) => (release = resolve)));
    await invalidation.publish('session', ['s1']);
    release('read before the change');
    expect(await slow).toBe('read before the change');
    expect(await cache.get('s1', async () => 'read after the change')).toBe('read after the change');
  });

  it('forgets only the published topic and keys', async () => {
    const invalidation = localInvalidation();
    const sessions = new SharedCache<string>(invalidation, 'session', { maxEntries: 10, ttlMs: 60_000 });
    const users = new SharedCache<string>(invalidation, 'user', { maxEntries: 10, ttlMs: 60_000 });
    await sessions.get('k', async () => 'session k');
    await sessions.get('other', async () => 'session other');
    await users.get('k', async () => 'user k');
    await invalidation.publish('session', ['k']);
    expect(await sessions.get('k', async () => 'session k again')).toBe('session k again');
    expect(await sessions.get('other', async () => 'wrong')).toBe('session other');
    expect(await users.get('k', async () => 'wrong')).toBe('user k');
  });

  it('reads again once an entry is older than its time to live', async () => {
    const cache = new SharedCache<string>(localInvalidation(), 'user', { maxEntries: 10, ttlMs: 30 });
    const source = counted(['old', 'new']);
    expect(await cache.get('u', source.load)).toBe('old');
    await sleep(50);
    expect(await cache.get('u', source.load)).toBe('new');
  });

  it("forgets every key of a topic when '*' is published", async () => {
    const invalidation = localInvalidation();
    const cache = new SharedCache<string>(invalidation, 'dashboard', { maxEntries: 10, ttlMs: 60_000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await invalidation.publish('dashboard', [EVERY_KEY]);
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new SharedCache<string>(localInvalidation(), 'user', { maxEntries: 2, ttlMs: 60_000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'wrong')).toBe('c1');
  });
});

/*
 * Two server processes on one PostgreSQL, each remembering sessions and viewers: a change made
 * through one must hold on the other from its very next request.
 */
describe.runIf(usingPostgres())('two processes remembering sessions and subscriptions', () => {
  let a: TestApp;
  let b: { app: FastifyInstance; close: () => Promise<void> };
  let admin: { token: string };

  beforeAll(async () => {
    a = await buildTestApp(adminEnv);
    b = await buildSecondProcess(a);
    admin = await loginAdmin(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) }).then((r) => r.statusCode);

  async function planWithTip() {
    const plan = await a.app.inject({
      method: 'POST',
      url: '/api/admin/rollover-plans',
      headers: bearer(admin.token),
      payload: { name: `Shared plan ${Date.now()}`, price: 500, duration: 3, odds: 2 },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const planId = plan.json().plan._id as string;
    const tip = await a.app.inject({
      method: 'POST',
      url: '/api/admin/rollover-tips',
      headers: bearer(admin.token),
      payload: {
        planId,
        games: [
          {
            teamA: 'Arsenal',
            teamB: 'Chelsea',
            league: 'Premier League',
            kickoff: new Date(a.clock.now().getTime() + 3600_000).toISOString(),
            prediction: 'Home win',
            odds: 2,
          },
        ],
        bookingCode: `SHARED${Date.now()}`,
        note: 'Shared note',
      },
    });
    expect(tip.statusCode, tip.body).toBe(201);
    return { planId, tipId: tip.json().tip._id as string };
  }

  /** The tip as a user gets it from /api/rollover/all (today's list is kept 2 s per process). */
  const tipOn = async (app: FastifyInstance, token: string, tipId: string) => {
    const response = await app.inject({ method: 'GET', url: '/api/rollover/all', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { _id: string; locked: boolean; bookingCode: string | null }[]).find(
      (tip) => tip._id === tipId,
    );
  };

  it('a logout on one process ends the session on the other at once, though it remembered it', async () => {
    const user = await signUpAndLogin(a);
    expect(await me(b.app, user.token)).toBe(200);
    expect(await me(b.app, user.token)).toBe(200);
    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(user.token),
    });
    expect(logout.statusCode).toBe(200);
    expect(await me(a.app, user.token)).toBe(401);
    expect(
      await soon(
        () => me(b.app, user.token),
        (status) => status === 401,
      ),
    ).toBe(401);
  });

  it('a password reset on one process ends every session of the user on the other', async () => {
    const user = await signUpAndLogin(a);
    const second = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const tokens = [user.token, second.json().token as string];
    for (const token of tokens) expect(await me(b.app, token)).toBe(200);
    const mailsBefore = a.smtp.countTo(user.email);
    await a.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const otp = codeFrom(await a.smtp.lastMailTo(user.email, { after: mailsBefore }));
    const reset = await a.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: user.email, otp, newPassword: 'N3w!Password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const token of tokens) {
      expect(
        await soon(
          () => me(b.app, token),
          (status) => status === 401,
        ),
      ).toBe(401);
    }
  });

  it('a subscription on one process unlocks the tip on the other from the next request', async () => {
    const { planId, tipId } = await planWithTip();
    const user = await signUpAndLogin(a);
    await devDeposit(a, user.token, 500);
    expect(await tipOn(b.app, user.token, tipId)).toMatchObject({ locked: true, bookingCode: null });
    const subscribed = await a.app.inject({
      method: 'POST',
      url: '/api/rollover-subscribe',
      headers: bearer(user.token),
      payload: { planId, walletType: 'main' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const tip = await soon(
      () => tipOn(b.app, user.token, tipId),
      (tip) => tip?.locked === false,
    );
    expect(tip?.locked).toBe(false);
    expect(tip?.bookingCode).toMatch(/^SHARED/);
  });

  it('a role given and taken away on one process opens and locks the tips on the other', async () => {
    const { tipId } = await planWithTip();
    const user = await signUpAndLogin(a);
    const setRole = (role: 'admin' | 'user') =>
      a.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.userId}`,
        headers: bearer(admin.token),
        payload: { role },
      });
    expect(await tipOn(b.app, user.token, tipId)).toMatchObject({ locked: true, bookingCode: null });
    expect((await setRole('admin')).statusCode).toBe(200);
    expect(
      await soon(
        () => tipOn(b.app, user.token, tipId),
        (tip) => tip?.locked === false,
      ),
    ).toMatchObject({
      locked: false,
    });
    expect((await setRole('user')).statusCode).toBe(200);
    expect(
      await soon(
        () => tipOn(b.app, user.token, tipId),
        (tip) => tip?.locked === true,
      ),
    ).toMatchObject({ locked: true, bookingCode: null });
  });

  it("a purchase and a settlement on one process move the buyer's dashboard figures on the other", async () => {
    const user = await signUpAndLogin(a);
    await devDeposit(a, user.token, 5000);
    const codeId = await contentFor(a, admin.token).code(
      [{ teamA: 'Everton', teamB: 'Fulham', prediction: 'Home win', inHours: 2 }],
      { price: 300, totalOdds: 2.5 },
    );
    const figures = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/users/dashboard-stats',
        headers: bearer(user.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().performance as { totalPurchases: number; successRate: number | null };
    };
    expect((await figures(b.app)).totalPurchases).toBe(0);
    const bought = await a.app.inject({
      method: 'POST',
      url: `/api/booking-codes/purchase/${codeId}`,
      headers: bearer(user.token),
      payload: { walletType: 'main' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(
      (
        await soon(
          () => figures(b.app),
          (value) => value.totalPurchases === 1,
        )
      ).totalPurchases,
    ).toBe(1);
    const settled = await a.app.inject({
      method: 'POST',
      url: `/api/admin/booking-codes/${codeId}/settle`,
      headers: bearer(admin.token),
      payload: { result: 'won' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(
      (
        await soon(
          () => figures(b.app),
          (value) => value.successRate === 100,
        )
      ).successRate,
    ).toBe(100);
  });

  it('while its notification feed is cut, a process trusts nothing it remembered', async () => {
    const user = await signUpAndLogin(a);
    expect(await me(b.app, user.token)).toBe(200);
    const url = a.database.kind === 'postgres' ? a.database.pool.options.connectionString : undefined;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Cut both processes' LISTEN connections, then end the session behind their backs (no NOTIFY).
      const cut = await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = 'LISTEN cashtips_invalidate'`,
      );
      expect(cut.rowCount).toBe(2);
      await client.query('update sessions set revoked_at = now() where user_id = $1', [user.userId]);
      await sleep(50);
      expect(await me(b.app, user.token)).toBe(401);
      // Once the feed is back, remembering resumes and changes are heard again.
      const other = await signUpAndLogin(a);
      await sleep(500);
      expect(await me(b.app, other.token)).toBe(200);
      await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(other.token) });
      expect(
        await soon(
          () => me(b.app, other.token),
          (status) => status === 401,
        ),
      ).toBe(401);
    } finally {
      await client.end();
    }
  });
});
