import { z } from 'zod';
import { userRoles } from './auth.ts';
import { restrictionSchema } from './protection.ts';
import {
  depositStatuses,
  hasAtMostTwoDecimals,
  pageInfoSchema,
  pageQuerySchema,
  paymentProviders,
  walletTransactionSchema,
  walletTypes,
} from './wallet.ts';

export const adminUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  role: z.enum(userRoles),
  emailVerified: z.boolean(),
  referralCode: z.string(),
  mainWallet: z.number(),
  bonusWallet: z.number(),
  createdAt: z.string(),
  /** When the user closed the account: name, email, phone and referral code are then erased. */
  closedAt: z.string().nullable(),
  /** A time-out or self-exclusion in force: shown, and no admin can lift or shorten it. */
  restriction: restrictionSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Search at most 100 characters.').optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  users: z.array(adminUserSchema),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminDepositSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  provider: z.enum(paymentProviders),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(depositStatuses),
  failureReason: z.string().nullable(),
  user: z.object({ _id: z.string(), email: z.string(), name: z.string() }),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminUserDetailResponseSchema = z.object({
  success: z.literal(true),
  user: adminUserSchema.extend({
    referredBy: z.object({ _id: z.string(), email: z.string() }).nullable(),
    telegramId: z.string().nullable(),
  }),
  deposits: z.array(adminDepositSchema),
});
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponseSchema>;

export const adminUserTransactionsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  transactions: z.array(walletTransactionSchema),
});
export type AdminUserTransactionsResponse = z.infer<typeof adminUserTransactionsResponseSchema>;

export const adjustmentRequestSchema = z.strictObject({
  wallet: z.enum(walletTypes, { error: 'Choose the main or the bonus wallet.' }),
  /** Signed naira: positive credits the wallet, negative debits it. */
  amount: z
    .number({ error: 'Enter an amount in naira, negative to debit.' })
    .finite('Enter an amount in naira, negative to debit.')
    .refine((value) => value !== 0, 'The amount cannot be zero.')
    .refine((value) => Math.abs(value) <= 10_000_000, 'Adjustments are at most ₦10,000,000.')
    .refine(hasAtMostTwoDecimals, 'Amounts have at most 2 decimal places.'),
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(5, 'Give a reason of at least 5 characters.')
    .max(500, 'Keep the reason under 500 characters.'),
});
export type AdjustmentRequest = z.input<typeof adjustmentRequestSchema>;

export const adjustmentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  mainWallet: z.number(),
  bonusWallet: z.number(),
});
export type AdjustmentResponse = z.infer<typeof adjustmentResponseSchema>;

export const updateUserRoleRequestSchema = z.strictObject({
  role: z.enum(userRoles, { error: 'The role is user or admin.' }),
});

export const adminUserResponseSchema = z.object({ success: z.literal(true), user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

export const adminDepositsQuerySchema = pageQuerySchema.extend({
  status: z.enum(depositStatuses).optional(),
  provider: z.enum(paymentProviders).optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminDepositsQuery = z.input<typeof adminDepositsQuerySchema>;

export const adminDepositsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  deposits: z.array(adminDepositSchema),
});
export type AdminDepositsResponse = z.infer<typeof adminDepositsResponseSchema>;

export const adminDepositVerifyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  deposit: adminDepositSchema,
});
export type AdminDepositVerifyResponse = z.infer<typeof adminDepositVerifyResponseSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target as admins know it (a plan's name, a user's email, 'Arsenal vs Chelsea'); null when unknown. */
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = pageQuerySchema.extend({
  action: z.string().trim().max(64).optional(),
});

export const auditLogResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** Audit actions, named `<target>.<verb>`; the audit screen offers them as a filter. */
export const auditActions = [
  'user.adjust',
  'user.role',
  'deposit.verify',
  'code.create',
  'code.update',
  'code.delete',
  'code.settle',
  /** A money-back code refunded as lost or void was corrected: its buyers keep their refunds. */
  'code.refund-kept',
  'withdrawal.approve',
  'withdrawal.reject',
  /** A user downloaded their data, or closed their account (PRODUCT 13); the actor is the user. */
  'user.data-export',
  'user.close',
] as const;

/** One Lagos day of the admin overview's series (naira). */
export const overviewDaySchema = z.object({
  date: z.string(),
  signups: z.number(),
  deposits: z.number(),
  revenue: z.number(),
  codeRevenue: z.number(),
  planRevenue: z.number(),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

/** GET /api/admin/overview (PRODUCT 10): the last 90 Lagos days, oldest first. */
export const adminOverviewResponseSchema = z.object({
  success: z.literal(true),
  /**
   * Accounts still open, all of them: a closed account is an erased identity, no longer a user, so it
   * counts in none of these (nor in the sign-ups series); `closed` says how many are left out.
   */
  users: z.object({
    total: z.number(),
    verified: z.number(),
    new7d: z.number(),
    new30d: z.number(),
    closed: z.number(),
  }),
  deposits: z.object({ count30d: z.number(), amount30d: z.number() }),
  revenue: z.object({ codes30d: z.number(), plans30d: z.number(), total30d: z.number() }),
  subscriptions: z.object({ active: z.number() }),
  /** Booking codes, rollover tips and free tips past kick-off or expiry with no result. */
  toSettle: z.number(),
  /** Delivery jobs (push, Telegram) that failed for good in the last 30 days. */
  failedDeliveries: z.number(),
  /**
   * Matches whose result waits for an admin (issue 24): the provider's final figures disagree, or a
   * held match the provider has finished.
   */
  matchesWaitingForAdmin: z.number(),
  /** Withdrawals waiting for an admin, and sent to the provider without an outcome yet (PRODUCT 11). */
  withdrawals: z.object({
    review: z.number(),
    processing: z.number(),
    /** Paid to banks in the last 30 days, and the providers' fees for them (the operator's cost). */
    paid30d: z.number(),
    fees30d: z.number(),
  }),
  /** Money-back refunds of lost or void codes in the last 30 days (naira). */
  refunds30d: z.number(),
  series: z.array(overviewDaySchema),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;
