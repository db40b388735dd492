import { addLagosDays, lagosDay } from '@cashtips/contract/lagos-time';
import { ownValue } from '@cashtips/contract/plain/own';
import {
  type FixturesQuery,
  type FootballProvider,
  type Goals,
  type LiveStatus,
  oneFixtureEach,
  ProviderError,
  type ProviderFixture,
  type ProviderOdds,
  type ProviderQuota,
} from './provider.ts';
import {
  chunks,
  decimalOdds,
  displayName,
  followedLeagues,
  goals,
  type HttpAnswer,
  headerNumber,
  type Json,
  lagosDaysFromTo,
  nameForms,
  numericIds,
  ProviderAdapter,
  type ProviderOptions,
  record,
  shownScore,
  text,
  toDate,
  wholeNumber,
} from './read.ts';

/**
 * football-data.org v4 (PAYOUTS-AND-FOOTBALL-DATA.md (d)): the token in `X-Auth-Token`, errors as
 * `{message, errorCode}` with the matching HTTP status, 10 calls a minute on the free plan.
 * `score.fullTime` is the running total and includes extra time and the shootout, so the
 * 90-minute result of a match that went further can only come from `regularTime`.
 */

const IDS_PER_CALL = 50;
/** The API refuses a dateFrom..dateTo span above 10 days; one day short of it leaves room. */
const MAX_SPAN_DAYS = 9;
const BOOKMAKER = 'football-data';
const LABEL = 'football-data.org';

const statuses: Record<string, LiveStatus> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  EXTRA_TIME: 'live',
  PENALTY_SHOOTOUT: 'live',
  LIVE: 'live',
  PAUSED: 'halftime',
  FINISHED: 'finished',
  AWARDED: 'finished',
  SUSPENDED: 'suspended',
  POSTPONED: 'postponed',
  CANCELLED: 'cancelled',
};

/** An unknown status word is shown as suspended: neither settled nor offered as not yet started. */
export function footballDataStatus(status: string): LiveStatus {
  return ownValue(statuses, status) ?? 'suspended';
}

export class FootballDataProvider extends ProviderAdapter implements FootballProvider {
  readonly name = 'football-data' as const;

  constructor(options: ProviderOptions) {
    super(options, { label: LABEL, keyHeader: 'X-Auth-Token', readQuota, httpFailure });
  }

  /**
   * The API filters by UTC day and a Lagos day starts at 23:00 UTC the evening before, so the call
   * asks from the UTC day before `from`; it also asks one day past `to` in case `dateTo` is
   * exclusive. The Lagos day of each kickoff then decides.
   */
  async fixtures(query: FixturesQuery): Promise<ProviderFixture[]> {
    lagosDaysFromTo(query.from, query.to);
    const followed = followedLeagues(query.leagues);
    if (followed.size === 0) return [];
    const competitions = [...followed].join(',');
    const found: ProviderFixture[] = [];
    const last = addLagosDays(query.to, 1);
    for (
      let start = addLagosDays(query.from, -1);
      start <= last;
      start = addLagosDays(start, MAX_SPAN_DAYS + 1)
    ) {
      const end = minDay(addLagosDays(start, MAX_SPAN_DAYS), last);
      const body = await this.get('/matches', { competitions, dateFrom: start, dateTo: end });
      for (const match of matchesOf(body)) {
        const fixture = toFixture(match);
        if (!fixture) continue;
        const competition = record(match.competition);
        const inFollowed = followed.has(fixture.leagueId) || followed.has(text(competition.id) ?? '');
        const kickoffDay = lagosDay(fixture.kickoff);
        if (inFollowed && kickoffDay >= query.from && kickoffDay <= query.to) found.push(fixture);
      }
    }
    return oneFixtureEach(found);
  }

  async fixturesById(providerIds: readonly string[]): Promise<ProviderFixture[]> {
    const found: ProviderFixture[] = [];
    for (const match of await this.#matchesById(providerIds)) {
      const fixture = toFixture(match);
      if (fixture) found.push(fixture);
    }
    return oneFixtureEach(found);
  }

  /** Only the paid odds package puts prices on a match; without it the match says `{msg}`. */
  async odds(providerIds: readonly string[]): Promise<ProviderOdds[]> {
    const readAt = new Date();
    const found: ProviderOdds[] = [];
    for (const match of await this.#matchesById(providerIds)) {
      const odds = toOdds(match, readAt);
      if (odds) found.push(odds);
    }
    return found;
  }

  async #matchesById(providerIds: readonly string[]): Promise<Json[]> {
    const matches: Json[] = [];
    for (const batch of chunks(numericIds(providerIds), IDS_PER_CALL)) {
      matches.push(...matchesOf(await this.get('/matches', { ids: batch.join(',') })));
    }
    return matches;
  }
}

