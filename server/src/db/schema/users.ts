import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    phone: text('phone').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    referralCode: text('referral_code').notNull().unique(),
    /** The code typed at sign-up, kept as given; resolved to a referrer when it matches a user. */
    referredByCode: text('referred_by_code'),
    referredByUserId: uuid('referred_by_user_id'),
    /** The linked Telegram account's user id (also its private chat id), as text. */
    telegramId: text('telegram_id').unique(),
    /** Its @username when it was linked (without the @), if it has one. */
    telegramUsername: text('telegram_username'),
    /** Whether personal notifications are also sent as Telegram messages (PRODUCT 7, 8). */
    telegramNotifications: boolean('telegram_notifications').notNull().default(true),
    /** Preferences (PRODUCT 9): personal notifications by email and by web push. */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    pushNotifications: boolean('push_notifications').notNull().default(true),
    /** Whether the community feed and top referrers may show this user's first name and initial. */
    communityVisible: boolean('community_visible').notNull().default(true),
    /** The chosen display currency; null follows the visitor's location. */
    displayCurrency: text('display_currency'),
    /** The TOTP secret, encrypted (two-factor.ts); set once two-factor is confirmed. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret shown at set-up and not yet confirmed with a code. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last TOTP time step accepted: a code is good once (RFC 6238 section 5.2). */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /**
     * A time-out or self-exclusion the user chose (PRODUCT 13): until `restrictedUntil` no deposit,
     * purchase, subscription or marketing. Only ever lengthened, by the user; nobody shortens it.
     */
    restrictionKind: text('restriction_kind', { enum: ['time-out', 'self-exclusion'] }),
    restrictedUntil: timestamp('restricted_until', { withTimezone: true, mode: 'date' }),
    /** When the user closed the account: identity erased, money records kept without it (PRODUCT 13). */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_phone_digits', sql`${table.phone} ~ '^[0-9]{7,15}$'`),
    check('users_display_currency_check', sql`${table.displayCurrency} in ('NGN', 'USD', 'GBP', 'EUR')`),
    check('users_restriction_kind_check', sql`${table.restrictionKind} in ('time-out', 'self-exclusion')`),
    check(
      'users_restriction_complete',
      sql`(${table.restrictionKind} is null) = (${table.restrictedUntil} is null)`,
    ),
    index('users_referred_by_user_id_idx').on(table.referredByUserId),
    index('users_created_idx').on(table.createdAt),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
  ],
);

/**
 * Each sign-up request for an email that is not verified yet (decision 015). A code proves the
 * mailbox, not whose details to keep: verification applies the request whose password the verifier
 * gives, so a later sign-up by someone else can never replace the owner's password.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The unverified account the email belongs to (created by the first sign-up). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    referredByCode: text('referred_by_code'),
    referredByUserId: uuid('referred_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('pending_registrations_phone_digits', sql`${table.phone} ~ '^[0-9]{7,15}$'`),
    index('pending_registrations_user_created_idx').on(table.userId, table.createdAt),
  ],
);

export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['main', 'bonus'] }).notNull(),
    balanceKobo: bigint('balance_kobo', { mode: 'bigint' }).notNull().default(sql`0`),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('wallets_kind_check', sql`${table.kind} in ('main', 'bonus')`),
    check('wallets_balance_not_negative', sql`${table.balanceKobo} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('otp_codes_purpose_check', sql`${table.purpose} in ('verify', 'reset')`),
    index('otp_codes_email_purpose_idx').on(table.email, table.purpose, table.createdAt),
  ],
);

/**
 * A code that links a Telegram account to a user (PRODUCT 8): sent to the bot as `/start <code>`,
 * single use, valid 15 minutes; a newer code voids the user's older ones.
 */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** What the user typed: `@username` (checked against the sender) or a phone number. */
    identifier: text('identifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** Set when a newer code replaced this one before it was used. */
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('telegram_link_codes_code_unique').on(table.code),
    index('telegram_link_codes_user_idx').on(table.userId),
  ],
);

/** Single-use codes that stand in for a TOTP when the authenticator is lost (hashed; 10 per enrolment). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_user_hash_unique').on(table.userId, table.codeHash)],
);

/**
 * A password accepted for an account with two-factor on: the browser holds the challenge (not a
 * session) until it sends a code. Short-lived; a few wrong codes void it.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Codes tried, counted before each is checked so that parallel guesses count too. */
    codesTried: integer('codes_tried').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('login_challenges_token_hash_unique').on(table.tokenHash),
    index('login_challenges_user_idx').on(table.userId),
  ],
);
