import { setImmediate as nextTurn } from 'node:timers/promises';
import { addLagosDays, lagosDay } from '@cashtips/contract/lagos-time';
import {
  INSIGHT_MIN_FAIR_ODDS,
  type MatchPrediction,
  type ModelLeagueKey,
  type ModelPickView,
  matchPredictionResponseSchema,
  modelLeagueOf,
  modelLeagues,
  type SuggestionsResponse,
  type unpredictedReasons,
} from '@cashtips/contract/predictions';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { type Forgetful, type Invalidation, SharedCache } from '../../db/invalidation.ts';
import { matches, matchPredictions, modelFits } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { pageInfo } from '../../lib/pages.ts';
import { compareWithModel, latestOdds, type MarketPrice } from '../football/market-odds.ts';
import { DEFAULT_WINDOW_DAYS, fitDixonColes, scoreMatrix } from './model/dixon-coles.ts';
import { marketsOf, modelPicks } from './model/markets.ts';
import type { FinishedMatch, FittedModel, MarketProbabilities } from './model/types.ts';
import { baseRates } from './model/walk-forward.ts';
import { canonicalNames, TeamLookup } from './team-names.ts';

type MatchRow = typeof matches.$inferSelect;
type FitRow = typeof modelFits.$inferSelect;
type Reason = (typeof unpredictedReasons)[number];
type FitView = NonNullable<MatchPrediction['fit']>;

/** A league needs at least this many finished matches before it is fitted at all. */
const MIN_FIT_MATCHES = 30;
/**
 * Predictions remembered per process: forgotten at once on a refit, and after this long anyway (a
 * fixture's kickoff may be edited; the market's prices beside the model move with every provider read).
 */
const PREDICTION_TTL_MS = 60_000;
const MAX_CACHED_PREDICTIONS = 20_000;
const INSIGHTS_TTL_MS = 30_000;
const UPSERT_BATCH = 500;
/** Upcoming matches the suggestions list reads at most (a 30-day window of registered fixtures). */
const SUGGESTIONS_SCAN_LIMIT = 5000;

export interface FitSummary {
  league: ModelLeagueKey;
  asOf: string;
  matches: number;
  priced: number;
  ms: number;
}

interface LoadedFit {
  row: FitRow;
  model: FittedModel;
  lookup: TeamLookup;
  view: FitView;
}

interface StoredPrediction {
  matchId: string;
  fitId: string;
  markets: unknown;
  picks: unknown;
  fit: FitRow;
}

const fitView = (row: FitRow): FitView => ({
  league: row.league,
  asOf: row.asOf,
  fittedAt: row.fittedAt.toISOString(),
  matches: row.matches,
});

function modelOf(row: FitRow): FittedModel {
  const { teams, attack, defence, homeAdvantage, rho, xi, newTeam } = row.parameters;
  return {
    teams,
    attack,
    defence,
    homeAdvantage,
    rho,
    xi,
    asOf: row.asOf,
    matches: row.matches,
    logLikelihood: row.logLikelihood,
    iterations: row.iterations,
    ...(newTeam ? { newTeam } : {}),
  };
}

/** The league key a registered match is priced under, or null (another league, another sport). */
function leagueKeyOf(match: Pick<MatchRow, 'sport' | 'league'>): ModelLeagueKey | null {
  return match.sport === 'football' ? modelLeagueOf(match.league) : null;
}

/** Registered football matches not yet played (no result, not void), narrowed by `conditions`. */
const stillToPlay = (...conditions: SQL[]) =>
  and(eq(matches.sport, 'football'), eq(matches.status, 'scheduled'), ...conditions);

/**
 * The match model in the product (issue 16): fits per league from the match registry, stored
 * predictions of upcoming registered matches, and the admin's and users' reads of them. What a
 * process remembers (the latest fit per league, each match's prediction) is forgotten in every
 * process when a fit lands (invalidation topic 'model', keyed by league).
 */
