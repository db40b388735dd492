import { codeResults } from '@cashtips/contract/booking-codes';
import { liveStatuses } from '@cashtips/contract/football';
import { settlementSources } from '@cashtips/contract/matches';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookingCodes } from './booking-codes.ts';
import { rolloverTips } from './rollover.ts';
import { sqlList } from './sql-helpers.ts';

export const matchStatuses = ['scheduled', 'finished', 'void'] as const;
export const matchSources = ['admin', 'import', 'provider'] as const;

/**
 * The match registry (issue 12): every game of a free tip, a rollover tip or a booking code refers
 * to one row here, and this is where its final score lives. A fixture is one pair of teams on one
 * Lagos day in one sport; an admin typing the same game again reuses it.
 */
export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sport: text('sport').notNull().default('football'),
    league: text('league').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    kickoff: timestamp('kickoff', { withTimezone: true, mode: 'date' }).notNull(),
    /** The Lagos date of the kickoff. */
    matchDay: date('match_day', { mode: 'string' }).notNull(),
    /** Final score (full time), set once the result is recorded. */
    homeGoals: integer('home_goals'),
    awayGoals: integer('away_goals'),
    /** 'void': postponed, abandoned or cancelled; every game on it is void. */
    status: text('status', { enum: matchStatuses }).notNull().default('scheduled'),
    resultAt: timestamp('result_at', { withTimezone: true, mode: 'date' }),
    source: text('source', { enum: matchSources }).notNull().default('admin'),
    /** An imported season ('2023-24'); null for matches typed by admins. */
    season: text('season'),
    /** The football data provider that knows this match, and its id there (issue 24); null: none. */
    provider: text('provider'),
    providerId: text('provider_id'),
    /** The live state as the provider last said (PRODUCT 12's statuses), with minute and score. */
    liveStatus: text('live_status', { enum: liveStatuses }).notNull().default('scheduled'),
    minute: integer('minute'),
    liveHomeGoals: integer('live_home_goals'),
    liveAwayGoals: integer('live_away_goals'),
    liveUpdatedAt: timestamp('live_updated_at', { withTimezone: true, mode: 'date' }),
    /**
     * What the provider says settles the match once it is over: `{ kind: 'score', home, away }`
     * (the 90-minute score), `{ kind: 'void', reason }` or `{ kind: 'untrusted', reason }` (waits
     * for an admin); recorded `RESULT_CONFIRM_MINUTES` after `providerFinishedAt`.
     */
    providerResult: jsonb('provider_result'),
    providerFinishedAt: timestamp('provider_finished_at', { withTimezone: true, mode: 'date' }),
    /** When the provider first said postponed, cancelled or abandoned (voided 48 hours on). */
    offSince: timestamp('off_since', { withTimezone: true, mode: 'date' }),
    /** An admin's hold: no automatic result while set. */
    held: boolean('held').notNull().default(false),
    heldReason: text('held_reason'),
    /**
     * Registered by the demo seeding (PRODUCT 15): a real fixture moved to a demo day, so its date
     * and result are invented. Badged on /live, never fitted by the model, never a provider's match.
     */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('matches_status_check', sql`${table.status} in (${sqlList(matchStatuses)})`),
    check('matches_source_check', sql`${table.source} in (${sqlList(matchSources)})`),
    check(
      'matches_score_when_finished',
      sql`(${table.status} = 'finished') = (${table.homeGoals} is not null and ${table.awayGoals} is not null)`,
    ),
    check('matches_goals_not_negative', sql`${table.homeGoals} >= 0 and ${table.awayGoals} >= 0`),
    uniqueIndex('matches_fixture_unique').on(
      table.sport,
      sql`lower(${table.homeTeam})`,
      sql`lower(${table.awayTeam})`,
      table.matchDay,
    ),
    index('matches_kickoff_idx').on(table.kickoff),
    index('matches_league_kickoff_idx').on(table.league, table.kickoff),
    index('matches_day_idx').on(table.matchDay),
    check('matches_live_status_check', sql`${table.liveStatus} in (${sqlList(liveStatuses)})`),
    check('matches_provider_link', sql`(${table.provider} is null) = (${table.providerId} is null)`),
    uniqueIndex('matches_provider_unique')
      .on(table.provider, table.providerId)
      .where(sql`${table.providerId} is not null`),
    // The poller's and the result confirmer's reads: few rows are ever in these states.
    index('matches_in_play_idx')
      .on(table.liveStatus)
      .where(sql`${table.liveStatus} in ('live', 'halftime', 'suspended')`),
    index('matches_provider_due_idx')
      .on(table.providerFinishedAt)
      .where(sql`${table.status} = 'scheduled' and ${table.providerResult} is not null`),
    index('matches_off_idx')
      .on(table.offSince)
      .where(sql`${table.status} = 'scheduled' and ${table.offSince} is not null`),
  ],
);

