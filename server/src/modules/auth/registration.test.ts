import { messages } from '@cashtips/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom } from '../../../test/fake-smtp.ts';
import {
  buildTestApp,
  registrationBody,
  signUpAndLogin,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';
import { pendingRegistrations, users } from '../../db/schema/index.ts';

// Decision 015: a sign-up for an email that is not verified yet never changes the account; the
// verifier's password picks which sign-up the verified account carries.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const owner = 'Owner-Passw0rd!';
const other = 'Other-Passw0rd!';

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const register = (email: string, overrides: Record<string, unknown>) =>
  post('/api/auth/register', registrationBody(email, overrides));
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const newestCode = async (email: string) => codeFrom(await t.smtp.lastMailTo(email));
const pendingCount = async (email: string) => {
  const user = await t.database.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) return 0;
  const rows = await t.database.db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.userId, user.id));
  return rows.length;
};

/** Two sign-ups for one email a minute apart (the cooldown), `first` before `second`. */
async function twoSignUps(
  email: string,
  first: Record<string, unknown>,
  second: Record<string, unknown>,
): Promise<void> {
  expect((await register(email, first)).statusCode).toBe(201);
  t.clock.advance(61_000);
  const mailsBefore = t.smtp.countTo(email);
  expect((await register(email, second)).statusCode).toBe(201);
  await t.smtp.lastMailTo(email, { after: mailsBefore });
}

/**
 * The last steps: the owner types the newest code from the mailbox with their password; then
 * their password signs in and the other one does not. Answers the signed-in user.
 */
async function ownerVerifiesWithNewestCode(email: string): Promise<Record<string, unknown>> {
  const verify = await post('/api/auth/verify-otp', { email, otp: await newestCode(email), password: owner });
  expect(verify.statusCode).toBe(200);
  const signIn = await login(email, owner);
  expect(signIn.statusCode).toBe(200);
  expect((await login(email, other)).statusCode).toBe(401);
  return signIn.json().user;
}

