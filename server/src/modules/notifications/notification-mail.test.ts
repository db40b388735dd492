import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, devDeposit, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('notifications by email', () => {
  it('mails a personal notification to a user with email notifications on, and not once they turn them off', async () => {
    const on = await signUpAndLogin(t);
    const off = await signUpAndLogin(t);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      headers: bearer(off.token),
      payload: { emailNotifications: false },
    });
    expect(saved.statusCode).toBe(200);
    await devDeposit(t, on.token, 2500);
    await devDeposit(t, off.token, 2500);

    await expect.poll(() => t.smtp.notificationsTo(on.email).length, { timeout: 10_000 }).toBe(1);
    const [mail] = t.smtp.notificationsTo(on.email);
    expect(mail?.subject).toMatch(/^CashTips: /);
    expect(mail?.text).toContain('2,500');
    expect(mail?.text).toContain('/profile?tab=preferences');
    // The deposit notice reached the bell too; only the mail was left out for the other user.
    const bell = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(off.token) });
    expect(JSON.stringify(bell.json())).toContain('2,500');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.smtp.notificationsTo(off.email)).toHaveLength(0);
    // Account mails are told apart: the code helpers still find the verification mail.
    expect(t.smtp.countTo(on.email)).toBe(1);
  });
});
