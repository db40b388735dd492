import { settlementSources } from '@cashtips/contract/matches';
import { tipResults } from '@cashtips/contract/rollover';
import { walletTypes } from '@cashtips/contract/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-helpers.ts';
import { users } from './users.ts';

export const rolloverPlans = pgTable(
  'rollover_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    priceKobo: bigint('price_kobo', { mode: 'bigint' }).notNull(),
    durationDays: integer('duration_days').notNull(),
    odds: numeric('odds', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    slotLimit: integer('slot_limit'),
    postLimit: integer('post_limit').notNull().default(1),
    active: boolean('active').notNull().default(true),
    /** Made by the demo seeding (PRODUCT 15): listed with a Demo badge. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('rollover_plans_price_range', sql`${table.priceKobo} between 0 and 100000000`),
    check('rollover_plans_duration_range', sql`${table.durationDays} between 1 and 365`),
    check('rollover_plans_odds_min', sql`${table.odds} >= 1.01`),
    check('rollover_plans_slot_limit_min', sql`${table.slotLimit} is null or ${table.slotLimit} >= 1`),
    check('rollover_plans_post_limit_range', sql`${table.postLimit} between 1 and 20`),
    index('rollover_plans_active_updated_idx').on(table.active, table.updatedAt),
  ],
);

export const rolloverSubscriptions = pgTable(
  'rollover_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => rolloverPlans.id),
    walletType: text('wallet_type', { enum: walletTypes }).notNull(),
    priceKobo: bigint('price_kobo', { mode: 'bigint' }).notNull(),
    /** The plan's terms when bought: later edits of the plan never change a running subscription. */
    durationDays: integer('duration_days').notNull(),
    /** The Lagos date of day 1. */
    startDay: date('start_day', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The Lagos midnight ending day `duration_days`; a subscription takes a slot until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    // One subscription per user, plan and start day even if the plan lock were ever bypassed.
    uniqueIndex('rollover_subscriptions_user_plan_day_unique').on(table.userId, table.planId, table.startDay),
    index('rollover_subscriptions_plan_expires_idx').on(table.planId, table.expiresAt),
    index('rollover_subscriptions_user_expires_idx').on(table.userId, table.expiresAt),
    index('rollover_subscriptions_started_idx').on(table.startedAt),
    check('rollover_subscriptions_price_not_negative', sql`${table.priceKobo} >= 0`),
    check('rollover_subscriptions_wallet_check', sql`${table.walletType} in (${sqlList(walletTypes)})`),
  ],
);

export const rolloverTips = pgTable(
  'rollover_tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => rolloverPlans.id),
    /** The Lagos date the tip is for. */
    day: date('day', { mode: 'string' }).notNull(),
    bookingCode: text('booking_code'),
    bookmaker: text('bookmaker'),
    totalOdds: numeric('total_odds', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    note: text('note'),
    confidence: integer('confidence').notNull().default(85),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    result: text('result', { enum: tipResults }).notNull().default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** 'games': settled from its games' results (and corrected with them); 'admin': by hand. */
    settledBy: text('settled_by', { enum: settlementSources }),
    /** Made by the demo seeding (PRODUCT 15): listed with a Demo badge, never counted in a record. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('rollover_tips_result_check', sql`${table.result} in (${sqlList(tipResults)})`),
    check('rollover_tips_confidence_range', sql`${table.confidence} between 0 and 100`),
    index('rollover_tips_day_idx').on(table.day, table.createdAt),
    index('rollover_tips_plan_day_idx').on(table.planId, table.day),
    index('rollover_tips_created_idx').on(table.createdAt),
  ],
);
