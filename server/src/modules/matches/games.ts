import type { MatchLive } from '@cashtips/contract/football';
import { lagosDay } from '@cashtips/contract/lagos-time';
import { parseMarket, settleMarket } from '@cashtips/contract/markets';
import type { ItemKind, MatchStatus, Outcome } from '@cashtips/contract/matches';
import { resultMessages } from '@cashtips/contract/matches';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matches, selections } from '../../db/schema/index.ts';
import { invalidField } from '../../lib/app-error.ts';
import { latestOdds, type MarketPrice, pickPrice } from '../football/market-odds.ts';

/**
 * The games of every item (booking codes, rollover tips, free tips): picks on registered matches.
 * This module is the only place that writes them, and the one place that reads them with their
 * matches; the view functions decide what of them a viewer may see.
 */
export interface GameRow {
  matchId: string;
  sport: string;
  teamA: string;
  teamB: string;
  league: string;
  kickoff: Date;
  prediction: string | null;
  odds: number | null;
  bookmaker: string | null;
  /** The game's own result. */
  outcome: Outcome;
  /** The match model's probability of the pick at posting, when a model pick (issue 16). */
  modelProbability: number | null;
  /** The market's price of a model pick when it was posted (issue 24), when the match had one. */
  marketOddsPosted: number | null;
  matchStatus: MatchStatus;
  score: { home: number; away: number } | null;
  /** The match's live state (issue 24): public, like the score. */
  live: MatchLive;
}

export interface GameInput {
  matchId?: string | undefined;
  teamA: string;
  teamB: string;
  league: string;
  /** ISO timestamp with offset. */
  kickoff: string;
  prediction?: string | null | undefined;
  odds?: number | null | undefined;
  bookmaker?: string | null | undefined;
  modelProbability?: number | null | undefined;
}

export type MatchRow = typeof matches.$inferSelect;

/** Games as the audit log keeps them: what the admin typed, on which match. */
export const auditGames = (games: GameRow[]) =>
  games.map((game) => ({
    matchId: game.matchId,
    teamA: game.teamA,
    teamB: game.teamB,
    league: game.league,
    kickoff: game.kickoff.toISOString(),
    prediction: game.prediction,
    odds: game.odds,
    bookmaker: game.bookmaker,
    modelProbability: game.modelProbability,
  }));

export const itemColumn = {
  code: selections.bookingCodeId,
  rollover: selections.rolloverTipId,
  free: selections.freeTipId,
} as const;

/**
 * A game's result from its match: pending until the match has a result; void when the match was
 * void; from the score when the prediction is a known football market; otherwise left pending for
 * an admin to settle the item by hand.
 */
export function gameOutcome(
  match: Pick<MatchRow, 'status' | 'sport' | 'homeTeam' | 'awayTeam' | 'homeGoals' | 'awayGoals'>,
  prediction: string | null,
): Outcome {
  if (match.status === 'void') return 'void';
  if (match.status !== 'finished' || match.homeGoals === null || match.awayGoals === null) return 'pending';
  if (match.sport !== 'football' || !prediction) return 'pending';
  const market = parseMarket(prediction, { home: match.homeTeam, away: match.awayTeam });
  return market ? settleMarket(market, { home: match.homeGoals, away: match.awayGoals }) : 'pending';
}

export const scoreOf = (match: Pick<MatchRow, 'status' | 'homeGoals' | 'awayGoals'>) =>
  match.status === 'finished' && match.homeGoals !== null && match.awayGoals !== null
    ? { home: match.homeGoals, away: match.awayGoals }
    : null;

/**
 * A registered match's live state as every screen and the `match` event show it: a recorded result
 * wins (finished with its score; void as the provider's off status, or cancelled); otherwise what
 * the provider last said (scheduled when no provider knows the match).
 */
