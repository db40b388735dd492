import { messages } from '@cashtips/contract/auth';
import { phoneMessages } from '@cashtips/contract/phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom } from '../../../test/fake-smtp.ts';
import {
  bearer,
  buildTestApp,
  registrationBody,
  signUpAndLogin,
  strongPassword,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

async function register(email: string, overrides: Record<string, unknown> = {}) {
  return post('/api/auth/register', registrationBody(email, overrides));
}

describe('registration', () => {
  it('creates a pending account and emails a 6-digit code to the address', async () => {
    const email = uniqueEmail();
    const response = await register(email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: expect.stringContaining('OTP sent') });
    const mail = await t.smtp.lastMailTo(email);
    expect(mail.subject).toBe('Your CashTips verification code');
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
  });

  it('stores a Nigerian number written with its trunk 0 as E.164 digits', async () => {
    const email = uniqueEmail();
    await register(email, { phone: '+234 0803 123 4567' });
    const otp = codeFrom(await t.smtp.lastMailTo(email));
    await post('/api/auth/verify-otp', { email, otp });
    const login = await post('/api/auth/login', { email, password: strongPassword });
    expect(login.json().user.phone).toBe('2348031234567');
  });

  it('stores the email lower-cased and the phone as digits only', async () => {
    const email = uniqueEmail('Mixed.Case');
    await register(email.toUpperCase(), { phone: '+44 (20) 7946-0958' });
    const otp = codeFrom(await t.smtp.lastMailTo(email.toLowerCase()));
    await post('/api/auth/verify-otp', { email: email.toLowerCase(), otp });
    const login = await post('/api/auth/login', { email: email.toUpperCase(), password: strongPassword });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email: email.toLowerCase(), phone: '442079460958' });
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', messages.invalidEmail],
    [{ password: 'short1!' }, 'password', messages.weakPassword],
    [{ password: 'alllowercase1!' }, 'password', messages.weakPassword],
    [{ password: 'NoDigitsHere!' }, 'password', messages.weakPassword],
    [{ password: 'NoSpecial123' }, 'password', messages.weakPassword],
    [{ firstName: '   ' }, 'firstName', messages.firstNameRequired],
    [{ lastName: '' }, 'lastName', messages.lastNameRequired],
    [{ phone: '0803abc4567' }, 'phone', phoneMessages.notANumber],
    [{ phone: '1234567890123456' }, 'phone', phoneMessages.invalidFor('United States', '1')],
    // A Nigerian's 0803 123 4567 typed while the picker showed +1, and a country code no country has.
    [{ phone: '+1 080 312 3456' }, 'phone', phoneMessages.nationalNumberFor('United States', '1')],
    [{ phone: '+8 031 234 5678' }, 'phone', phoneMessages.unknownCountryCode],
    [{ phone: '+234 803 123 456' }, 'phone', phoneMessages.invalidFor('Nigeria', '234')],
  ])('rejects %j with 400 and the field message', async (override, field, message) => {
    const response = await register(uniqueEmail(), override);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(body.errors).toContainEqual({ field, message });
  });

  it('rejects unknown fields instead of storing them', async () => {
    const response = await register(uniqueEmail(), { role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      field: 'role',
      message: expect.stringContaining('role'),
    });
  });

  it('answers 409 for an email that is already verified', async () => {
    const { email } = await signUpAndLogin(t);
    const response = await register(email);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });
  });

  it('lets an unverified email register again after the cooldown, with the new details', async () => {
    const email = uniqueEmail();
    await register(email, { firstName: 'First' });
    const early = await register(email, { firstName: 'Second' });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'OTP_COOLDOWN', retryAfterSeconds: 60 });
    expect(early.headers['retry-after']).toBe('60');

    t.clock.advance(61_000);
    const again = await register(email, { firstName: 'Second' });
    expect(again.statusCode).toBe(201);
    const otp = codeFrom(await t.smtp.lastMailTo(email));
    expect((await post('/api/auth/verify-otp', { email, otp })).statusCode).toBe(200);
    const login = await post('/api/auth/login', { email, password: strongPassword });
    expect(login.json().user.firstName).toBe('Second');
  });

  it('keeps the referral code typed at sign-up and ignores unknown codes', async () => {
    const referrer = await signUpAndLogin(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(referrer.token) });
    const referralCode: string = me.json().user.referralCode;
    expect(referralCode).toMatch(/^[A-Z2-9]{8}$/);

    const referred = uniqueEmail();
    expect((await register(referred, { referralCode: referralCode.toLowerCase() })).statusCode).toBe(201);
    const unknown = uniqueEmail();
    expect((await register(unknown, { referralCode: 'CASH-TIPS' })).statusCode).toBe(201);

    const rows = await t.database.db.query.users.findMany({
      columns: { email: true, referredByCode: true, referredByUserId: true },
    });
    expect(rows.find((row) => row.email === referred)).toMatchObject({
      referredByCode: referralCode,
      referredByUserId: referrer.userId,
    });
    expect(rows.find((row) => row.email === unknown)).toMatchObject({
      referredByCode: 'CASH-TIPS',
      referredByUserId: null,
    });
  });
});

