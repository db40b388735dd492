import { addLagosDays, lagosDay, lagosDayStart, lagosDaysBetween } from '@cashtips/contract/lagos-time';
import { describeMarket, type Market } from '@cashtips/contract/markets';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { freeTips, matches } from '../db/schema/index.ts';
import { saveGames } from '../modules/matches/games.ts';
import { applyMatchResult } from '../modules/matches/results.service.ts';
import slice from './data/openfootball-2025-26.json' with { type: 'json' };

/**
 * Demo free tips over the last 60 days on real matches of the 2025-26 season (a slice of
 * openfootball, CC0), moved forward in time so that their last day is today. Each pick is made from
 * the matches played before it only (never from its own result), and every tip before today is
 * then settled by the settlement engine from the match's real final score: the demo's track record
 * is what these picks really did.
 */
const DAYS = 60;
const TIPS_PER_DAY = 2;
const DAY_MS = 86_400_000;
/** Results before this many games per team mean little. */
const MIN_GAMES = 6;
/** Team figures are pulled toward the league's by this many games' worth. */
const SHRINK_GAMES = 5;
/** The pick is the likeliest market whose fair odds are at least about 1.4. */
const MAX_PICK_PROBABILITY = 0.72;
const BOOKMAKER_MARGIN = 0.95;

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

const played: Played[] = (slice as unknown as OpenfootballSlice).leagues
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

interface Tally {
  games: number;
  scored: number;
  conceded: number;
}
const emptyTally = (): Tally => ({ games: 0, scored: 0, conceded: 0 });

/** Home and away scoring of every team and league, from matches before `before` only. */
function formBefore(before: number) {
  const home = new Map<string, Tally>();
  const away = new Map<string, Tally>();
  const leagues = new Map<string, { games: number; homeGoals: number; awayGoals: number }>();
  for (const match of played) {
    if (match.kickoff >= before) break;
    const h = home.get(match.home) ?? emptyTally();
    home.set(match.home, {
      games: h.games + 1,
      scored: h.scored + match.homeGoals,
      conceded: h.conceded + match.awayGoals,
    });
    const a = away.get(match.away) ?? emptyTally();
    away.set(match.away, {
      games: a.games + 1,
      scored: a.scored + match.awayGoals,
      conceded: a.conceded + match.homeGoals,
    });
    const l = leagues.get(match.league) ?? { games: 0, homeGoals: 0, awayGoals: 0 };
    leagues.set(match.league, {
      games: l.games + 1,
      homeGoals: l.homeGoals + match.homeGoals,
      awayGoals: l.awayGoals + match.awayGoals,
    });
  }
  return { home, away, leagues };
}

const poisson = (lambda: number, goals: number) => {
  let p = Math.exp(-lambda);
  for (let k = 1; k <= goals; k++) p *= lambda / k;
  return p;
};

