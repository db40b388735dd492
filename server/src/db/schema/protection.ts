import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Deposit limits a user set (PRODUCT 13), one row per change and never updated: the limit of a
 * period is its newest row already in effect; a row with `effective_at` still ahead is a pending
 * raise or removal (24 hours after it was asked for). `amount_kobo` null removes the limit.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    period: text('period', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }),
    effectiveAt: timestamp('effective_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('deposit_limits_period_check', sql`${table.period} in ('daily', 'weekly', 'monthly')`),
    check('deposit_limits_amount_positive', sql`${table.amountKobo} is null or ${table.amountKobo} > 0`),
    index('deposit_limits_user_period_effective_idx').on(table.userId, table.period, table.effectiveAt),
  ],
);

/**
 * A self-exclusion that outlives the account it was taken on (PRODUCT 13, decision 019): closing
 * the account erases the e-mail, so only its SHA-256 digest is kept, until the exclusion ends, and
 * a new sign-up with that e-mail starts excluded until then.
 */
export const selfExclusionCarryovers = pgTable('self_exclusion_carryovers', {
  emailDigest: text('email_digest').primaryKey(),
  excludedUntil: timestamp('excluded_until', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
