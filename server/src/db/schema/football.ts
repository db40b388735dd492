import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { matches } from './matches.ts';

/**
 * Pre-match market prices of registered matches (issue 24), kept over time: one row per bookmaker
 * and provider update, latest first. The model screen compares the model with the latest; a
 * posted pick's closing price is the last taken before kickoff.
 */
export const marketOdds = pgTable(
  'market_odds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    bookmaker: text('bookmaker').notNull(),
    /** When the provider last updated these prices. */
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull(),
    home: real('home'),
    draw: real('draw'),
    away: real('away'),
    over25: real('over_25'),
    under25: real('under_25'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('market_odds_unique').on(table.matchId, table.bookmaker, table.takenAt),
    index('market_odds_match_taken_idx').on(table.matchId, sql`${table.takenAt} desc`),
  ],
);

/** The football data provider's standing, one row per provider: what the admin's status shows. */
export const footballProviderState = pgTable('football_provider_state', {
  provider: text('provider').primaryKey(),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
  lastPollAt: timestamp('last_poll_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
  dayLimit: integer('day_limit'),
  dayRemaining: integer('day_remaining'),
  minuteLimit: integer('minute_limit'),
  minuteRemaining: integer('minute_remaining'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
