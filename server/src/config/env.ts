import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WITHDRAW_DEFAULTS } from '@cashtips/contract/payouts';
import { MINIMUM_DEPOSIT_NAIRA } from '@cashtips/contract/wallet';
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

/** A URL, or `off` to never call the service (offline machines, tests). */
const serviceUrl = optionalString.pipe(z.union([z.literal('off'), z.url()]).optional());

const wholeNaira = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number of naira from ${min} to ${max}` })
    .int(`must be a whole number of naira from ${min} to ${max}`)
    .min(min, `must be a whole number of naira from ${min} to ${max}`)
    .max(max, `must be a whole number of naira from ${min} to ${max}`);

/** '2019-20': a football season, the second year the first plus one. */
function isSeason(value: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** Bookmakers with an adapter (server/src/integrations/bookmakers): what BOOKMAKER_CHECK may name. */
export const checkableBookmakers = ['sportybet'] as const;
export type CheckableBookmaker = (typeof checkableBookmakers)[number];

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
  TELEGRAM_BOT_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(
        /^[0-9]{3,20}:[A-Za-z0-9_-]{20,100}$/,
        'must be a bot token as @BotFather gives it (123456:ABC…)',
      )
      .optional(),
  ),
  TELEGRAM_API_ROOT: optionalUrl,
  TELEGRAM_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -')
      .optional(),
  ),
  TELEGRAM_MAX_PER_SECOND: z.coerce
    .number({ error: 'must be a number of messages from 1 to 1000' })
    .min(1, 'must be a number of messages from 1 to 1000')
    .max(1000, 'must be a number of messages from 1 to 1000')
    .default(25),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_BASE_URL: optionalUrl,
  FLUTTERWAVE_SECRET_KEY: optionalString,
  FLUTTERWAVE_SECRET_HASH: optionalString,
  FLUTTERWAVE_BASE_URL: optionalUrl,
  NOWPAYMENTS_API_KEY: optionalString,
  NOWPAYMENTS_IPN_SECRET: optionalString,
  NOWPAYMENTS_BASE_URL: optionalUrl,
  PAYMENTS_DEV: flag,
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key (web-push generate-vapid-keys)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key (web-push generate-vapid-keys)')
      .optional(),
  ),
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
      .optional(),
  ),
  RATES_URL: serviceUrl,
  GEO_URL: serviceUrl,
  DEPOSIT_MAX_NAIRA: wholeNaira(100, 100_000_000).default(5_000_000),
  REFERRAL_BONUS_PERCENT: z.coerce
    .number({ error: 'must be a percentage from 0 to 100' })
    .min(0, 'must be a percentage from 0 to 100')
    .max(100, 'must be a percentage from 0 to 100')
    .default(10),
  REFERRAL_BONUS_CAP_NAIRA: wholeNaira(0, 100_000_000).default(5000),
  BONUS_WITHDRAW_MIN_NAIRA: wholeNaira(0, 100_000_000).default(1000),
  WITHDRAW_MIN_NAIRA: wholeNaira(100, 100_000_000).default(WITHDRAW_DEFAULTS.minimumNaira),
  WITHDRAW_DAILY_MAX_NAIRA: wholeNaira(100, 1_000_000_000).default(WITHDRAW_DEFAULTS.dailyMaximumNaira),
  WITHDRAW_REVIEW_NAIRA: wholeNaira(0, 1_000_000_000).default(WITHDRAW_DEFAULTS.reviewFromNaira),
  TRUST_PROXY: flag,
  CORS_ORIGINS: optionalString,
  MODEL_DATA_IMPORT: z
    .enum(['on', 'off', '1', '0', 'true', 'false'], { error: 'must be on or off' })
    .transform((value) => value === 'on' || value === '1' || value === 'true')
    .optional(),
  MODEL_DATA_FROM_SEASON: z
    .string()
    .trim()
    .refine(isSeason, 'must be a season written like 2019-20 (the second year is the first plus one)')
    .default('2019-20'),
  FOOTBALL_DATA_PROVIDER: optionalString.pipe(
    z.enum(['api-football', 'football-data'], { error: 'must be api-football or football-data' }).optional(),
  ),
  FOOTBALL_DATA_KEY: optionalString,
  FOOTBALL_DATA_URL: optionalUrl,
  FOOTBALL_DATA_LEAGUES: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]+(\s*,\s*[A-Za-z0-9]+)*$/, 'must be league ids or codes separated by commas')
      .optional(),
  ),
  FOOTBALL_DATA_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(60),
  RESULT_CONFIRM_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be 0 or more')
    .max(1440, 'must be at most 1440')
    .default(10),
  BOOKMAKER_CHECK: optionalString.pipe(
    z
      .string()
      .regex(
        new RegExp(`^(${checkableBookmakers.join('|')})(\\s*,\\s*(${checkableBookmakers.join('|')}))*$`),
        `must name bookmakers with an adapter, separated by commas: ${checkableBookmakers.join(', ')}`,
      )
      .optional(),
  ),
  SPORTYBET_URL: optionalUrl,
  SPORTYBET_COUNTRY: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/, 'must be a two-letter country code in lower case (ng)')
    .default('ng'),
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
  telegram: TelegramConfig;
  payments: PaymentsConfig;
  /** Web push: VAPID keys as configured (else generated once into the database) and the contact. */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  money: MoneyRules;
  /** Exchange-rate and geolocation services; null when turned off. `{ip}` in geoUrl is the visitor's address. */
  ratesUrl: string | null;
  geoUrl: string | null;
  /**
   * The match model's data (issue 16): whether the bundled openfootball results are imported into
   * the match registry once, in the background after start, and from which season on.
   */
  modelData: { import: boolean; fromSeason: string };
  /** The football data provider (issue 24, PRODUCT 12); undefined: off, admins type fixtures and results. */
  football: FootballConfig | undefined;
  /** Bookmakers whose shared codes are read at the bookmaker (PRODUCT 16); empty: every code unchecked. */
  bookmakerCheck: BookmakerCheckConfig;
  trustProxy: boolean;
  corsOrigins: string[];
  logLevel: string;
  bodyLimitBytes: number;
  /** Where the built web app lives; absent when the server runs without it (tests, API only). */
  webDistDir: string | undefined;
}

export interface FootballConfig {
  provider: 'api-football' | 'football-data';
  key: string;
  /** The provider's API root, without a trailing slash (tests point it at a local fake). */
  baseUrl: string;
  /** The provider's league ids (API-Football) or competition codes (football-data.org) to follow. */
  leagues: string[];
  pollSeconds: number;
  resultConfirmMinutes: number;
}

export interface BookmakerCheckConfig {
  bookmakers: CheckableBookmaker[];
  sportybet: { baseUrl: string; country: string };
}

/** Followed when FOOTBALL_DATA_LEAGUES is unset: the NPFL (API-Football only) and Europe's top leagues. */
const footballDefaultLeagues = {
  'api-football': '399,39,140,135,78,61,2',
  'football-data': 'PL,PD,SA,BL1,FL1,CL',
} as const;

const footballBaseUrls = {
  'api-football': 'https://v3.football.api-sports.io',
  'football-data': 'https://api.football-data.org/v4',
} as const;

/** The bot (PRODUCT 8): off without a token; webhook mode with a secret, else long polling. */
export interface TelegramConfig {
  botToken: string | undefined;
  botUsername: string;
  /** `@channelname` or a numeric chat id: where free tips are posted. */
  channelId: string;
  /** The Bot API's root, without a trailing slash (tests point it at a fake). */
  apiRoot: string;
  webhookSecret: string | undefined;
  /** Messages sent per second at most, across every process (Telegram's bulk limit is about 30). */
  maxPerSecond: number;
}

export interface PaymentsConfig {
  paystack: { secretKey: string; baseUrl: string } | undefined;
  flutterwave: { secretKey: string; secretHash: string; baseUrl: string } | undefined;
  nowpayments: { apiKey: string; ipnSecret: string; baseUrl: string } | undefined;
  /** The built-in instant test provider. */
  dev: boolean;
}

/** Amounts in naira, as configured. */
export interface MoneyRules {
  minimumDepositNaira: number;
  maximumDepositNaira: number;
  referralBonusPercent: number;
  referralBonusCapNaira: number;
  minimumBonusWithdrawalNaira: number;
  /** Withdrawals to a bank (PRODUCT 11). */
  minimumWithdrawalNaira: number;
  /** Most that may leave in any 24 hours (withdrawals cancelled, rejected or failed do not count). */
  dailyWithdrawalMaximumNaira: number;
  /** Withdrawals of this amount or more wait for an admin. */
  withdrawalReviewFromNaira: number;
}

export class ConfigError extends Error {}

/**
 * Reads `KEY=value` lines from a `.env` file into the environment when the file exists. A variable
 * already set in the environment wins over the file. Answers whether a file was read.
 */
export function loadEnvFile(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError(`Could not read ${file}: ${(error as Error).message}`);
  }
  return true;
}

/**
 * The line `npm start` prints once the server listens: where to open it, where mails go, and how
 * to get an admin. Plain text, for a person at a terminal (the logs stay JSON).
 */
/** A path relative to where the command was run when it is inside it (data/outbox), else absolute. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

export function readyLine(
  config: AppConfig,
  port: number,
  envFileRead: boolean,
  /** The database holds demo content (PRODUCT 15: the banner says so). */
  demoContent = false,
): string {
  const local = ['127.0.0.1', '0.0.0.0', 'localhost', '::', '::1'].includes(config.host);
  const url = local ? `http://localhost:${port}` : `http://${config.host}:${port}`;
  const mail = config.smtpUrl
    ? `mails go out through ${new URL(config.smtpUrl).host}`
    : `mails (sign-up codes) are written to ${shownPath(path.join(config.dataDir, 'outbox'))}/`;
  const admin = config.admin
    ? `admin: ${config.admin.email} (sign in, then open /admin)`
    : 'for an admin, set ADMIN_EMAIL and ADMIN_PASSWORD (in .env) and restart';
  const database = config.databaseUrl ? 'PostgreSQL' : 'the embedded database';
  const demo = demoContent
    ? ', with demo content (codes, plans and tips marked Demo, counted in no record)'
    : '';
  return `CashTips is running at ${url} on ${database}${demo}; ${mail}; ${admin}${envFileRead ? '; settings read from .env' : ''}.`;
}

