import { accountMessages, TWO_FACTOR_MAX_WRONG_CODES } from '@cashtips/contract/account';
import { phoneMessages } from '@cashtips/contract/phone';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  signUpAndLogin,
  strongPassword,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { totpAt } from '../auth/totp.ts';
import { maskIp } from './account.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const login = (
  email: string,
  password = strongPassword,
  userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });

describe('profile', () => {
  it('saves fullName, phone and username, partially, and never the email', async () => {
    const user = await signUpAndLogin(t);
    const saved = await call('PATCH', '/api/users/me', user.token, {
      fullName: '  Ngozi   Adaeze Eze ',
      phone: '+234 0805 555 1234',
      username: 'Ngozi_99',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: accountMessages.profileSaved,
      user: {
        firstName: 'Ngozi',
        lastName: 'Adaeze Eze',
        fullName: 'Ngozi Adaeze Eze',
        phone: '2348055551234',
        username: 'Ngozi_99',
        email: user.email,
      },
    });
    const partial = await call('PATCH', '/api/users/me', user.token, { phone: '2348011112222' });
    expect(partial.json().user).toMatchObject({
      phone: '2348011112222',
      username: 'Ngozi_99',
      fullName: 'Ngozi Adaeze Eze',
    });
    const me = await call('GET', '/api/users/me', user.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ phone: '2348011112222', twoFactorEnabled: false });

    const email = await call('PATCH', '/api/users/me', user.token, { email: 'other@example.com' });
    expect(email.statusCode).toBe(400);
    expect((await call('GET', '/api/users/me', user.token)).json().user.email).toBe(user.email);
    expect((await call('PATCH', '/api/users/me', user.token, {})).statusCode).toBe(400);
  });

  it('refuses a phone number that cannot exist, by the sign-up rule, on the phone field', async () => {
    const user = await signUpAndLogin(t);
    for (const [phone, message] of [
      ['+1 080 312 3456', phoneMessages.nationalNumberFor('United States', '1')],
      ['+8 031 234 5678', phoneMessages.unknownCountryCode],
    ] as const) {
      const response = await call('PATCH', '/api/users/me', user.token, { phone });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().errors).toContainEqual({ field: 'phone', message });
    }
    expect((await call('GET', '/api/users/me', user.token)).json().user.phone).toBe('2348031234567');
  });

  it('refuses a malformed username and one another user has in any case', async () => {
    const first = await signUpAndLogin(t);
    const second = await signUpAndLogin(t);
    const taken = `Taken_${Date.now() % 100000}`;
    expect((await call('PATCH', '/api/users/me', first.token, { username: taken })).statusCode).toBe(200);
    const clash = await call('PATCH', '/api/users/me', second.token, { username: taken.toLowerCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ success: false, message: accountMessages.usernameTaken });
    for (const bad of ['ab', 'a'.repeat(21), 'has space', 'dash-ed', 'émile']) {
      const response = await call('PATCH', '/api/users/me', second.token, { username: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toBe(accountMessages.usernameFormat);
    }
    const oneName = await call('PATCH', '/api/users/me', second.token, { fullName: 'Madonna' });
    expect(oneName.statusCode).toBe(400);
    // The first user keeping their own username (another case) is not a clash.
    expect(
      (await call('PATCH', '/api/users/me', first.token, { username: taken.toUpperCase() })).statusCode,
    ).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await call('PATCH', '/api/users/me', undefined, { phone: '2348011112222' })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/users/me/preferences')).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/sessions')).statusCode).toBe(401);
  });
});