/** A simple Poisson model of the match from the teams' form: each market's probability. */
function marketChances(
  match: Played,
  form: ReturnType<typeof formBefore>,
): { market: Market; p: number }[] | null {
  const home = form.home.get(match.home);
  const away = form.away.get(match.away);
  const league = form.leagues.get(match.league);
  if (!home || !away || !league || home.games < MIN_GAMES || away.games < MIN_GAMES) return null;
  const homeAvg = league.homeGoals / league.games;
  const awayAvg = league.awayGoals / league.games;
  const shrunk = (total: number, games: number, mean: number) =>
    (total + SHRINK_GAMES * mean) / (games + SHRINK_GAMES);
  const homeRate =
    (shrunk(home.scored, home.games, homeAvg) * shrunk(away.conceded, away.games, homeAvg)) / homeAvg;
  const awayRate =
    (shrunk(away.scored, away.games, awayAvg) * shrunk(home.conceded, home.games, awayAvg)) / awayAvg;
  let homeWin = 0;
  let draw = 0;
  let awayWin = 0;
  let over15 = 0;
  let over25 = 0;
  let under35 = 0;
  let btts = 0;
  for (let h = 0; h <= 10; h++) {
    for (let a = 0; a <= 10; a++) {
      const p = poisson(homeRate, h) * poisson(awayRate, a);
      if (h > a) homeWin += p;
      else if (h === a) draw += p;
      else awayWin += p;
      if (h + a > 1.5) over15 += p;
      if (h + a > 2.5) over25 += p;
      if (h + a < 3.5) under35 += p;
      if (h > 0 && a > 0) btts += p;
    }
  }
  return [
    { market: { kind: 'result', pick: 'home' }, p: homeWin },
    { market: { kind: 'result', pick: 'away' }, p: awayWin },
    { market: { kind: 'double-chance', pick: '1X' }, p: homeWin + draw },
    { market: { kind: 'double-chance', pick: 'X2' }, p: awayWin + draw },
    { market: { kind: 'total', side: 'over', line: 1.5 }, p: over15 },
    { market: { kind: 'total', side: 'over', line: 2.5 }, p: over25 },
    { market: { kind: 'total', side: 'under', line: 3.5 }, p: under35 },
    { market: { kind: 'btts', pick: 'yes' }, p: btts },
  ];
}

export async function seedFreeTips(tx: Executor, now = new Date()): Promise<void> {
  const last = played.at(-1);
  if (!last) return;
  const today = lagosDay(now);
  const shiftMs = lagosDaysBetween(lagosDay(new Date(last.kickoff)), today) * DAY_MS;
  const firstDay = addLagosDays(today, -(DAYS - 1));
  const byDay = new Map<string, { match: Played; market: Market; p: number }[]>();
  for (const match of played) {
    const day = lagosDay(new Date(match.kickoff + shiftMs));
    if (day < firstDay) continue;
    const chances = marketChances(match, formBefore(match.kickoff));
    const pick = chances?.filter((chance) => chance.p <= MAX_PICK_PROBABILITY).sort((a, b) => b.p - a.p)[0];
    if (pick) byDay.set(day, [...(byDay.get(day) ?? []), { match, ...pick }]);
  }
  const todayStart = lagosDayStart(today).getTime();
  for (const picks of byDay.values()) {
    for (const { match, market, p } of picks.sort((a, b) => b.p - a.p).slice(0, TIPS_PER_DAY)) {
      const kickoff = new Date(match.kickoff + shiftMs);
      const published = new Date(Math.min(kickoff.getTime() - 6 * 3_600_000, now.getTime()));
      const [tip] = await tx
        .insert(freeTips)
        .values({
          totalOdds: Math.max(1.05, Math.round((BOOKMAKER_MARGIN / p) * 100) / 100),
          confidence: Math.round(p * 100),
          publishedAt: published,
          createdAt: published,
          updatedAt: published,
        })
        .returning({ id: freeTips.id });
      if (!tip) throw new Error('demo free tip insert returned no row');
      const teams = { home: match.home, away: match.away };
      const [game] = await saveGames(
        tx,
        'free',
        tip.id,
        'football',
        [
          {
            teamA: match.home,
            teamB: match.away,
            league: match.league,
            kickoff: kickoff.toISOString(),
            prediction: describeMarket(market, teams),
          },
        ],
        published,
      );
      // Today's tips wait for their results; earlier days are settled from the real score.
      if (!game || kickoff.getTime() >= todayStart) continue;
      const [row] = await tx.select().from(matches).where(eq(matches.id, game.matchId)).for('update');
      if (row?.status !== 'scheduled') continue;
      const resultAt = new Date(kickoff.getTime() + 2 * 3_600_000);
      await applyMatchResult(
        tx,
        row,
        { status: 'finished', homeGoals: match.homeGoals, awayGoals: match.awayGoals },
        resultAt,
        { actorUserId: null },
      );
    }
  }
}
