import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fake-telegram.ts';
import {
  eventually,
  linkCodeFor,
  me,
  TEST_BOT_TOKEN,
  TEST_BOT_USERNAME,
  TEST_PUBLIC_URL,
  telegramEnv,
} from '../../../test/telegram-helpers.ts';
import { buildTestApp, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';

/* With TELEGRAM_WEBHOOK_SECRET set, Telegram posts updates to us instead of being polled. */
const SECRET = 'webhook-secret_0123456789abcdef';
let fake: FakeTelegram;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await buildTestApp(telegramEnv(fake, { TELEGRAM_WEBHOOK_SECRET: SECRET }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const post = (update: object, secret?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: update,
  });

describe('webhook mode', () => {
  it('registers the webhook with its secret and never polls', async () => {
    const webhook = await eventually(
      () => fake.webhook,
      (value) => value !== undefined,
    );
    expect(webhook).toEqual({ url: `${TEST_PUBLIC_URL}/api/telegram/webhook`, secretToken: SECRET });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.polls).toHaveLength(0);
    expect(t.app.services.telegram?.isPolling()).toBe(false);
  });

  it('an update without the secret header answers 401, a wrong secret 403, and neither is handled', async () => {
    const from = { id: 9101, username: 'hook_hannah' };
    const missing = await post(fake.updateFrom(from, '/help'));
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const wrong = await post(fake.updateFrom(from, '/help'), `${SECRET}x`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const empty = await post(fake.updateFrom(from, '/help'), '');
    expect(empty.statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.messagesTo(from.id)).toHaveLength(0);
  });

  it('an update with the secret is handled: /help is answered, /start <code> links', async () => {
    const from = { id: 9102, username: 'hook_henry' };
    const help = await post(fake.updateFrom(from, '/help'), SECRET);
    expect(help.statusCode, help.body).toBe(200);
    expect(fake.messagesTo(from.id).at(-1)?.text).toContain('/mytips');

    const user = await signUpAndLogin(t);
    const code = await linkCodeFor(t, user.token, '@hook_henry');
    expect((await post(fake.updateFrom(from, `/start ${code}`), SECRET)).statusCode).toBe(200);
    expect(fake.messagesTo(from.id).at(-1)?.text).toContain('Linked');
    expect((await me(t, user.token)).telegramId).toBe(String(from.id));
  });

  it('a body that is no update answers 400', async () => {
    const response = await post({ hello: 'world' }, SECRET);
    expect(response.statusCode).toBe(400);
  });
});
