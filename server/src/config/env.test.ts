import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cashtips-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('works with no configuration at all: embedded database, demo content, generated secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    // The generated secret is kept: sessions survive a restart.
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('turns demo content off by default with a real PostgreSQL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db:5432/app' });
    expect(config.seedDemo).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/app', SEED_DEMO: '1' }).seedDemo,
    ).toBe(true);
  });

  it('turns demo content off by default in production, embedded or not (PRODUCT 15)', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_EMAIL and ADMIN_PASSWORD'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ TELEGRAM_BOT_TOKEN: 'not-a-token' }, 'TELEGRAM_BOT_TOKEN'],
    [{ TELEGRAM_API_ROOT: 'api.telegram.org' }, 'TELEGRAM_API_ROOT'],
    [{ TELEGRAM_WEBHOOK_SECRET: 'short' }, 'TELEGRAM_WEBHOOK_SECRET'],
    [{ TELEGRAM_MAX_PER_SECOND: '0' }, 'TELEGRAM_MAX_PER_SECOND'],
  ])('fails fast on %j, naming the variable', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });

  it('derives the Telegram links', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      TELEGRAM_BOT_USERNAME: 'MyTipsBot',
      TELEGRAM_CHANNEL_ID: '@mytips',
    });
    expect(config.telegramBotUrl).toBe('https://t.me/MyTipsBot');
    expect(config.telegramChannelUrl).toBe('https://t.me/mytips');
    expect(
      loadConfig({ DATA_DIR: dataDir(), TELEGRAM_CHANNEL_ID: '-1001234567' }).telegramChannelUrl,
    ).toBeNull();
  });

  it('leaves the bot off without a token; polls by default; a webhook secret switches to webhooks', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).telegram).toEqual({
      botToken: undefined,
      botUsername: 'CashTipsNGBot',
      channelId: '@CashTipsNG',
      apiRoot: 'https://api.telegram.org',
      webhookSecret: undefined,
      maxPerSecond: 25,
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      TELEGRAM_BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
      TELEGRAM_WEBHOOK_SECRET: 'a-long-enough-secret_123',
      TELEGRAM_MAX_PER_SECOND: '10',
    }).telegram;
    expect(config).toMatchObject({
      botToken: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345',
      // grammY refuses a root with a trailing slash.
      apiRoot: 'http://127.0.0.1:8081',
      webhookSecret: 'a-long-enough-secret_123',
      maxPerSecond: 10,
    });
  });
});

describe('start-up', () => {
  it('turns football data on with a provider and its key only, with each provider’s API root and leagues', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).football).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        FOOTBALL_DATA_URL: 'http://127.0.0.1:9/',
        FOOTBALL_DATA_LEAGUES: '39',
      }).football,
    ).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir(), FOOTBALL_DATA_PROVIDER: 'api-football', FOOTBALL_DATA_KEY: 'k' })
        .football,
    ).toEqual({
      provider: 'api-football',
      key: 'k',
      baseUrl: 'https://v3.football.api-sports.io',
      leagues: ['399', '39', '140', '135', '78', '61', '2'],
      pollSeconds: 60,
      resultConfirmMinutes: 10,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        FOOTBALL_DATA_PROVIDER: 'football-data',
        FOOTBALL_DATA_KEY: 'k',
        FOOTBALL_DATA_URL: 'http://127.0.0.1:9/v4/',
        FOOTBALL_DATA_LEAGUES: 'PL, CL',
        FOOTBALL_DATA_POLL_SECONDS: '30',
        RESULT_CONFIRM_MINUTES: '0',
      }).football,
    ).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/v4',
      leagues: ['PL', 'CL'],
      pollSeconds: 30,
      resultConfirmMinutes: 0,
    });
    for (const [env, name] of [
      [{ FOOTBALL_DATA_PROVIDER: 'api-football' }, 'FOOTBALL_DATA_KEY'],
      [{ FOOTBALL_DATA_PROVIDER: 'sportmonks', FOOTBALL_DATA_KEY: 'k' }, 'FOOTBALL_DATA_PROVIDER'],
      [{ FOOTBALL_DATA_LEAGUES: '39;140' }, 'FOOTBALL_DATA_LEAGUES'],
      [{ RESULT_CONFIRM_MINUTES: '-1' }, 'RESULT_CONFIRM_MINUTES'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
    }
  });

  it('reads a .env file when present, the environment winning over it', async () => {
    const { loadEnvFile } = await import('./env.ts');
    const dir = dataDir();
    const file = path.join(dir, '.env');
    expect(loadEnvFile(file)).toBe(false);
    writeFileSync(file, 'CASHTIPS_TEST_FROM_FILE=file\nCASHTIPS_TEST_BOTH="from file"\n');
    process.env.CASHTIPS_TEST_BOTH = 'from environment';
    try {
      expect(loadEnvFile(file)).toBe(true);
      expect(process.env.CASHTIPS_TEST_FROM_FILE).toBe('file');
      expect(process.env.CASHTIPS_TEST_BOTH).toBe('from environment');
    } finally {
      delete process.env.CASHTIPS_TEST_FROM_FILE;
      delete process.env.CASHTIPS_TEST_BOTH;
    }
  });

  it('says in one plain line where the app is, where mails go and how to get an admin', async () => {
    const { readyLine } = await import('./env.ts');
    const dir = dataDir();
    expect(readyLine(loadConfig({ DATA_DIR: dir }), 3000, false)).toBe(
      `CashTips is running at http://localhost:3000 on the embedded database; mails (sign-up codes) are written to ${path.join(dir, 'outbox')}/; for an admin, set ADMIN_EMAIL and ADMIN_PASSWORD (in .env) and restart.`,
    );
    const configured = loadConfig({
      DATA_DIR: dir,
      SMTP_URL: 'smtp://mailer.example.com:587',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'B0ss!Password',
      HOST: '0.0.0.0',
    });
    expect(readyLine(configured, 8080, true)).toBe(
      'CashTips is running at http://localhost:8080 on the embedded database; mails go out through mailer.example.com:587; admin: boss@example.com (sign in, then open /admin); settings read from .env.',
    );
    // Demo content in the database: the line says so (PRODUCT 15).
    expect(readyLine(loadConfig({ DATA_DIR: dir }), 3000, false, true)).toBe(
      `CashTips is running at http://localhost:3000 on the embedded database, with demo content (codes, plans and tips marked Demo, counted in no record); mails (sign-up codes) are written to ${path.join(dir, 'outbox')}/; for an admin, set ADMIN_EMAIL and ADMIN_PASSWORD (in .env) and restart.`,
    );
  });
});
