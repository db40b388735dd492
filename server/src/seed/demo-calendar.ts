import { addLagosDays, type LagosDay, lagosDay, lagosDaysBetween } from '@cashtips/contract/lagos-time';
import type { ItemKind } from '@cashtips/contract/matches';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { matches } from '../db/schema/index.ts';
import { gamesOf } from '../modules/matches/games.ts';
import { applyMatchResult } from '../modules/matches/results.service.ts';
import { settleFromGames } from '../modules/matches/settlement.ts';
import { scoreMatrixFromRates } from '../modules/predictions/model/dixon-coles.ts';
import { marketsOf, modelPicks } from '../modules/predictions/model/markets.ts';
import slice from './data/openfootball-2025-26.json' with { type: 'json' };

/**
 * The one calendar every demo seeder takes its games from: the real matches of the 2025-26 season
 * (a slice of openfootball, CC0) moved forward by whole weeks so that they fall around the day the
 * app is started. Whole weeks keep each match on its weekday and its Lagos kickoff time (Lagos has
 * no daylight saving, so a week is always 7 × 24 hours): a Premier League Saturday 16:00 stays a
 * Saturday 16:00, a Serie A Monday 20:45 a Monday 20:45. A match is one fixture in the registry
 * whatever the codes, tips and free tips on it, each team plays at most once a day, and matches on
 * days before today have their real final score; today's and later ones wait for theirs.
 */

/** The free tips' record covers this many days up to today. */
export const HISTORY_DAYS = 60;
/** Codes are sold for matches up to this many days ahead (a weekend is always among them). */
export const AHEAD_DAYS = 6;
/** The model needs this much of the season behind a day before its picks mean something. */
const WARMUP_DAYS = 90;
/** Results before this many games per team mean little. */
const MIN_GAMES = 6;
/** Team figures are pulled toward the league's by this many games' worth. */
const SHRINK_GAMES = 5;
/** What a bookmaker pays against the model's chance: a 5 % margin. */
const BOOKMAKER_MARGIN = 0.95;
/** The markets the demo picks from, as the model names them: the ones Nigerian slips are made of. */
const DEMO_MARKETS = new Set(['Home', 'Away', '1X', 'X2', 'Over 1.5', 'Over 2.5', 'Under 3.5', 'BTTS Yes']);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** One pick on a fixture: the product's wording of the market, the model's chance, the bookmaker's odds. */
export interface DemoPick {
  prediction: string;
  probability: number;
  odds: number;
}

export interface DemoFixture {
  league: string;
  home: string;
  away: string;
  /** In the demo's time. */
  kickoff: Date;
  day: LagosDay;
  /** The real final score, recorded for fixtures on days before today. */
  score: { home: number; away: number };
  /** Null when the teams have too few earlier games to price. */
  picks: DemoPick[] | null;
}

/** openfootball-2025-26.json: per league, [kickoff UTC, home, away, home goals, away goals]. */
interface OpenfootballSlice {
  leagues: { name: string; matches: [string, string, string, number, number][] }[];
}

interface Played {
  league: string;
  kickoff: number;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
}

const season: Played[] = (slice as unknown as OpenfootballSlice).leagues
  .flatMap((league) =>
    league.matches.map(([kickoff, home, away, homeGoals, awayGoals]) => ({
      league: league.name,
      kickoff: Date.parse(kickoff),
      home,
      away,
      homeGoals,
      awayGoals,
    })),
  )
  .sort((a, b) => a.kickoff - b.kickoff);

/** Bookmaker odds for a chance: the margin taken, two decimals, never below the 1.01 the product allows. */
export function bookmakerOdds(probability: number): number {
  return Math.max(1.01, Math.round((BOOKMAKER_MARGIN / probability) * 100) / 100);
}

interface Tally {
  games: number;
  scored: number;
  conceded: number;
}

