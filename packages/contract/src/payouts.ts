import { z } from 'zod';
import { groupDigits } from './plain/format.ts';
import { hasAtMostTwoDecimals, pageInfoSchema, pageQuerySchema } from './wallet.ts';

/**
 * Money out (PRODUCT 11): a payout account (a Nigerian bank account whose name the payout provider
 * tells us), withdrawals from the main wallet to it, and the admin's review queue.
 */

/** Defaults of WITHDRAW_MIN_NAIRA, WITHDRAW_DAILY_MAX_NAIRA and WITHDRAW_REVIEW_NAIRA. */
export const WITHDRAW_DEFAULTS = {
  minimumNaira: 1_000,
  dailyMaximumNaira: 500_000,
  reviewFromNaira: 50_000,
} as const;

/** A replaced payout account can be paid only this long after the change (a stolen session's cash-out). */
export const PAYOUT_ACCOUNT_WAIT_HOURS = 24;
/** A transfer without an outcome this long after it was sent is read back by the server. */
export const PAYOUT_SWEEP_AFTER_MINUTES = 30;
/** A withdrawal to pay whose transfer job has not even started this long after is sent to the queue again. */
export const PAYOUT_RESEND_AFTER_MINUTES = 5;

export const withdrawalStatuses = [
  'review',
  'processing',
  'paid',
  'failed',
  'rejected',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
/** Statuses whose money is still held (out of the main wallet, not yet paid or returned). */
export const openWithdrawalStatuses = ['review', 'processing'] as const satisfies WithdrawalStatus[];
/** Statuses that do not count toward the daily maximum: the money came back. */
export const returnedWithdrawalStatuses = [
  'failed',
  'rejected',
  'cancelled',
] as const satisfies WithdrawalStatus[];

export const withdrawalStatusLabels: Record<WithdrawalStatus, string> = {
  review: 'In review',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** Why a withdrawal waits for an admin: the user's first one, or a large amount. */
export const reviewReasons = ['first', 'large'] as const;
export type ReviewReason = (typeof reviewReasons)[number];

export const payoutProviders = ['paystack', 'flutterwave', 'dev'] as const;
export type PayoutProvider = (typeof payoutProviders)[number];
export const payoutProviderLabels: Record<PayoutProvider, string> = {
  paystack: 'Paystack',
  flutterwave: 'Flutterwave',
  dev: 'Test payouts',
};

/** Paystack's rule for transfer references, which we use for every provider. */
export const WITHDRAWAL_REFERENCE_PATTERN = /^[a-z0-9_-]{16,50}$/;

export const payoutMessages = {
  wrongPassword: 'That password is not right.',
  wrongCode: 'That two-factor code is not right.',
  codeRequired: 'Enter the code from your authenticator app.',
  accountNotResolved: 'We could not find that account at that bank. Check the number and the bank.',
  unknownBank: 'Choose a bank from the list.',
  accountNumber: 'An account number is 10 digits (NUBAN).',
  accountSaved: 'Payout account saved.',
  accountReplaced: 'Payout account changed. For your safety, it can receive withdrawals in 24 hours.',
  invalidAmount: 'Please enter a valid amount',
  noAccount: 'Add a payout account before you withdraw.',
  withdrawalRequested: 'Withdrawal requested.',
  withdrawalInReview: 'Withdrawal requested. We review it before it is paid, usually within a few hours.',
  cancelled: 'Withdrawal cancelled. The money is back in your main wallet.',
  onlyInReview: 'Only a withdrawal still in review can be cancelled.',
  rejectReasonRequired: 'Say why the withdrawal is rejected: the user reads it.',
  providerUnavailable: 'The payout provider could not be reached. Please try again in a moment.',
  payoutsOff: 'Withdrawals are not available right now. Please try again later.',
} as const;

/** Limits as the forms show them (naira). */
export function belowMinimumMessage(minimumNaira: number): string {
  return `The minimum withdrawal is ₦${groupDigits(minimumNaira, 0, 3)}.`;
}
export function aboveBalanceMessage(mainNaira: number): string {
  return `You can withdraw at most ₦${groupDigits(mainNaira, 0, 3)}, your main wallet balance.`;
}
export function dailyMaximumMessage(dailyMaximumNaira: number, leftNaira: number): string {
  return `You can withdraw up to ₦${groupDigits(dailyMaximumNaira, 0, 3)} in 24 hours; ₦${groupDigits(leftNaira, 0, 3)} is left.`;
}
export function accountNotYetAvailableMessage(availableAt: Date): string {
  const when = availableAt.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `Your payout account changed recently: it can receive withdrawals from ${when} (Lagos time).`;
}

export const bankSchema = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;
export const banksResponseSchema = z.object({ success: z.literal(true), banks: z.array(bankSchema) });
export type BanksResponse = z.infer<typeof banksResponseSchema>;

/** `accountNumber` is masked (`******1234`) in every answer. */
export const payoutAccountSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  /** When withdrawals to it may start: at once for a first account, 24 hours after a change. */
  availableAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountResponseSchema = z.object({
  success: z.literal(true),
  account: payoutAccountSchema.nullable(),
});
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponseSchema>;

const bankCodeSchema = z
  .string({ error: payoutMessages.unknownBank })
  .trim()
  .regex(/^[0-9A-Za-z]{2,12}$/, payoutMessages.unknownBank);
const accountNumberSchema = z
  .string({ error: payoutMessages.accountNumber })
  .trim()
  .regex(/^\d{10}$/, payoutMessages.accountNumber);

/** Before saving: the provider's name for the account, so the user confirms it (never types it). */
export const payoutAccountLookupSchema = z.strictObject({
  bankCode: bankCodeSchema,
  accountNumber: accountNumberSchema,
});
export type PayoutAccountLookup = z.input<typeof payoutAccountLookupSchema>;
export const payoutAccountLookupResponseSchema = z.object({
  success: z.literal(true),
  bankName: z.string(),
  accountName: z.string(),
});
export type PayoutAccountLookupResponse = z.infer<typeof payoutAccountLookupResponseSchema>;

export const payoutAccountRequestSchema = z.strictObject({
  bankCode: bankCodeSchema,
  accountNumber: accountNumberSchema,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(200),
  /** The authenticator's code (or a recovery code) when two-factor sign-in is on. */
  code: z.string().trim().max(20).optional(),
});
export type PayoutAccountRequest = z.input<typeof payoutAccountRequestSchema>;

/** Naira; limits are business rules (422), only a non-number is invalid input (400). */
export const withdrawRequestSchema = z.strictObject({
  amount: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: payoutMessages.invalidAmount })
      .finite(payoutMessages.invalidAmount)
      .max(100_000_000, 'That amount is larger than any wallet holds.')
      .refine(hasAtMostTwoDecimals, 'Amounts have at most 2 decimal places.'),
  ),
});
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;

