import { parseMarket } from '@cashtips/contract/markets';
import type { MarketComparison } from '@cashtips/contract/predictions';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
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

/** A market needs this many bookmakers' prices: one bookmaker alone is never "the market" (PRODUCT 15). */
export const MIN_BOOKMAKERS = 2;

/** One bookmaker's stored prices for one match. */
export interface BookmakerPrices {
  matchId: string;
  bookmaker: string;
  takenAt: Date;
  home: number | null;
  draw: number | null;
  away: number | null;
  over25: number | null;
  under25: number | null;
}

/**
 * The market for one match (PRODUCT 15): the consensus of every bookmaker priced, each one's margin
 * removed proportionally, then their probabilities averaged per outcome. Its prices are fair prices
 * (1 ÷ the consensus probability): what the model screen, the price a pick is posted at and the
 * closing price read. A market (1X2, over/under 2.5) priced by fewer than MIN_BOOKMAKERS is null.
 */
export interface MarketPrice {
  matchId: string;
  /** How many bookmakers the consensus averages (the more of its two markets). */
  bookmakers: number;
  /** The newest of the prices it averages. */
  takenAt: Date;
  home: number | null;
  draw: number | null;
  away: number | null;
  over25: number | null;
  under25: number | null;
  /** The bookmakers' mean margin on each market (0.05: 5%); null where the market is not priced. */
  margins: { result: number | null; overUnder25: number | null };
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
 * Each match's consensus from every bookmaker's latest prices (or latest before kickoff): one query
 * for all the matches, reading the (match, taken_at desc) index.
 */
async function consensusPerMatch(
  db: Executor,
  matchIds: readonly string[],
  beforeKickoff: boolean,
): Promise<Map<string, MarketPrice>> {
  const found = new Map<string, MarketPrice>();
  const ids = [...new Set(matchIds)];
  if (!ids.length) return found;
  const query = db
    .selectDistinctOn([marketOdds.matchId, marketOdds.bookmaker], priceFields)
    .from(marketOdds)
    .$dynamic();
  const rows = await (beforeKickoff
    ? query
        .innerJoin(matches, eq(matches.id, marketOdds.matchId))
        .where(and(inArray(marketOdds.matchId, ids), lt(marketOdds.takenAt, matches.kickoff)))
    : query.where(inArray(marketOdds.matchId, ids))
  ).orderBy(asc(marketOdds.matchId), asc(marketOdds.bookmaker), desc(marketOdds.takenAt));
  const byMatch = new Map<string, BookmakerPrices[]>();
  for (const row of rows) byMatch.set(row.matchId, [...(byMatch.get(row.matchId) ?? []), row]);
  for (const [matchId, books] of byMatch) {
    const market = consensus(matchId, books);
    if (market) found.set(matchId, market);
  }
  return found;
}

/** Each outcome's probability averaged over the bookmakers that price the whole market, with their mean margin. */
function averaged<K extends string>(
  books: readonly BookmakerPrices[],
  prices: (book: BookmakerPrices) => Record<K, number | null>,
): { probabilities: Record<K, number>; margin: number; used: BookmakerPrices[] } | null {
  const priced = books.flatMap((book) => {
    const market = marketProbabilities(prices(book));
    return market ? [{ book, market }] : [];
  });
  const [first] = priced;
  if (!first || priced.length < MIN_BOOKMAKERS) return null;
  const keys = Object.keys(prices(first.book)) as K[];
  const probabilities = {} as Record<K, number>;
  for (const key of keys)
    probabilities[key] = priced.reduce((sum, { market }) => sum + market[key], 0) / priced.length;
  const margin = priced.reduce((sum, { market }) => sum + market.overround, 0) / priced.length;
  return { probabilities, margin, used: priced.map(({ book }) => book) };
}

/** The consensus of these bookmakers' prices for one match (see MarketPrice); null when no market has two. */
export function consensus(matchId: string, books: readonly BookmakerPrices[]): MarketPrice | null {
  const result = averaged(books, (book) => ({ home: book.home, draw: book.draw, away: book.away }));
  const totals = averaged(books, (book) => ({ over: book.over25, under: book.under25 }));
  if (!result && !totals) return null;
  const used = [...(result?.used ?? []), ...(totals?.used ?? [])];
  const fair = (probability: number | undefined) => (probability ? 1 / probability : null);
  return {
    matchId,
    bookmakers: Math.max(result?.used.length ?? 0, totals?.used.length ?? 0),
    takenAt: new Date(Math.max(...used.map((book) => book.takenAt.getTime()))),
    home: fair(result?.probabilities.home),
    draw: fair(result?.probabilities.draw),
    away: fair(result?.probabilities.away),
    over25: fair(totals?.probabilities.over),
    under25: fair(totals?.probabilities.under),
    margins: { result: result?.margin ?? null, overUnder25: totals?.margin ?? null },
  };
}

/** The latest consensus of each match that has one (one query for all of them). */
export function latestOdds(db: Executor, matchIds: readonly string[]): Promise<Map<string, MarketPrice>> {
  return consensusPerMatch(db, matchIds, false);
}

/** Each match's closing consensus: every bookmaker's latest price taken before kickoff (one query). */
export function closingOdds(db: Executor, matchIds: readonly string[]): Promise<Map<string, MarketPrice>> {
  return consensusPerMatch(db, matchIds, true);
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
 * The market's fair price of a pick (1 ÷ its consensus probability), as the product reads the pick's
 * text: a match result and over/under 2.5 directly; double chance (1X, X2, 12) and draw no bet from
 * the 1X2 (draw no bet returns the stake on a draw, so its price is the side's share of the two
 * sides). Null for any other market or a market not priced.
 */
export function pickPrice(
  prices: Pick<MarketPrice, 'home' | 'draw' | 'away' | 'over25' | 'under25'>,
  prediction: string | null,
  teams: { home: string; away: string },
): number | null {
  const market = prediction ? parseMarket(prediction, teams) : null;
  if (!market) return null;
  if (market.kind === 'total')
    return market.line === 2.5 ? price(market.side === 'over' ? prices.over25 : prices.under25) : null;
  if (market.kind === 'result') return price(prices[market.pick]);
  const probability = (value: number | null) => {
    const fair = price(value);
    return fair === null ? null : 1 / fair;
  };
  const home = probability(prices.home);
  const draw = probability(prices.draw);
  const away = probability(prices.away);
  if (home === null || draw === null || away === null) return null;
  const fairPrice = (probability: number) => (probability > 0 ? price(1 / probability) : null);
  if (market.kind === 'double-chance')
    return fairPrice({ '1X': home + draw, X2: draw + away, '12': home + away }[market.pick]);
  if (market.kind === 'draw-no-bet') return fairPrice((market.pick === 'home' ? home : away) / (home + away));
  return null;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The market beside the model for the admin's model screen: the consensus probabilities, their fair
 * prices and the model's edge at them (model probability × fair price − 1), for the 1X2 and, when the
 * model prices that line, over/under 2.5, with the bookmakers' mean margin. Null when neither market
 * has a consensus.
 */
export function compareWithModel(
  prices: MarketPrice,
  model: Pick<MarketProbabilities, 'result' | 'totals'>,
): MarketComparison | null {
  const outcome = (modelProbability: number, fairPrice: number) => ({
    price: round4(fairPrice),
    probability: round4(1 / fairPrice),
    edge: round4(modelProbability * fairPrice - 1),
  });
  const { home, draw, away, over25, under25, margins } = prices;
  const result =
    home && draw && away && margins.result !== null
      ? {
          home: outcome(model.result.home, home),
          draw: outcome(model.result.draw, draw),
          away: outcome(model.result.away, away),
          margin: round4(margins.result),
        }
      : null;
  const line = model.totals.find((total) => total.line === 2.5);
  const overUnder25 =
    line && over25 && under25 && margins.overUnder25 !== null
      ? {
          over: outcome(line.over, over25),
          under: outcome(line.under, under25),
          margin: round4(margins.overUnder25),
        }
      : null;
  if (!result && !overUnder25) return null;
  return { bookmakers: prices.bookmakers, takenAt: prices.takenAt.toISOString(), result, overUnder25 };
}
