import { parseMarket } from '@cashtips/contract/markets';
import type { MarketComparison } from '@cashtips/contract/predictions';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { marketOdds, matches } from '../../db/schema/index.ts';
import type { MarketProbabilities } from '../predictions/model/types.ts';

/**
 * Pre-match market prices of registered matches (issue 24, PRODUCT 12 "Market odds"): stored as the
 * provider gives them, one row per bookmaker and provider update; read back as one price per match
 * (the latest, or the last before kickoff), turned into the market's own probabilities, and priced
 * for a pick.
 */

/** Prices of one bookmaker for one match, as the provider sync hands them over (decimal odds). */
export interface OddsInput {
  matchId: string;
  bookmaker: string;
  /** When the provider last updated these prices: with the match and bookmaker, the row's identity. */
  updatedAt: Date;
  home?: number | null | undefined;
  draw?: number | null | undefined;
  away?: number | null | undefined;
  over25?: number | null | undefined;
  under25?: number | null | undefined;
}

/** One stored price row: what the model screen, the posted price and the closing price read. */
export interface MarketPrice {
  matchId: string;
  bookmaker: string;
  takenAt: Date;
  home: number | null;
  draw: number | null;
  away: number | null;
  over25: number | null;
  under25: number | null;
}

/** Decimal odds a bookmaker could offer: a price of 1 or less (or a provider's placeholder 0) is no price. */
const MAX_PRICE = 1000;
const price = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 1 && value <= MAX_PRICE ? value : null;

/** Rows per statement: 9 parameters each stays far below PostgreSQL's 65,535. */
const INSERT_BATCH = 2000;

/**
 * Stores the provider's prices, skipping any (match, bookmaker, update time) already stored: the
 * provider repeats unchanged prices on every read, and an unchanged update is the same row. Rows
 * without a single usable price are dropped. One statement per 2,000 rows; answers how many rows
 * were new.
 */
