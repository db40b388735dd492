import { depositStatuses, ledgerKinds, paymentProviders, walletTypes } from '@cashtips/contract/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-helpers.ts';
import { users, wallets } from './users.ts';

/**
 * One movement of money. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), and a
 * deferred trigger refuses to commit a transaction whose entries do not sum to zero.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    /** A movement happens at most once per key, however often or concurrently it is asked for. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    description: text('description').notNull(),
    /** What the movement is about, shown to the user: a deposit reference, a purchase id. */
    reference: text('reference'),
    /** The admin who made an adjustment; null for movements the system makes. */
    actorUserId: uuid('actor_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_transactions_kind_check', sql`${table.kind} in (${sqlList(ledgerKinds)})`),
    index('ledger_transactions_kind_reference_idx').on(table.kind, table.reference),
  ],
);

/**
 * One side of a movement: a user's wallet or a system account (money from a provider, revenue,
 * bonus expense, adjustments). Inserting a wallet entry moves that wallet's cached balance
 * (a trigger), so the balance is the sum of its entries by construction.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    walletUserId: uuid('wallet_user_id'),
    walletKind: text('wallet_kind', { enum: walletTypes }),
    systemAccount: text('system_account'),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'ledger_entries_wallet_fk',
      columns: [table.walletUserId, table.walletKind],
      foreignColumns: [wallets.userId, wallets.kind],
    }),
    check('ledger_entries_amount_not_zero', sql`${table.amountKobo} <> 0`),
    check(
      'ledger_entries_one_account',
      sql`(${table.walletUserId} is not null and ${table.walletKind} is not null and ${table.systemAccount} is null)
        or (${table.walletUserId} is null and ${table.walletKind} is null and ${table.systemAccount} is not null)`,
    ),
    check(
      'ledger_entries_system_account_format',
      sql`${table.systemAccount} is null or ${table.systemAccount} ~ '^[a-z]+:[a-z-]+$'`,
    ),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_wallet_history_idx').on(table.walletUserId, table.walletKind, table.id),
    index('ledger_entries_user_history_idx').on(table.walletUserId, table.id),
  ],
);

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reference: text('reference').notNull().unique(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: depositStatuses }).notNull().default('pending'),
    /** The provider's own id for the payment (Flutterwave transaction id, NOWPayments payment id). */
    providerTransactionId: text('provider_transaction_id'),
    checkoutUrl: text('checkout_url'),
    failureReason: text('failure_reason'),
    /** The client's Idempotency-Key: the same key again is the same deposit, never a second one. */
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('deposits_amount_positive', sql`${table.amountKobo} > 0`),
    check('deposits_status_check', sql`${table.status} in (${sqlList(depositStatuses)})`),
    check('deposits_provider_check', sql`${table.provider} in (${sqlList(paymentProviders)})`),
    index('deposits_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('deposits_user_request_key_unique').on(table.userId, table.requestKey),
    index('deposits_status_created_idx').on(table.status, table.createdAt),
    index('deposits_created_idx').on(table.createdAt),
  ],
);

/** The user's own feed (dashboard Recent Activity, /activity). */
export const activityItems = pgTable(
  'activity_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, to list items written in the same instant in the order they happened. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    icon: text('icon').notNull(),
    color: text('color').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('activity_items_user_seq_idx').on(table.userId, table.seq)],
);

/** Every admin action: who, what, on what, when, before and after. Append-only like the ledger. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: among actions of the same instant, the later one is listed first. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // Listed newest first by the time the action took effect (`created_at`, which the demo content and
  // result confirmations set to when it happened, not to when the row was written), then by `seq`.
  (table) => [
    index('audit_log_created_seq_idx').on(table.createdAt, table.seq),
    index('audit_log_action_created_seq_idx').on(table.action, table.createdAt, table.seq),
  ],
);
