import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fake-telegram.ts';
import {
  eventually,
  linkTelegram,
  me,
  TEST_BOT_TOKEN,
  TEST_BOT_USERNAME,
  TEST_CHANNEL,
  TEST_PUBLIC_URL,
  telegramEnv,
} from '../../../test/telegram-helpers.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

/*
 * What the bot sends on its own, through durable `telegram.send` jobs: personal notifications of
 * linked users with alerts on (PRODUCT 7, 8), and new free tips to the channel; paced, retried
 * after a 429's retry_after, stopped for a user who blocked the bot.
 */
let fake: FakeTelegram;
let t: TestApp;
let admin: { token: string; userId: string };
let nextTelegramId = 8000;
const MAX_PER_SECOND = 10;

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await buildTestApp({
    ...adminEnv,
    ...telegramEnv(fake, { TELEGRAM_MAX_PER_SECOND: String(MAX_PER_SECOND) }),
  });
  admin = await loginAdmin(t);
  await eventually(
    () => fake.polling,
    (polling) => polling,
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function linkedUser(label: string) {
  const user = await signUpAndLogin(t);
  const telegram = { id: nextTelegramId++, username: `${label}_${nextTelegramId}`, first_name: label };
  await linkTelegram(t, fake, user.token, telegram);
  return { ...user, chatId: String(telegram.id) };
}

async function notify(userId: string, title: string, link: string | null = '/wallet') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/notifications',
    headers: bearer(admin.token),
    payload: {
      title,
      message: 'Your <deposit> of ₦1,500 & more landed.',
      type: 'success',
      userId,
      ...(link ? { link } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('personal notifications as Telegram messages', () => {
  it('a personal notification reaches the linked user’s chat: title, message, a button to its page', async () => {
    const user = await linkedUser('relay');
    await notify(user.userId, 'Deposit confirmed');
    const message = await fake.waitForMessage(
      (sent) => sent.chatId === user.chatId && sent.text.includes('Deposit confirmed'),
    );
    expect(message.text).toBe('<b>Deposit confirmed</b>\nYour &lt;deposit&gt; of ₦1,500 &amp; more landed.');
    expect(message.parseMode).toBe('HTML');
    expect(message.buttons).toEqual([{ text: 'Open in CashTips', url: `${TEST_PUBLIC_URL}/wallet` }]);
  });

  it('with alerts off nothing is sent; unlinked users get nothing either', async () => {
    const quiet = await linkedUser('quiet');
    const marker = await linkedUser('marker');
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/telegram/preferences',
      headers: bearer(quiet.token),
      payload: { telegramNotifications: false },
    });
    expect(off.statusCode).toBe(200);
    const before = fake.messagesTo(quiet.chatId).length;
    await notify(quiet.userId, 'Quiet please');
    // Sent after it, through the same ordered queue: once this arrives, the first had its chance.
    await notify(marker.userId, 'Marker after quiet');
    await fake.waitForMessage(
      (sent) => sent.chatId === marker.chatId && sent.text.includes('Marker after quiet'),
    );
    expect(fake.messagesTo(quiet.chatId)).toHaveLength(before);
  });

  it('a chat that answers 403 (bot blocked) turns the user’s alerts off, and nothing more is tried', async () => {
    const blocker = await linkedUser('blocker');
    const marker = await linkedUser('marker2');
    fake.block(blocker.chatId);
    await notify(blocker.userId, 'Into the void');
    const refused = await eventually(
      () => fake.refusedSends.filter((refusal) => refusal.chatId === blocker.chatId),
      (list) => list.length > 0,
    );
    expect(refused).toEqual([expect.objectContaining({ errorCode: 403 })]);
    expect(
      (
        await eventually(
          () => me(t, blocker.token),
          (user) => !user.telegramNotifications,
        )
      ).telegramNotifications,
    ).toBe(false);
    await notify(blocker.userId, 'Still blocked');
    await notify(marker.userId, 'Marker after blocked');
    await fake.waitForMessage(
      (sent) => sent.chatId === marker.chatId && sent.text.includes('Marker after blocked'),
    );
    expect(fake.refusedSends.filter((refusal) => refusal.chatId === blocker.chatId)).toHaveLength(1);
  });

  it('a 429 is retried after its retry_after, and the message arrives once', async () => {
    const busy = await linkedUser('busy');
    fake.rateLimit(busy.chatId, 1, 1);
    await notify(busy.userId, 'Worth the wait');
    const message = await fake.waitForMessage(
      (sent) => sent.chatId === busy.chatId && sent.text.includes('Worth the wait'),
      15_000,
    );
    const refusal = fake.refusedSends.find((item) => item.chatId === busy.chatId);
    expect(refusal?.errorCode).toBe(429);
    expect(message.at - (refusal?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.messagesTo(busy.chatId).filter((sent) => sent.text.includes('Worth the wait'))).toHaveLength(
      1,
    );
  });

  it(`sends at most TELEGRAM_MAX_PER_SECOND (${MAX_PER_SECOND}) messages a second, each once`, async () => {
    const user = await linkedUser('many');
    const titles = Array.from({ length: 8 }, (_, index) => `Paced ${index}`);
    for (const title of titles) await notify(user.userId, title, null);
    await eventually(
      () => fake.messagesTo(user.chatId).filter((sent) => sent.text.includes('Paced')).length,
      (count) => count >= titles.length,
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const paced = fake.messagesTo(user.chatId).filter((sent) => sent.text.includes('Paced'));
    expect(paced.map((sent) => /Paced \d/.exec(sent.text)?.[0]).sort()).toEqual(titles);
    // Every send in the whole fake, not only this chat's: the rate is the bot's.
    // Over the whole run rather than gap by gap: on a busy machine one arrival can be late and the
    // next on time, but n sends paced at the limit cannot arrive faster than (n - 1) intervals.
    const times = fake.sent.map((sent) => sent.at).filter((at) => at >= (paced[0]?.at ?? 0));
    const span = (times.at(-1) as number) - (times[0] as number);
    expect(span).toBeGreaterThanOrEqual((times.length - 1) * (1000 / MAX_PER_SECOND) - 30);
    expect(paced[0]?.buttons).toEqual([]);
  });
});

describe('the channel', () => {
  it('a free tip an admin publishes is posted to TELEGRAM_CHANNEL_ID with its pick', async () => {
    const names = teams('Channel & Co');
    await contentFor(t, admin.token).freeTip({
      teamA: names.home,
      teamB: names.away,
      prediction: 'Both teams to score',
      inHours: 5,
      league: 'Serie A',
    });
    const post = await fake.waitForMessage(
      (sent) => sent.chatId === TEST_CHANNEL && sent.text.includes(names.away.replace('&', '&amp;')),
    );
    expect(post.text).toContain('Free tip');
    expect(post.text).toContain('Both teams to score');
    expect(post.text).toContain('Serie A');
    expect(post.buttons).toEqual([{ text: 'Today’s free tips', url: `${TEST_PUBLIC_URL}/free` }]);
  });
});