export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof envSchema> {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const pairs: [string, string, unknown, unknown][] = [
    ['ADMIN_EMAIL', 'ADMIN_PASSWORD', env.ADMIN_EMAIL, env.ADMIN_PASSWORD],
    [
      'FLUTTERWAVE_SECRET_KEY',
      'FLUTTERWAVE_SECRET_HASH',
      env.FLUTTERWAVE_SECRET_KEY,
      env.FLUTTERWAVE_SECRET_HASH,
    ],
    ['NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET', env.NOWPAYMENTS_API_KEY, env.NOWPAYMENTS_IPN_SECRET],
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY],
    ['FOOTBALL_DATA_PROVIDER', 'FOOTBALL_DATA_KEY', env.FOOTBALL_DATA_PROVIDER, env.FOOTBALL_DATA_KEY],
  ];
  for (const [first, second, a, b] of pairs) {
    if (Boolean(a) !== Boolean(b)) {
      throw new ConfigError(`Invalid configuration:\n  ${first} and ${second} must be set together`);
    }
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

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function serviceUrlOrNull(value: string | undefined, fallback: string): string | null {
  if (value === 'off') return null;
  return value ?? fallback;
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
    // Demo content never appears in production unless asked for (PRODUCT 15).
    seedDemo: env.SEED_DEMO ?? (!env.DATABASE_URL && env.NODE_ENV !== 'production'),
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
    telegram: {
      botToken: env.TELEGRAM_BOT_TOKEN,
      botUsername: env.TELEGRAM_BOT_USERNAME,
      channelId: env.TELEGRAM_CHANNEL_ID,
      apiRoot: trimSlash(env.TELEGRAM_API_ROOT ?? 'https://api.telegram.org'),
      webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
      maxPerSecond: env.TELEGRAM_MAX_PER_SECOND,
    },
    payments: {
      paystack: env.PAYSTACK_SECRET_KEY
        ? {
            secretKey: env.PAYSTACK_SECRET_KEY,
            baseUrl: trimSlash(env.PAYSTACK_BASE_URL ?? 'https://api.paystack.co'),
          }
        : undefined,
      flutterwave:
        env.FLUTTERWAVE_SECRET_KEY && env.FLUTTERWAVE_SECRET_HASH
          ? {
              secretKey: env.FLUTTERWAVE_SECRET_KEY,
              secretHash: env.FLUTTERWAVE_SECRET_HASH,
              baseUrl: trimSlash(env.FLUTTERWAVE_BASE_URL ?? 'https://api.flutterwave.com/v3'),
            }
          : undefined,
      nowpayments:
        env.NOWPAYMENTS_API_KEY && env.NOWPAYMENTS_IPN_SECRET
          ? {
              apiKey: env.NOWPAYMENTS_API_KEY,
              ipnSecret: env.NOWPAYMENTS_IPN_SECRET,
              baseUrl: trimSlash(env.NOWPAYMENTS_BASE_URL ?? 'https://api.nowpayments.io/v1'),
            }
          : undefined,
      dev: env.PAYMENTS_DEV ?? env.NODE_ENV !== 'production',
    },
    push: {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      // Push services want a way to reach the sender: the site itself when it is https, else a mailbox.
      subject:
        env.VAPID_SUBJECT ??
        (publicUrl.startsWith('https://') ? publicUrl : `mailto:support@${new URL(publicUrl).hostname}`),
    },
    money: {
      minimumDepositNaira: MINIMUM_DEPOSIT_NAIRA,
      maximumDepositNaira: env.DEPOSIT_MAX_NAIRA,
      referralBonusPercent: env.REFERRAL_BONUS_PERCENT,
      referralBonusCapNaira: env.REFERRAL_BONUS_CAP_NAIRA,
      minimumBonusWithdrawalNaira: env.BONUS_WITHDRAW_MIN_NAIRA,
      minimumWithdrawalNaira: env.WITHDRAW_MIN_NAIRA,
      dailyWithdrawalMaximumNaira: env.WITHDRAW_DAILY_MAX_NAIRA,
      withdrawalReviewFromNaira: env.WITHDRAW_REVIEW_NAIRA,
    },
    ratesUrl: serviceUrlOrNull(env.RATES_URL, 'https://open.er-api.com/v6/latest/NGN'),
    geoUrl: serviceUrlOrNull(env.GEO_URL, 'https://ipapi.co/{ip}/json/'),
    modelData: {
      // Tests build many apps: none imports unless a test asks for it.
      import: env.MODEL_DATA_IMPORT ?? env.NODE_ENV !== 'test',
      fromSeason: env.MODEL_DATA_FROM_SEASON,
    },
    football:
      env.FOOTBALL_DATA_PROVIDER && env.FOOTBALL_DATA_KEY
        ? {
            provider: env.FOOTBALL_DATA_PROVIDER,
            key: env.FOOTBALL_DATA_KEY,
            baseUrl: trimSlash(env.FOOTBALL_DATA_URL ?? footballBaseUrls[env.FOOTBALL_DATA_PROVIDER]),
            leagues: (env.FOOTBALL_DATA_LEAGUES ?? footballDefaultLeagues[env.FOOTBALL_DATA_PROVIDER])
              .split(',')
              .map((league) => league.trim())
              .filter(Boolean),
            pollSeconds: env.FOOTBALL_DATA_POLL_SECONDS,
            resultConfirmMinutes: env.RESULT_CONFIRM_MINUTES,
          }
        : undefined,
    bookmakerCheck: {
      bookmakers: [
        ...new Set(
          (env.BOOKMAKER_CHECK ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter((name): name is CheckableBookmaker =>
              (checkableBookmakers as readonly string[]).includes(name),
            ),
        ),
      ],
      sportybet: {
        baseUrl: trimSlash(env.SPORTYBET_URL ?? 'https://www.sportybet.com'),
        country: env.SPORTYBET_COUNTRY,
      },
    },
    trustProxy: env.TRUST_PROXY ?? false,
    corsOrigins: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((origin) => origin.trim()) : [],
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    webDistDir: options.webDistDir,
  };
}
