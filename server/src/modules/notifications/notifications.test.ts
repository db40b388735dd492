import type { AddressInfo } from 'node:net';
import { notificationMessages } from '@cashtips/contract/notifications';
import type { ServerToClientEvents } from '@cashtips/contract/realtime';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import { type FakePushService, startFakePushService } from '../../../test/fake-push.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

let t: TestApp;
let admin: { token: string; userId: string };
let push: FakePushService;
let baseUrl: string;
const sockets: Socket<ServerToClientEvents>[] = [];

beforeAll(async () => {
  push = await startFakePushService();
  t = await buildTestApp(adminEnv, { pushAgent: push.agent });
  admin = await loginAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
  await push?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function adminSend(payload: object) {
  const response = await call('POST', '/api/admin/notifications', admin.token, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().notification as { _id: string; recipients: number };
}

interface Item {
  _id: string;
  title: string;
  message: string;
  read: boolean;
  readBy: { userId: string; readAt: string }[];
  broadcast: boolean;
  link: string | null;
}

const broadcasts = async (token?: string) =>
  (await call('GET', '/api/notifications/broadcast', token)).json().notifications as Item[];
const personal = async (token: string) =>
  (await call('GET', '/api/notifications', token)).json().notifications as Item[];

/** Waits for what a job does (the queue polls every second; a process wakes its own workers at once). */
async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('reading, marking and deleting', () => {
  it('a broadcast is public; each reader has their own read state, and readBy never shows other readers', async () => {
    const title = `Weekend fixtures ${Date.now()}`;
    const sent = await adminSend({
      title,
      message: 'Big matches this weekend.',
      type: 'info',
      link: '/free',
    });
    const ada = await signUpAndLogin(t);
    const bola = await signUpAndLogin(t);
    const visitorView = (await broadcasts()).find((item) => item.title === title);
    expect(visitorView).toMatchObject({
      _id: sent._id,
      read: false,
      readBy: [],
      broadcast: true,
      link: '/free',
    });

    const marked = await call('PATCH', `/api/notifications/${sent._id}/read`, ada.token);
    expect(marked.statusCode).toBe(403);
    const retried = await call('PATCH', `/api/notifications/broadcast/${sent._id}/read`, ada.token);
    expect(retried.statusCode).toBe(200);
    const adaView = (await broadcasts(ada.token)).find((item) => item._id === sent._id);
    expect(adaView?.read).toBe(true);
    expect(adaView?.readBy).toEqual([{ userId: ada.userId, readAt: expect.any(String) }]);
    const bolaView = (await broadcasts(bola.token)).find((item) => item._id === sent._id);
    expect(bolaView).toMatchObject({ read: false, readBy: [] });
    expect((await broadcasts()).find((item) => item._id === sent._id)?.readBy).toEqual([]);
  });

  it('a personal notification is its user’s alone: others get 404 on it', async () => {
    const ada = await signUpAndLogin(t);
    const bola = await signUpAndLogin(t);
    await adminSend({
      title: 'Your account',
      message: 'A note for Ada only.',
      type: 'warning',
      userId: ada.userId,
    });
    const mine = await personal(ada.token);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: 'Your account', broadcast: false, read: false });
    expect(await personal(bola.token)).toEqual([]);
    const id = mine[0]?._id as string;
    expect((await call('PATCH', `/api/notifications/${id}/read`, bola.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/${id}`, bola.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/notifications/broadcast/${id}/read`, ada.token)).statusCode).toBe(404);
    const read = await call('PATCH', `/api/notifications/${id}/read`, ada.token);
    expect(read.json().notification).toMatchObject({ read: true, readBy: [{ userId: ada.userId }] });
    expect((await call('DELETE', `/api/notifications/${id}`, ada.token)).statusCode).toBe(200);
    expect(await personal(ada.token)).toEqual([]);
  });

  it('deleting a broadcast hides it for that user only; read-all reads everything; visitors cannot mark', async () => {
    const sent = await adminSend({ title: `Hide me ${Date.now()}`, message: 'A broadcast.', type: 'info' });
    const ada = await signUpAndLogin(t);
    const bola = await signUpAndLogin(t);
    expect((await call('DELETE', `/api/notifications/${sent._id}`, ada.token)).statusCode).toBe(200);
    expect((await broadcasts(ada.token)).some((item) => item._id === sent._id)).toBe(false);
    expect((await broadcasts(bola.token)).some((item) => item._id === sent._id)).toBe(true);
    expect((await broadcasts()).some((item) => item._id === sent._id)).toBe(true);

    await adminSend({ title: 'For Bola', message: 'Personal.', type: 'info', userId: bola.userId });
    expect((await call('PATCH', '/api/notifications/read-all', bola.token)).statusCode).toBe(200);
    expect((await broadcasts(bola.token)).every((item) => item.read)).toBe(true);
    expect((await personal(bola.token)).every((item) => item.read)).toBe(true);
    const history = (await call('GET', '/api/notifications/history?limit=5', bola.token)).json();
    expect(history.unread).toBe(0);
    expect(history.notifications.length).toBeGreaterThan(1);

    expect((await call('PATCH', '/api/notifications/read-all')).statusCode).toBe(401);
    expect((await call('PATCH', `/api/notifications/broadcast/${sent._id}/read`)).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/notifications/not-an-id', ada.token)).statusCode).toBe(404);
  });
});

describe('admin sending', () => {
  it('to a plan reaches its running subscribers only; lists, withdraws, audits; refuses bad input and non-admins', async () => {
    const content = contentFor(t, admin.token);
    const planId = await content.plan({ price: 500 });
    const subscriber = await signUpAndLogin(t);
    await devDeposit(t, subscriber.token, 500);
    await call('POST', '/api/rollover-subscribe', subscriber.token, { planId, walletType: 'main' });
    const outsider = await signUpAndLogin(t);
    const sent = await adminSend({ title: 'Plan news', message: 'Two tips tomorrow.', type: 'info', planId });
    expect(sent.recipients).toBe(1);
    expect((await personal(subscriber.token)).map((item) => item.title)).toContain('Plan news');
    expect((await personal(outsider.token)).map((item) => item.title)).not.toContain('Plan news');

    const list = (await call('GET', '/api/admin/notifications', admin.token)).json();
    expect(list.notifications[0]).toMatchObject({ _id: sent._id, audience: 'plan', recipients: 1 });
    expect((await call('DELETE', `/api/admin/notifications/${sent._id}`, admin.token)).statusCode).toBe(200);
    expect((await personal(subscriber.token)).map((item) => item.title)).not.toContain('Plan news');
    const audit = (await call('GET', '/api/admin/audit-log?limit=5', admin.token)).json().entries;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['notification.send', 'notification.delete']),
    );

    for (const payload of [
      { title: '', message: 'x', type: 'info' },
      { title: 'Hi', message: 'There', type: 'loud' },
      { title: 'Hi', message: 'There', link: 'https://evil.example' },
      { title: 'Hi', message: 'There', userId: outsider.userId, planId },
      { title: 'Hi', message: 'There', extra: true },
    ]) {
      expect((await call('POST', '/api/admin/notifications', admin.token, payload)).statusCode).toBe(400);
    }
    expect(
      (
        await call('POST', '/api/admin/notifications', admin.token, {
          title: 'Hi',
          message: 'There',
          userId: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/notifications', outsider.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/notifications', undefined, { title: 'x', message: 'y' })).statusCode,
    ).toBe(401);
  });
});

describe('notifications the product makes', () => {
  it('deposit, purchase, subscription, a new tip and its result reach their user, and never carry a code', async () => {
    const content = contentFor(t, admin.token);
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 5000);
    const fixture = teams('Notify');
    const game = { teamA: fixture.home, teamB: fixture.away, prediction: 'Home win', inHours: 2 };
    const codeId = await content.code([game], { bookingCode: 'SECRETCODE99' });
    await call('POST', `/api/booking-codes/purchase/${codeId}`, user.token, { walletType: 'main' });
    const planId = await content.plan({ price: 500, name: `Notify plan ${Date.now()}` });
    await call('POST', '/api/rollover-subscribe', user.token, { planId, walletType: 'main' });
    const stranger = await signUpAndLogin(t);
    await content.rolloverTip(planId, [{ ...game, prediction: 'Home win' }], { bookingCode: 'ROLLSECRET77' });
    t.clock.advance(3 * 3600_000);
    await content.recordResult(await content.matchOf(fixture.home), { homeGoals: 1, awayGoals: 0 });

    const titles = await eventually(
      async () => (await personal(user.token)).map((item) => item.title),
      (list) => list.length >= 6,
    );
    expect(titles).toEqual(
      expect.arrayContaining([
        'Deposit confirmed',
        'Booking code unlocked',
        expect.stringMatching(/^Subscribed to Notify plan/),
        expect.stringMatching(/^New tip for Notify plan/),
        'Booking code won',
        'Rollover tip won',
      ]),
    );
    const everything = JSON.stringify(await personal(user.token));
    expect(everything).not.toContain('SECRETCODE99');
    expect(everything).not.toContain('ROLLSECRET77');
    expect((await personal(stranger.token)).map((item) => item.title)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^New tip/)]),
    );
  });

  it('a referral bonus tells the referrer', async () => {
    const referrer = await signUpAndLogin(t);
    const friend = await signUpAndLogin(t, undefined, undefined, { referralCode: referrer.referralCode });
    await devDeposit(t, friend.token, 10_000);
    const titles = await eventually(
      async () => (await personal(referrer.token)).map((item) => item.title),
      (list) => list.length > 0,
    );
    expect(titles).toContain('Referral bonus earned');
  });

  it('the morning reminder tells a subscriber whose plan ends tomorrow, once however often it runs', async () => {
    const content = contentFor(t, admin.token);
    const planId = await content.plan({ price: 0, duration: 2, name: `Short plan ${Date.now()}` });
    const user = await signUpAndLogin(t);
    await call('POST', '/api/rollover-subscribe', user.token, { planId, walletType: 'main' });
    const reminders = t.app.services.notifications;
    expect(await reminders.remindEndingSubscriptions()).toBeGreaterThanOrEqual(1);
    expect(await reminders.remindEndingSubscriptions()).toBe(0);
    const mine = (await personal(user.token)).filter((item) => item.title === 'Your plan ends tomorrow');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.message).toMatch(/^Short plan .* ends tomorrow at midnight/);
    // The next morning it ends today, not tomorrow: no second reminder.
    t.clock.advance(24 * 3600_000);
    await reminders.remindEndingSubscriptions();
    expect(
      (await personal(user.token)).filter((item) => item.title === 'Your plan ends tomorrow'),
    ).toHaveLength(1);
  });

  it('counts days in Lagos: at 23:30 UTC (already tomorrow in Lagos) a 2-day plan bought now ends tomorrow', async () => {
    // To the next 23:30 UTC: 00:30 in Lagos, a day ahead of the UTC date.
    const now = t.clock.now();
    const target = new Date(now);
    target.setUTCHours(23, 30, 0, 0);
    if (target <= now) target.setUTCDate(target.getUTCDate() + 1);
    t.clock.advance(target.getTime() - now.getTime());
    const content = contentFor(t, admin.token);
    const planId = await content.plan({ price: 0, duration: 2, name: `Late plan ${Date.now()}` });
    const user = await signUpAndLogin(t);
    await call('POST', '/api/rollover-subscribe', user.token, { planId, walletType: 'main' });
    // Day 1 is today in Lagos, day 2 tomorrow: the reminder is due now, on the Lagos day.
    await t.app.services.notifications.remindEndingSubscriptions();
    const mine = (await personal(user.token)).filter((item) => item.title === 'Your plan ends tomorrow');
    expect(mine).toHaveLength(1);
  });
});