export class PredictionsService implements Forgetful {
  private readonly predictions = new Map<
    string,
    { league: ModelLeagueKey | null; view: MatchPrediction; at: number }
  >();
  /** The latest fit per league (null: none yet), forgotten with everything else below. */
  private readonly fits: SharedCache<LoadedFit | null>;
  /** A remembered prediction's answer, serialised once. */
  private readonly answers = new WeakMap<MatchPrediction, string>();
  private insightsCache: { day: string; at: number; value: Promise<InsightsAnswer> } | undefined;
  /** Bumped whenever anything is forgotten: a read that began before must not be remembered. */
  private epoch = 0;
  private readonly refitListeners: Array<(leagues: readonly string[]) => void> = [];

  constructor(
    private readonly deps: { db: Database; clock: Clock; invalidation: Invalidation; logger: Logger },
  ) {
    this.fits = new SharedCache(deps.invalidation, 'model', {
      maxEntries: modelLeagues.length,
      ttlMs: PREDICTION_TTL_MS,
    });
    deps.invalidation.register('model', this);
  }

  /** Told (in this process) whenever a league's fit changes, here or in another process. */
  onRefit(listener: (leagues: readonly string[]) => void): void {
    this.refitListeners.push(listener);
  }

  forget(league: string): void {
    this.epoch++;
    this.fits.forget(league);
    for (const [matchId, entry] of this.predictions)
      if (entry.league === league) this.predictions.delete(matchId);
    this.insightsCache = undefined;
    for (const listener of this.refitListeners) listener([league]);
  }

  clear(): void {
    this.epoch++;
    this.fits.clear();
    this.predictions.clear();
    this.insightsCache = undefined;
    for (const listener of this.refitListeners) listener([]);
  }

  /** Free tips changed (today's insights are built from them). */
  tipsChanged(): void {
    this.insightsCache = undefined;
  }

  // --- Fitting -----------------------------------------------------------------------------------

  /** Every modelled league in turn; a league that fails is logged and the others still run. */
  async fitAll(): Promise<FitSummary[]> {
    const done: FitSummary[] = [];
    for (const { key } of modelLeagues) {
      try {
        const summary = await this.fitLeague(key);
        if (summary) done.push(summary);
      } catch (error) {
        this.deps.logger.error({ err: error, league: key }, 'model fit failed');
      }
      // A fit holds the event loop for a second or two: let requests through between leagues.
      await nextTurn();
    }
    if (done.length) this.deps.logger.info({ fits: done }, 'match model refitted');
    return done;
  }

  /** League names in the registry that the model reads as `key` ('Premier League', 'EPL'…). */
  private async registryNamesOf(key: ModelLeagueKey): Promise<string[]> {
    const rows = await this.deps.db
      .selectDistinct({ league: matches.league })
      .from(matches)
      .where(eq(matches.sport, 'football'));
    return rows.map((row) => row.league).filter((name) => modelLeagueOf(name) === key);
  }