export async function storeOdds(db: Executor, rows: readonly OddsInput[], now: Date): Promise<number> {
  const values = rows.flatMap((row) => {
    const prices = {
      home: price(row.home),
      draw: price(row.draw),
      away: price(row.away),
      over25: price(row.over25),
      under25: price(row.under25),
    };
    const bookmaker = row.bookmaker.trim();
    if (!bookmaker || Object.values(prices).every((value) => value === null)) return [];
    return [{ matchId: row.matchId, bookmaker, takenAt: row.updatedAt, ...prices, readAt: now }];
  });
  let stored = 0;
  for (let start = 0; start < values.length; start += INSERT_BATCH) {
    const inserted = await db
      .insert(marketOdds)
      .values(values.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing({ target: [marketOdds.matchId, marketOdds.bookmaker, marketOdds.takenAt] })
      .returning({ id: marketOdds.id });
    stored += inserted.length;
  }
  return stored;
}

const priceFields = {
  matchId: marketOdds.matchId,
  bookmaker: marketOdds.bookmaker,
  takenAt: marketOdds.takenAt,
  home: marketOdds.home,
  draw: marketOdds.draw,
  away: marketOdds.away,
  over25: marketOdds.over25,
  under25: marketOdds.under25,
};

/**
 * One row per match, the same one whoever asks: the most recent update; at the same time, a row
 * with the whole 1X2 before one without; then by bookmaker name. Reads the (match, taken_at desc)
 * index.
 */
async function onePerMatch(
  db: Executor,
  matchIds: readonly string[],
  beforeKickoff: boolean,
): Promise<Map<string, MarketPrice>> {
  const found = new Map<string, MarketPrice>();
  const ids = [...new Set(matchIds)];
  if (!ids.length) return found;
  const query = db.selectDistinctOn([marketOdds.matchId], priceFields).from(marketOdds).$dynamic();
  const rows = await (beforeKickoff
    ? query
        .innerJoin(matches, eq(matches.id, marketOdds.matchId))
        .where(and(inArray(marketOdds.matchId, ids), lt(marketOdds.takenAt, matches.kickoff)))
    : query.where(inArray(marketOdds.matchId, ids))
  ).orderBy(
    asc(marketOdds.matchId),
    desc(marketOdds.takenAt),
    desc(
      sql`(${marketOdds.home} is not null and ${marketOdds.draw} is not null and ${marketOdds.away} is not null)`,
    ),
    asc(marketOdds.bookmaker),
  );
  for (const row of rows) found.set(row.matchId, row);
  return found;
}

/** The latest price of each match that has one (one query for all of them). */
export function latestOdds(db: Executor, matchIds: readonly string[]): Promise<Map<string, MarketPrice>> {
  return onePerMatch(db, matchIds, false);
}

/** Each match's closing price: the latest taken before its kickoff (one query for all of them). */
export function closingOdds(db: Executor, matchIds: readonly string[]): Promise<Map<string, MarketPrice>> {
  return onePerMatch(db, matchIds, true);
}

/**
 * The market's own probabilities from its prices, the bookmaker's margin removed proportionally:
 * each 1 / price divided by the sum of them. `overround` is that sum less one (0.05: a 5% margin).
 * Null unless every outcome has a price.
 */
export function marketProbabilities<K extends string>(
  prices: Record<K, number | null>,
): (Record<K, number> & { overround: number }) | null {
  const keys = Object.keys(prices) as K[];
  const inverse: number[] = [];
  for (const key of keys) {
    const value = price(prices[key]);
    if (value === null) return null;
    inverse.push(1 / value);
  }
  const sum = inverse.reduce((total, value) => total + value, 0);
  if (!keys.length || sum <= 0) return null;
  const probabilities: Partial<Record<K, number>> = {};
  keys.forEach((key, index) => {
    probabilities[key] = (inverse[index] as number) / sum;
  });
  return { ...(probabilities as Record<K, number>), overround: sum - 1 };
}

/**
 * The market's decimal price of a pick: for a match result (home, draw, away) or over/under 2.5
 * goals, as the product reads the pick's text; null for any other market or a missing price.
 */
export function pickPrice(
  prices: Pick<MarketPrice, 'home' | 'draw' | 'away' | 'over25' | 'under25'>,
  prediction: string | null,
  teams: { home: string; away: string },
): number | null {
  const market = prediction ? parseMarket(prediction, teams) : null;
  if (market?.kind === 'result') return price(prices[market.pick]);
  if (market?.kind === 'total' && market.line === 2.5)
    return price(market.side === 'over' ? prices.over25 : prices.under25);
  return null;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The market beside the model for the admin's model screen: the market's probabilities (margin
 * removed), each price and the model's edge at it (model probability × price − 1), for the 1X2 and,
 * when the model prices that line, over/under 2.5. Null when neither market has a full set of prices.
 */
export function compareWithModel(
  prices: MarketPrice,
  model: Pick<MarketProbabilities, 'result' | 'totals'>,
): MarketComparison | null {
  const outcome = (modelProbability: number, offered: number, probability: number) => ({
    price: offered,
    probability: round4(probability),
    edge: round4(modelProbability * offered - 1),
  });
  const oneXTwo = marketProbabilities({ home: prices.home, draw: prices.draw, away: prices.away });
  const result =
    oneXTwo && prices.home && prices.draw && prices.away
      ? {
          home: outcome(model.result.home, prices.home, oneXTwo.home),
          draw: outcome(model.result.draw, prices.draw, oneXTwo.draw),
          away: outcome(model.result.away, prices.away, oneXTwo.away),
          margin: round4(oneXTwo.overround),
        }
      : null;
  const line = model.totals.find((total) => total.line === 2.5);
  const totals = marketProbabilities({ over: prices.over25, under: prices.under25 });
  const overUnder25 =
    line && totals && prices.over25 && prices.under25
      ? {
          over: outcome(line.over, prices.over25, totals.over),
          under: outcome(line.under, prices.under25, totals.under),
          margin: round4(totals.overround),
        }
      : null;
  if (!result && !overUnder25) return null;
  return { bookmaker: prices.bookmaker, takenAt: prices.takenAt.toISOString(), result, overUnder25 };
}
