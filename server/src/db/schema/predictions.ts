import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { matches } from './matches.ts';

/** A fitted model's parameters as stored: `FittedModel` without what has columns of its own. */
export interface StoredModelParameters {
  teams: string[];
  attack: number[];
  defence: number[];
  homeAdvantage: number;
  rho: number;
  xi: number;
  /** The level of a team the fit never saw (promoted, qualified), when the model estimated one. */
  newTeam?: { attack: number; defence: number };
}

/**
 * One fit of the match model for one league (issue 16): the daily job, a refit an admin asked for,
 * or the one after the data import. Kept, so a stored prediction can always name the fit behind it.
 */
export const modelFits = pgTable(
  'model_fits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The model's league key ('en.1'). */
    league: text('league').notNull(),
    /** The fit used matches dated strictly before this Lagos day. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    fittedAt: timestamp('fitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    matches: integer('matches').notNull(),
    parameters: jsonb('parameters').$type<StoredModelParameters>().notNull(),
    /** Home, draw and away frequencies of the fit's matches: the baseline its predictions are scored against. */
    baseHome: real('base_home').notNull(),
    baseDraw: real('base_draw').notNull(),
    baseAway: real('base_away').notNull(),
    logLikelihood: doublePrecision('log_likelihood').notNull(),
    iterations: integer('iterations').notNull(),
  },
  (table) => [index('model_fits_league_fitted_idx').on(table.league, table.fittedAt)],
);

/**
 * The model's prediction of one registered match, written by the fit that priced it last before
 * kickoff: fits only ever rewrite matches still to kick off, so once a match has started its row is
 * the pre-kickoff record the running RPS is computed from.
 */
export const matchPredictions = pgTable(
  'match_predictions',
  {
    matchId: uuid('match_id')
      .primaryKey()
      .references(() => matches.id, { onDelete: 'cascade' }),
    fitId: uuid('fit_id')
      .notNull()
      .references(() => modelFits.id),
    home: real('home').notNull(),
    draw: real('draw').notNull(),
    away: real('away').notNull(),
    baselineHome: real('baseline_home').notNull(),
    baselineDraw: real('baseline_draw').notNull(),
    baselineAway: real('baseline_away').notNull(),
    /** The contract's `MarketProbabilities`. */
    markets: jsonb('markets').notNull(),
    /** The contract's `ModelPickView[]`, most probable first. */
    picks: jsonb('picks').notNull(),
    predictedAt: timestamp('predicted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('match_predictions_fit_idx').on(table.fitId),
    check(
      'match_predictions_probabilities',
      sql`${table.home} between 0 and 1 and ${table.draw} between 0 and 1 and ${table.away} between 0 and 1`,
    ),
  ],
);
