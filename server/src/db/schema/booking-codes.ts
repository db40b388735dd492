import { codeCategories, codeResults, urgencies } from '@cashtips/contract/booking-codes';
import { settlementSources } from '@cashtips/contract/matches';
import { walletTypes } from '@cashtips/contract/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-helpers.ts';
import { users } from './users.ts';

export const bookingCodes = pgTable(
  'booking_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The secret that is sold: leaves the server only through the masking rule. */
    code: text('code').notNull(),
    category: text('category', { enum: codeCategories }).notNull().default('football'),
    bookmaker: text('bookmaker').notNull(),
    totalOdds: numeric('total_odds', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    priceKobo: bigint('price_kobo', { mode: 'bigint' }).notNull(),
    confidence: integer('confidence').notNull().default(85),
    urgency: text('urgency', { enum: urgencies }).notNull().default('medium'),
    urgencyTag: text('urgency_tag'),
    adminNote: text('admin_note'),
    slotLimit: integer('slot_limit'),
    /** Real buyers, moved in the purchase transaction so the slot limit holds under concurrency. */
    buyerCount: integer('buyer_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull(),
    result: text('result', { enum: codeResults }).notNull().default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** 'games': settled from its games' results (and corrected with them); 'admin': by hand. */
    settledBy: text('settled_by', { enum: settlementSources }),
    /** Sold with money back: buyers are refunded once if it settles lost or void (PRODUCT 11). */
    moneyBack: boolean('money_back').notNull().default(false),
    /**
     * The code as read at its bookmaker when it was saved (PRODUCT 16: status, checkedAt, the
     * bookmaker's total odds and legs); null for a bookmaker the product does not read (unchecked).
     */
    verification: jsonb('verification'),
    /** Made by the demo seeding (PRODUCT 15): listed with a Demo badge, never counted in a record. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('booking_codes_category_check', sql`${table.category} in (${sqlList(codeCategories)})`),
    check('booking_codes_urgency_check', sql`${table.urgency} in (${sqlList(urgencies)})`),
    check('booking_codes_result_check', sql`${table.result} in (${sqlList(codeResults)})`),
    check('booking_codes_price_not_negative', sql`${table.priceKobo} >= 0`),
    check('booking_codes_confidence_range', sql`${table.confidence} between 0 and 100`),
    check(
      'booking_codes_slots_respected',
      sql`${table.slotLimit} is null or ${table.buyerCount} <= ${table.slotLimit}`,
    ),
    uniqueIndex('booking_codes_bookmaker_code_unique').on(sql`lower(${table.bookmaker})`, table.code),
    index('booking_codes_expires_idx').on(table.expiresAt),
    index('booking_codes_posted_idx').on(table.postedAt),
    index('booking_codes_category_posted_idx').on(table.category, table.postedAt),
  ],
);

export const codePurchases = pgTable(
  'code_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeId: uuid('code_id')
      .notNull()
      .references(() => bookingCodes.id),
    walletType: text('wallet_type', { enum: walletTypes }).notNull(),
    priceKobo: bigint('price_kobo', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Removed from the user's list (they keep access: the code was paid for). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('code_purchases_user_code_unique').on(table.userId, table.codeId),
    index('code_purchases_code_idx').on(table.codeId),
    index('code_purchases_user_created_idx').on(table.userId, table.createdAt),
    index('code_purchases_created_idx').on(table.createdAt),
  ],
);