  /**
   * Fits one league on the registry's finished matches dated before today (Lagos) — imported
   * seasons and the scores admins recorded alike — stores the fit, and prices every scheduled
   * registered match of the league still to kick off. Null when the league has too little data.
   */
  async fitLeague(key: ModelLeagueKey): Promise<FitSummary | null> {
    const { db, clock } = this.deps;
    const started = performance.now();
    const now = clock.now();
    const asOf = lagosDay(now);
    const names = await this.registryNamesOf(key);
    if (!names.length) return null;
    const rows = await db
      .select({
        home: matches.homeTeam,
        away: matches.awayTeam,
        day: matches.matchDay,
        homeGoals: matches.homeGoals,
        awayGoals: matches.awayGoals,
        source: matches.source,
      })
      .from(matches)
      .where(
        and(
          eq(matches.sport, 'football'),
          eq(matches.status, 'finished'),
          // A demo match's date is invented: its result would be a real one counted again, elsewhere in time.
          eq(matches.demo, false),
          inArray(matches.league, names),
          lt(matches.matchDay, asOf),
          lt(matches.kickoff, now),
        ),
      );
    const canonical = canonicalNames(rows.flatMap((row) => [row.home, row.away]));
    // One match per fixture: an admin's row typed 'Arsenal' and the imported 'Arsenal FC' are one game,
    // and the score the admin recorded wins.
    const fixtures = new Map<string, FinishedMatch & { admin: boolean }>();
    for (const row of rows) {
      if (row.homeGoals === null || row.awayGoals === null) continue;
      const home = canonical.get(row.home) ?? row.home;
      const away = canonical.get(row.away) ?? row.away;
      const fixture = `${row.day}\u0000${home}\u0000${away}`;
      const admin = row.source === 'admin';
      const existing = fixtures.get(fixture);
      if (existing && (existing.admin || !admin)) continue;
      fixtures.set(fixture, {
        date: row.day,
        home,
        away,
        homeGoals: row.homeGoals,
        awayGoals: row.awayGoals,
        admin,
      });
    }
    const finished = [...fixtures.values()]
      .map(({ admin: _admin, ...match }) => match)
      .sort((a, b) => a.date.localeCompare(b.date));
    if (finished.length < MIN_FIT_MATCHES) return null;

    const previous = await this.latestFitRow(db, key);
    const model = fitDixonColes(finished, {
      asOf,
      ...(previous ? { initial: modelOf(previous) } : {}),
    });
    if (model.matches === 0) return null;
    const windowStart = addLagosDays(asOf, -DEFAULT_WINDOW_DAYS);
    // The baseline a fit's predictions are scored against; even odds before any result.
    const base = baseRates(finished.filter((match) => match.date >= windowStart)) ?? {
      home: 1 / 3,
      draw: 1 / 3,
      away: 1 / 3,
    };

    const priced = await inTransaction(db, async (tx) => {
      const [fit] = await tx
        .insert(modelFits)
        .values({
          league: key,
          asOf,
          fittedAt: now,
          matches: model.matches,
          parameters: {
            teams: model.teams,
            attack: model.attack,
            defence: model.defence,
            homeAdvantage: model.homeAdvantage,
            rho: model.rho,
            xi: model.xi,
            ...(model.newTeam ? { newTeam: model.newTeam } : {}),
          },
          baseHome: base.home,
          baseDraw: base.draw,
          baseAway: base.away,
          logLikelihood: model.logLikelihood,
          iterations: model.iterations,
        })
        .returning();
      if (!fit) throw new Error('model fit insert returned no row');
      const loaded = this.load(fit);
      const upcoming = await tx
        .select()
        .from(matches)
        .where(stillToPlay(inArray(matches.league, names), gt(matches.kickoff, now)));
      const records = upcoming.flatMap((match) => {
        const result = this.price(loaded, match);
        return typeof result === 'string' ? [] : [{ match, ...result }];
      });
      await this.storePredictions(tx, loaded, records, now);
      return records.length;
    });
    await this.deps.invalidation.publish('model', [key]);
    return { league: key, asOf, matches: model.matches, priced, ms: Math.round(performance.now() - started) };
  }

