import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { startApp } from '../src/bootstrap.ts';
import { type AppConfig, loadConfig } from '../src/config/env.ts';
import { type DatabaseHandle, openInMemory, openPostgres } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { codeFrom, startFakeSmtp } from './fake-smtp.ts';

export const usingPostgres = () => Boolean(inject('postgresUrl'));

/** A fresh database per test app: PGlite from the migrated template, or a copy of the PostgreSQL template. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const postgresUrl = inject('postgresUrl');
  if (!postgresUrl) {
    const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    return { handle: await openInMemory(template), drop: async () => {} };
  }
  const { url, drop } = await freshPostgresDatabase();
  return { handle: openPostgres(url, 30), drop };
}

/** A new, migrated PostgreSQL database copied from the suite's template (PostgreSQL runs only). */
export async function freshPostgresDatabase(): Promise<{
  url: string;
  name: string;
  drop: () => Promise<void>;
}> {
  const postgresUrl = inject('postgresUrl');
  if (!postgresUrl) throw new Error('needs the PostgreSQL suite (npm run test:pg)');
  const name = `cashtips_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: ManualClock;
  database: DatabaseHandle;
  smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  close: () => Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    webDistDir?: string;
    /** Trusts a fake push service's certificate (test/fake-push.ts). */
    pushAgent?: import('node:https').Agent;
    /** False: jobs are enqueued but not run by this app. */
    runJobs?: boolean;
    /** How often the app tries to become the process polling Telegram (test/fake-telegram.ts). */
    telegramLeaderRetryMs?: number;
    /** How often the app tries to become the process calling the football data provider. */
    footballLeaderRetryMs?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cashtips-app-'));
  const smtp = await startFakeSmtp();
  const { handle, drop } = await freshDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SMTP_URL: smtp.url,
      SEED_DEMO: '0',
      RATES_URL: 'off',
      GEO_URL: 'off',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      ...env,
    },
    { webDistDir: options.webDistDir },
  );
  const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
  const app = await startApp(config, {
    database: handle,
    clock,
    logStream: options.logStream,
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
    ...(options.runJobs === false ? { runJobs: false } : {}),
    ...(options.telegramLeaderRetryMs ? { telegramLeaderRetryMs: options.telegramLeaderRetryMs } : {}),
    ...(options.footballLeaderRetryMs ? { footballLeaderRetryMs: options.footballLeaderRetryMs } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    clock,
    database: handle,
    smtp,
    close: async () => {
      await app.close();
      await smtp.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server on the same PostgreSQL database as `first`, with its own pool, caches and
 * realtime, as a second process behind a load balancer would be (PostgreSQL runs only).
 */
export async function buildSecondProcess(
  first: TestApp,
  options: {
    pushAgent?: import('node:https').Agent;
    runJobs?: boolean;
    telegramLeaderRetryMs?: number;
    footballLeaderRetryMs?: number;
    /** Settings this process has that the first has not (e.g. a bot token). */
    config?: Partial<AppConfig>;
  } = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  if (first.database.kind !== 'postgres') throw new Error('needs the PostgreSQL suite (npm run test:pg)');
  const url = first.database.pool.options.connectionString;
  if (!url) throw new Error('the first app has no connection string');
  const app = await startApp(
    { ...first.config, seedDemo: false, admin: undefined, ...options.config },
    {
      database: openPostgres(url, 10),
      clock: first.clock,
      ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
      ...(options.runJobs === false ? { runJobs: false } : {}),
      ...(options.telegramLeaderRetryMs ? { telegramLeaderRetryMs: options.telegramLeaderRetryMs } : {}),
      ...(options.footballLeaderRetryMs ? { footballLeaderRetryMs: options.footballLeaderRetryMs } : {}),
    },
  );
  await app.ready();
  return { app, close: () => app.close() };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomUUID().slice(0, 8)}@example.com`;
}

export const strongPassword = 'Str0ng!Pass';

export function registrationBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Chidi',
    lastName: 'Okafor',
    email,
    phone: '+234 803 123 4567',
    password: strongPassword,
    ...overrides,
  };
}

/** Registers, reads the code from the mail, verifies, and logs in: a ready user and token. */
export async function signUpAndLogin(
  testApp: TestApp,
  email = uniqueEmail(),
  password = strongPassword,
  /** Other sign-up fields, e.g. the `referralCode` a client captured from `?ref=`. */
  details: Record<string, unknown> = {},
) {
  const { app, smtp } = testApp;
  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: registrationBody(email, { password, ...details }),
  });
  if (register.statusCode !== 201) throw new Error(`register failed: ${register.body}`);
  const otp = codeFrom(await smtp.lastMailTo(email));
  const verify = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json() as { token: string; user: { id: string; referralCode: string } };
  return { email, password, token: body.token, userId: body.user.id, referralCode: body.user.referralCode };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A deposit through the built-in test provider, which confirms at once. */
export async function devDeposit(testApp: TestApp, token: string, amount: number) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/wallet/deposit',
    headers: bearer(token),
    payload: { amount, provider: 'dev' },
  });
  if (response.statusCode !== 201) throw new Error(`deposit failed: ${response.body}`);
  return response.json() as { reference: string; mainWallet: number; bonusWallet: number };
}

export async function balances(testApp: TestApp, token: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/wallets/balance',
    headers: bearer(token),
  });
  if (response.statusCode !== 200) throw new Error(`balance failed: ${response.body}`);
  return response.json() as { mainWallet: number; bonusWallet: number };
}

/** A signed-in admin: the bootstrap admin of ADMIN_EMAIL/ADMIN_PASSWORD must be configured in the app. */
export async function loginAdmin(testApp: TestApp) {
  const admin = testApp.config.admin;
  if (!admin) throw new Error('start the test app with ADMIN_EMAIL and ADMIN_PASSWORD');
  const login = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password: admin.password },
  });
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.body}`);
  const body = login.json() as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

export const adminEnv = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'B0ss!Password' };
