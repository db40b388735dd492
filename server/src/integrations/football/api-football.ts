import { LAGOS_TIME_ZONE, lagosDay } from '@cashtips/contract/lagos-time';
import { ownValue } from '@cashtips/contract/plain/own';
import {
  type FixturesQuery,
  type FootballProvider,
  type LiveStatus,
  oneFixtureEach,
  ProviderError,
  type ProviderErrorKind,
  type ProviderFixture,
  type ProviderOdds,
  type ProviderQuota,
} from './provider.ts';
import {
  chunks,
  decimalOdds,
  describeGoals,
  displayName,
  followedLeagues,
  goals,
  type HttpAnswer,
  headerNumber,
  type Json,
  lagosDaysFromTo,
  numericIds,
  ProviderAdapter,
  type ProviderOptions,
  record,
  sameGoals,
  shownScore,
  text,
  toDate,
  wholeNumber,
} from './read.ts';

/**
 * API-Football v3, direct access (PAYOUTS-AND-FOOTBALL-DATA.md (c)): GET only, the key in
 * `x-apisports-key` and no other custom header. Errors mostly come back as HTTP 200 with a
 * non-empty `errors` object, so every answer is checked for it.
 */

/** The API's own limit for `ids`. */
const IDS_PER_CALL = 20;
/** A provider that keeps saying "one more page" must not spend the day's quota on one question. */
const MAX_PAGES = 20;
const BET_MATCH_WINNER = 1;
const BET_GOALS_OVER_UNDER = 5;
const LABEL = 'API-Football';

const statuses: Record<string, LiveStatus> = {
  TBD: 'scheduled',
  NS: 'scheduled',
  '1H': 'live',
  '2H': 'live',
  ET: 'live',
  BT: 'live',
  P: 'live',
  LIVE: 'live',
  HT: 'halftime',
  FT: 'finished',
  AET: 'finished',
  PEN: 'finished',
  AWD: 'finished',
  WO: 'finished',
  PST: 'postponed',
  SUSP: 'suspended',
  INT: 'suspended',
  CANC: 'cancelled',
  ABD: 'abandoned',
};

/**
 * A code the table does not know (the API may add one) is shown as suspended: neither settled
 * nor offered as not yet started, until someone looks.
 */
export function apiFootballStatus(short: string): LiveStatus {
  return ownValue(statuses, short) ?? 'suspended';
}

export class ApiFootballProvider extends ProviderAdapter implements FootballProvider {
  readonly name = 'api-football' as const;

  constructor(options: ProviderOptions) {
    super(options, { label: LABEL, keyHeader: 'x-apisports-key', readQuota, httpFailure });
  }

  /**
   * One `date=` call per Lagos day whatever the number of leagues: a call per league and day would
   * spend the free plan's 100 calls a day on one sync.
   */
  async fixtures(query: FixturesQuery): Promise<ProviderFixture[]> {
    const days = lagosDaysFromTo(query.from, query.to);
    const followed = followedLeagues(query.leagues);
    if (followed.size === 0) return [];
    const found: ProviderFixture[] = [];
    for (const day of days) {
      for (const item of await this.#allPages('/fixtures', { date: day, timezone: LAGOS_TIME_ZONE })) {
        const fixture = toFixture(item);
        if (!fixture || !followed.has(fixture.leagueId)) continue;
        const kickoffDay = lagosDay(fixture.kickoff);
        if (kickoffDay < query.from || kickoffDay > query.to) continue;
        found.push(fixture);
      }
    }
    return oneFixtureEach(found);
  }

  async fixturesById(providerIds: readonly string[]): Promise<ProviderFixture[]> {
    const found: ProviderFixture[] = [];
    for (const batch of chunks(numericIds(providerIds), IDS_PER_CALL)) {
      for (const item of await this.#allPages('/fixtures', { ids: batch.join('-') })) {
        const fixture = toFixture(item);
        if (fixture) found.push(fixture);
      }
    }
    return oneFixtureEach(found);
  }

  async odds(providerIds: readonly string[]): Promise<ProviderOdds[]> {
    const found: ProviderOdds[] = [];
    for (const id of numericIds(providerIds)) {
      for (const item of await this.#allPages('/odds', { fixture: id })) {
        found.push(...toOdds(item, id));
      }
    }
    return found;
  }

