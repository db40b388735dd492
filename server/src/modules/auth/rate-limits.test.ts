import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom } from '../../../test/fake-smtp.ts';
import { buildTestApp, signUpAndLogin, type TestApp, uniqueEmail } from '../../../test/test-app.ts';
import { limitFor } from './auth.limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('rate limits', () => {
  it('does not count successful logins against the account', async () => {
    const { email, password } = await signUpAndLogin(t);
    for (let attempt = 0; attempt < limitFor('login').perAccount + 2; attempt++) {
      expect((await login(email, password, `10.1.0.${attempt}`)).statusCode).toBe(200);
    }
  });

  it('a password reset ends a lock-out from wrong guesses', async () => {
    const { email } = await signUpAndLogin(t);
    for (let attempt = 0; attempt <= limitFor('login').perAccount; attempt++) {
      await login(email, 'Wrong!Pass1', `10.2.0.${attempt}`);
    }
    expect((await login(email, 'N3w!Password', '10.2.1.1')).statusCode).toBe(429);
    const mailsBefore = t.smtp.countTo(email);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const otp = codeFrom(await t.smtp.lastMailTo(email, { after: mailsBefore }));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, otp, newPassword: 'N3w!Password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, 'N3w!Password', '10.2.1.2')).statusCode).toBe(200);
  });

  it('locks one account after its login limit, with Retry-After, while other accounts on the same IP go on', async () => {
    const victim = await signUpAndLogin(t);
    const neighbour = await signUpAndLogin(t);
    const limit = limitFor('login').perAccount;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await login(victim.email, 'Wrong!Pass1')).statusCode).toBe(401);
    }
    const blocked = await login(victim.email, victim.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Same carrier IP, another account: not affected by the strict per-account limit.
    expect((await login(neighbour.email, neighbour.password)).statusCode).toBe(200);

    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(victim.email, victim.password)).statusCode).toBe(200);
  });

  it('limits one IP across many accounts, more loosely', async () => {
    const ip = '10.9.9.9';
    const limit = limitFor('login').perIp;
    const answers = new Set<number>();
    for (let attempt = 0; attempt < limit; attempt++) {
      answers.add((await login(`nobody${attempt}@example.com`, 'Wrong!Pass1', ip)).statusCode);
    }
    expect(answers).toEqual(new Set([401]));
    expect((await login('another@example.com', 'Wrong!Pass1', ip)).statusCode).toBe(429);
    expect((await login('another@example.com', 'Wrong!Pass1', '10.9.9.10')).statusCode).toBe(401);
  });

  it('limits wrong verification guesses per email beyond the per-code limit', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= limitFor('verifyOtp').perAccount; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email, otp: '123456' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  });

  it('limits password reset code requests to one a minute per email', async () => {
    const { email } = await signUpAndLogin(t);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('60');
    t.clock.advance(30_000);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(third.json().retryAfterSeconds).toBe(30);
    t.clock.advance(31_000);
    const mailsBefore = t.smtp.countTo(email);
    const fourth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(fourth.statusCode).toBe(200);
    const mail = await t.smtp.lastMailTo(email, { after: mailsBefore });
    expect(mail.subject).toBe('Your CashTips password reset code');
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
  });
});
