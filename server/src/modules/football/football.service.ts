import {
  FOOTBALL_DEFAULTS,
  footballMessages,
  footballProviderLabels,
  type HeldItem,
  type LiveMatch,
  type ProviderStatus,
} from '@cashtips/contract/football';
import { addLagosDays, lagosDay } from '@cashtips/contract/lagos-time';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { FootballConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isConnectionFailure } from '../../db/errors.ts';
import { footballProviderState, matches, matchLinkQuestions } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  type FootballProvider,
  isRealScore,
  MOST_GOALS,
  ProviderError,
  type ProviderFixture,
  type ProviderOdds,
  type ProviderQuota,
} from '../../integrations/football/provider.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { afterCommit } from '../../lib/committed.ts';
import { isUuid } from '../../lib/ids.ts';
import { describeForLog } from '../../plugins/error-handler.ts';
import { recordAudit } from '../admin/audit.ts';
import { type MatchRow, matchLive } from '../matches/games.ts';
import { type ProviderResult, type ResultsService, waitingForAdmin } from '../matches/results.service.ts';
import { decideLinks, type Registered } from './fixture-links.ts';

type Rows<T> = { rows: T[] };

/** Pre-match prices of one registered match, as the market-odds store takes them. */
export type MatchOdds = Omit<ProviderOdds, 'providerId'> & { matchId: string };
export type StoreOdds = (db: Executor, rows: MatchOdds[], now: Date) => Promise<unknown>;

const OFF_STATUSES = new Set(['postponed', 'cancelled', 'abandoned']);
/** A match is polled from just before its kickoff until this long after it (suspended ones resume). */
const POLL_WINDOW_AFTER_KICKOFF_MS = 36 * 60 * 60_000;
const POLL_LEAD_MS = 2 * 60_000;
/** Odds are read again for matches kicking off within this, once per half hour. */
const ODDS_BEFORE_KICKOFF_MS = 60 * 60_000;
const ODDS_REFRESH_MS = 30 * 60_000;

export interface SyncSummary {
  fixtures: number;
  created: number;
  linked: number;
  moved: number;
  /** Fixtures that may be a registered match, left for an admin to link or register. */
  asked: number;
}

/**
 * Calls the provider may still take: it reads what the last answer's headers said, keeps a reserve
 * of the daily quota for live scores, and waits out a spent minute or day instead of calling.
 */
export class CallBudget {
  private quota: ProviderQuota | null = null;
  private waitUntil = 0;

  constructor(private readonly clock: Clock) {}

  note(quota: ProviderQuota): void {
    this.quota = quota;
    if (quota.minuteRemaining === 0) this.pauseFor((quota.minuteResetSeconds ?? 60) * 1000, 'minute');
    if (quota.dayRemaining === 0) this.pauseUntilNextUtcDay();
  }

  /** After the provider refused a call for its limits. */
  refused(error: ProviderError): void {
    if (error.kind === 'quota') this.pauseUntilNextUtcDay();
    else if (error.kind === 'rate') this.pauseFor((error.retryAfterSeconds ?? 60) * 1000, 'minute');
    else if (error.kind === 'auth') this.pauseFor(10 * 60_000, 'auth');
  }

  private pauseFor(ms: number, _why: string): void {
    this.waitUntil = Math.max(this.waitUntil, this.clock.now().getTime() + ms);
  }

  private pauseUntilNextUtcDay(): void {
    const now = this.clock.now();
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    this.waitUntil = Math.max(this.waitUntil, next);
  }

  /** The daily calls kept for live scores: a tenth of the quota, at least 5. */
  private reserve(): number {
    const limit = this.quota?.dayLimit;
    return limit ? Math.max(5, Math.ceil(limit / 10)) : 5;
  }

  /** Whether `calls` more calls fit now; `essential` ones (live scores, fixtures) may use the reserve. */
  allows(calls: number, essential: boolean): boolean {
    if (this.clock.now().getTime() < this.waitUntil) return false;
    const left = this.quota?.dayRemaining;
    if (left === null || left === undefined) return true;
    return left - calls >= (essential ? 0 : this.reserve());
  }

