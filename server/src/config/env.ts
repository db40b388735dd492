import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads process.env. Everything is validated once at boot; a bad variable
 * stops the process with a message that names it.
 */
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalUrl = optionalString.pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SEED_DEMO: flag,
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{5,32}$/, 'must be a Telegram username without @')
    .default('CashTipsNGBot'),
  TELEGRAM_CHANNEL_ID: z
    .string()
    .regex(/^(@[A-Za-z0-9_]{5,32}|-?\d+)$/, 'must be @channelname or a numeric chat id')
    .default('@CashTipsNG'),
  TRUST_PROXY: flag,
  CORS_ORIGINS: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(1024, 'must be at least 1024')
    .max(10_485_760, 'must be at most 10485760')
    .default(102_400),
});

export type RawEnv = z.input<typeof envSchema>;

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  seedDemo: boolean;
  admin: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  telegramBotUrl: string;
  /** Null for a private channel known only by its numeric id. */
  telegramChannelUrl: string | null;
  trustProxy: boolean;
  corsOrigins: string[];
  logLevel: string;
  bodyLimitBytes: number;
  /** Where the built web app lives; absent when the server runs without it (tests, API only). */
  webDistDir: string | undefined;
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof envSchema> {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return env;
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generated below
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  options: { webDistDir?: string } = {},
): AppConfig {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    jwtSecret: env.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `CashTips <no-reply@${new URL(publicUrl).hostname}>`,
    telegramBotUrl: `https://t.me/${env.TELEGRAM_BOT_USERNAME}`,
    telegramChannelUrl: env.TELEGRAM_CHANNEL_ID.startsWith('@')
      ? `https://t.me/${env.TELEGRAM_CHANNEL_ID.slice(1)}`
      : null,
    trustProxy: env.TRUST_PROXY ?? false,
    corsOrigins: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((origin) => origin.trim()) : [],
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    webDistDir: options.webDistDir,
  };
}