describe('password and sessions', () => {
  it('changing the password ends every other session and keeps this one', async () => {
    const user = await signUpAndLogin(t);
    const phone = (await login(user.email)).json().token as string;
    const laptop = (
      await login(user.email, strongPassword, 'Mozilla/5.0 (Windows NT 10.0) Firefox/133.0')
    ).json().token as string;

    const wrong = await call('POST', '/api/auth/change-password', user.token, {
      currentPassword: 'Wr0ng!Password',
      newPassword: 'N3w!Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(accountMessages.wrongCurrentPassword);
    expect((await call('GET', '/api/auth/me', phone)).statusCode).toBe(200);
    const weak = await call('POST', '/api/auth/change-password', user.token, {
      currentPassword: strongPassword,
      newPassword: 'weak',
    });
    expect(weak.statusCode).toBe(400);

    const changed = await call('POST', '/api/auth/change-password', user.token, {
      currentPassword: strongPassword,
      newPassword: 'N3w!Password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', laptop)).statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(401);
    expect((await login(user.email, 'N3w!Password')).statusCode).toBe(200);
  });

  it('lists live sessions with masked addresses and signs out one or all others', async () => {
    const user = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    const second = (await login(user.email)).json().token as string;
    const third = (await login(user.email, strongPassword, 'Mozilla/5.0 (iPhone) Safari/604.1')).json()
      .token as string;

    const listed = await call('GET', '/api/auth/sessions', user.token);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().sessions as {
      _id: string;
      current: boolean;
      ip: string | null;
      userAgent: string;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    for (const session of sessions) expect(session.ip).toMatch(/\.x$|:x$/);
    expect(sessions.some((session) => session.userAgent?.includes('iPhone'))).toBe(true);

    // Another user's session id is not found, and stays signed in.
    const othersSession = (await call('GET', '/api/auth/sessions', other.token)).json().sessions[0]
      ._id as string;
    expect((await call('DELETE', `/api/auth/sessions/${othersSession}`, user.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/me', other.token)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/auth/sessions/not-an-id', user.token)).statusCode).toBe(404);

    const secondId = (await call('GET', '/api/auth/sessions', second))
      .json()
      .sessions.find((session: { current: boolean }) => session.current)._id as string;
    expect((await call('DELETE', `/api/auth/sessions/${secondId}`, user.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', second)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/auth/sessions/${secondId}`, user.token)).statusCode).toBe(404);

    const others = await call('POST', '/api/auth/sessions/revoke-others', user.token);
    expect(others.json()).toMatchObject({ success: true, ended: 1 });
    expect((await call('GET', '/api/auth/me', third)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/sessions', user.token)).json().sessions).toHaveLength(1);
  });

  it('masks the last part of an address', () => {
    expect(maskIp('102.89.34.17')).toBe('102.89.34.x');
    expect(maskIp('::ffff:41.58.1.9')).toBe('41.58.1.x');
    expect(maskIp('2c0f:f4c0:1122:3344:5566:7788:99aa:bbcc')).toBe('2c0f:f4c0:1122:3344:…:x');
    expect(maskIp(null)).toBeNull();
  });
});

describe('preferences', () => {
  it('are all on by default and saved partially', async () => {
    const user = await signUpAndLogin(t);
    const initial = await call('GET', '/api/users/me/preferences', user.token);
    expect(initial.json()).toEqual({
      success: true,
      preferences: {
        emailNotifications: true,
        pushNotifications: true,
        telegramNotifications: true,
        communityVisible: true,
        currency: null,
      },
    });
    const saved = await call('PUT', '/api/users/me/preferences', user.token, {
      communityVisible: false,
      currency: 'USD',
    });
    expect(saved.json().preferences).toMatchObject({
      communityVisible: false,
      currency: 'USD',
      pushNotifications: true,
    });
    await call('PUT', '/api/users/me/preferences', user.token, { pushNotifications: false });
    expect((await call('GET', '/api/users/me/preferences', user.token)).json().preferences).toEqual({
      emailNotifications: true,
      pushNotifications: false,
      telegramNotifications: true,
      communityVisible: false,
      currency: 'USD',
    });
    expect((await call('PUT', '/api/users/me/preferences', user.token, { currency: 'JPY' })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/api/users/me/preferences', user.token, { spam: true })).statusCode).toBe(400);
    expect((await call('PUT', '/api/users/me/preferences', user.token, {})).statusCode).toBe(400);
  });
});

describe('activity history', () => {
  it('pages the user own items only, newest first', async () => {
    const user = await signUpAndLogin(t);
    const other = await signUpAndLogin(t);
    for (let index = 0; index < 3; index++) {
      await call('POST', '/api/auth/change-password', user.token, {
        currentPassword: index === 0 ? strongPassword : `N3w!Pass${index - 1}`,
        newPassword: `N3w!Pass${index}`,
      });
    }
    const first = await call('GET', '/api/users/activity?page=1&limit=2', user.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.json().items).toHaveLength(2);
    const second = await call('GET', '/api/users/activity?page=2&limit=2', user.token);
    expect(second.json().items).toHaveLength(1);
    expect((await call('GET', '/api/users/activity', other.token)).json().total).toBe(0);
    expect((await call('GET', '/api/users/activity?page=0', user.token)).statusCode).toBe(400);
  });
});

describe('two-factor sign-in', () => {
  async function enrol(token: string) {
    const setup = await call('POST', '/api/auth/2fa/setup', token);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json() as {
      secret: string;
      otpauthUrl: string;
      qrCode: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    return secret;
  }

  it('enrols with a computed code, then login asks for a code; recovery codes work once', async () => {
    const user = await signUpAndLogin(t);
    const secret = await enrol(user.token);
    const wrong = await call('POST', '/api/auth/2fa/enable', user.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const enabled = await call('POST', '/api/auth/2fa/enable', user.token, {
      code: totpAt(secret, t.clock.now()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recoveryCodes = enabled.json().recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call('GET', '/api/auth/me', user.token)).json().user.twoFactorEnabled).toBe(true);

    // The secret is kept encrypted, not as the base32 the user saw.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.twoFactorSecret).toBeTruthy();
    expect(row?.twoFactorSecret).not.toContain(secret);

    const challenged = await login(user.email);
    expect(challenged.statusCode).toBe(200);
    expect(challenged.json()).toMatchObject({ success: true, twoFactorRequired: true });
    expect(challenged.json().token).toBeUndefined();
    const challenge = challenged.json().challenge as string;

    // The code that enabled it was this time step's: it is spent. The next step's works.
    const replay = await call('POST', '/api/auth/login/2fa', undefined, {
      challenge,
      code: totpAt(secret, t.clock.now()),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(accountMessages.wrongCode);
    t.clock.advance(30_000);
    const signedIn = await call('POST', '/api/auth/login/2fa', undefined, {
      challenge,
      code: totpAt(secret, t.clock.now()),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await call('GET', '/api/auth/me', signedIn.json().token)).statusCode).toBe(200);
    // A challenge is used once.
    t.clock.advance(30_000);
    const again = await call('POST', '/api/auth/login/2fa', undefined, {
      challenge,
      code: totpAt(secret, t.clock.now()),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(accountMessages.challengeExpired);

    const recovery = recoveryCodes[0] as string;
    const viaRecovery = await call('POST', '/api/auth/login/2fa', undefined, {
      challenge: (await login(user.email)).json().challenge,
      code: recovery.toUpperCase(),
    });
    expect(viaRecovery.statusCode, viaRecovery.body).toBe(200);
    const reused = await call('POST', '/api/auth/login/2fa', undefined, {
      challenge: (await login(user.email)).json().challenge,
      code: recovery,
    });
    expect(reused.statusCode).toBe(400);

    // Turning it off takes the password and a code.
    const badPassword = await call('POST', '/api/auth/2fa/disable', user.token, {
      password: 'Wr0ng!Password',
      code: recoveryCodes[1],
    });
    expect(badPassword.statusCode).toBe(400);
    const off = await call('POST', '/api/auth/2fa/disable', user.token, {
      password: strongPassword,
      code: recoveryCodes[1],
    });
    expect(off.statusCode, off.body).toBe(200);
    const plain = await login(user.email);
    expect(plain.json().token).toEqual(expect.any(String));
  });

  it('a challenge allows five wrong codes, then answers 429; an old challenge expires', async () => {
    const user = await signUpAndLogin(t, uniqueEmail('tfa'));
    const secret = await enrol(user.token);
    await call('POST', '/api/auth/2fa/enable', user.token, { code: totpAt(secret, t.clock.now()) });
    t.clock.advance(30_000);
    const challenge = (await login(user.email)).json().challenge as string;
    for (let attempt = 1; attempt <= TWO_FACTOR_MAX_WRONG_CODES; attempt++) {
      const response = await call('POST', '/api/auth/login/2fa', undefined, { challenge, code: '123456' });
      expect(response.statusCode, `attempt ${attempt}`).toBe(
        attempt < TWO_FACTOR_MAX_WRONG_CODES ? 400 : 429,
      );
    }
    const right = await call('POST', '/api/auth/login/2fa', undefined, {
      challenge,
      code: totpAt(secret, t.clock.now()),
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();

    const late = (await login(user.email)).json().challenge as string;
    t.clock.advance(6 * 60_000);
    const expired = await call('POST', '/api/auth/login/2fa', undefined, {
      challenge: late,
      code: totpAt(secret, t.clock.now()),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(accountMessages.challengeExpired);
    expect(
      (await call('POST', '/api/auth/login/2fa', undefined, { challenge: 'x', code: 'abc' })).statusCode,
    ).toBe(400);
  });

  it("wrong codes count against the account's login limit", async () => {
    const user = await signUpAndLogin(t, uniqueEmail('tfa-limit'));
    const secret = await enrol(user.token);
    await call('POST', '/api/auth/2fa/enable', user.token, { code: totpAt(secret, t.clock.now()) });
    let limited = false;
    // 10 logins per 15 minutes per account: passwords and codes together reach it.
    for (let round = 0; round < 6 && !limited; round++) {
      const challenge = (await login(user.email)).json().challenge as string | undefined;
      if (!challenge) {
        limited = true;
        break;
      }
      const response = await call('POST', '/api/auth/login/2fa', undefined, { challenge, code: '654321' });
      if (response.statusCode === 429) limited = true;
    }
    expect(limited).toBe(true);
    const blocked = await login(user.email);
    expect(blocked.statusCode).toBe(429);
  });

  it('refuses a second set-up while on, and enabling without a set-up', async () => {
    const user = await signUpAndLogin(t);
    const noSetup = await call('POST', '/api/auth/2fa/enable', user.token, { code: '123456' });
    expect(noSetup.statusCode).toBe(422);
    const secret = await enrol(user.token);
    await call('POST', '/api/auth/2fa/enable', user.token, { code: totpAt(secret, t.clock.now()) });
    expect((await call('POST', '/api/auth/2fa/setup', user.token)).statusCode).toBe(409);
  });
});