  /** When calls may start again, if they are paused. */
  pausedUntil(): Date | null {
    return this.clock.now().getTime() < this.waitUntil ? new Date(this.waitUntil) : null;
  }

  /** How many calls beyond live scores may be spent now (Infinity when the provider does not say). */
  spare(): number {
    if (this.clock.now().getTime() < this.waitUntil) return 0;
    const left = this.quota?.dayRemaining;
    if (left === null || left === undefined) return Number.POSITIVE_INFINITY;
    return Math.max(0, left - this.reserve());
  }

  /**
   * How long the poller waits before its next round: the configured interval, or longer when the
   * day's calls are nearly spent (spread over what is left of the UTC day), or a spent minute.
   */
  nextDelayMs(pollMs: number): number {
    const now = this.clock.now().getTime();
    const wait = Math.max(0, this.waitUntil - now);
    const left = this.quota?.dayRemaining;
    if (left !== null && left !== undefined && left <= this.reserve() && left > 0) {
      const d = new Date(now);
      const untilReset = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
      return Math.max(pollMs, wait, Math.ceil(untilReset / left));
    }
    return Math.max(pollMs, wait);
  }

  current(): ProviderQuota | null {
    return this.quota;
  }
}

/** The provider's result as kept on the match until it is recorded. */
function providerResultOf(fixture: ProviderFixture, recordAt: Date): ProviderResult | null {
  const result = fixture.result;
  if (!result) return null;
  if (result.kind === 'score' && !isRealScore(result.score))
    return {
      kind: 'untrusted',
      reason: `The provider's score (${result.score.home}-${result.score.away}) cannot be real: each side must be a whole number from 0 to ${MOST_GOALS}.`,
    };
  if (result.kind === 'score')
    return {
      kind: 'score',
      home: result.score.home,
      away: result.score.away,
      recordAt: recordAt.toISOString(),
    };
  if (result.kind === 'void')
    return { kind: 'void', reason: result.reason, recordAt: recordAt.toISOString() };
  return { kind: 'untrusted', reason: result.reason };
}

/** PostgreSQL's jsonb keeps keys in its own order: results are compared field by field. */
const canonical = (value: unknown): string =>
  value && typeof value === 'object'
    ? JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))))
    : JSON.stringify(value ?? null);
