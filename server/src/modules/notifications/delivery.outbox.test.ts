import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import { startFakePushService } from '../../../test/fake-push.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

/*
 * The outbox (decision 010): an undelivered batch is delivery's work list. These tests run the
 * delivery rounds by hand (the app's own loop is off), so each claim and outcome can be looked at.
 */

interface BatchState {
  delivered: boolean;
  attempts: number;
  claimedBy: string | null;
  claimedForSeconds: number | null;
  error: string | null;
}

async function batchState(t: TestApp, batchId: string): Promise<BatchState> {
  const { rows } = (await t.database.db.execute(sql`
    select delivered_at is not null as delivered, delivery_attempts as attempts,
      delivery_claimed_by::text as "claimedBy", delivery_error as error,
      extract(epoch from delivery_claimed_until - now())::float8 as "claimedForSeconds"
    from notification_batches where id = ${batchId}::uuid`)) as { rows: BatchState[] };
  const [state] = rows;
  if (!state) throw new Error(`no batch ${batchId}`);
  return state;
}

/** An app whose delivery loop is off, with one user subscribed to push on a push service of its own. */
async function setup() {
  const push = await startFakePushService();
  const t = await buildTestApp(adminEnv, { pushAgent: push.agent, runJobs: false });
  const admin = await loginAdmin(t);
  /** A new user whose browser is subscribed to push. */
  const pushUser = async () => {
    const user = await signUpAndLogin(t);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/push/subscribe',
      headers: bearer(user.token),
      payload: { subscription: push.browser().subscription },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    return user;
  };
  const user = await pushUser();
  const send = async (title: string) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: bearer(admin.token),
      payload: { title, message: 'From the outbox.', type: 'info', userId: user.userId },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return (sent.json() as { notification: { _id: string } }).notification._id;
  };
  const close = async () => {
    await t.close();
    await push.close();
  };
  return { t, admin, push, pushUser, send, close };
}

describe('notification delivery from the outbox', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('leaves a batch another process holds alone until its claim runs out, then delivers it once', async () => {
    const { t, push, send, close } = await setup();
    closers.push(close);
    const { notifications } = t.app.services;
    const { db } = t.database;
    const batchId = await send('Held elsewhere');
    await db.execute(sql`update notification_batches set delivery_claimed_by = gen_random_uuid(),
      delivery_claimed_until = now() + interval '1 hour' where id = ${batchId}::uuid`);

    expect(await notifications.deliverPending()).toBe(0);
    expect(push.received.filter((item) => item.payload.title === 'Held elsewhere')).toHaveLength(0);

    // That process died: its claim runs out.
    await db.execute(sql`update notification_batches set delivery_claimed_until = now() - interval '1 second'
      where id = ${batchId}::uuid`);
    expect(await notifications.deliverPending()).toBe(1);
    expect(await notifications.deliverPending()).toBe(0);
    expect(push.received.filter((item) => item.payload.title === 'Held elsewhere')).toHaveLength(1);
    expect(await batchState(t, batchId)).toMatchObject({ delivered: true, error: null });
  });

  it('delivers many small batches in one round, each once', async () => {
    const { t, push, send, close } = await setup();
    closers.push(close);
    const titles = Array.from({ length: 30 }, (_, index) => `Round ${index}`);
    for (const title of titles) await send(title);
    expect(await t.app.services.notifications.deliverPending()).toBe(30);
    expect(await t.app.services.notifications.deliverPending()).toBe(0);
    const pushed = push.received
      .map((item) => item.payload.title)
      .filter((title) => title.startsWith('Round'));
    expect(pushed.sort()).toEqual([...titles].sort());
  });

  it('tries a failing delivery again after a back-off, gives up after 8 attempts and counts it in the overview', async () => {
    const { t, admin, send, close } = await setup();
    closers.push(close);
    const { notifications } = t.app.services;
    const { db } = t.database;
    notifications.addDeliveryHook(async () => {
      throw new Error('the channel is down');
    });
    const batchId = await send('Never arrives');

    expect(await notifications.deliverPending()).toBe(1);
    const afterFirst = await batchState(t, batchId);
    expect(afterFirst).toMatchObject({ delivered: false, attempts: 1, claimedBy: null });
    // Not before its back-off: the next round leaves it.
    expect(afterFirst.claimedForSeconds).toBeGreaterThan(0);
    expect(await notifications.deliverPending()).toBe(0);

    for (let attempt = 2; attempt <= 8; attempt++) {
      await db.execute(sql`update notification_batches set delivery_claimed_until = now() - interval '1 second'
        where id = ${batchId}::uuid`);
      expect(await notifications.deliverPending()).toBe(1);
    }
    expect(await batchState(t, batchId)).toMatchObject({
      delivered: true,
      attempts: 8,
      error: 'the channel is down',
    });
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: bearer(admin.token),
    });
    expect(overview.statusCode, overview.body).toBe(200);
    expect((overview.json() as { failedDeliveries: number }).failedDeliveries).toBe(1);
  });
});

describe('what the user just did on screen', () => {
  it('a purchase and a subscription are told in the bell and on the page only; a deposit is pushed too', async () => {
    const { t, admin, push, pushUser, close } = await setup();
    try {
      const { notifications } = t.app.services;
      const content = contentFor(t, admin.token);
      const buyer = await pushUser();
      await devDeposit(t, buyer.token, 5_000);
      const clubs = teams('OnScreen');
      const codeId = await content.code([
        { teamA: clubs.home, teamB: clubs.away, prediction: 'Draw', inHours: 3 },
      ]);
      const planId = await content.plan({ price: 500 });
      for (const [url, payload] of [
        [`/api/booking-codes/purchase/${codeId}`, { walletType: 'main' }],
        ['/api/rollover-subscribe', { planId, walletType: 'main' }],
      ] as const) {
        const answer = await t.app.inject({ method: 'POST', url, headers: bearer(buyer.token), payload });
        expect(answer.statusCode, answer.body).toBe(200);
      }
      const bell = await t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: bearer(buyer.token),
      });
      const titles = (bell.json().notifications as { title: string }[]).map((item) => item.title);
      expect(titles).toEqual(
        expect.arrayContaining(['Booking code unlocked', expect.stringMatching(/^Subscribed to/)]),
      );
      while ((await notifications.deliverPending()) > 0);
      const pushed = push.received.map((item) => item.payload.title);
      expect(pushed).toContain('Deposit confirmed');
      expect(pushed).not.toContain('Booking code unlocked');
      expect(pushed.filter((title) => title.startsWith('Subscribed to'))).toEqual([]);
      // Delivered as written: no delivery round ever claims them.
      const { rows } = (await t.database.db.execute(sql`select kind, delivered_at is not null as delivered,
          delivery_attempts as attempts from notification_batches
        where user_id = ${buyer.userId}::uuid and kind in ('code-purchase', 'subscription')`)) as {
        rows: { kind: string; delivered: boolean; attempts: number }[];
      };
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.delivered && row.attempts === 0)).toBe(true);
    } finally {
      await close();
    }
  });
});
