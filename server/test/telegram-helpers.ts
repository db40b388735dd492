import { expect } from 'vitest';
import type { FakeTelegram, TelegramUserShape } from './fake-telegram.ts';
import { bearer, type TestApp } from './test-app.ts';

/** A bot token in @BotFather's shape, for the fake only. */
export const TEST_BOT_TOKEN = '123456789:TEST-token_abcdefghijklmnopqrstuvwxyz';
export const TEST_BOT_USERNAME = 'CashTipsTestBot';
export const TEST_CHANNEL = '@CashTipsTestChannel';
/** https, so messages carry their buttons (Telegram refuses http://localhost button URLs). */
export const TEST_PUBLIC_URL = 'https://cashtips.example';

/** The environment of an app whose bot talks to `fake`. */
export function telegramEnv(fake: FakeTelegram, extra: Record<string, string> = {}): Record<string, string> {
  return {
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME,
    TELEGRAM_CHANNEL_ID: TEST_CHANNEL,
    TELEGRAM_API_ROOT: fake.url,
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...extra,
  };
}

export async function generateLinkCode(t: TestApp, token: string, telegramIdentifier: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/telegram/generate-link-code',
    headers: bearer(token),
    payload: { telegramIdentifier },
  });
}

export async function linkCodeFor(t: TestApp, token: string, telegramIdentifier: string): Promise<string> {
  const response = await generateLinkCode(t, token, telegramIdentifier);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().linkCode as string;
}

/** The bot's next answer to `from` after they say `text`. */
export async function ask(fake: FakeTelegram, from: TelegramUserShape, text: string) {
  const before = fake.messagesTo(from.id).length;
  fake.userSays(from, text);
  return fake.nextMessageTo(from.id, before);
}

/** Generates a code for the user and sends it to the bot from `from`, as the deep link does. */
export async function linkTelegram(
  t: TestApp,
  fake: FakeTelegram,
  token: string,
  from: TelegramUserShape,
  identifier = from.username ? `@${from.username}` : '+2348031234567',
) {
  const code = await linkCodeFor(t, token, identifier);
  const reply = await ask(fake, from, `/start ${code}`);
  expect(reply.text).toContain('Linked');
  return code;
}

export async function me(t: TestApp, token: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user as {
    telegramId: string | null;
    telegramUsername: string | null;
    telegramNotifications: boolean;
  };
}

/** Polls `probe` until `done` holds or `ms` pass; answers the last value. */
export async function eventually<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
