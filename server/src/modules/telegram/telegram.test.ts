import type { AddressInfo } from 'node:net';
import { TELEGRAM_LINK_CODE_PATTERN, telegramMessages } from '@cashtips/contract/telegram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fake-telegram.ts';
import { listenLive } from '../../../test/live-socket.ts';
import {
  ask,
  eventually,
  generateLinkCode,
  linkCodeFor,
  linkTelegram,
  me,
  TEST_BOT_TOKEN,
  TEST_BOT_USERNAME,
  TEST_PUBLIC_URL,
  telegramEnv,
} from '../../../test/telegram-helpers.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

let fake: FakeTelegram;
let t: TestApp;
let admin: { token: string; userId: string };
let nextTelegramId = 7000;
const telegramUser = (username?: string) => ({ id: nextTelegramId++, username, first_name: 'Ada' });

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
  t = await buildTestApp({ ...adminEnv, ...telegramEnv(fake) });
  admin = await loginAdmin(t);
  // The one process polls: getMe, deleteWebhook, then a held getUpdates.
  await eventually(
    () => fake.polling,
    (polling) => polling,
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('link codes (POST /api/auth/telegram/generate-link-code)', () => {
  it('answers a single-use code and the t.me deep link that sends it to the bot', async () => {
    const user = await signUpAndLogin(t);
    const response = await generateLinkCode(t, user.token, '@ada_obi');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: telegramMessages.codeGenerated });
    expect(body.linkCode).toMatch(TELEGRAM_LINK_CODE_PATTERN);
    expect(body.link).toBe(`https://t.me/${TEST_BOT_USERNAME}?start=${body.linkCode}`);
    // Telegram's start parameter: 1-64 of A-Z a-z 0-9 _ -.
    expect(body.linkCode).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(Date.parse(body.expiresAt) - t.clock.now().getTime()).toBe(15 * 60_000);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/telegram/generate-link-code',
      payload: { telegramIdentifier: '@ada_obi' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('an empty, blank or missing identifier answers 400 with the spec’s sentence on the field', async () => {
    const user = await signUpAndLogin(t);
    for (const payload of [{ telegramIdentifier: '' }, { telegramIdentifier: '   ' }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/telegram/generate-link-code',
        headers: bearer(user.token),
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Please enter your Telegram username or phone number',
        errors: [
          { field: 'telegramIdentifier', message: 'Please enter your Telegram username or phone number' },
        ],
      });
    }
    const odd = await generateLinkCode(t, user.token, 'not a username!');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe(telegramMessages.identifierInvalid);
  });

  it('at most 5 codes per 15 minutes per account: the 6th answers 429 with Retry-After', async () => {
    const user = await signUpAndLogin(t);
    for (let index = 0; index < 5; index++) {
      const response = await generateLinkCode(t, user.token, '+234 803 123 4567');
      expect(response.statusCode, response.body).toBe(200);
    }
    const limited = await generateLinkCode(t, user.token, '+234 803 123 4567');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    const other = await signUpAndLogin(t);
    expect((await generateLinkCode(t, other.token, '@someone_else')).statusCode).toBe(200);
  });
});

describe('linking from the bot', () => {
  it('/start <code> links the sender; the user object shows telegramId and telegramUsername', async () => {
    const user = await signUpAndLogin(t);
    const ada = telegramUser('Ada_Obi');
    const code = await linkCodeFor(t, user.token, '@ada_obi');
    const reply = await ask(fake, ada, `/start ${code}`);
    expect(reply.text).toContain('Linked');
    expect(reply.parseMode).toBe('HTML');
    expect(reply.buttons).toEqual([{ text: 'Open CashTips', url: `${TEST_PUBLIC_URL}/dashboard` }]);
    expect(await me(t, user.token)).toMatchObject({
      telegramId: String(ada.id),
      telegramUsername: 'Ada_Obi',
      telegramNotifications: true,
    });

    // Single use: the same code again, from anyone, is refused.
    expect((await ask(fake, ada, `/start ${code}`)).text).toContain('already been used');
    expect((await ask(fake, telegramUser('other_person'), `/link ${code}`)).text).toContain(
      'already been used',
    );
  });

  it('an unknown code and an expired one get clear answers and link nothing', async () => {
    const user = await signUpAndLogin(t);
    const sender = telegramUser('late_larry');
    expect((await ask(fake, sender, '/start ABCDEFGHJKLM')).text).toContain('not valid');
    const code = await linkCodeFor(t, user.token, '@late_larry');
    t.clock.advance(15 * 60_000 + 1000);
    const reply = await ask(fake, sender, `/start ${code}`);
    expect(reply.text).toContain('expired');
    expect(reply.buttons).toEqual([
      { text: 'Get a new code', url: `${TEST_PUBLIC_URL}/profile?link-telegram=true` },
    ]);
    expect((await me(t, user.token)).telegramId).toBeNull();
  });

  it('a code made for another @username is refused, and still works from that account', async () => {
    const user = await signUpAndLogin(t);
    const code = await linkCodeFor(t, user.token, '@right_person');
    const wrong = telegramUser('wrong_person');
    expect((await ask(fake, wrong, `/start ${code}`)).text).toContain('made for another Telegram username');
    expect((await ask(fake, telegramUser(), `/start ${code}`)).text).toContain(
      'made for another Telegram username',
    );
    expect((await me(t, user.token)).telegramId).toBeNull();
    const right = telegramUser('RIGHT_person');
    expect((await ask(fake, right, `/link ${code}`)).text).toContain('Linked');
    expect((await me(t, user.token)).telegramId).toBe(String(right.id));
  });

  it('a newer code voids the older one', async () => {
    const user = await signUpAndLogin(t);
    const older = await linkCodeFor(t, user.token, '@twice_tunde');
    const newer = await linkCodeFor(t, user.token, '@twice_tunde');
    const sender = telegramUser('twice_tunde');
    expect((await ask(fake, sender, `/start ${older}`)).text).toContain('newer link code replaced');
    expect((await ask(fake, sender, `/start ${newer}`)).text).toContain('Linked');
  });

  it('a phone number code links any sender; a code pasted alone links too', async () => {
    const user = await signUpAndLogin(t);
    const code = await linkCodeFor(t, user.token, '+234 803 123 4567');
    const sender = telegramUser();
    expect((await ask(fake, sender, code.toLowerCase())).text).toContain('Linked');
    expect(await me(t, user.token)).toMatchObject({ telegramId: String(sender.id), telegramUsername: null });
  });

  it('a Telegram account linked to another user is refused clearly', async () => {
    const first = await signUpAndLogin(t);
    const second = await signUpAndLogin(t);
    const shared = telegramUser('shared_sam');
    await linkTelegram(t, fake, first.token, shared);
    const code = await linkCodeFor(t, second.token, '@shared_sam');
    expect((await ask(fake, shared, `/start ${code}`)).text).toContain(
      'already linked to another CashTips account',
    );
    expect((await me(t, second.token)).telegramId).toBeNull();
    expect((await me(t, first.token)).telegramId).toBe(String(shared.id));
  });

  it('account commands answer in private chats only', async () => {
    const user = await signUpAndLogin(t);
    const sender = telegramUser('group_gina');
    const code = await linkCodeFor(t, user.token, '@group_gina');
    fake.userSays(sender, `/start ${code}`, 'group');
    const reply = await fake.nextMessageTo(-5000 - sender.id, 0);
    expect(reply.text).toContain('private chat');
    fake.userSays(sender, '/balance', 'group');
    expect((await fake.nextMessageTo(-5000 - sender.id, 1)).text).toContain('private chat');
    expect((await me(t, user.token)).telegramId).toBeNull();
  });
});

describe('commands', () => {
  it('/start alone and /help explain the commands', async () => {
    const stranger = telegramUser('just_looking');
    const welcome = await ask(fake, stranger, '/start');
    expect(welcome.text).toContain('Welcome to <b>CashTips</b>');
    expect(welcome.text).toContain('/mytips');
    expect(welcome.buttons[0]?.url).toBe(`${TEST_PUBLIC_URL}/profile?link-telegram=true`);
    const help = await ask(fake, stranger, '/help');
    for (const command of ['/tips', '/mytips', '/balance', '/link', '/unlink', '/help']) {
      expect(help.text).toContain(command);
    }
    expect((await ask(fake, stranger, 'hello?')).text).toContain('/help');
  });

  it('/tips answers today’s free tips, every value HTML-escaped', async () => {
    const content = contentFor(t, admin.token);
    const names = teams('Tips & <Co>');
    await content.freeTip({ teamA: names.home, teamB: names.away, prediction: 'Over 2.5 goals', inHours: 3 });
    const reply = await ask(fake, telegramUser(), '/tips');
    // The fake refuses text Telegram could not parse as HTML; this one was accepted and escaped.
    expect(reply.text).toContain('Tips &amp; &lt;Co&gt;');
    expect(reply.text).toContain('Over 2.5 goals');
    // Kick-off times are Lagos time and say so, whatever the reader's phone is set to (issue 23).
    expect(reply.text).toMatch(/ · \d{2}:\d{2} Lagos time\n/);
    expect(reply.buttons).toEqual([{ text: 'All free tips', url: `${TEST_PUBLIC_URL}/free` }]);
  });

  it('/mytips keeps the lock rule: a non-subscriber gets no code or pick, a subscriber gets them', async () => {
    const content = contentFor(t, admin.token);
    const planId = await content.plan({ price: 500 });
    const names = teams('MyTips');
    await content.rolloverTip(
      planId,
      [{ teamA: names.home, teamB: names.away, prediction: 'Home win', inHours: 4, odds: 1.45 }],
      { bookingCode: 'SECRETROLL42' },
    );
    const outsider = await signUpAndLogin(t);
    const outsiderTg = telegramUser('outsider_olu');
    await linkTelegram(t, fake, outsider.token, outsiderTg);
    const locked = await ask(fake, outsiderTg, '/mytips');
    expect(locked.text).toContain('no running rollover plan');
    expect(locked.text).not.toContain('SECRETROLL42');
    expect(locked.text).not.toContain('Home win');
    expect(locked.text).not.toContain('1.45');

    const subscriber = await signUpAndLogin(t);
    await devDeposit(t, subscriber.token, 1000);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/rollover-subscribe',
      headers: bearer(subscriber.token),
      payload: { planId, walletType: 'main' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const subscriberTg = telegramUser('subscriber_sade');
    await linkTelegram(t, fake, subscriber.token, subscriberTg);
    const open = await ask(fake, subscriberTg, '/mytips');
    expect(open.text).toContain('SECRETROLL42');
    expect(open.text).toContain('Home win');
    expect(open.text).toContain(names.home);
    expect(open.text).toMatch(/\(\d{2}:\d{2} Lagos time\)/);

    // Not linked: told how to link, nothing else.
    const unlinked = await ask(fake, telegramUser(), '/mytips');
    expect(unlinked.text).toContain('not linked');
  });

  it('/balance answers a linked user’s wallets', async () => {
    const user = await signUpAndLogin(t);
    await devDeposit(t, user.token, 1500);
    const sender = telegramUser('rich_rita');
    await linkTelegram(t, fake, user.token, sender);
    const reply = await ask(fake, sender, '/balance');
    expect(reply.text).toContain('Main wallet: <b>₦1,500</b>');
    expect(reply.text).toContain('Bonus wallet: <b>₦0</b>');
    expect(reply.buttons).toEqual([{ text: 'Open wallet', url: `${TEST_PUBLIC_URL}/wallet` }]);
    expect((await ask(fake, telegramUser(), '/balance')).text).toContain('not linked');
  });

  it('/unlink unlinks the sender', async () => {
    const user = await signUpAndLogin(t);
    const sender = telegramUser('leaving_lola');
    await linkTelegram(t, fake, user.token, sender);
    expect((await ask(fake, sender, '/unlink')).text).toContain('Unlinked');
    expect(await me(t, user.token)).toMatchObject({ telegramId: null, telegramUsername: null });
    expect((await ask(fake, sender, '/unlink')).text).toContain('not linked');
  });
});

describe('unlinking and alerts from the web', () => {
  it('DELETE /api/auth/telegram/link unlinks and answers the user', async () => {
    const user = await signUpAndLogin(t);
    const sender = telegramUser('web_wale');
    await linkTelegram(t, fake, user.token, sender);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/telegram/link',
      headers: bearer(user.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: telegramMessages.unlinked,
      user: { telegramId: null, telegramUsername: null },
    });
    expect((await ask(fake, sender, '/balance')).text).toContain('not linked');
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/telegram/link',
      headers: bearer(user.token),
    });
    expect(again.json().message).toBe(telegramMessages.notLinked);
  });

  it('PATCH /api/auth/telegram/preferences turns alerts off and on', async () => {
    const user = await signUpAndLogin(t);
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/auth/telegram/preferences',
        headers: bearer(user.token),
        payload,
      });
    const off = await patch({ telegramNotifications: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: telegramMessages.alertsOff,
      user: { telegramNotifications: false },
    });
    expect((await me(t, user.token)).telegramNotifications).toBe(false);
    expect((await patch({ telegramNotifications: 'yes' })).statusCode).toBe(400);
    expect((await patch({ telegramNotifications: true })).json().user.telegramNotifications).toBe(true);
  });

  it('the account preferences announce the alerts switch to open pages as the Telegram route does', async () => {
    const user = await signUpAndLogin(t);
    const sender = telegramUser('switching_sade');
    await linkTelegram(t, fake, user.token, sender);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { socket, heard } = await listenLive(`http://127.0.0.1:${port}`, user.token);
    const telegramEvents = () =>
      heard.filter(([event]) => event === 'telegram').map(([, payload]) => payload);
    try {
      const put = (payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/users/me/preferences',
          headers: bearer(user.token),
          payload,
        });
      expect((await put({ emailNotifications: false })).statusCode).toBe(200);
      expect((await put({ telegramNotifications: false })).statusCode).toBe(200);
      const events = await eventually(telegramEvents, (list) => list.length > 0, 3000);
      expect(events).toEqual([
        { telegramId: String(sender.id), telegramUsername: 'switching_sade', telegramNotifications: false },
      ]);
      const viaTelegramRoute = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/telegram/preferences',
        headers: bearer(user.token),
        payload: { telegramNotifications: true },
      });
      expect(viaTelegramRoute.statusCode).toBe(200);
      await eventually(telegramEvents, (list) => list.length > 1, 3000);
      expect(telegramEvents()[1]).toMatchObject({ telegramNotifications: true });
    } finally {
      socket.close();
    }
  });
});