/** Prices a match from the home and away form of both teams over the season's matches before it only. */
function priceMatch(match: Played): DemoPick[] | null {
  let home: Tally = { games: 0, scored: 0, conceded: 0 };
  let away: Tally = { games: 0, scored: 0, conceded: 0 };
  let league = { games: 0, homeGoals: 0, awayGoals: 0 };
  for (const earlier of season) {
    if (earlier.kickoff >= match.kickoff) break;
    if (earlier.league !== match.league) continue;
    league = {
      games: league.games + 1,
      homeGoals: league.homeGoals + earlier.homeGoals,
      awayGoals: league.awayGoals + earlier.awayGoals,
    };
    if (earlier.home === match.home) {
      home = {
        games: home.games + 1,
        scored: home.scored + earlier.homeGoals,
        conceded: home.conceded + earlier.awayGoals,
      };
    }
    if (earlier.away === match.away) {
      away = {
        games: away.games + 1,
        scored: away.scored + earlier.awayGoals,
        conceded: away.conceded + earlier.homeGoals,
      };
    }
  }
  if (home.games < MIN_GAMES || away.games < MIN_GAMES) return null;
  const homeAvg = league.homeGoals / league.games;
  const awayAvg = league.awayGoals / league.games;
  const shrunk = (total: number, games: number, mean: number) =>
    (total + SHRINK_GAMES * mean) / (games + SHRINK_GAMES);
  const homeRate =
    (shrunk(home.scored, home.games, homeAvg) * shrunk(away.conceded, away.games, homeAvg)) / homeAvg;
  const awayRate =
    (shrunk(away.scored, away.games, awayAvg) * shrunk(home.conceded, home.games, awayAvg)) / awayAvg;
  const markets = marketsOf(scoreMatrixFromRates(homeRate, awayRate, 0));
  return modelPicks(markets, { home: match.home, away: match.away })
    .filter((pick) => DEMO_MARKETS.has(pick.prediction))
    .map((pick) => ({
      prediction: pick.label,
      probability: pick.probability,
      odds: bookmakerOdds(pick.probability),
    }));
}

const seasonDay = (match: Played) => lagosDay(new Date(match.kickoff));

/**
 * The whole weeks to move the season by. Of the weeks that leave 90 days of season before today (for
 * the model) plus the free tips' 60 days of history, and six days of matches after it, the one whose
 * day matching today has the most matches (six are enough for every plan), then the most in the six
 * days after, then the latest.
 */
function weeksShift(today: LagosDay): number {
  const perDay = new Map<LagosDay, number>();
  for (const match of season) perDay.set(seasonDay(match), (perDay.get(seasonDay(match)) ?? 0) + 1);
  const first = seasonDay(season[0] as Played);
  const last = seasonDay(season.at(-1) as Played);
  const earliest = addLagosDays(first, WARMUP_DAYS + HISTORY_DAYS);
  const latest = addLagosDays(last, -AHEAD_DAYS);
  // Today's weekday on or before the latest allowed day, then a week at a time back.
  let day = addLagosDays(latest, -(((lagosDaysBetween(today, latest) % 7) + 7) % 7));
  let best: { day: LagosDay; score: [number, number] } | null = null;
  for (; day >= earliest; day = addLagosDays(day, -7)) {
    let ahead = 0;
    for (let offset = 1; offset <= AHEAD_DAYS; offset++) ahead += perDay.get(addLagosDays(day, offset)) ?? 0;
    const score: [number, number] = [Math.min(perDay.get(day) ?? 0, 6), Math.min(ahead, 30)];
    // Candidates come latest first: a later one wins only by more matches.
    if (!best || score[0] > best.score[0] || (score[0] === best.score[0] && score[1] > best.score[1])) {
      best = { day, score };
    }
  }
  return Math.round(lagosDaysBetween(best?.day ?? latest, today) / 7);
}

export interface DemoCalendar {
  today: LagosDay;
  /** A demo day's fixtures, by kickoff. */
  on(day: LagosDay): DemoFixture[];
  /** The fixture a registered match stands for, by its teams and Lagos day. */
  find(home: string, away: string, day: LagosDay): DemoFixture | undefined;
}

/** The likeliest pick on a fixture whose chance lies in [min, max]; null when none does or it is unpriced. */
export function likeliestPick(fixture: DemoFixture, range: { min: number; max: number }): DemoPick | null {
  const fitting = (fixture.picks ?? []).filter(
    (pick) => pick.probability >= range.min && pick.probability <= range.max,
  );
  return fitting.sort((a, b) => b.probability - a.probability)[0] ?? null;
}

