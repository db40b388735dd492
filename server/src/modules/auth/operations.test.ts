import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { codeFrom } from '../../../test/fake-smtp.ts';
import {
  bearer,
  buildTestApp,
  registrationBody,
  signUpAndLogin,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';

const open: TestApp[] = [];
async function app(env: Record<string, string> = {}, options: Parameters<typeof buildTestApp>[1] = {}) {
  const t = await buildTestApp(env, options);
  open.push(t);
  return t;
}
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

describe('admin bootstrap', () => {
  it('creates a verified admin from ADMIN_EMAIL/ADMIN_PASSWORD once, with role admin on the user object', async () => {
    const t = await app({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Adm1n!Secret' });
    expect(await t.app.services.auth.ensureAdmin({ email: 'boss@example.com', password: 'other' })).toBe(
      'exists',
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'boss@example.com', password: 'Adm1n!Secret' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({
      role: 'admin',
      emailVerified: true,
      email: 'boss@example.com',
    });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(rows).toHaveLength(1);
  });
});

describe('mail', () => {
  it('without SMTP_URL writes the mail to DATA_DIR/outbox and logs no code', async () => {
    const logs = new PassThrough();
    const lines: string[] = [];
    logs.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const t = await app({ SMTP_URL: '', LOG_LEVEL: 'info' }, { logStream: logs });
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(email),
    });
    expect(response.statusCode).toBe(201);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(1);
    const json = JSON.parse(
      readFileSync(path.join(outbox, files.find((file) => file.endsWith('.json'))!), 'utf8'),
    );
    expect(json).toMatchObject({ to: email, subject: 'Your CashTips verification code' });
    const code = /\b(\d{6})\b/.exec(json.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const eml = readFileSync(path.join(outbox, files.find((file) => file.endsWith('.eml'))!), 'utf8');
    expect(eml).toContain(`To: ${email}`);
    expect(lines.join('')).toContain('mail written to outbox');
    expect(lines.join('')).not.toContain(code!);
  });

  it('when the mail server refuses, answers 503 and lets the user ask again at once', async () => {
    const t = await app({ SMTP_URL: 'smtp://127.0.0.1:1?tls=off' });
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(email),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('try again'),
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(email),
    });
    expect(again.statusCode).toBe(503);
  });
});

describe('answers that must not reveal accounts', () => {
  it('forgot-password answers the same for a known and an unknown email even when mail is down', async () => {
    const t = await app({ SMTP_URL: 'smtp://127.0.0.1:1?tls=off' });
    const email = uniqueEmail();
    await t.app.services.auth.ensureAdmin({ email, password: 'Kn0wn!Account' });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: uniqueEmail() },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });
});

describe('logs', () => {
  it('never contain passwords, codes or tokens', async () => {
    const logs = new PassThrough();
    const lines: string[] = [];
    logs.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const t = await app({ LOG_LEVEL: 'trace' }, { logStream: logs });
    const { email, password, token } = await signUpAndLogin(t);
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const mailsBefore = t.smtp.countTo(email);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const resetCode = codeFrom(await t.smtp.lastMailTo(email, { after: mailsBefore }));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, otp: resetCode, newPassword: 'An0ther!Pass' },
    });
    const verifyCodes = t.smtp.received.map((mail) => codeFrom(mail));
    const output = lines.join('');
    expect(output.length).toBeGreaterThan(1000);
    for (const secret of [password, 'An0ther!Pass', token, token.split('.')[2]!, ...verifyCodes]) {
      expect(output).not.toContain(secret);
    }
  });
});