const sameProviderResult = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Football data (issue 24, PRODUCT 12): fills the match registry from the configured provider,
 * keeps the live state of matches something depends on, records a finished match's result
 * `RESULT_CONFIRM_MINUTES` after the provider says so (through the admin's settlement path), and
 * voids matches postponed, cancelled or abandoned without a new kickoff within 48 hours.
 */
export class FootballService {
  readonly budget: CallBudget;
  private lastError: { message: string; at: Date } | null = null;
  private lastPollAt: Date | null = null;
  private lastSyncAt: Date | null = null;

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      results: ResultsService;
      logger: Logger;
      config: FootballConfig | undefined;
      provider: FootballProvider | undefined;
      storeOdds: StoreOdds;
    },
  ) {
    this.budget = new CallBudget(deps.clock);
  }

  private requireProvider(): { provider: FootballProvider; config: FootballConfig } {
    const { provider, config } = this.deps;
    if (!provider || !config) throw new AppError('BUSINESS_RULE', 422, footballMessages.notConfigured);
    return { provider, config };
  }

  /**
   * One call to the provider: its quota noted, a refusal noted, and both kept for the admin's status
   * (with what `answered` records of a success) in one write.
   */
  private async call<T>(work: (provider: FootballProvider) => Promise<T>, answered?: () => void): Promise<T> {
    const { provider } = this.requireProvider();
    try {
      const answer = await work(provider);
      this.budget.note(provider.quota());
      answered?.();
      return answer;
    } catch (error) {
      this.budget.note(provider.quota());
      if (error instanceof ProviderError) this.budget.refused(error);
      this.lastError = {
        message: error instanceof Error ? error.message : String(error),
        at: this.deps.clock.now(),
      };
      this.deps.logger.warn(
        { error: describeForLog(error), provider: provider.name },
        'football data provider call failed',
      );
      throw error;
    } finally {
      await this.saveState().catch((error: unknown) =>
        this.deps.logger.warn({ error: describeForLog(error) }, 'could not save the provider state'),
      );
    }
  }

  /** Keeps what the admin's status shows in the database, so every process answers the same. */
  private async saveState(): Promise<void> {
    const { provider } = this.deps;
    if (!provider) return;
    const quota = this.budget.current();
    const now = this.deps.clock.now();
    const values = {
      provider: provider.name,
      dayLimit: quota?.dayLimit ?? null,
      dayRemaining: quota?.dayRemaining ?? null,
      minuteLimit: quota?.minuteLimit ?? null,
      minuteRemaining: quota?.minuteRemaining ?? null,
      updatedAt: now,
      ...(this.lastSyncAt ? { lastSyncAt: this.lastSyncAt } : {}),
      ...(this.lastPollAt ? { lastPollAt: this.lastPollAt } : {}),
      ...(this.lastError ? { lastError: this.lastError.message, lastErrorAt: this.lastError.at } : {}),
    };
    await this.deps.db
      .insert(footballProviderState)
      .values(values)
      .onConflictDoUpdate({ target: footballProviderState.provider, set: values });
  }

  /**
   * The live columns a provider's fixture changes on a registered match (null: nothing changed).
   * A finished fixture's result waits on the match until it is recorded; a postponement starts the
   * 48-hour clock, which a new kickoff or play stops.
   */
  private fixtureChanges(match: MatchRow, fixture: ProviderFixture, now: Date): Partial<MatchRow> | null {
    const changes: Partial<MatchRow> = {};
    const minute = fixture.status === 'live' || fixture.status === 'halftime' ? fixture.minute : null;
    if (match.liveStatus !== fixture.status) changes.liveStatus = fixture.status;
    if (match.minute !== minute) changes.minute = minute;
    // A score no match can have is not shown either: the last real one stays until the next.
    const shown = fixture.score && isRealScore(fixture.score) ? fixture.score : null;
    const home = shown ? shown.home : fixture.score ? match.liveHomeGoals : null;
    const away = shown ? shown.away : fixture.score ? match.liveAwayGoals : null;
    if (match.liveHomeGoals !== home) changes.liveHomeGoals = home;
    if (match.liveAwayGoals !== away) changes.liveAwayGoals = away;
    const off = OFF_STATUSES.has(fixture.status);
    if (off && !match.offSince) changes.offSince = now;
    if (!off && match.offSince) changes.offSince = null;
    if (match.status === 'scheduled') {
      const finishedAt = match.providerFinishedAt ?? now;
      const confirmMs =
        (this.deps.config?.resultConfirmMinutes ?? FOOTBALL_DEFAULTS.resultConfirmMinutes) * 60_000;
      const result = providerResultOf(fixture, new Date(finishedAt.getTime() + confirmMs));
      const before = (match.providerResult ?? null) as ProviderResult | null;
      const failedBefore =
        before?.kind === 'untrusted' &&
        before.failed !== undefined &&
        sameProviderResult(before.failed, result);
      if (!sameProviderResult(before, result) && !failedBefore) {
        changes.providerResult = result;
        changes.providerFinishedAt = result ? finishedAt : null;
      }
    }
    if (!Object.keys(changes).length) return null;
    return { ...changes, liveUpdatedAt: now, updatedAt: now };
  }

  /** Writes a fixture's changes to its match; publishes the new state when what users see changed. */
  private async applyFixture(
    tx: Executor,
    match: MatchRow,
    fixture: ProviderFixture,
    now: Date,
    extra: Partial<MatchRow> = {},
  ): Promise<MatchRow | null> {
    const changes = { ...(this.fixtureChanges(match, fixture, now) ?? {}), ...extra };
    if (!Object.keys(changes).length) return null;
    const [updated] = await tx
      .update(matches)
      .set({ ...changes, updatedAt: now })
      .where(eq(matches.id, match.id))
      .returning();
    return updated ?? null;
  }

  private publishIfSeen(before: MatchRow, after: MatchRow | null): void {
    if (!after) return;
    if (JSON.stringify(matchLive(before)) !== JSON.stringify(matchLive(after)))
      this.deps.results.publishMatch(after);
  }

  /**
   * Today and the next 7 Lagos days of the followed leagues into the registry: a fixture already
   * linked is found by its provider id (its kickoff moves with the provider's); otherwise the
   * registered match it surely is gets linked (fixture-links.ts: both clubs under any of the
   * provider's names, kickoffs minutes apart, one league); one it may be waits for an admin's answer;
   * otherwise the fixture is registered. Then the upcoming linked matches' odds are read, within the quota.
   */
  async syncFixtures(): Promise<SyncSummary> {
    const { provider, config } = this.requireProvider();
    const { db, clock } = this.deps;
    const now = clock.now();
    const from = lagosDay(now);
    const to = addLagosDays(from, FOOTBALL_DEFAULTS.syncDaysAhead);
    const paused = this.budget.pausedUntil();
    if (paused || !this.budget.allows(FOOTBALL_DEFAULTS.syncDaysAhead + 1, true))
      throw new ProviderError(
        'quota',
        paused
          ? `calls are paused until ${paused.toISOString()} (the provider's limit)`
          : 'too few calls left today for a fixtures sync',
      );
    const fixtures = await this.call((p) => p.fixtures({ from, to, leagues: config.leagues }));
    const summary: SyncSummary = { fixtures: fixtures.length, created: 0, linked: 0, moved: 0, asked: 0 };
    const changed: Array<{ before: MatchRow; after: MatchRow }> = [];
    if (fixtures.length) {
      const ids = fixtures.map((fixture) => fixture.providerId);
      const known = await db
        .select()
        .from(matches)
        .where(
          or(
            and(eq(matches.provider, provider.name), inArray(matches.providerId, ids)),
            and(
              eq(matches.sport, 'football'),
              sql`${matches.providerId} is null`,
              // A demo match is no real fixture for a provider's to be.
              eq(matches.demo, false),
              sql`${matches.matchDay} between ${addLagosDays(from, -1)}::date and ${addLagosDays(to, 1)}::date`,
            ),
          ),
        );
      const byProviderId = new Map(known.filter((m) => m.providerId).map((m) => [m.providerId as string, m]));
      const unknown = fixtures.filter((fixture) => !byProviderId.has(fixture.providerId));
      const decisions = decideLinks(
        unknown,
        known.filter((m) => !m.providerId),
      );
      const waiting = new Set(
        unknown.length
          ? (
              await db
                .select({ providerId: matchLinkQuestions.providerId })
                .from(matchLinkQuestions)
                .where(
                  and(
                    eq(matchLinkQuestions.provider, provider.name),
                    inArray(
                      matchLinkQuestions.providerId,
                      unknown.map((fixture) => fixture.providerId),
                    ),
                    isNull(matchLinkQuestions.answer),
                  ),
                )
            ).map((row) => row.providerId)
          : [],
      );
      await inTransaction(db, async (tx) => {
        for (const fixture of fixtures) {
          const day = lagosDay(fixture.kickoff);
          let match = byProviderId.get(fixture.providerId);
          const extra: Partial<MatchRow> = {};
          const decision = decisions.get(fixture.providerId);
          if (decision?.kind === 'ask') {
            await this.ask(tx, fixture, decision.candidates, decision.reason, now);
            summary.asked += 1;
            continue;
          }
          if (decision?.kind === 'link') {
            match = decision.match;
            extra.provider = provider.name;
            extra.providerId = fixture.providerId;
            summary.linked += 1;
          }
          if (match && waiting.has(fixture.providerId))
            await this.answerBySync(tx, fixture, 'linked', match.id, now);
          if (!match) {
            const created = await this.register(tx, fixture, now);
            if (!created) continue;
            summary.created += 1;
            if (waiting.has(fixture.providerId))
              await this.answerBySync(tx, fixture, 'registered', created.id, now);
            const after = await this.applyFixture(tx, created, fixture, now);
            if (after) changed.push({ before: created, after });
            continue;
          }
          if (match.status === 'scheduled' && match.kickoff.getTime() !== fixture.kickoff.getTime()) {
            extra.kickoff = fixture.kickoff;
            extra.matchDay = day;
            summary.moved += 1;
          }
          const after = await this.applyFixture(tx, match, fixture, now, extra);
          if (after) changed.push({ before: match, after });
        }
      });
    }
    this.lastSyncAt = now;
    await this.saveState();
    for (const { before, after } of changed) this.publishIfSeen(before, after);
    await this.readOdds(
      sql`m.kickoff > ${now.toISOString()}::timestamptz and m.match_day <= ${to}::date`,
    ).catch(() => undefined);
    return summary;
  }

  /** A fixture registered as a match of its own, linked to the provider (null: the registry had it meanwhile). */
  private async register(tx: Executor, fixture: ProviderFixture, now: Date): Promise<MatchRow | null> {
    const { provider } = this.requireProvider();
    const [created] = await tx
      .insert(matches)
      .values({
        sport: 'football',
        league: fixture.league,
        homeTeam: fixture.homeTeam,
        awayTeam: fixture.awayTeam,
        kickoff: fixture.kickoff,
        matchDay: lagosDay(fixture.kickoff),
        source: 'provider',
        provider: provider.name,
        providerId: fixture.providerId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return created ?? null;
  }

  /**
   * A fixture the product cannot place waits for an admin, unregistered: its question is written
   * or brought up to date (the fixture and its candidates as they are now), and asked again if an
   * earlier answer's match has gone.
   */
  private async ask(
    tx: Executor,
    fixture: ProviderFixture,
    candidates: Registered[],
    reason: string,
    now: Date,
  ) {
    const { provider } = this.requireProvider();
    const asked = {
      league: fixture.league,
      homeTeam: fixture.homeTeam,
      awayTeam: fixture.awayTeam,
      kickoff: fixture.kickoff,
      candidateIds: candidates.map((candidate) => candidate.id),
      reason,
      updatedAt: now,
    };
    await tx
      .insert(matchLinkQuestions)
      .values({ provider: provider.name, providerId: fixture.providerId, ...asked, createdAt: now })
      .onConflictDoUpdate({
        target: [matchLinkQuestions.provider, matchLinkQuestions.providerId],
        set: { ...asked, answer: null, matchId: null, answeredBy: null, answeredAt: null },
      });
  }

  /** A fixture that waited and is now placed by the sync itself (its clubs were renamed, a candidate went). */
  private async answerBySync(
    tx: Executor,
    fixture: ProviderFixture,
    answer: 'linked' | 'registered',
    matchId: string,
    now: Date,
  ) {
    const { provider } = this.requireProvider();
    await tx
      .update(matchLinkQuestions)
      .set({ answer, matchId, answeredAt: now, updatedAt: now })
      .where(
        and(
          eq(matchLinkQuestions.provider, provider.name),
          eq(matchLinkQuestions.providerId, fixture.providerId),
          isNull(matchLinkQuestions.answer),
        ),
      );
  }

  /**
   * An admin's "sync now": the provider's refusal is answered as such (503 with its reason), not as
   * a fault of ours.
   */
  async syncNow(): Promise<SyncSummary> {
    this.requireProvider();
    try {
      return await this.syncFixtures();
    } catch (error) {
      if (error instanceof ProviderError)
        throw new AppError('UNAVAILABLE', 503, `The football data provider refused: ${error.message}`);
      throw error;
    }
  }

  /** Reads and stores the odds of linked upcoming matches matching `where`, as many as the quota spares. */
  private async readOdds(where: SQL): Promise<number> {
    const { provider } = this.requireProvider();
    const { db, clock } = this.deps;
    const spare = this.budget.spare();
    if (spare <= 0) return 0;
    // API-Football prices one fixture a call; football-data.org reads them with the matches, 50 a call.
    const perCall = provider.name === 'api-football' ? 1 : 50;
    const limit = Math.min(500, Number.isFinite(spare) ? spare * perCall : 500);
    // Matches something depends on first, then the soonest.
    const rows = (await db.execute(sql`
      select m.id, m.provider_id from matches m
      where m.provider = ${provider.name} and m.status = 'scheduled' and ${where}
      order by exists (select 1 from selections s where s.match_id = m.id) desc, m.kickoff
      limit ${limit}`)) as unknown as Rows<{ id: string; provider_id: string }>;
    if (!rows.rows.length) return 0;
    const matchOf = new Map(rows.rows.map((row) => [row.provider_id, row.id]));
    const odds = await this.call((p) => p.odds([...matchOf.keys()]));
    const stored = odds.flatMap(({ providerId, ...prices }) => {
      const matchId = matchOf.get(providerId);
      return matchId ? [{ ...prices, matchId }] : [];
    });
    if (stored.length) await this.deps.storeOdds(db, stored, clock.now());
    return stored.length;
  }

  /** Odds once more in the hour before kickoff (the closing price), at most every half hour. */
  async readClosingOdds(): Promise<number> {
    const now = this.deps.clock.now();
    return this.readOdds(sql`m.kickoff > ${now.toISOString()}::timestamptz
      and m.kickoff <= ${new Date(now.getTime() + ODDS_BEFORE_KICKOFF_MS).toISOString()}::timestamptz
      and exists (select 1 from selections s where s.match_id = m.id)
      and not exists (select 1 from market_odds o where o.match_id = m.id
        and o.read_at > ${new Date(now.getTime() - ODDS_REFRESH_MS).toISOString()}::timestamptz)`);
  }

  /**
   * One round of live scores: the linked matches something depends on, from just before kickoff
   * until they have a result, read in as few calls as the provider allows. Answers how many changed.
   */
  async pollLive(): Promise<number> {
    const { provider } = this.requireProvider();
    const { db, clock } = this.deps;
    const now = clock.now();
    const due = await db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.provider, provider.name),
          eq(matches.status, 'scheduled'),
          sql`${matches.kickoff} <= ${new Date(now.getTime() + POLL_LEAD_MS).toISOString()}::timestamptz`,
          sql`${matches.kickoff} >= ${new Date(now.getTime() - POLL_WINDOW_AFTER_KICKOFF_MS).toISOString()}::timestamptz`,
          sql`${matches.liveStatus} not in ('postponed', 'cancelled', 'abandoned')`,
          sql`exists (select 1 from selections s where s.match_id = ${matches.id})`,
        ),
      );
    if (!due.length) return 0;
    if (!this.budget.allows(1, true)) return 0;
    const fixtures = await this.call(
      (p) => p.fixturesById(due.map((match) => match.providerId as string)),
      () => {
        this.lastPollAt = now;
      },
    );
    const byId = new Map(due.map((match) => [match.providerId as string, match]));
    const changed: Array<{ before: MatchRow; after: MatchRow }> = [];
    await inTransaction(db, async (tx) => {
      for (const fixture of fixtures) {
        const match = byId.get(fixture.providerId);
        if (!match) continue;
        const extra: Partial<MatchRow> =
          match.kickoff.getTime() !== fixture.kickoff.getTime()
            ? { kickoff: fixture.kickoff, matchDay: lagosDay(fixture.kickoff) }
            : {};
        const after = await this.applyFixture(tx, match, fixture, now, extra);
        if (after) changed.push({ before: match, after });
      }
    });
    for (const { before, after } of changed) this.publishIfSeen(before, after);
    return changed.length;
  }

  /**
   * Records what is due: the provider's results whose confirmation time has passed (not held, no
   * admin result meanwhile), and voids matches off for 48 hours without a new kickoff. Each goes
   * through the admin's settlement path with the provider named in the audit log.
   */
  async recordDue(): Promise<number> {
    const { db, clock, results, config } = this.deps;
    const now = clock.now();
    const providerName = config?.provider ?? 'provider';
    const label = config ? footballProviderLabels[config.provider] : 'The provider';
    const due = (await db.execute(sql`
      select m.id, m.provider_id, m.provider_result from matches m
      where m.status = 'scheduled' and m.provider_result is not null and not m.held
        and m.provider_result->>'kind' in ('score', 'void')
        and (m.provider_result->>'recordAt')::timestamptz <= ${now.toISOString()}::timestamptz
      order by m.provider_finished_at limit 200`)) as unknown as Rows<{
      id: string;
      provider_id: string;
      provider_result: Exclude<ProviderResult, { kind: 'untrusted' }>;
    }>;
    let recorded = 0;
    // What was read here is checked again on the locked row before anything is recorded. Each match
    // on its own: one that cannot be recorded never keeps the others waiting.
    for (const { id, provider_id: providerId, provider_result: result } of due.rows) {
      const next =
        result.kind === 'score'
          ? { status: 'finished' as const, homeGoals: result.home, awayGoals: result.away }
          : { status: 'void' as const, homeGoals: null, awayGoals: null };
      const reason =
        result.kind === 'score'
          ? `${label}: ${result.home}-${result.away} after 90 minutes (fixture ${providerId}).`
          : `${label}: ${result.reason} (fixture ${providerId}).`;
      recorded += await this.recordOne(id, result, () =>
        results.recordAutomatic(
          id,
          (locked) => !locked.held && sameProviderResult(locked.providerResult, result),
          next,
          { reason, byProvider: providerName },
        ),
      );
    }
    const voidBefore = new Date(now.getTime() - FOOTBALL_DEFAULTS.voidAfterHours * 60 * 60_000);
    const off = (await db.execute(sql`
      select m.id, m.live_status from matches m
      where m.status = 'scheduled' and m.off_since is not null and not m.held
        and m.off_since <= ${voidBefore.toISOString()}::timestamptz
      order by m.off_since limit 200`)) as unknown as Rows<{ id: string; live_status: string }>;
    for (const { id, live_status } of off.rows) {
      recorded += await this.recordOne(id, null, () =>
        results.recordAutomatic(
          id,
          (locked) =>
            !locked.held && locked.offSince !== null && locked.offSince.getTime() <= voidBefore.getTime(),
          { status: 'void', homeGoals: null, awayGoals: null },
          {
            reason: `${label}: ${live_status}, and no new kickoff within ${FOOTBALL_DEFAULTS.voidAfterHours} hours.`,
            byProvider: providerName,
          },
        ),
      );
    }
    return recorded;
  }

  /**
   * One automatic result (1 when recorded). If it fails for anything but a lost connection (which
   * the next round simply retries), its provider result becomes one that waits for an admin, so it
   * is neither retried every round nor in the way of the others.
   */
  private async recordOne(
    matchId: string,
    result: ProviderResult | null,
    work: () => Promise<boolean>,
  ): Promise<number> {
    try {
      return (await work()) ? 1 : 0;
    } catch (error) {
      this.deps.logger.warn({ error: describeForLog(error), matchId }, 'could not record a provider result');
      if (isConnectionFailure(error)) return 0;
      const waiting: ProviderResult = {
        kind: 'untrusted',
        reason: 'The provider’s result could not be recorded automatically: check it and enter the score.',
        ...(result ? { failed: result } : {}),
      };
      await this.deps.db
        .update(matches)
        .set(result ? { providerResult: waiting } : { offSince: null, providerResult: waiting })
        .where(and(eq(matches.id, matchId), eq(matches.status, 'scheduled')))
        .catch((markError: unknown) =>
          this.deps.logger.warn(
            { error: describeForLog(markError), matchId },
            'could not mark it for an admin',
          ),
        );
      return 0;
    }
  }

  /** An admin's hold: no automatic result until released. */
  async setHold(actorUserId: string, matchId: string, hold: boolean, reason?: string) {
    if (!isUuid(matchId)) throw notFound('Match not found');
    const { db, clock } = this.deps;
    const now = clock.now();
    await inTransaction(db, async (tx) => {
      const [before] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
      if (!before) throw notFound('Match not found');
      if (before.held === hold)
        throw new AppError('CONFLICT', 409, hold ? footballMessages.alreadyHeld : footballMessages.notHeld);
      await tx
        .update(matches)
        .set({ held: hold, heldReason: hold ? (reason ?? null) : null, updatedAt: now })
        .where(eq(matches.id, matchId));
      await recordAudit(tx, now, {
        actorUserId,
        action: hold ? 'match.hold' : 'match.release',
        targetType: 'match',
        targetId: matchId,
        before: { held: before.held },
        after: { held: hold },
        reason: reason ?? null,
      });
    });
    // A released match whose result is due is recorded now rather than at the next round; the
    // release is done whatever happens to that recording (a later round retries it).
    if (!hold)
      await afterCommit(this.deps.logger, 'recording what the release made due', () => this.recordDue());
    return hold ? footballMessages.held : footballMessages.released;
  }

  async status(): Promise<ProviderStatus> {
    const { db, config, provider } = this.deps;
    const [state] = provider
      ? await db.select().from(footballProviderState).where(eq(footballProviderState.provider, provider.name))
      : [];
    const counts = (await db.execute(sql`
      select
        (select count(*)::int from matches m where m.provider_id is not null) as linked,
        (select count(*)::int from matches m where m.status = 'scheduled'
          and m.live_status in ('live', 'halftime', 'suspended')) as live,
        (select count(*)::int from matches m where ${waitingForAdmin}) as waiting,
        (select count(*)::int from match_link_questions q where q.answer is null) as questions`)) as unknown as Rows<{
      linked: number;
      live: number;
      waiting: number;
      questions: number;
    }>;
    const row = counts.rows[0];
    return {
      success: true,
      provider: config?.provider ?? null,
      leagues: config?.leagues ?? [],
      lastSyncAt: state?.lastSyncAt?.toISOString() ?? null,
      lastPollAt: state?.lastPollAt?.toISOString() ?? null,
      callsLeftToday: state?.dayRemaining ?? null,
      callsPerDay: state?.dayLimit ?? null,
      callsLeftThisMinute: state?.minuteRemaining ?? null,
      lastError: state?.lastError ?? null,
      lastErrorAt: state?.lastErrorAt?.toISOString() ?? null,
      linkedMatches: Number(row?.linked ?? 0),
      liveMatches: Number(row?.live ?? 0),
      waitingForAdmin: Number(row?.waiting ?? 0),
      linkQuestions: Number(row?.questions ?? 0),
    };
  }

  /** GET /api/matches/live: today's registered matches (Lagos day), with what the viewer holds on each. */
  async liveMatches(
    viewerUserId: string | undefined,
  ): Promise<{ day: string; liveScores: boolean; matches: LiveMatch[] }> {
    const { db, clock } = this.deps;
    const day = lagosDay(clock.now());
    const rows = await db
      .select()
      .from(matches)
      .where(and(eq(matches.matchDay, day), eq(matches.sport, 'football')))
      .orderBy(matches.league, matches.kickoff, matches.homeTeam)
      .limit(500);
    const yours = viewerUserId
      ? await this.heldOn(
          viewerUserId,
          rows.map((row) => row.id),
        )
      : new Map();
    return {
      day,
      liveScores: this.deps.config !== undefined,
      matches: rows.map((row) => ({
        _id: row.id,
        ...matchLive(row),
        league: row.league,
        homeTeam: row.homeTeam,
        awayTeam: row.awayTeam,
        kickoff: row.kickoff.toISOString(),
        demo: row.demo,
        yours: yours.get(row.id) ?? [],
      })),
    };
  }

  /** The codes a user bought and the rollover tips their subscriptions cover, on these matches. */
  private async heldOn(userId: string, matchIds: string[]): Promise<Map<string, HeldItem[]>> {
    const held = new Map<string, HeldItem[]>();
    if (!matchIds.length) return held;
    const rows = (await this.deps.db.execute(sql`
      select s.match_id, 'code' as kind, c.id as item_id, c.category as label
        from selections s join booking_codes c on c.id = s.booking_code_id
        join code_purchases p on p.code_id = c.id and p.user_id = ${userId}::uuid
        where s.match_id = any(${sql.param(matchIds)}::uuid[])
      union all
      select s.match_id, 'rollover', t.id, pl.name
        from selections s join rollover_tips t on t.id = s.rollover_tip_id
        join rollover_plans pl on pl.id = t.plan_id
        where s.match_id = any(${sql.param(matchIds)}::uuid[])
          and exists (select 1 from rollover_subscriptions sub where sub.user_id = ${userId}::uuid
            and sub.plan_id = t.plan_id and t.day >= sub.start_day
            and t.day < sub.start_day + sub.duration_days)`)) as unknown as Rows<{
      match_id: string;
      kind: 'code' | 'rollover';
      item_id: string;
      label: string;
    }>;
    for (const row of rows.rows) {
      const label = row.kind === 'code' ? `Your ${row.label} booking code` : `Your ${row.label} rollover tip`;
      held.set(row.match_id, [
        ...(held.get(row.match_id) ?? []),
        { kind: row.kind, itemId: row.item_id, label },
      ]);
    }
    return held;
  }
}