/**
 * A provider's fixture that may be a match already registered, too unsure to be linked by the
 * product (issue 34): two registered matches look like it, or one does only in part (one club, or
 * both clubs at another time). It waits, unregistered, until an admin links it to a match or
 * registers it as its own; one row per fixture, kept once answered.
 */
export const matchLinkQuestions = pgTable(
  'match_link_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    /** The fixture as the provider last gave it. */
    league: text('league').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    kickoff: timestamp('kickoff', { withTimezone: true, mode: 'date' }).notNull(),
    /** The registered matches it may be, likeliest first. */
    candidateIds: uuid('candidate_ids').array().notNull(),
    /** Why the product did not decide, in words for the admin. */
    reason: text('reason').notNull(),
    /** 'linked' (to `matchId`) or 'registered' (as `matchId`); null while it waits. */
    answer: text('answer', { enum: ['linked', 'registered'] }),
    matchId: uuid('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** The admin who answered; null when a later sync found the answer by itself. */
    answeredBy: uuid('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('match_link_questions_fixture').on(table.provider, table.providerId),
    index('match_link_questions_open_idx').on(table.kickoff).where(sql`${table.answer} is null`),
    check('match_link_questions_answer', sql`(${table.answer} is null) = (${table.answeredAt} is null)`),
  ],
);

/** A free tip (PRODUCT 6b): one game, public, published to the channel. */
export const freeTips = pgTable(
  'free_tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    totalOdds: numeric('total_odds', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    note: text('note'),
    confidence: integer('confidence'),
    /** The model's probability of the pick when it was posted (issue 16), when a model pick. */
    modelProbability: real('model_probability'),
    result: text('result', { enum: codeResults }).notNull().default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** 'games': settled from its games' results (and corrected with them); 'admin': by hand. */
    settledBy: text('settled_by', { enum: settlementSources }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Made by the demo seeding (PRODUCT 15): listed with a Demo badge, never counted in a record. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('free_tips_result_check', sql`${table.result} in (${sqlList(codeResults)})`),
    check('free_tips_confidence_range', sql`${table.confidence} between 0 and 100`),
    index('free_tips_result_idx').on(table.result, table.settledAt),
    index('free_tips_published_idx').on(table.publishedAt),
  ],
);

/**
 * The games of every item: each a pick on one registered match. Exactly one of the three item
 * columns is set; deleting the item deletes its games. `outcome` is the game's own result, set
 * from the match's score when the prediction is a known market (contract `markets.ts`).
 */
export const selections = pgTable(
  'selections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingCodeId: uuid('booking_code_id').references(() => bookingCodes.id, { onDelete: 'cascade' }),
    rolloverTipId: uuid('rollover_tip_id').references(() => rolloverTips.id, { onDelete: 'cascade' }),
    freeTipId: uuid('free_tip_id').references(() => freeTips.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id),
    prediction: text('prediction'),
    odds: numeric('odds', { precision: 12, scale: 2, mode: 'number' }),
    bookmaker: text('bookmaker'),
    outcome: text('outcome', { enum: codeResults }).notNull().default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** The match model's probability of this pick when it was posted (issue 16), when a model pick. */
    modelProbability: real('model_probability'),
    /**
     * The market's fair price of this pick when it was posted (PRODUCT 15: the consensus, 1 ÷ its
     * probability), where the feed priced that market; never changed after posting.
     */
    marketOddsPosted: numeric('market_odds_posted', { precision: 8, scale: 2, mode: 'number' }),
    /**
     * The closing market's fair price of this pick (the last consensus before kickoff), written once
     * when the match's result is first recorded; never changed after.
     */
    marketOddsClose: numeric('market_odds_close', { precision: 8, scale: 2, mode: 'number' }),
  },
  (table) => [
    check(
      'selections_model_probability_range',
      sql`${table.modelProbability} is null or ${table.modelProbability} between 0 and 1`,
    ),
    check(
      'selections_one_item',
      sql`num_nonnulls(${table.bookingCodeId}, ${table.rolloverTipId}, ${table.freeTipId}) = 1`,
    ),
    check('selections_outcome_check', sql`${table.outcome} in (${sqlList(codeResults)})`),
    index('selections_match_idx').on(table.matchId),
    uniqueIndex('selections_code_position_unique')
      .on(table.bookingCodeId, table.position)
      .where(sql`${table.bookingCodeId} is not null`),
    uniqueIndex('selections_rollover_position_unique')
      .on(table.rolloverTipId, table.position)
      .where(sql`${table.rolloverTipId} is not null`),
    uniqueIndex('selections_free_position_unique')
      .on(table.freeTipId, table.position)
      .where(sql`${table.freeTipId} is not null`),
  ],
);

/** Admin-edited settings (landing figures, community links), one JSON value per key. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