  async #allPages(path: string, params: Record<string, string>): Promise<unknown[]> {
    // The first call goes without `page`: endpoints that do not page refuse the parameter.
    const first = await this.get(path, params);
    const items = [...responseItems(first)];
    const total = Math.min(wholeNumber(record(first.paging).total) ?? 1, MAX_PAGES);
    for (let page = 2; page <= total; page++) {
      items.push(...responseItems(await this.get(path, { ...params, page: String(page) })));
    }
    return items;
  }

  /** Every answer, an HTTP 200 too, may carry the API's refusal in `errors`. */
  protected override async get(path: string, params: Record<string, string>): Promise<Json> {
    const body = await super.get(path, params);
    const refusal = envelopeErrors(body.errors);
    if (refusal) throw refusal;
    return body;
  }
}

/** Only what this answer says replaces what an earlier one said (an error page may carry none). */
function readQuota(headers: Headers, quota: ProviderQuota): void {
  const read = {
    dayLimit: headerNumber(headers, 'x-ratelimit-requests-limit'),
    dayRemaining: headerNumber(headers, 'x-ratelimit-requests-remaining'),
    minuteLimit: headerNumber(headers, 'x-ratelimit-limit'),
    minuteRemaining: headerNumber(headers, 'x-ratelimit-remaining'),
  };
  for (const [field, value] of Object.entries(read) as [keyof typeof read, number | null][]) {
    if (value !== null) quota[field] = value;
  }
}

function httpFailure(answer: HttpAnswer, quota: ProviderQuota): ProviderError | null {
  const { status } = answer;
  if (status >= 200 && status < 300) return null;
  const said = describeErrors(record(answer.body).errors) ?? `HTTP ${status}`;
  if (status === 429) {
    const retryAfter = headerNumber(answer.headers, 'retry-after');
    return quota.dayRemaining === 0
      ? new ProviderError('quota', `${LABEL}: the day's calls are spent (${said})`, retryAfter)
      : new ProviderError('rate', `${LABEL}: too many calls this minute (${said})`, retryAfter);
  }
  if (status === 401 || status === 403)
    return new ProviderError('auth', `${LABEL} refused the key (${said})`);
  if (status >= 500) return new ProviderError('unavailable', `${LABEL} answered ${status}`);
  return new ProviderError('request', `${LABEL} refused the request: ${said}`);
}

/** `errors` is `[]` on success and an object keyed by what went wrong otherwise. */
function envelopeErrors(errors: unknown): ProviderError | null {
  const entries = errorEntries(errors);
  if (entries.length === 0) return null;
  const keys = new Set(entries.map(([key]) => key));
  const message = entries.map(([key, value]) => (key ? `${key}: ${value}` : value)).join('; ');
  const kind: ProviderErrorKind = keys.has('token')
    ? 'auth'
    : keys.has('requests')
      ? 'quota'
      : keys.has('rateLimit')
        ? 'rate'
        : 'request';
  return new ProviderError(kind, `${LABEL}: ${message}`, null);
}

function describeErrors(errors: unknown): string | null {
  const entries = errorEntries(errors);
  return entries.length ? entries.map(([key, value]) => (key ? `${key}: ${value}` : value)).join('; ') : null;
}

/** [key, message] pairs from either shape; a bare string in an array has no key. */
function errorEntries(errors: unknown): [string, string][] {
  if (Array.isArray(errors)) {
    return errors.flatMap((entry): [string, string][] =>
      typeof entry === 'string'
        ? [['', entry]]
        : Object.entries(record(entry)).map(([key, value]) => [key, text(value) ?? JSON.stringify(value)]),
    );
  }
  if (errors !== null && typeof errors === 'object') {
    return Object.entries(errors).map(([key, value]) => [key, text(value) ?? JSON.stringify(value)]);
  }
  return [];
}

function responseItems(body: Json): unknown[] {
  return Array.isArray(body.response) ? body.response : [];
}

/** One `response[]` item of /fixtures; null for an item too broken to name a match. */
export function toFixture(item: unknown): ProviderFixture | null {
  const entry = record(item);
  const fixture = record(entry.fixture);
  const league = record(entry.league);
  const teams = record(entry.teams);
  const providerId = text(fixture.id);
  const leagueId = text(league.id);
  const homeTeam = displayName(record(teams.home).name);
  const awayTeam = displayName(record(teams.away).name);
  const timestamp = wholeNumber(fixture.timestamp);
  const kickoff = timestamp === null ? toDate(fixture.date) : new Date(timestamp * 1000);
  if (!providerId || !leagueId || !homeTeam || !awayTeam || !kickoff) return null;

  // status.long says "Match Finished" for AET and PEN too: only the short code is trusted.
  const statusBlock = record(fixture.status);
  const short = text(statusBlock.short)?.trim().toUpperCase() ?? '';
  const status = apiFootballStatus(short);
  const elapsed = wholeNumber(statusBlock.elapsed);
  const minute =
    status === 'live' && elapsed !== null ? elapsed + (wholeNumber(statusBlock.extra) ?? 0) : null;

  return {
    providerId,
    leagueId,
    league: displayName(league.name) ?? leagueId,
    homeTeam,
    awayTeam,
    homeNames: [homeTeam],
    awayNames: [awayTeam],
    kickoff,
    status,
    providerStatus: short,
    minute,
    score: shownScore(entry.goals),
    result: settlement(short, entry),
  };
}