describe('email verification', () => {
  it('consumes the code: a second use is refused', async () => {
    const email = uniqueEmail();
    await register(email);
    const otp = codeFrom(await t.smtp.lastMailTo(email));
    expect((await post('/api/auth/verify-otp', { email, otp })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-otp', { email, otp });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a wrong code with a message containing "Invalid"', async () => {
    const email = uniqueEmail();
    await register(email);
    const otp = codeFrom(await t.smtp.lastMailTo(email));
    const wrong = otp === '000000' ? '111111' : '000000';
    const response = await post('/api/auth/verify-otp', { email, otp: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'OTP_INVALID',
      message: expect.stringContaining('Invalid'),
    });
  });

  it('refuses a code older than 10 minutes with a message containing "expired"', async () => {
    const email = uniqueEmail();
    await register(email);
    const otp = codeFrom(await t.smtp.lastMailTo(email));
    t.clock.advance(10 * 60_000 + 1000);
    const response = await post('/api/auth/verify-otp', { email, otp });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'OTP_EXPIRED',
      message: expect.stringContaining('expired'),
    });
  });

  it('voids the code after 5 wrong tries, even if the right code comes next', async () => {
    const email = uniqueEmail();
    await register(email);
    const otp = codeFrom(await t.smtp.lastMailTo(email));
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push((await post('/api/auth/verify-otp', { email, otp: wrong })).statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const right = await post('/api/auth/verify-otp', { email, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toContain('request a new one');
    const login = await post('/api/auth/login', { email, password: strongPassword });
    expect(login.statusCode).toBe(403);
  });

  it('a new code voids the previous one', async () => {
    const email = uniqueEmail();
    await register(email);
    const first = codeFrom(await t.smtp.lastMailTo(email));
    t.clock.advance(61_000);
    const mailsBefore = t.smtp.countTo(email);
    expect((await post('/api/auth/resend-otp', { email })).statusCode).toBe(200);
    const second = codeFrom(await t.smtp.lastMailTo(email, { after: mailsBefore }));
    if (first !== second) {
      expect((await post('/api/auth/verify-otp', { email, otp: first })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('resend answers the same for unknown emails and keeps the 60 s cooldown', async () => {
    const unknown = await post('/api/auth/resend-otp', { email: uniqueEmail() });
    expect(unknown.statusCode).toBe(200);
    const email = uniqueEmail();
    await register(email);
    const tooSoon = await post('/api/auth/resend-otp', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/wait \d+s/);
  });

  it('an empty code gets the spec message', async () => {
    const response = await post('/api/auth/verify-otp', { email: uniqueEmail(), otp: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.missingOtp);
  });
});

describe('login and sessions', () => {
  it('answers a token and the user with wallet balances', async () => {
    const { token } = await signUpAndLogin(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ firstName: 'Chidi', mainWallet: 0, bonusWallet: 0, role: 'user' });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const { email } = await signUpAndLogin(t);
    const wrongPassword = await post('/api/auth/login', { email, password: 'Wrong!Pass1' });
    const unknownEmail = await post('/api/auth/login', { email: uniqueEmail(), password: 'Wrong!Pass1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe('Invalid email or password.');
  });

  it('answers 403 to an unverified account with the right password', async () => {
    const email = uniqueEmail();
    await register(email);
    const response = await post('/api/auth/login', { email, password: strongPassword });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringMatching(/verify/i),
    });
  });

  it('requires email and password', async () => {
    const response = await post('/api/auth/login', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
  });

  it('logout ends that session only', async () => {
    const { email, token } = await signUpAndLogin(t);
    const other = await post('/api/auth/login', { email, password: strongPassword });
    const otherToken: string = other.json().token;
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.json()).toEqual({ success: true, message: 'Logged out successfully' });
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    const stillIn = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(otherToken) });
    expect(stillIn.statusCode).toBe(200);
  });

  it('refuses missing, malformed, tampered and foreign-signed tokens', async () => {
    const { token } = await signUpAndLogin(t);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${header}.${forgedPayload}.${signature}` },
      { authorization: `Bearer ${header}.${payload}.${flipped}` },
      { authorization: `Bearer ${noneAlg}` },
      { authorization: `Basic ${token}` },
    ];
    for (const headers of cases) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json().success).toBe(false);
    }
  });

  it('accepts a token stored wrapped in quotation marks', async () => {
    const { token } = await signUpAndLogin(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(`"${token}"`),
    });
    expect(response.statusCode).toBe(200);
  });

  it('a session ends after 30 days', async () => {
    const { token } = await signUpAndLogin(t);
    t.clock.advance(31 * 86_400_000);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers identically for existing and unknown emails, and mails only the real account', async () => {
    const { email } = await signUpAndLogin(t);
    const unknown = uniqueEmail();
    const mailsBefore = t.smtp.countTo(email);
    const known = await post('/api/auth/forgot-password', { email });
    const missing = await post('/api/auth/forgot-password', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.json()).toEqual(missing.json());
    expect((await t.smtp.lastMailTo(email, { after: mailsBefore })).subject).toBe(
      'Your CashTips password reset code',
    );
    expect(t.smtp.received.some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it('an empty email gets the spec message', async () => {
    const response = await post('/api/auth/forgot-password', { email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.missingForgotEmail);
  });

  it('sets the new password and ends every session of the user', async () => {
    const { email, token } = await signUpAndLogin(t);
    const mailsBefore = t.smtp.countTo(email);
    await post('/api/auth/forgot-password', { email });
    const otp = codeFrom(await t.smtp.lastMailTo(email, { after: mailsBefore }));
    const newPassword = 'N3w!Password';
    const reset = await post('/api/auth/reset-password', { email, otp, newPassword });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email, password: strongPassword })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: newPassword })).statusCode).toBe(200);
  });

  it('a verification code cannot reset a password (one purpose per code)', async () => {
    const email = uniqueEmail();
    await register(email);
    const verifyCode = codeFrom(await t.smtp.lastMailTo(email));
    const response = await post('/api/auth/reset-password', {
      email,
      otp: verifyCode,
      newPassword: 'N3w!Password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Invalid');
  });

  it('an expired reset code says "expired", a wrong one says "Invalid"', async () => {
    const { email } = await signUpAndLogin(t);
    const mailsBefore = t.smtp.countTo(email);
    await post('/api/auth/forgot-password', { email });
    const otp = codeFrom(await t.smtp.lastMailTo(email, { after: mailsBefore }));
    const wrong = otp === '000000' ? '111111' : '000000';
    const invalid = await post('/api/auth/reset-password', {
      email,
      otp: wrong,
      newPassword: 'N3w!Password',
    });
    expect(invalid.json().message).toContain('Invalid');
    t.clock.advance(11 * 60_000);
    const expired = await post('/api/auth/reset-password', { email, otp, newPassword: 'N3w!Password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toContain('expired');
  });

  it('a weak new password is refused with the spec message', async () => {
    const response = await post('/api/auth/reset-password', {
      email: uniqueEmail(),
      otp: '123456',
      newPassword: 'weak',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field: 'newPassword', message: messages.weakPassword });
  });
});
