import { z } from 'zod';
import { twoFactorCodeSchema } from './account.ts';
import { messages } from './auth.ts';
import { lagosDay } from './lagos-time.ts';
import { restrictionSchema } from './protection.ts';

/**
 * Data rights (PRODUCT 13, Nigeria Data Protection Act): a copy of everything held about the user,
 * and closing the account. The texts here are the ones the API answers and the screens show.
 */

/** Downloads of one's data allowed per user per hour. */
export const DATA_EXPORTS_PER_HOUR = 3;
/** How long money records (ledger, deposits, withdrawals, purchases) are kept after an account closes. */
export const MONEY_RECORDS_KEPT_YEARS = 6;

/** The downloaded file's name: the Lagos date it was made on. */
export const dataExportFileName = (at: Date) => `cashtips-data-${lagosDay(at)}.json`;

export const dataRightsMessages = {
  exportLimited: (wait: string) =>
    `You can download your data ${DATA_EXPORTS_PER_HOUR} times an hour. Please try again in ${wait}.`,
  exportReady: 'Your data has been downloaded.',
  closeRefusedMainWallet: (naira: string) =>
    `Your main wallet still holds ${naira}. Withdraw it before you close your account.`,
  closeRefusedWithdrawal:
    'A withdrawal is still being processed. You can close your account once it is paid or returned.',
  closeRefusedMoneyBack:
    'A money-back booking code you bought has not been settled yet: if it loses, its price comes back to your wallet. You can close your account once it is settled.',
  closeChecked: 'Password confirmed. Confirm once more to close your account.',
  adminCannotClose: 'An admin account cannot be closed. Ask another admin to remove your admin role first.',
  accountClosed: 'Your account is closed. Your personal details have been erased.',
  forfeitDescription: 'Bonus forfeited: account closed',
} as const;

/** POST /api/users/me/delete: the password, and a TOTP or recovery code when two-factor sign-in is on. */
export const closeAccountSchema = z.strictObject({
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(128),
  code: twoFactorCodeSchema.optional(),
});
export type CloseAccountRequest = z.input<typeof closeAccountSchema>;

/** Why an account cannot be closed now (PRODUCT 13), in the order they are checked. */
export const closingRefusalReasons = ['admin', 'main-wallet', 'withdrawal', 'money-back'] as const;
export type ClosingRefusalReason = (typeof closingRefusalReasons)[number];

/**
 * GET /api/users/me/closing: whether the account can be closed now, and if not, why (the sentence the
 * closing call would refuse with). The closing screen says it before the user goes through the steps.
 */
export const closingStatusSchema = z.object({
  success: z.literal(true),
  refusal: z.object({ reason: z.enum(closingRefusalReasons), message: z.string() }).nullable(),
});
export type ClosingStatus = z.infer<typeof closingStatusSchema>;

const naira = z.number();
const instant = z.string();
const maybeInstant = z.string().nullable();

/**
 * GET /api/users/me/export: the whole file. An allow-list like every answer: a field not named here
 * never leaves the server, so no secret (password hash, two-factor secret, recovery codes, session or
 * push keys) can slip in through a query that selects too much. Amounts in naira, times ISO-8601.
 */
export const dataExportSchema = z.object({
  success: z.literal(true),
  exportedAt: instant,
  about: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    username: z.string().nullable(),
    role: z.string(),
    emailVerifiedAt: maybeInstant,
    createdAt: instant,
    updatedAt: instant,
    closedAt: maybeInstant,
  }),
  preferences: z.object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    telegramNotifications: z.boolean(),
    communityVisible: z.boolean(),
    displayCurrency: z.string().nullable(),
  }),
  security: z.object({
    twoFactorEnabledAt: maybeInstant,
    /** How many unused recovery codes exist (never the codes). */
    recoveryCodesLeft: z.number(),
  }),
  telegram: z.object({ telegramId: z.string(), telegramUsername: z.string().nullable() }).nullable(),
  sessions: z.array(
    z.object({
      createdAt: instant,
      lastSeenAt: instant,
      expiresAt: instant,
      endedAt: maybeInstant,
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** Browsers that receive push notifications: the push service's address only, never the keys. */
  pushSubscriptions: z.array(
    z.object({
      pushService: z.string(),
      userAgent: z.string().nullable(),
      createdAt: instant,
      lastSentAt: maybeInstant,
    }),
  ),
  wallets: z.object({ mainWallet: naira, bonusWallet: naira }),
  ledgerEntries: z.array(
    z.object({
      transactionId: z.string(),
      kind: z.string(),
      wallet: z.string(),
      amount: naira,
      description: z.string(),
      reference: z.string().nullable(),
      createdAt: instant,
    }),
  ),
  deposits: z.array(
    z.object({
      reference: z.string(),
      provider: z.string(),
      amount: naira,
      currency: z.string(),
      status: z.string(),
      failureReason: z.string().nullable(),
      createdAt: instant,
      confirmedAt: maybeInstant,
    }),
  ),
  payoutAccounts: z.array(
    z.object({
      bankName: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
      createdAt: instant,
      replacedAt: maybeInstant,
    }),
  ),
  withdrawals: z.array(
    z.object({
      reference: z.string(),
      amount: naira,
      status: z.string(),
      reason: z.string().nullable(),
      bankName: z.string(),
      accountNumber: z.string(),
      createdAt: instant,
      paidAt: maybeInstant,
    }),
  ),
  purchases: z.array(
    z.object({
      bookmaker: z.string(),
      bookingCode: z.string(),
      price: naira,
      walletType: z.string(),
      createdAt: instant,
      hiddenAt: maybeInstant,
    }),
  ),
  subscriptions: z.array(
    z.object({
      planName: z.string(),
      price: naira,
      walletType: z.string(),
      durationDays: z.number(),
      startedAt: instant,
      expiresAt: instant,
    }),
  ),
  notifications: z.array(
    z.object({
      title: z.string(),
      message: z.string(),
      type: z.string(),
      link: z.string().nullable(),
      createdAt: instant,
      readAt: maybeInstant,
    }),
  ),
  activity: z.array(z.object({ title: z.string(), description: z.string(), createdAt: instant })),
  depositLimits: z.array(
    z.object({ period: z.string(), amount: naira.nullable(), effectiveAt: instant, createdAt: instant }),
  ),
  restriction: restrictionSchema.nullable(),
  /** Referrals as counts: never who the referred users are. */
  referrals: z.object({
    referralCode: z.string(),
    referredByCode: z.string().nullable(),
    referredUsers: z.number(),
  }),
  /** What admins and the product recorded about this account; an admin is never named. */
  auditEntries: z.array(
    z.object({
      action: z.string(),
      byAdmin: z.boolean(),
      before: z.unknown(),
      after: z.unknown(),
      reason: z.string().nullable(),
      createdAt: instant,
    }),
  ),
});
export type DataExport = z.infer<typeof dataExportSchema>;