export function matchLive(
  match: Pick<
    MatchRow,
    'status' | 'homeGoals' | 'awayGoals' | 'liveStatus' | 'minute' | 'liveHomeGoals' | 'liveAwayGoals'
  >,
): MatchLive {
  const score = scoreOf(match);
  if (score) return { status: 'finished', minute: null, score };
  if (match.status === 'void') {
    const off = ['postponed', 'cancelled', 'abandoned'].includes(match.liveStatus);
    return { status: off ? match.liveStatus : 'cancelled', minute: null, score: null };
  }
  const liveScore =
    match.liveHomeGoals !== null && match.liveAwayGoals !== null
      ? { home: match.liveHomeGoals, away: match.liveAwayGoals }
      : null;
  const playing = match.liveStatus === 'live' || match.liveStatus === 'halftime';
  return { status: match.liveStatus, minute: playing ? match.minute : null, score: liveScore };
}

const gameFields = {
  position: selections.position,
  prediction: selections.prediction,
  odds: selections.odds,
  bookmaker: selections.bookmaker,
  outcome: selections.outcome,
  modelProbability: selections.modelProbability,
  marketOddsPosted: selections.marketOddsPosted,
  match: matches,
};

/** The games of several items of one kind, in their order, in one query. */
export async function gamesOf(
  db: Executor,
  kind: ItemKind,
  itemIds: string[],
): Promise<Map<string, GameRow[]>> {
  const games = new Map<string, GameRow[]>(itemIds.map((id) => [id, []]));
  if (!itemIds.length) return games;
  const column = itemColumn[kind];
  const rows = await db
    .select({ itemId: column, ...gameFields })
    .from(selections)
    .innerJoin(matches, eq(matches.id, selections.matchId))
    .where(inArray(column, itemIds))
    .orderBy(column, asc(selections.position));
  for (const row of rows) {
    if (row.itemId) games.get(row.itemId)?.push(toGameRow(row));
  }
  return games;
}

function toGameRow(row: {
  prediction: string | null;
  odds: number | null;
  bookmaker: string | null;
  outcome: Outcome;
  modelProbability: number | null;
  marketOddsPosted: number | null;
  match: MatchRow;
}): GameRow {
  const { match } = row;
  return {
    matchId: match.id,
    sport: match.sport,
    teamA: match.homeTeam,
    teamB: match.awayTeam,
    league: match.league,
    kickoff: match.kickoff,
    prediction: row.prediction,
    odds: row.odds === null ? null : Number(row.odds),
    bookmaker: row.bookmaker,
    outcome: row.outcome,
    modelProbability: row.modelProbability,
    marketOddsPosted: row.marketOddsPosted === null ? null : Number(row.marketOddsPosted),
    matchStatus: match.status,
    score: scoreOf(match),
    live: matchLive(match),
  };
}

const fixtureKey = (sport: string, home: string, away: string, day: string) =>
  `${sport}\u0000${home.toLowerCase()}\u0000${away.toLowerCase()}\u0000${day}`;

/**
 * The registered matches for typed games: an existing fixture (same sport, teams and Lagos day) is
 * reused, and takes the kickoff typed last while it has no result; anything else is created.
 * Games naming a `matchId` use that match as registered.
 */
