import { z } from 'zod';
import { isWholeKobo } from './money.ts';
import { depositLimitPeriods } from './protection.ts';

/** Texts of the money screens; the spec's exact strings are requirements. */
export const walletMessages = {
  invalidAmount: 'Please enter a valid amount',
  minimumDeposit: 'Minimum deposit amount is ₦100',
  depositSuccess: 'Deposit successful! Funds added to your wallet.',
  depositFailed: 'Deposit failed. Please try again.',
  depositNetworkError: 'Network error. Please check your connection.',
  depositStarted: 'Redirecting you to complete your payment.',
  withdrawSuccess: 'Bonus moved to your main wallet.',
  invalidWithdrawAmount: 'Enter an amount greater than ₦0.',
} as const;

export const MINIMUM_DEPOSIT_NAIRA = 100;
export const QUICK_DEPOSIT_AMOUNTS = [1000, 2000, 5000, 10000] as const;
export const WALLET_POLL_INTERVAL_MS = 30_000;

export const walletTypes = ['main', 'bonus'] as const;
export type WalletType = (typeof walletTypes)[number];

export const paymentProviders = ['paystack', 'flutterwave', 'nowpayments', 'dev'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const depositStatuses = ['pending', 'success', 'failed', 'abandoned'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const ledgerKinds = [
  'deposit',
  'purchase',
  'subscription',
  'referral_bonus',
  'bonus_transfer',
  'admin_adjustment',
  'refund',
  /** Main wallet to the held payouts account: a withdrawal requested (PRODUCT 11). */
  'withdrawal',
  /** Held payouts to the provider: the transfer was paid. */
  'payout',
  /** Back to the main wallet: a withdrawal cancelled, rejected, failed or reversed. */
  'withdrawal_return',
  /** The bonus wallet emptied when its owner closed the account (PRODUCT 13): bonus money is forfeited. */
  'bonus_forfeit',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** A whole number of kobo (money.ts holds the rule); 1e-9, which would round to nothing, is not. */
export const hasAtMostTwoDecimals = isWholeKobo;

/** Numbers typed into a form may arrive as strings; anything else that is not a number is refused. */
const numberFromInput = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);

export const depositRequestSchema = z.strictObject({
  amount: numberFromInput(
    z
      .number({ error: walletMessages.invalidAmount })
      .finite(walletMessages.invalidAmount)
      .int(walletMessages.invalidAmount)
      .positive(walletMessages.invalidAmount)
      .min(MINIMUM_DEPOSIT_NAIRA, walletMessages.minimumDeposit),
  ),
  provider: z.enum(paymentProviders, { error: 'Choose a payment method we support.' }).optional(),
});
export type DepositRequest = z.input<typeof depositRequestSchema>;

/**
 * `authorizationUrl` is the provider's checkout page to send the browser to; it is null when the
 * deposit is already settled (the built-in test provider confirms at once).
 */
export const depositResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  reference: z.string(),
  provider: z.enum(paymentProviders),
  status: z.enum(depositStatuses),
  authorizationUrl: z.string().nullable(),
  mainWallet: z.number(),
  bonusWallet: z.number(),
});
export type DepositResponse = z.infer<typeof depositResponseSchema>;

export const paymentProviderOptionSchema = z.object({
  id: z.enum(paymentProviders),
  label: z.string(),
  description: z.string(),
});
export type PaymentProviderOption = z.infer<typeof paymentProviderOptionSchema>;

/** What the deposit and withdraw forms need to know before the user types anything. */
export const paymentOptionsResponseSchema = z.object({
  success: z.literal(true),
  providers: z.array(paymentProviderOptionSchema),
  minimumDeposit: z.number(),
  /**
   * The most that may be deposited now: the product's maximum or, for a signed-in user, less when
   * their own deposit limits leave less (PRODUCT 13).
   */
  maximumDeposit: z.number(),
  /** The user's own limit that sets `maximumDeposit`; null when it is the product's maximum. */
  maximumDepositLimit: z.enum(depositLimitPeriods).nullable(),
  minimumBonusWithdrawal: z.number(),
});
export type PaymentOptionsResponse = z.infer<typeof paymentOptionsResponseSchema>;

export const verifyPaymentResponseSchema = z.object({
  success: z.literal(true),
  reference: z.string(),
  provider: z.enum(paymentProviders),
  status: z.enum(depositStatuses),
  amount: z.number(),
  message: z.string(),
  /** When the deposit was credited; null until then. */
  confirmedAt: z.string().nullable(),
  /** The wallets as they are now (not as the deposit left them: the page may be opened much later). */
  mainWallet: z.number(),
  bonusWallet: z.number(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

export const paymentReferenceSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._=-]{6,64}$/, 'That is not a payment reference.');

/** `wallet` repeats `mainWallet`: one screen of the spec reads that name. */
export const balanceResponseSchema = z.object({
  success: z.literal(true),
  mainWallet: z.number(),
  bonusWallet: z.number(),
  wallet: z.number(),
});
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export const withdrawBonusRequestSchema = z.strictObject({
  amount: numberFromInput(
    z
      .number({ error: walletMessages.invalidWithdrawAmount })
      .finite(walletMessages.invalidWithdrawAmount)
      .positive(walletMessages.invalidWithdrawAmount)
      .max(100_000_000, 'That amount is larger than any wallet holds.')
      .refine(hasAtMostTwoDecimals, 'Amounts have at most 2 decimal places.'),
  ),
});
export type WithdrawBonusRequest = z.input<typeof withdrawBonusRequestSchema>;

export const walletBalancesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  mainWallet: z.number(),
  bonusWallet: z.number(),
});
export type WalletBalancesResponse = z.infer<typeof walletBalancesResponseSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int()
    .min(1, 'page starts at 1')
    .max(10_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1)
    .max(100, 'limit is at most 100')
    .default(20),
});
export type PageQuery = z.input<typeof pageQuerySchema>;

export const pageInfoSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** One line of a wallet's history: a ledger entry seen from the user's side. */
export const walletTransactionSchema = z.object({
  _id: z.string(),
  type: z.enum(ledgerKinds),
  wallet: z.enum(walletTypes),
  /** Signed naira: positive credits, negative debits. */
  amount: z.number(),
  description: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  transactions: z.array(walletTransactionSchema),
});
export type WalletTransactionsResponse = z.infer<typeof walletTransactionsResponseSchema>;

export const ledgerKindLabels: Record<LedgerKind, string> = {
  deposit: 'Deposit',
  purchase: 'Purchase',
  subscription: 'Subscription',
  referral_bonus: 'Referral bonus',
  bonus_transfer: 'Bonus transfer',
  admin_adjustment: 'Adjustment',
  refund: 'Refund',
  withdrawal: 'Withdrawal',
  payout: 'Payout',
  withdrawal_return: 'Withdrawal returned',
  bonus_forfeit: 'Bonus forfeited',
};
