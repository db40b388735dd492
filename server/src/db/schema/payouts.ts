import { payoutProviders, reviewReasons, withdrawalStatuses } from '@cashtips/contract/payouts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from './sql-helpers.ts';
import { users } from './users.ts';

/**
 * A user's bank account for withdrawals. Never edited or deleted: a change inserts a new row and
 * marks the old one replaced, so every withdrawal keeps the account it was paid to.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The provider that resolved the name (and holds the recipient). */
    provider: text('provider', { enum: payoutProviders }).notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** As the provider's account lookup answered it; never typed by the user. */
    accountName: text('account_name').notNull(),
    /** Paystack's transfer recipient (`RCP_…`); null for providers that pay to the account itself. */
    recipientCode: text('recipient_code'),
    /** Withdrawals to it may start then: at once for a first account, 24 hours after a change. */
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when another account replaced it; the current account has none. */
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('payout_accounts_provider_check', sql`${table.provider} in (${sqlList(payoutProviders)})`),
    check('payout_accounts_number_nuban', sql`${table.accountNumber} ~ '^[0-9]{10}$'`),
    uniqueIndex('payout_accounts_current_unique').on(table.userId).where(sql`${table.replacedAt} is null`),
  ],
);

/**
 * Money out of the main wallet to a payout account. The amount is held in the ledger's
 * `held:payouts` account from the request on, until it is paid (to `provider:<id>`) or returned.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Our reference, and the provider's transfer reference: a retry can never pay twice. */
    reference: text('reference').notNull().unique(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull(),
    payoutAccountId: uuid('payout_account_id')
      .notNull()
      .references(() => payoutAccounts.id),
    provider: text('provider', { enum: payoutProviders }).notNull(),
    /** Why it waits for an admin; null when it went straight to the provider. */
    reviewReason: text('review_reason', { enum: reviewReasons }),
    /** The provider's reason for a failure, or the admin's for a rejection. */
    reason: text('reason'),
    /** Paystack's transfer code or Flutterwave's numeric transfer id, once the provider answered. */
    providerTransferId: text('provider_transfer_id'),
    /** The provider's fee in kobo: the operator's cost, never the user's. */
    feeKobo: bigint('fee_kobo', { mode: 'bigint' }),
    /** The client's Idempotency-Key: the same key again is the same withdrawal. */
    requestKey: text('request_key'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** When the transfer was first sent to the provider (the sweep reads back those without an outcome). */
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('withdrawals_amount_positive', sql`${table.amountKobo} > 0`),
    check('withdrawals_status_check', sql`${table.status} in (${sqlList(withdrawalStatuses)})`),
    check('withdrawals_provider_check', sql`${table.provider} in (${sqlList(payoutProviders)})`),
    check(
      'withdrawals_review_reason_check',
      sql`${table.reviewReason} is null or ${table.reviewReason} in (${sqlList(reviewReasons)})`,
    ),
    check('withdrawals_reference_format', sql`${table.reference} ~ '^[a-z0-9_-]{16,50}$'`),
    uniqueIndex('withdrawals_user_request_key_unique').on(table.userId, table.requestKey),
    index('withdrawals_user_created_idx').on(table.userId, table.createdAt),
    index('withdrawals_status_created_idx').on(table.status, table.createdAt),
  ],
);