async function resolveMatches(
  tx: Executor,
  sport: string,
  inputs: GameInput[],
  now: Date,
): Promise<MatchRow[]> {
  const byId = new Map<string, MatchRow>();
  const named = [...new Set(inputs.flatMap((input) => (input.matchId ? [input.matchId] : [])))];
  if (named.length) {
    for (const row of await tx.select().from(matches).where(inArray(matches.id, named)))
      byId.set(row.id, row);
    const missing = inputs.findIndex((input) => input.matchId && !byId.has(input.matchId));
    if (missing >= 0)
      throw invalidField(`games.${missing}.matchId`, resultMessages.matchNotFound, 'NOT_FOUND', 404);
  }
  const typed = new Map<string, { input: GameInput; kickoff: Date; day: string }>();
  for (const input of inputs) {
    if (input.matchId) continue;
    const kickoff = new Date(input.kickoff);
    const day = lagosDay(kickoff);
    typed.set(fixtureKey(sport, input.teamA, input.teamB, day), { input, kickoff, day });
  }
  const byKey = new Map<string, MatchRow>();
  if (typed.size) {
    const values = [...typed.values()].map(
      ({ input, kickoff, day }) =>
        sql`(${sport}, ${input.league}, ${input.teamA}, ${input.teamB}, ${kickoff.toISOString()}::timestamptz, ${day}::date, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
    );
    const result = (await tx.execute(sql`
      insert into matches (sport, league, home_team, away_team, kickoff, match_day, created_at, updated_at)
      values ${sql.join(values, sql`, `)}
      on conflict (sport, lower(home_team), lower(away_team), match_day) do update set
        kickoff = case when matches.status = 'scheduled' then excluded.kickoff else matches.kickoff end,
        updated_at = case when matches.status = 'scheduled' and matches.kickoff <> excluded.kickoff
          then excluded.updated_at else matches.updated_at end
      returning id`)) as unknown as { rows: { id: string }[] };
    const rows = await tx
      .select()
      .from(matches)
      .where(
        inArray(
          matches.id,
          result.rows.map((row) => row.id),
        ),
      );
    for (const row of rows) byKey.set(fixtureKey(row.sport, row.homeTeam, row.awayTeam, row.matchDay), row);
  }
  return inputs.map((input) => {
    const row = input.matchId
      ? byId.get(input.matchId)
      : byKey.get(fixtureKey(sport, input.teamA, input.teamB, lagosDay(new Date(input.kickoff))));
    if (!row) throw new Error('a typed game has no registered match');
    return row;
  });
}

/**
 * Replaces an item's games (in the caller's transaction). Each game's outcome is set at once when
 * its match already has a result, so the caller can settle the item from them. Every game keeps the
 * market's fair price of its pick at posting where the feed prices that market (PRODUCT 15: the
 * match's latest consensus; records measure the move to the closing price from it); an edit that
 * leaves a pick as it was keeps the price it was posted at. This is the one place it is written.
 */
export async function saveGames(
  tx: Executor,
  kind: ItemKind,
  itemId: string,
  sport: string,
  inputs: GameInput[],
  now: Date,
): Promise<GameRow[]> {
  const matchRows = await resolveMatches(tx, sport, inputs, now);
  const column = itemColumn[kind];
  // An edit sends the games back without their model probability (the admin views never carry it):
  // the same pick on the same match keeps the one it was posted with; a changed pick loses it.
  const posted = await tx.delete(selections).where(eq(column, itemId)).returning({
    matchId: selections.matchId,
    prediction: selections.prediction,
    modelProbability: selections.modelProbability,
    marketOddsPosted: selections.marketOddsPosted,
  });
  const postedGames = new Map(posted.map((game) => [`${game.matchId} ${game.prediction ?? ''}`, game]));
  const drafts = inputs.map((input, position) => {
    const match = matchRows[position] as MatchRow;
    const prediction = input.prediction?.trim() || null;
    const before = postedGames.get(`${match.id} ${prediction ?? ''}`);
    const modelProbability =
      input.modelProbability !== undefined ? input.modelProbability : (before?.modelProbability ?? null);
    return {
      position,
      match,
      prediction,
      odds: input.odds ?? null,
      bookmaker: input.bookmaker?.trim() || null,
      outcome: gameOutcome(match, prediction),
      modelProbability,
      // An edit that leaves the pick as it was keeps the price it was posted at, even none.
      before,
    };
  });
  const toPrice = drafts.filter((game) => !game.before && game.match.sport === 'football');
  const prices = toPrice.length
    ? await latestOdds(
        tx,
        toPrice.map((game) => game.match.id),
      )
    : new Map<string, MarketPrice>();
  const games = drafts.map(({ before, ...game }) => {
    const market = prices.get(game.match.id);
    const marketOddsPosted = before
      ? before.marketOddsPosted
      : market
        ? pickPrice(market, game.prediction, { home: game.match.homeTeam, away: game.match.awayTeam })
        : null;
    return { ...game, marketOddsPosted };
  });
  const itemKey = { code: 'bookingCodeId', rollover: 'rolloverTipId', free: 'freeTipId' }[kind];
  if (games.length) {
    await tx.insert(selections).values(
      games.map((game) => ({
        [itemKey]: itemId,
        position: game.position,
        matchId: game.match.id,
        prediction: game.prediction,
        odds: game.odds,
        bookmaker: game.bookmaker,
        outcome: game.outcome,
        settledAt: game.outcome === 'pending' ? null : now,
        modelProbability: game.modelProbability,
        marketOddsPosted: game.marketOddsPosted,
      })),
    );
  }
  return games.map(toGameRow);
}