function readQuota(headers: Headers, quota: ProviderQuota): void {
  const remaining = headerNumber(headers, 'x-requests-available-minute');
  const reset = headerNumber(headers, 'x-requestcounter-reset');
  if (remaining !== null) quota.minuteRemaining = remaining;
  if (reset !== null) quota.minuteResetSeconds = reset;
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

function matchesOf(body: Json): Json[] {
  return Array.isArray(body.matches) ? body.matches.map(record) : [];
}

function httpFailure(answer: HttpAnswer): ProviderError | null {
  const { status } = answer;
  if (status >= 200 && status < 300) return null;
  const message = text(record(answer.body).message) ?? `HTTP ${status}`;
  // The token's refusal has been seen both as 400 and as 403; its message says which it is.
  const aboutToken = /token/i.test(message);
  if (status === 401 || ((status === 400 || status === 403) && aboutToken)) {
    return new ProviderError('auth', `${LABEL} refused the token: ${message}`);
  }
  if (status === 429) {
    const wait = /wait\s+(\d+)\s+second/i.exec(message);
    const retryAfter = wait ? Number(wait[1]) : headerNumber(answer.headers, 'x-requestcounter-reset');
    return new ProviderError('rate', `${LABEL}: ${message}`, retryAfter);
  }
  if (status >= 500) return new ProviderError('unavailable', `${LABEL} answered ${status}`);
  return new ProviderError('request', `${LABEL} refused the request (${status}): ${message}`);
}

/** One match of a `matches` list; null for one too broken to name a match. */
export function toFixture(match: Json): ProviderFixture | null {
  const competition = record(match.competition);
  const home = record(match.homeTeam);
  const away = record(match.awayTeam);
  const providerId = text(match.id);
  const leagueId = text(competition.code) ?? text(competition.id);
  // shortName is how people write the club ('Fiorentina' for 'ACF Fiorentina'); every form is kept.
  const homeNames = nameForms(home.shortName, home.name, home.tla);
  const awayNames = nameForms(away.shortName, away.name, away.tla);
  const [homeTeam] = homeNames;
  const [awayTeam] = awayNames;
  const kickoff = toDate(match.utcDate);
  if (!providerId || !leagueId || !homeTeam || !awayTeam || !kickoff) return null;

  const providerStatus = text(match.status)?.trim().toUpperCase() ?? '';
  const status = footballDataStatus(providerStatus);
  const score = record(match.score);
  return {
    providerId,
    leagueId,
    league: displayName(competition.name) ?? leagueId,
    homeTeam,
    awayTeam,
    homeNames,
    awayNames,
    kickoff,
    status,
    providerStatus,
    minute: status === 'live' ? minuteOf(match) : null,
    score: shownNow(score),
    result: settlement(providerStatus, score),
  };
}

/** `minute` comes only on some plans, as 67 or '67' (or '45+2'); `injuryTime` adds stoppage. */
function minuteOf(match: Json): number | null {
  const raw = typeof match.minute === 'number' ? String(match.minute) : text(match.minute);
  const parts = raw ? /^\s*(\d+)\s*(?:\+\s*(\d+))?\s*'?\s*$/.exec(raw) : null;
  if (!parts) return null;
  const added = parts[2] !== undefined ? Number(parts[2]) : (wholeNumber(match.injuryTime) ?? 0);
  return Number(parts[1]) + added;
}

/**
 * The score to show. In a shootout `fullTime` counts the kicks scored too, which is not how anyone
 * writes a score, so regular plus extra time is used where given, else fullTime minus penalties.
 */
function shownNow(score: Json): Goals | null {
  const fullTime = shownScore(score.fullTime);
  if (text(score.duration) !== 'PENALTY_SHOOTOUT' || !fullTime) return fullTime;
  const regular = goals(score.regularTime);
  const extra = goals(score.extraTime);
  if (regular && extra) return { home: regular.home + extra.home, away: regular.away + extra.away };
  const penalties = goals(score.penalties);
  if (penalties) return { home: fullTime.home - penalties.home, away: fullTime.away - penalties.away };
  return fullTime;
}

function settlement(status: string, score: Json): ProviderFixture['result'] {
  if (status === 'AWARDED') return { kind: 'void', reason: 'Awarded (not played)' };
  if (status !== 'FINISHED') return null;
  const duration = text(score.duration) ?? 'REGULAR';
  if (duration === 'REGULAR') {
    const fullTime = goals(score.fullTime);
    return fullTime
      ? { kind: 'score', score: fullTime }
      : { kind: 'untrusted', reason: 'football-data.org gave no final score for a finished match.' };
  }
  // Never fullTime here: it holds extra-time goals and the shootout's kicks.
  const regular = goals(score.regularTime);
  return regular
    ? { kind: 'score', score: regular }
    : {
        kind: 'untrusted',
        reason: 'football-data.org gave no 90-minute score for a match decided in extra time.',
      };
}

export function toOdds(match: Json, readAt: Date): ProviderOdds | null {
  const providerId = text(match.id);
  const odds = record(match.odds);
  const home = decimalOdds(odds.homeWin);
  const draw = decimalOdds(odds.draw);
  const away = decimalOdds(odds.awayWin);
  if (!providerId || (home === null && draw === null && away === null)) return null;
  return {
    providerId,
    bookmaker: BOOKMAKER,
    updatedAt: readAt,
    home,
    draw,
    away,
    over25: null,
    under25: null,
  };
}