/** A pick as an admin types the game: teams, league and kickoff of its match, the prediction and odds. */
export function gameInput(fixture: DemoFixture, pick: DemoPick) {
  return {
    teamA: fixture.home,
    teamB: fixture.away,
    league: fixture.league,
    kickoff: fixture.kickoff.toISOString(),
    prediction: pick.prediction,
    odds: pick.odds,
  };
}

/** A tip's or code's confidence: the average chance the model gives its picks, in percent. */
export function confidenceOf(picks: DemoPick[]): number {
  return Math.round((picks.reduce((sum, pick) => sum + pick.probability, 0) / picks.length) * 100);
}

const fixtureKey = (home: string, away: string, day: LagosDay) => `${home}\u0000${away}\u0000${day}`;

/** The seeders of one start share one calendar (pricing its matches is the costly part). */
let lastCalendar: { today: LagosDay; calendar: DemoCalendar } | undefined;

export function demoCalendar(now: Date): DemoCalendar {
  const today = lagosDay(now);
  if (lastCalendar?.today === today) return lastCalendar.calendar;
  const calendar = buildCalendar(today);
  lastCalendar = { today, calendar };
  return calendar;
}

function buildCalendar(today: LagosDay): DemoCalendar {
  const shiftMs = weeksShift(today) * 7 * DAY_MS;
  const byDay = new Map<LagosDay, DemoFixture[]>();
  const byKey = new Map<string, DemoFixture>();
  for (const match of season) {
    const kickoff = new Date(match.kickoff + shiftMs);
    const day = lagosDay(kickoff);
    // Only the days the demo shows are priced (the model reads the season before each match).
    if (lagosDaysBetween(day, today) > HISTORY_DAYS || lagosDaysBetween(today, day) > AHEAD_DAYS) continue;
    const fixture: DemoFixture = {
      league: match.league,
      home: match.home,
      away: match.away,
      kickoff,
      day,
      score: { home: match.homeGoals, away: match.awayGoals },
      picks: priceMatch(match),
    };
    byDay.set(day, [...(byDay.get(day) ?? []), fixture]);
    byKey.set(fixtureKey(match.home, match.away, day), fixture);
  }
  return {
    today,
    on: (day) => byDay.get(day) ?? [],
    find: (home, away, day) => byKey.get(fixtureKey(home, away, day)),
  };
}

/**
 * Settles demo items whose games were played before today, as the product settles real ones: each
 * of their matches still without a result gets its real final score through `applyMatchResult` two
 * hours after kickoff (which settles every item on it, whoever posted it), and items whose matches
 * all had results already are settled from their games.
 */
export async function settlePlayed(
  tx: Executor,
  calendar: DemoCalendar,
  kind: ItemKind,
  itemIds: string[],
): Promise<void> {
  const games = await gamesOf(tx, kind, itemIds);
  const played = [...games.values()]
    .flat()
    .filter((game) => lagosDay(game.kickoff) < calendar.today)
    .sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
  const matchIds = [...new Set(played.map((game) => game.matchId))];
  if (!matchIds.length) return;
  const rows = await tx
    .select()
    .from(matches)
    .where(and(inArray(matches.id, matchIds), eq(matches.status, 'scheduled')))
    .for('update');
  for (const row of rows.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime())) {
    const fixture = calendar.find(row.homeTeam, row.awayTeam, row.matchDay);
    if (!fixture) continue;
    await applyMatchResult(
      tx,
      row,
      { status: 'finished', homeGoals: fixture.score.home, awayGoals: fixture.score.away },
      new Date(row.kickoff.getTime() + 2 * HOUR_MS),
      { actorUserId: null },
    );
  }
  // Results recorded just now settled their items already; the others' matches had theirs before.
  const recorded = new Set(rows.map((row) => row.id));
  for (const [itemId, itemGames] of games) {
    const last = Math.max(...itemGames.map((game) => game.kickoff.getTime()));
    if (lagosDay(new Date(last)) >= calendar.today) continue;
    if (itemGames.every((game) => recorded.has(game.matchId))) continue;
    await settleFromGames(tx, { [kind]: [itemId] }, new Date(last + 2 * HOUR_MS));
  }
}
