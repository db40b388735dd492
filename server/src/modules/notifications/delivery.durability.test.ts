import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePushService, startFakePushService } from '../../../test/fake-push.ts';
import {
  adminEnv,
  bearer,
  buildSecondProcess,
  buildTestApp,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
  usingPostgres,
} from '../../../test/test-app.ts';

/*
 * Delivery is an outbox in PostgreSQL: an undelivered batch, written with the notification, outlives
 * the process that made it and is delivered once by whichever of several processes claims it. Real
 * processes would be slower to set up; separate app instances with their own pools are what matters.
 */
describe.runIf(usingPostgres())('durable delivery with several processes', () => {
  let owner: TestApp;
  let push: FakePushService;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    push = await startFakePushService();
    // Owns the test database; runs no jobs.
    owner = await buildTestApp(adminEnv, { runJobs: false });
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await owner?.close();
    await push?.close();
  });

  it('a notification recorded by a process that then stops is pushed once, by one of two other processes', async () => {
    const admin = await loginAdmin(owner);
    const user = await signUpAndLogin(owner);
    const browser = push.browser();
    const subscribed = await owner.app.inject({
      method: 'POST',
      url: '/api/notifications/push/subscribe',
      headers: bearer(user.token),
      payload: { subscription: browser.subscription },
    });
    expect(subscribed.statusCode).toBe(200);

    // A process that records 12 notifications and stops before delivering any.
    const sender = await buildSecondProcess(owner, { runJobs: false });
    for (let index = 0; index < 12; index++) {
      const sent = await sender.app.inject({
        method: 'POST',
        url: '/api/admin/notifications',
        headers: bearer(admin.token),
        payload: { title: `Durable ${index}`, message: 'Delivered once.', type: 'info', userId: user.userId },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await sender.close();
    expect(push.received).toHaveLength(0);

    // Two processes start and share the work.
    for (let index = 0; index < 2; index++) {
      const worker = await buildSecondProcess(owner, { pushAgent: push.agent });
      closers.push(worker.close);
    }
    const deadline = Date.now() + 20_000;
    while (push.received.length < 12 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Give a second, duplicate delivery time to show itself.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const titles = push.received.map((item) => item.payload.title).sort();
    expect(titles).toEqual(Array.from({ length: 12 }, (_, index) => `Durable ${index}`).sort());
    expect(push.refused).toEqual([]);
  });
});