export const withdrawalSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(withdrawalStatuses),
  reference: z.string(),
  bankName: z.string(),
  /** Masked: `******1234`. */
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Why it failed (the provider's words) or was rejected (the admin's); null otherwise. */
  reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  withdrawal: withdrawalSchema,
  mainWallet: z.number(),
});
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

export const withdrawalsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  withdrawals: z.array(withdrawalSchema),
});
export type WithdrawalsResponse = z.infer<typeof withdrawalsResponseSchema>;

/** What the withdraw form shows before the user types (naira). */
export const withdrawOptionsResponseSchema = z.object({
  success: z.literal(true),
  /** False when no payout provider is configured. */
  enabled: z.boolean(),
  minimum: z.number(),
  dailyMaximum: z.number(),
  /** What is left of the daily maximum in the last 24 hours. */
  dailyLeft: z.number(),
  /** Withdrawals of this amount or more wait for an admin; so does a first one. */
  reviewFrom: z.number(),
});
export type WithdrawOptionsResponse = z.infer<typeof withdrawOptionsResponseSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  provider: z.enum(payoutProviders),
  reviewReason: z.enum(reviewReasons).nullable(),
  /** The provider's fee (naira), the operator's cost; null until the provider says. */
  fee: z.number().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** When the transfer was sent to the provider. */
  submittedAt: z.string().nullable(),
  /** The bank code and full account number (admins pay to it). */
  bankCode: z.string(),
  fullAccountNumber: z.string(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalsQuerySchema = pageQuerySchema.extend({
  status: z.enum(withdrawalStatuses, { error: 'Unknown withdrawal status.' }).optional(),
  userId: z.uuid({ error: 'Unknown user.' }).optional(),
});
export const adminWithdrawalsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  withdrawals: z.array(adminWithdrawalSchema),
});
export type AdminWithdrawalsResponse = z.infer<typeof adminWithdrawalsResponseSchema>;
export const adminWithdrawalResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  withdrawal: adminWithdrawalSchema,
});
export type AdminWithdrawalResponse = z.infer<typeof adminWithdrawalResponseSchema>;

export const rejectWithdrawalSchema = z.strictObject({
  reason: z
    .string({ error: payoutMessages.rejectReasonRequired })
    .trim()
    .min(3, payoutMessages.rejectReasonRequired)
    .max(500),
});
export type RejectWithdrawalRequest = z.input<typeof rejectWithdrawalSchema>;

/** `******1234`: the last four digits only. */
export function maskAccountNumber(accountNumber: string): string {
  return `******${accountNumber.slice(-4)}`;
}