  private async storePredictions(
    tx: Executor,
    fit: LoadedFit,
    records: { match: MatchRow; markets: MarketProbabilities; picks: ModelPickView[] }[],
    now: Date,
  ): Promise<void> {
    for (let start = 0; start < records.length; start += UPSERT_BATCH) {
      const batch = records.slice(start, start + UPSERT_BATCH);
      await tx
        .insert(matchPredictions)
        .values(
          batch.map(({ match, markets, picks }) => ({
            matchId: match.id,
            fitId: fit.row.id,
            home: markets.result.home,
            draw: markets.result.draw,
            away: markets.result.away,
            baselineHome: fit.row.baseHome,
            baselineDraw: fit.row.baseDraw,
            baselineAway: fit.row.baseAway,
            markets,
            picks,
            predictedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: matchPredictions.matchId,
          set: {
            fitId: sql`excluded.fit_id`,
            home: sql`excluded.home`,
            draw: sql`excluded.draw`,
            away: sql`excluded.away`,
            baselineHome: sql`excluded.baseline_home`,
            baselineDraw: sql`excluded.baseline_draw`,
            baselineAway: sql`excluded.baseline_away`,
            markets: sql`excluded.markets`,
            picks: sql`excluded.picks`,
            predictedAt: sql`excluded.predicted_at`,
          },
        });
    }
  }

  // --- Reading fits ------------------------------------------------------------------------------

  private load(row: FitRow): LoadedFit {
    const model = modelOf(row);
    return { row, model, lookup: new TeamLookup(model.teams), view: fitView(row) };
  }

  private async latestFitRow(db: Executor, key: string): Promise<FitRow | undefined> {
    const [row] = await db
      .select()
      .from(modelFits)
      .where(eq(modelFits.league, key))
      .orderBy(desc(modelFits.fittedAt), desc(modelFits.id))
      .limit(1);
    return row;
  }

  /** The league's latest fit, remembered until a refit anywhere. */
  private latestFit(key: ModelLeagueKey): Promise<LoadedFit | null> {
    return this.fits.get(key, async () => {
      const row = await this.latestFitRow(this.deps.db, key);
      return row ? this.load(row) : null;
    });
  }

  /** The latest fit that saw nothing of `day` (its data stops before it), for a match already under way. */
  private async fitBefore(key: ModelLeagueKey, day: string): Promise<LoadedFit | null> {
    const [row] = await this.deps.db
      .select()
      .from(modelFits)
      .where(and(eq(modelFits.league, key), lte(modelFits.asOf, day)))
      .orderBy(desc(modelFits.fittedAt), desc(modelFits.id))
      .limit(1);
    return row ? this.load(row) : null;
  }

  /** The latest fit per modelled league. */
  async latestFits(): Promise<FitView[]> {
    const views = await Promise.all(modelLeagues.map(({ key }) => this.latestFit(key)));
    return views.flatMap((fit) => (fit ? [fit.view] : []));
  }

  // --- Pricing ----------------------------------------------------------------------------------

  /**
   * The model's markets and picks for a registered match. A typed team is found by its key ('Arsenal'
   * finds 'Arsenal FC'); a team the fit never saw gets the model's level for newcomers when it has
   * one, else there is no prediction.
   */
  private price(
    fit: LoadedFit,
    match: Pick<MatchRow, 'homeTeam' | 'awayTeam'>,
  ): { markets: MarketProbabilities; picks: ModelPickView[] } | 'team-unknown' {
    const home = fit.lookup.find(match.homeTeam) ?? match.homeTeam;
    const away = fit.lookup.find(match.awayTeam) ?? match.awayTeam;
    const matrix = scoreMatrix(fit.model, home, away);
    if (!matrix) return 'team-unknown';
    const markets = marketsOf(matrix);
    // The registered names, so each pick's text reads back as the same market on this match.
    const picks = modelPicks(markets, { home: match.homeTeam, away: match.awayTeam }).sort(
      (a, b) => b.probability - a.probability,
    );
    return { markets, picks };
  }

  private viewOfMatch(
    match: MatchRow,
    fit: FitView | null,
    priced: { markets: MarketProbabilities; picks: ModelPickView[] } | null,
    reason: Reason | null,
    prices?: MarketPrice,
  ): MatchPrediction {
    return {
      matchId: match.id,
      league: match.league,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      kickoff: match.kickoff.toISOString(),
      day: match.matchDay,
      fit,
      markets: priced?.markets ?? null,
      picks: priced?.picks ?? [],
      reason,
      // The market is shown against the model, so only beside a prediction.
      market: priced && prices ? compareWithModel(prices, priced.markets) : null,
    };
  }

  private async storedOf(matchIds: string[]): Promise<Map<string, StoredPrediction>> {
    const stored = new Map<string, StoredPrediction>();
    if (!matchIds.length) return stored;
    const rows = await this.deps.db
      .select({
        matchId: matchPredictions.matchId,
        fitId: matchPredictions.fitId,
        markets: matchPredictions.markets,
        picks: matchPredictions.picks,
        fit: modelFits,
      })
      .from(matchPredictions)
      .innerJoin(modelFits, eq(modelFits.id, matchPredictions.fitId))
      .where(inArray(matchPredictions.matchId, matchIds));
    for (const row of rows) stored.set(row.matchId, row);
    return stored;
  }

  /**
   * A match's prediction: the stored one when the match is under way or its fit is still the
   * latest; otherwise priced now — from the latest fit for a match still to kick off (and stored, so
   * it joins the pre-kickoff record), from the last fit before its day for one already under way.
   */
  private async build(
    match: MatchRow,
    stored: StoredPrediction | undefined,
    prices: MarketPrice | undefined,
  ): Promise<MatchPrediction> {
    const key = leagueKeyOf(match);
    if (!key) return this.viewOfMatch(match, null, null, 'league-not-modelled');
    const now = this.deps.clock.now();
    const upcoming = match.status === 'scheduled' && match.kickoff.getTime() > now.getTime();
    const latest = await this.latestFit(key);
    if (stored && (!upcoming || stored.fitId === latest?.row.id)) {
      return this.viewOfMatch(
        match,
        fitView(stored.fit),
        { markets: stored.markets as MarketProbabilities, picks: stored.picks as ModelPickView[] },
        null,
        prices,
      );
    }
    const fit = upcoming ? latest : await this.fitBefore(key, match.matchDay);
    if (!fit) return this.viewOfMatch(match, null, null, 'no-fit-yet');
    const priced = this.price(fit, match);
    if (priced === 'team-unknown') return this.viewOfMatch(match, fit.view, null, 'team-unknown');
    if (upcoming) await this.storePredictions(this.deps.db, fit, [{ match, ...priced }], now);
    return this.viewOfMatch(match, fit.view, priced, null, prices);
  }

  private remembered(matchId: string): MatchPrediction | undefined {
    if (!this.deps.invalidation.live) return undefined;
    const entry = this.predictions.get(matchId);
    if (!entry) return undefined;
    if (Date.now() - entry.at >= PREDICTION_TTL_MS) {
      this.predictions.delete(matchId);
      return undefined;
    }
    return entry.view;
  }

  private remember(match: MatchRow, view: MatchPrediction, epoch: number): void {
    if (epoch !== this.epoch || !this.deps.invalidation.live) return;
    if (this.predictions.size >= MAX_CACHED_PREDICTIONS) {
      const oldest = this.predictions.keys().next();
      if (!oldest.done) this.predictions.delete(oldest.value);
    }
    this.predictions.set(match.id, { league: leagueKeyOf(match), view, at: Date.now() });
  }

  /** Predictions of several registered matches, in their order, remembered per match. */
  private async viewsOf(rows: MatchRow[]): Promise<MatchPrediction[]> {
    const epoch = this.epoch;
    const missing = rows.filter((row) => !this.remembered(row.id));
    const ids = missing.map((row) => row.id);
    const [stored, prices] = await Promise.all([this.storedOf(ids), latestOdds(this.deps.db, ids)]);
    const views = new Map<string, MatchPrediction>();
    for (const row of missing) {
      const view = await this.build(row, stored.get(row.id), prices.get(row.id));
      views.set(row.id, view);
      this.remember(row, view, epoch);
    }
    return rows.map((row) => this.remembered(row.id) ?? (views.get(row.id) as MatchPrediction));
  }

  /**
   * The answer of GET /api/admin/predictions/matches/:id as the response schema writes it, built
   * once per remembered prediction (the hot path sends it as it is).
   */
  answerJson(view: MatchPrediction): string {
    let json = this.answers.get(view);
    if (json === undefined) {
      json = JSON.stringify(matchPredictionResponseSchema.parse({ success: true, prediction: view }));
      this.answers.set(view, json);
    }
    return json;
  }

  /** GET /api/admin/predictions/matches/:id. */
  async matchPrediction(matchId: string): Promise<MatchPrediction> {
    const remembered = this.remembered(matchId);
    if (remembered) return remembered;
    const epoch = this.epoch;
    const [match] = await this.deps.db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
    if (!match) throw notFound('No such match.');
    const [stored, prices] = await Promise.all([
      this.storedOf([matchId]),
      latestOdds(this.deps.db, [matchId]),
    ]);
    const view = await this.build(match, stored.get(matchId), prices.get(matchId));
    this.remember(match, view, epoch);
    return view;
  }

  /** GET /api/admin/predictions/suggestions: registered football matches kicking off in the next `days`, soonest first. */
  async suggestions(query: {
    page: number;
    limit: number;
    days: number;
    league?: string | undefined;
  }): Promise<Omit<SuggestionsResponse, 'success'>> {
    const now = this.deps.clock.now();
    const until = new Date(now.getTime() + query.days * 86_400_000);
    const rows = await this.deps.db
      .select()
      .from(matches)
      .where(stillToPlay(gte(matches.kickoff, now), lte(matches.kickoff, until)))
      .orderBy(asc(matches.kickoff), asc(matches.id))
      .limit(SUGGESTIONS_SCAN_LIMIT);
    const wanted = query.league ? modelLeagueOf(query.league) : null;
    const filtered = query.league
      ? rows.filter((row) =>
          wanted
            ? modelLeagueOf(row.league) === wanted
            : row.league.toLowerCase() === query.league?.toLowerCase(),
        )
      : rows;
    const page = filtered.slice((query.page - 1) * query.limit, query.page * query.limit);
    const [views, fits] = await Promise.all([this.viewsOf(page), this.latestFits()]);
    return { matches: views, fits, ...pageInfo(query.page, query.limit, filtered.length) };
  }

  // --- Insights --------------------------------------------------------------------------------

  /**
   * GET /api/predictions/insights: the model's most probable pick worth a bet on each match of
   * today's (Lagos) free tips, most probable first, and when the next free-tip match kicks off. Free
   * tips are public, so this tells nobody anything paid for; matches of booking codes and rollover
   * tips are never read here.
   */
  async insights(): Promise<InsightsAnswer> {
    const day = lagosDay(this.deps.clock.now());
    const cached = this.insightsCache;
    if (
      this.deps.invalidation.live &&
      cached &&
      cached.day === day &&
      Date.now() - cached.at < INSIGHTS_TTL_MS
    )
      return cached.value;
    const value = this.loadInsights(day);
    if (this.deps.invalidation.live) {
      const entry = { day, at: Date.now(), value };
      this.insightsCache = entry;
      value.catch(() => {
        if (this.insightsCache === entry) this.insightsCache = undefined;
      });
    }
    return value;
  }

  private async loadInsights(day: string): Promise<InsightsAnswer> {
    const [rows, next] = await Promise.all([
      this.deps.db.execute(sql`
        select distinct m.id
        from free_tips f
        join selections s on s.free_tip_id = f.id
        join matches m on m.id = s.match_id
        where m.match_day = ${day}::date`),
      this.deps.db.execute(sql`
        select min(m.kickoff) as kickoff
        from free_tips f
        join selections s on s.free_tip_id = f.id
        join matches m on m.id = s.match_id
        where m.match_day > ${day}::date`),
    ]);
    const ids = (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    const nextKickoff = (next as unknown as { rows: { kickoff: Date | string | null }[] }).rows[0]?.kickoff;
    const answer = { day, nextKickoff: nextKickoff ? new Date(nextKickoff).toISOString() : null };
    if (!ids.length) return { ...answer, insights: [] };
    const found = await this.deps.db
      .select()
      .from(matches)
      .where(inArray(matches.id, ids))
      .orderBy(asc(matches.kickoff), asc(matches.id));
    const views = await this.viewsOf(found);
    const insights = views
      .flatMap((view) => {
        const pick = pickWorthABet(view.picks);
        return pick
          ? [
              {
                matchId: view.matchId,
                league: view.league,
                homeTeam: view.homeTeam,
                awayTeam: view.awayTeam,
                kickoff: view.kickoff,
                pick,
              },
            ]
          : [];
      })
      .sort((a, b) => b.pick.probability - a.pick.probability || a.kickoff.localeCompare(b.kickoff));
    return { ...answer, insights };
  }
}

/**
 * The pick an AI insight shows for a match: the model's most probable one among those priced at
 * INSIGHT_MIN_FAIR_ODDS or more (the contract says why); none when every pick is shorter.
 */
export function pickWorthABet(picks: readonly ModelPickView[]): ModelPickView | undefined {
  return picks
    .filter((pick) => pick.fairOdds >= INSIGHT_MIN_FAIR_ODDS)
    .reduce<ModelPickView | undefined>(
      (best, pick) => (best && best.probability >= pick.probability ? best : pick),
      undefined,
    );
}

export interface Insight {
  matchId: string;
  league: string;
  homeTeam: string;
  awayTeam: string;
  kickoff: string;
  pick: ModelPickView;
}

export interface InsightsAnswer {
  day: string;
  insights: Insight[];
  nextKickoff: string | null;
}