/**
 * The 90-minute result (PRODUCT 12): `score.fulltime`, trusted only when it adds up with the
 * final `goals` — the API has shipped AET records whose "fulltime" is the final score
 * (Brentford–Fulham 2020: fulltime 1-2, extratime null, goals 1-2, 0-0 after 90 minutes).
 */
function settlement(short: string, entry: Json): ProviderFixture['result'] {
  if (short === 'AWD') return { kind: 'void', reason: 'Awarded (not played)' };
  if (short === 'WO') return { kind: 'void', reason: 'Walkover' };
  if (short !== 'FT' && short !== 'AET' && short !== 'PEN') return null;

  const final = goals(entry.goals);
  const score = record(entry.score);
  const fulltime = goals(score.fulltime);
  if (!final) return { kind: 'untrusted', reason: 'The provider gave no final score for a finished match.' };
  if (!fulltime) {
    return {
      kind: 'untrusted',
      reason: `The provider gave no 90-minute score for a match that ended ${describeGoals(final)}.`,
    };
  }
  if (short === 'FT') {
    return sameGoals(fulltime, final)
      ? { kind: 'score', score: fulltime }
      : {
          kind: 'untrusted',
          reason: `The provider's 90-minute score (${describeGoals(fulltime)}) differs from its final score (${describeGoals(final)}) for a match that ended in regular time.`,
        };
  }
  const extratime = goals(score.extratime);
  const addsUp =
    extratime !== null &&
    sameGoals({ home: fulltime.home + extratime.home, away: fulltime.away + extratime.away }, final);
  if (!addsUp) {
    return {
      kind: 'untrusted',
      reason: `The provider's 90-minute score (${describeGoals(fulltime)}) does not add up with extra time (${describeGoals(extratime)}) to the final score (${describeGoals(final)}).`,
    };
  }
  // A shootout only follows a level score: otherwise `goals` is not what the API says it is.
  if (short === 'PEN' && final.home !== final.away) {
    return {
      kind: 'untrusted',
      reason: `The provider says penalties decided a match whose score after extra time (${describeGoals(final)}) was not level.`,
    };
  }
  return { kind: 'score', score: fulltime };
}

/** One `response[]` item of /odds: one ProviderOdds per bookmaker offering 1X2 or over/under 2.5. */
export function toOdds(item: unknown, fallbackId: string): ProviderOdds[] {
  const entry = record(item);
  const providerId = text(record(entry.fixture).id) ?? fallbackId;
  const updatedAt = toDate(entry.update) ?? new Date();
  const bookmakers = Array.isArray(entry.bookmakers) ? entry.bookmakers : [];
  const found: ProviderOdds[] = [];
  for (const rawBookmaker of bookmakers) {
    const bookmaker = record(rawBookmaker);
    const bets = Array.isArray(bookmaker.bets) ? bookmaker.bets.map(record) : [];
    const matchWinner = betValues(bets, BET_MATCH_WINNER);
    const overUnder = betValues(bets, BET_GOALS_OVER_UNDER);
    const odds: ProviderOdds = {
      providerId,
      bookmaker: text(bookmaker.name) ?? text(bookmaker.id) ?? 'unknown',
      updatedAt,
      home: priceOf(matchWinner, /^home$/i),
      draw: priceOf(matchWinner, /^draw$/i),
      away: priceOf(matchWinner, /^away$/i),
      over25: priceOf(overUnder, /^over\s*2\.5$/i),
      under25: priceOf(overUnder, /^under\s*2\.5$/i),
    };
    const anyPrice = [odds.home, odds.draw, odds.away, odds.over25, odds.under25].some((p) => p !== null);
    if (anyPrice) found.push(odds);
  }
  return found;
}

function betValues(bets: Json[], id: number): Json[] {
  const bet = bets.find((candidate) => wholeNumber(candidate.id) === id);
  return bet && Array.isArray(bet.values) ? bet.values.map(record) : [];
}

function priceOf(values: Json[], label: RegExp): number | null {
  const value = values.find((candidate) => label.test(text(candidate.value)?.trim() ?? ''));
  return value ? decimalOdds(value.odd) : null;
}