describe('live delivery', () => {
  function connect(token?: string) {
    const socket: Socket<ServerToClientEvents> = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
    });
    sockets.push(socket);
    return new Promise<Socket<ServerToClientEvents>>((resolve, reject) => {
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  }
  const collect = (socket: Socket<ServerToClientEvents>) => {
    const got: { title: string }[] = [];
    socket.on('notification', (event) => got.push(event));
    return got;
  };

  it('a personal notification reaches its user’s sockets only; a broadcast reaches everyone', async () => {
    const ada = await signUpAndLogin(t);
    const bola = await signUpAndLogin(t);
    const [adaSocket, bolaSocket, visitorSocket] = await Promise.all([
      connect(ada.token),
      connect(bola.token),
      connect(),
    ]);
    const [toAda, toBola, toVisitor] = [collect(adaSocket), collect(bolaSocket), collect(visitorSocket)];
    await adminSend({ title: 'Only Ada', message: 'Hi Ada.', type: 'info', userId: ada.userId });
    await adminSend({ title: 'Everyone', message: 'Hi all.', type: 'info' });
    await eventually(
      async () => toBola.length,
      (length) => length >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toAda.map((event) => event.title)).toEqual(['Only Ada', 'Everyone']);
    expect(toBola.map((event) => event.title)).toEqual(['Everyone']);
    expect(toVisitor.map((event) => event.title)).toEqual(['Everyone']);
  });
});