describe('a sign-up for an email that is waiting for verification', () => {
  it('cannot take the account over: the owner verifies with the newest code and keeps their password', async () => {
    const email = uniqueEmail('victim');
    await twoSignUps(email, { password: owner, firstName: 'Ada' }, { password: other, firstName: 'Mallory' });

    const user = await ownerVerifiesWithNewestCode(email);
    expect(user).toMatchObject({ firstName: 'Ada', emailVerified: true });
    expect(await pendingCount(email)).toBe(0);
  });

  it('cannot take the account over when the other sign-up came first either', async () => {
    const email = uniqueEmail('victim');
    await twoSignUps(
      email,
      { password: other, firstName: 'Mallory', lastName: 'Hacker', phone: '+44 7911 123456' },
      { password: owner, firstName: 'Ada', lastName: 'Obi', phone: '+234 803 123 4567' },
    );

    const user = await ownerVerifiesWithNewestCode(email);
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Obi', phone: '2348031234567' });
  });

  it('leaves the account as it was: the first sign-up’s details stay until verification', async () => {
    const email = uniqueEmail();
    await twoSignUps(email, { password: owner, firstName: 'Ada' }, { password: other, firstName: 'Mallory' });
    const row = await t.database.db.query.users.findFirst({ where: eq(users.email, email) });
    expect(row).toMatchObject({ firstName: 'Ada', emailVerifiedAt: null });
  });

  it('mails the owner that a sign-up was requested and changes nothing without their password', async () => {
    const email = uniqueEmail();
    await twoSignUps(email, { password: owner, firstName: 'Ada' }, { password: other, firstName: 'Mallory' });
    const mail = await t.smtp.lastMailTo(email);
    expect(mail.kind).toBe('otp-verify');
    expect(mail.text).toContain('A CashTips sign-up was requested for this email address.');
    expect(mail.text).toContain('Nothing changes unless this code is entered together with the password');
    // The repeated sign-up's name may be a stranger's: the mail greets no one by it.
    expect(mail.text).not.toContain('Mallory');
    expect(mail.html).not.toContain('Mallory');
  });

  it('without a password, asks for the one chosen at sign-up (422) and changes nothing', async () => {
    const email = uniqueEmail();
    await twoSignUps(email, { password: owner }, { password: other });
    const otp = await newestCode(email);

    const withoutPassword = await post('/api/auth/verify-otp', { email, otp });
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json()).toMatchObject({
      success: false,
      code: 'PASSWORD_REQUIRED',
      message: messages.signUpPasswordRequired,
      errors: [{ field: 'password', message: messages.signUpPasswordRequired }],
    });
    expect((await login(email, owner)).statusCode).toBe(403);
    expect(await pendingCount(email)).toBe(2);

    // The code was not used up: the same code with the password finishes.
    expect((await post('/api/auth/verify-otp', { email, otp, password: owner })).statusCode).toBe(200);
    expect((await login(email, owner)).statusCode).toBe(200);
  });

  it('refuses a password that no sign-up chose (400 on the password field) and keeps the code usable', async () => {
    const email = uniqueEmail();
    await twoSignUps(email, { password: owner }, { password: other });
    const otp = await newestCode(email);

    const wrong = await post('/api/auth/verify-otp', { email, otp, password: 'Guess-Passw0rd!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'password', message: messages.signUpPasswordMismatch }],
    });
    expect((await post('/api/auth/verify-otp', { email, otp, password: owner })).statusCode).toBe(200);
  });

  it('checks the code before the password: a wrong code says nothing about the passwords', async () => {
    const email = uniqueEmail();
    await twoSignUps(email, { password: owner }, { password: other });
    const otp = await newestCode(email);
    const wrongCode = otp === '000000' ? '111111' : '000000';
    const response = await post('/api/auth/verify-otp', {
      email,
      otp: wrongCode,
      password: 'Guess-Passw0rd!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('OTP_INVALID');
  });

  it('takes name, phone and referrer from the sign-up whose password is given', async () => {
    const referrer = await signUpAndLogin(t);
    const email = uniqueEmail();
    await twoSignUps(
      email,
      {
        password: owner,
        firstName: 'Ada',
        lastName: 'Obi',
        phone: '+234 803 123 4567',
        referralCode: referrer.referralCode,
      },
      { password: other, firstName: 'Mallory', lastName: 'Hacker', phone: '+44 7911 123456' },
    );
    const verify = await post('/api/auth/verify-otp', {
      email,
      otp: await newestCode(email),
      password: owner,
    });
    expect(verify.statusCode).toBe(200);
    const row = await t.database.db.query.users.findFirst({ where: eq(users.email, email) });
    expect(row).toMatchObject({
      firstName: 'Ada',
      lastName: 'Obi',
      phone: '2348031234567',
      referredByCode: referrer.referralCode,
      referredByUserId: referrer.userId,
    });
  });

  it('a newer sign-up with the same password replaces the earlier one: verifying needs no password', async () => {
    const email = uniqueEmail();
    await twoSignUps(
      email,
      { password: owner, phone: '+234 803 123 4567' },
      { password: owner, phone: '+234 805 555 1234' },
    );
    expect(await pendingCount(email)).toBe(1);
    expect((await post('/api/auth/verify-otp', { email, otp: await newestCode(email) })).statusCode).toBe(
      200,
    );
    expect((await login(email, owner)).json().user.phone).toBe('2348055551234');
  });

  it('answers 403 "verify first" to either password before verification', async () => {
    const email = uniqueEmail();
    await twoSignUps(email, { password: owner }, { password: other });
    for (const password of [owner, other]) {
      const response = await login(email, password);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
    }
    expect((await login(email, 'Guess-Passw0rd!')).statusCode).toBe(401);
  });

  it('keeps the newest five sign-ups of an email', async () => {
    const email = uniqueEmail();
    for (let index = 0; index < 7; index++) {
      expect((await register(email, { password: `Passw0rd!-${index}` })).statusCode).toBe(201);
      t.clock.advance(61_000);
    }
    expect(await pendingCount(email)).toBe(5);
    const otp = await newestCode(email);
    // The two oldest are gone: their passwords no longer verify the account.
    expect((await post('/api/auth/verify-otp', { email, otp, password: 'Passw0rd!-1' })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/verify-otp', { email, otp, password: 'Passw0rd!-2' })).statusCode).toBe(
      200,
    );
  });

  it('an account signed up before this change counts its own details as the first sign-up', async () => {
    const email = uniqueEmail();
    expect((await register(email, { password: owner, firstName: 'Ada' })).statusCode).toBe(201);
    // As such an account was stored: the details on the account, no pending sign-up.
    const user = await t.database.db.query.users.findFirst({ where: eq(users.email, email) });
    await t.database.db.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, user?.id ?? ''));
    t.clock.advance(61_000);
    expect((await register(email, { password: other, firstName: 'Mallory' })).statusCode).toBe(201);
    const otp = await newestCode(email);

    expect((await post('/api/auth/verify-otp', { email, otp })).statusCode).toBe(422);
    expect((await post('/api/auth/verify-otp', { email, otp, password: owner })).statusCode).toBe(200);
    expect((await login(email, owner)).json().user.firstName).toBe('Ada');
  });

  it('an account signed up before this change still verifies with its code alone', async () => {
    const email = uniqueEmail();
    expect((await register(email, { password: owner })).statusCode).toBe(201);
    const user = await t.database.db.query.users.findFirst({ where: eq(users.email, email) });
    await t.database.db.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, user?.id ?? ''));
    expect((await post('/api/auth/verify-otp', { email, otp: await newestCode(email) })).statusCode).toBe(
      200,
    );
    expect((await login(email, owner)).statusCode).toBe(200);
  });
});

describe('the ordinary sign-up (one request)', () => {
  it('verifies with email and code only, as the spec sends them', async () => {
    const email = uniqueEmail();
    expect((await register(email, { password: owner, firstName: 'Ada' })).statusCode).toBe(201);
    const verify = await post('/api/auth/verify-otp', { email, otp: await newestCode(email) });
    expect(verify.statusCode).toBe(200);
    expect((await login(email, owner)).json().user.firstName).toBe('Ada');
    expect(await pendingCount(email)).toBe(0);
  });

  it('verifies with the password the form holds', async () => {
    const email = uniqueEmail();
    expect((await register(email, { password: owner })).statusCode).toBe(201);
    const otp = await newestCode(email);
    expect((await post('/api/auth/verify-otp', { email, otp, password: other })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-otp', { email, otp, password: owner })).statusCode).toBe(200);
  });
});