describe('web push', () => {
  async function subscribe(token: string, browser = push.browser()) {
    const response = await call('POST', '/api/notifications/push/subscribe', token, {
      subscription: browser.subscription,
      userId: 'someone-else',
    });
    expect(response.statusCode, response.body).toBe(200);
    return browser;
  }

  it('keeps the caller’s own https subscriptions, tells their status and removes them', async () => {
    const ada = await signUpAndLogin(t);
    const { publicKey } = (await call('GET', '/api/notifications/push/vapid-public-key')).json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const browser = await subscribe(ada.token);
    const endpoint = encodeURIComponent(browser.subscription.endpoint);
    expect(
      (await call('GET', `/api/notifications/push/status?endpoint=${endpoint}`, ada.token)).json(),
    ).toEqual({
      success: true,
      isSubscribed: true,
    });
    const bola = await signUpAndLogin(t);
    expect(
      (await call('GET', `/api/notifications/push/status?endpoint=${endpoint}`, bola.token)).json()
        .isSubscribed,
    ).toBe(false);
    const insecure = await call('POST', '/api/notifications/push/subscribe', ada.token, {
      subscription: { ...browser.subscription, endpoint: 'http://push.example/abc' },
    });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json().errors[0].message).toBe(notificationMessages.pushHttpsOnly);
    expect(
      (
        await call('DELETE', '/api/notifications/push/unsubscribe', ada.token, {
          endpoint: browser.subscription.endpoint,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/notifications/push/status', ada.token)).json().isSubscribed).toBe(false);
  });

  it('pushes a broadcast to every device but those of users on a break (PRODUCT 13)', async () => {
    push.expectVapidKey((await call('GET', '/api/notifications/push/vapid-public-key')).json().publicKey);
    const active = await signUpAndLogin(t);
    const resting = await signUpAndLogin(t);
    const activePhone = await subscribe(active.token);
    const restingPhone = await subscribe(resting.token);
    expect((await call('POST', '/api/users/me/time-out', resting.token, { days: 1 })).statusCode).toBe(200);
    const title = `Matchday special ${Date.now()}`;
    await adminSend({ title, message: 'Big odds tonight.', type: 'info' });
    // Judged once the broadcast's delivery is over, every device's push sent or skipped.
    const done = await eventually(
      async () =>
        (
          (await t.database.db.execute(
            sql`select delivered_at from notification_batches where title = ${title}`,
          )) as unknown as { rows: { delivered_at: unknown }[] }
        ).rows[0]?.delivered_at ?? null,
      (deliveredAt) => deliveredAt !== null,
      15_000,
    );
    expect(done).not.toBeNull();
    const delivered = push.received.filter((item) => item.payload.title === title);
    expect(delivered.map((item) => item.endpointId)).toContain(push.endpointId(activePhone));
    expect(delivered.map((item) => item.endpointId)).not.toContain(push.endpointId(restingPhone));
  });

  it('sends an encrypted, VAPID-signed push under 3 KB without the code; prunes a gone subscription; retries a busy one', async () => {
    push.expectVapidKey((await call('GET', '/api/notifications/push/vapid-public-key')).json().publicKey);
    const ada = await signUpAndLogin(t);
    const phone = await subscribe(ada.token);
    const laptop = await subscribe(ada.token);
    const stale = await subscribe(ada.token);
    push.answer(stale, { status: 410 });
    push.answer(laptop, { status: 429, retryAfter: 1 });
    await adminSend({
      title: 'Code of the day',
      message: 'Open My Codes.',
      type: 'success',
      userId: ada.userId,
      link: '/my-codes',
    });

    const delivered = await eventually(
      async () => push.received.filter((item) => item.payload.title === 'Code of the day'),
      (list) => list.length >= 2,
      15_000,
    );
    expect(delivered.map((item) => item.endpointId).sort()).toEqual(
      [push.endpointId(phone), push.endpointId(laptop)].sort(),
    );
    const first = delivered[0] as (typeof delivered)[number];
    expect(first.payload).toMatchObject({ body: 'Open My Codes.', url: `${t.config.publicUrl}/my-codes` });
    expect(Object.keys(first.payload).sort()).toEqual(['body', 'tag', 'title', 'url']);
    expect(first.headers.ttl).toBe('86400');
    expect(first.vapid.aud).toBe(push.origin);
    expect(push.refused).toEqual([]);
    const left = await t.database.db.execute(
      sql`select endpoint from push_subscriptions where endpoint = ${stale.subscription.endpoint}`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });
});
