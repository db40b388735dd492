import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of API-Football v3, direct access (PAYOUTS-AND-FOOTBALL-DATA.md (c) and "What a
 * local fake must enforce"), speaking its real protocol: GET only, the key in `x-apisports-key`,
 * the `{get, parameters, errors, results, paging, response}` envelope on every answer, errors as
 * HTTP 200 with an `errors` object keyed by what went wrong (`token`, `requests`, a parameter),
 * 429 once the minute's calls are spent, and the four quota headers on every answer.
 *
 * It serves /fixtures, /odds, /leagues, /status and /timezone. Tests describe matches in one
 * shape (FakeFixtureInput) and move them along with `updateFixture`; the fake keeps `goals`,
 * `score.*` and `teams.*.winner` consistent the way the API fills them. Self-contained (node:http
 * only) so server integration tests and the browser end-to-end run can start it too.
 */

export interface FakeGoals {
  home: number;
  away: number;
}

export type ApiFootballShort =
  | 'TBD'
  | 'NS'
  | '1H'
  | 'HT'
  | '2H'
  | 'ET'
  | 'BT'
  | 'P'
  | 'SUSP'
  | 'INT'
  | 'FT'
  | 'AET'
  | 'PEN'
  | 'PST'
  | 'CANC'
  | 'ABD'
  | 'AWD'
  | 'WO'
  | 'LIVE';

/**
 * A match as a test describes it. Fields left out are derived as the API would show them; an
 * explicit `null` is sent as null (that is how the inconsistent records of real data are built).
 */
export interface FakeFixtureInput {
  id: number;
  /** API-Football league id (39 Premier League, 399 NPFL, …). */
  leagueId: number;
  /** Defaults to the name of a known league id, else `League <id>`. */
  leagueName?: string;
  country?: string;
  /** The season's starting year; defaults to the kickoff's season (August onwards). */
  season?: number;
  home: string;
  away: string;
  kickoff: Date;
  /** The provider's status.short; default 'NS'. */
  status?: ApiFootballShort | (string & {});
  /** status.elapsed; defaults to a plausible minute for the status. */
  elapsed?: number | null;
  /** status.extra (stoppage minutes). */
  extra?: number | null;
  /** The running score, extra time included, shootout excluded; default null before kickoff, else 0-0. */
  goals?: FakeGoals | null;
  /** score.halftime; frozen from `goals` when the match reaches HT. */
  halftime?: FakeGoals | null;
  /**
   * score.fulltime, the score after 90 minutes: frozen from `goals` when the match moves past the
   * second half (to BT, ET, P, AET or PEN); for FT it follows `goals`.
   */
  fulltime?: FakeGoals | null;
  /** score.extratime (extra-time goals only); derived as goals − fulltime once extra time starts. */
  extratime?: FakeGoals | null;
  /** score.penalty, the shootout. */
  penalty?: FakeGoals | null;
}

export interface FakeOddsInput {
  bookmaker?: string;
  home?: number | string | null;
  draw?: number | string | null;
  away?: number | string | null;
  over25?: number | string | null;
  under25?: number | string | null;
  /** The item's `update` time; default now. */
  update?: Date;
}

export interface FakeCall {
  method: string;
  /** The path below the API root: '/fixtures'. */
  path: string;
  query: Record<string, string>;
  /** Request headers as Node lower-cases them. */
  headers: Record<string, string>;
  at: number;
  /** The HTTP status answered (undefined while held or when the connection was dropped). */
  status?: number;
  /**
   * When the answer was handed to the connection, epoch milliseconds with sub-millisecond precision
   * (performance.timeOrigin + performance.now(), comparable across processes on this machine).
   */
  sentAt?: number;
}

export type FakeApiFootballFailure =
  /** HTTP 500 with an HTML page. */
  | 'server-error'
  /** HTTP 200 whose body is not JSON. */
  | 'bad-json'
  /** No answer until the fake closes (the client's timeout fires). */
  | 'hang'
  /** The connection is cut without an answer. */
  | 'disconnect'
  /** 200 with errors.token, as for a wrong key. */
  | 'invalid-key'
  /** 200 with errors.requests, as when the day's quota is spent. */
  | 'quota'
  /** 429, as when the minute's calls are spent. */
  | 'rate'
  /** 200 with errors.rateLimit (the other way the API says it). */
  | 'rate-200';

export interface FakeApiFootballOptions {
  /** The key the fake accepts; default 'fake-api-football-key'. */
  key?: string;
  /** Calls a day; default 7500 (a paid plan, so tests that do not care never run out). */
  dayLimit?: number;
  /** Calls a minute; default 300. */
  minuteLimit?: number;
  /** /fixtures answers at most this many items a page (default: all in one page, as the API does). */
  fixturesPageSize?: number;
  /** /odds answers at most this many items a page; default 10, as the API does. */
  oddsPageSize?: number;
  /** The clock the quota windows run on; default Date.now. */
  now?: () => number;
  /** Called right after each answer is sent (benchmarks time what follows an answer from it). */
  onResponse?: (call: FakeCall) => void;
}

export const FAKE_API_FOOTBALL_KEY = 'fake-api-football-key';

const KNOWN_LEAGUES: Record<number, { name: string; country: string; type: 'League' | 'Cup' }> = {
  39: { name: 'Premier League', country: 'England', type: 'League' },
  140: { name: 'La Liga', country: 'Spain', type: 'League' },
  135: { name: 'Serie A', country: 'Italy', type: 'League' },
  78: { name: 'Bundesliga', country: 'Germany', type: 'League' },
  61: { name: 'Ligue 1', country: 'France', type: 'League' },
  2: { name: 'UEFA Champions League', country: 'World', type: 'Cup' },
  399: { name: 'NPFL', country: 'Nigeria', type: 'League' },
};

const LONG: Record<string, string> = {
  TBD: 'Time To Be Defined',
  NS: 'Not Started',
  '1H': 'First Half',
  HT: 'Halftime',
  '2H': 'Second Half',
  ET: 'Extra Time',
  BT: 'Break Time',
  P: 'Penalty In Progress',
  SUSP: 'Match Suspended',
  INT: 'Match Interrupted',
  // The API really says just this for AET and PEN too.
  FT: 'Match Finished',
  AET: 'Match Finished',
  PEN: 'Match Finished',
  PST: 'Match Postponed',
  CANC: 'Match Cancelled',
  ABD: 'Match Abandoned',
  AWD: 'Technical Loss',
  WO: 'WalkOver',
  LIVE: 'In Progress',
};

const NOT_STARTED = new Set(['TBD', 'NS', 'PST', 'CANC']);
const AFTER_NINETY = new Set(['BT', 'ET', 'P', 'AET', 'PEN']);
const IN_PLAY = new Set(['1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'LIVE']);
const DEFAULT_ELAPSED: Record<string, number> = {
  '1H': 1,
  HT: 45,
  '2H': 46,
  BT: 90,
  ET: 91,
  P: 120,
  FT: 90,
  AET: 120,
  PEN: 120,
};
const TIMEZONES: Record<string, number> = { UTC: 0, 'Africa/Lagos': 60 };
const BOOKMAKER_IDS: Record<string, number> = { Bet365: 8, Bwin: 6, '1xBet': 11, Unibet: 16, Betway: 23 };

const FIXTURE_PARAMS = new Set([
  'id',
  'ids',
  'live',
  'date',
  'league',
  'season',
  'team',
  'last',
  'next',
  'from',
  'to',
  'round',
  'status',
  'venue',
  'timezone',
  'page',
]);
const ODDS_PARAMS = new Set(['fixture', 'league', 'season', 'date', 'timezone', 'page', 'bookmaker', 'bet']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface StoredFixture extends FakeFixtureInput {
  status: string;
}

interface StoredOdds {
  bookmaker: string;
  home: string | null;
  draw: string | null;
  away: string | null;
  over25: string | null;
  under25: string | null;
  update: Date;
}

type Params = Record<string, string>;
type Errors = Record<string, string>;

export async function startFakeApiFootball(options: FakeApiFootballOptions = {}) {
  const key = options.key ?? FAKE_API_FOOTBALL_KEY;
  const now = options.now ?? Date.now;
  const fixtures = new Map<number, StoredFixture>();
  /** Fixtures every answer carries a second time, as these changes make them (`echoTwice`). */
  const echoes = new Map<number, Partial<FakeFixtureInput>>();
  const odds = new Map<number, Map<string, StoredOdds>>();
  const teamIds = new Map<string, number>();
  const calls: FakeCall[] = [];
  const failures: FakeApiFootballFailure[] = [];
  const held = new Set<ServerResponse>();
  let dayLimit = options.dayLimit ?? 7500;
  let minuteLimit = options.minuteLimit ?? 300;
  let dayUsed = 0;
  let dayOf = utcDay(now());
  let minuteUsed = 0;
  let minuteStartedAt: number | null = null;

  const teamId = (name: string) => {
    let id = teamIds.get(name);
    if (id === undefined) {
      id = 1000 + teamIds.size;
      teamIds.set(name, id);
    }
    return id;
  };

  /** Fixed windows: the minute's starts with its first call, the day's at 00:00 UTC. */
  const rollWindows = () => {
    const at = now();
    if (utcDay(at) !== dayOf) {
      dayOf = utcDay(at);
      dayUsed = 0;
    }
    if (minuteStartedAt !== null && at - minuteStartedAt >= 60_000) {
      minuteStartedAt = null;
      minuteUsed = 0;
    }
  };

  const quotaHeaders = () => ({
    'x-ratelimit-requests-limit': String(dayLimit),
    'x-ratelimit-requests-remaining': String(Math.max(0, dayLimit - dayUsed)),
    'X-RateLimit-Limit': String(minuteLimit),
    'X-RateLimit-Remaining': String(Math.max(0, minuteLimit - minuteUsed)),
  });

  const send = (res: ServerResponse, call: FakeCall, status: number, body: unknown) => {
    call.status = status;
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', ...quotaHeaders() });
    call.sentAt = performance.timeOrigin + performance.now();
    res.end(json);
    options.onResponse?.(call);
  };

  const envelope = (
    get: string,
    parameters: Params,
    errors: Errors | never[],
    response: unknown[],
    page = 1,
    total = 1,
  ) => ({
    get,
    parameters: Object.keys(parameters).length === 0 ? [] : parameters,
    errors,
    results: response.length,
    paging: { current: page, total },
    response,
  });

  const render = (f: StoredFixture, timezone: string) => {
    const status = f.status;
    const goals = f.goals !== undefined ? f.goals : NOT_STARTED.has(status) ? null : { home: 0, away: 0 };
    const fulltime =
      f.fulltime !== undefined
        ? f.fulltime
        : status === 'FT' || status === 'AWD' || status === 'WO'
          ? goals
          : null;
    const extratime =
      f.extratime !== undefined
        ? f.extratime
        : ['ET', 'P', 'AET', 'PEN'].includes(status) && goals && fulltime
          ? { home: goals.home - fulltime.home, away: goals.away - fulltime.away }
          : null;
    const penalty = f.penalty ?? null;
    const finished = ['FT', 'AET', 'PEN', 'AWD', 'WO'].includes(status);
    const decider = status === 'PEN' ? penalty : goals;
    const winner = (side: 'home' | 'away') => {
      if (!finished || !decider || decider.home === decider.away) return null;
      return side === 'home' ? decider.home > decider.away : decider.away > decider.home;
    };
    const offsetMinutes = TIMEZONES[timezone] ?? 0;
    const season = f.season ?? seasonOf(f.kickoff);
    const league = leagueOf(f);
    const timestamp = Math.floor(f.kickoff.getTime() / 1000);
    const elapsed = f.elapsed !== undefined ? f.elapsed : (DEFAULT_ELAPSED[status] ?? null);
    return {
      fixture: {
        id: f.id,
        referee: null,
        timezone,
        date: isoInZone(f.kickoff, offsetMinutes),
        timestamp,
        periods: {
          first: NOT_STARTED.has(status) ? null : timestamp,
          second: ['2H', 'ET', 'BT', 'P', 'FT', 'AET', 'PEN'].includes(status) ? timestamp + 3600 : null,
        },
        venue: { id: null, name: `${f.home} Stadium`, city: null },
        status: { long: LONG[status] ?? status, short: status, elapsed, extra: f.extra ?? null },
      },
      league: {
        id: f.leagueId,
        name: league.name,
        country: league.country,
        logo: `https://media.api-sports.io/football/leagues/${f.leagueId}.png`,
        flag: null,
        season,
        round: 'Regular Season - 1',
      },
      teams: {
        home: { id: teamId(f.home), name: f.home, logo: null, winner: winner('home') },
        away: { id: teamId(f.away), name: f.away, logo: null, winner: winner('away') },
      },
      goals: goals ?? { home: null, away: null },
      score: {
        halftime: f.halftime ?? { home: null, away: null },
        fulltime: fulltime ?? { home: null, away: null },
        extratime: extratime ?? { home: null, away: null },
        penalty: penalty ?? { home: null, away: null },
      },
    };
  };

  const leagueOf = (f: FakeFixtureInput) => {
    const known = KNOWN_LEAGUES[f.leagueId];
    return {
      name: f.leagueName ?? known?.name ?? `League ${f.leagueId}`,
      country: f.country ?? known?.country ?? 'World',
    };
  };

  const paged = <T>(items: T[], page: number, size: number | undefined) => {
    if (!size || size <= 0) return { items, total: 1 };
    const total = Math.max(1, Math.ceil(items.length / size));
    return { items: items.slice((page - 1) * size, page * size), total };
  };

  const fixturesEndpoint = (
    params: Params,
  ): { errors: Errors; items: unknown[]; total: number; page: number } => {
    const errors: Errors = {};
    for (const name of Object.keys(params)) {
      if (!FIXTURE_PARAMS.has(name)) errors[name] = `The ${capital(name)} field do not exist.`;
    }
    if (Object.keys(params).filter((name) => name !== 'timezone' && name !== 'page').length === 0) {
      errors.required = 'At least one parameter is required.';
    }
    if (params.id !== undefined && !/^\d+$/.test(params.id))
      errors.id = 'The Id field must contain an integer.';
    if (params.ids !== undefined) {
      if (!/^\d+(-\d+)*$/.test(params.ids)) errors.ids = 'The Ids field must contain ids separated by "-".';
      else if (params.ids.split('-').length > 20) errors.ids = 'Maximum of 20 fixtures ids.';
    }
    for (const name of ['date', 'from', 'to'] as const) {
      const value = params[name];
      if (value !== undefined && !validDay(value)) {
        errors[name] = `The ${capital(name)} field must contain a valid date (YYYY-MM-DD).`;
      }
    }
    if ((params.from !== undefined || params.to !== undefined) && (!params.league || !params.season)) {
      errors.from = 'The From and To fields require the League and Season fields.';
    }
    if ((params.from === undefined) !== (params.to === undefined)) {
      errors.to = 'The From and To fields must be used together.';
    }
    if (params.league !== undefined && !/^\d+$/.test(params.league))
      errors.league = 'The League field must contain an integer.';
    if (params.season !== undefined && !/^\d{4}$/.test(params.season)) {
      errors.season = 'The Season field must contain 4 characters. Example: 2019';
    }
    if (params.team !== undefined && !/^\d+$/.test(params.team))
      errors.team = 'The Team field must contain an integer.';
    if (params.live !== undefined && !/^(all|\d+(-\d+)*)$/.test(params.live)) {
      errors.live = 'The Live field must contain "all" or league ids separated by "-".';
    }
    if (params.timezone !== undefined && !(params.timezone in TIMEZONES)) {
      errors.timezone = 'The Timezone field do not exist. Check the /timezone endpoint for valid values.';
    }
    if (params.page !== undefined && !/^[1-9]\d*$/.test(params.page))
      errors.page = 'The Page field must contain an integer.';
    if (Object.keys(errors).length) return { errors, items: [], total: 1, page: 1 };

    const timezone = params.timezone ?? 'UTC';
    const offset = TIMEZONES[timezone] ?? 0;
    let found = [...fixtures.values()];
    if (params.id) found = found.filter((f) => f.id === Number(params.id));
    if (params.ids) {
      const wanted = new Set(params.ids.split('-').map(Number));
      found = found.filter((f) => wanted.has(f.id));
    }
    if (params.date) found = found.filter((f) => dayInZone(f.kickoff, offset) === params.date);
    if (params.from && params.to) {
      const { from, to } = params;
      found = found.filter((f) => dayInZone(f.kickoff, offset) >= from && dayInZone(f.kickoff, offset) <= to);
    }
    if (params.league) found = found.filter((f) => f.leagueId === Number(params.league));
    if (params.season)
      found = found.filter((f) => (f.season ?? seasonOf(f.kickoff)) === Number(params.season));
    if (params.team)
      found = found.filter(
        (f) => teamId(f.home) === Number(params.team) || teamId(f.away) === Number(params.team),
      );
    if (params.live) {
      const leagues = params.live === 'all' ? null : new Set(params.live.split('-').map(Number));
      found = found.filter((f) => IN_PLAY.has(f.status) && (!leagues || leagues.has(f.leagueId)));
    }
    if (params.status) {
      const wanted = new Set(params.status.split('-'));
      found = found.filter((f) => wanted.has(f.status));
    }
    found.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.id - b.id);
    const page = Number(params.page ?? 1);
    const { items, total } = paged(found, page, options.fixturesPageSize);
    return {
      errors,
      items: items.flatMap((f) => {
        const echo = echoes.get(f.id);
        const copy = echo ? [render(store({ ...f, ...echo } as FakeFixtureInput, f), timezone)] : [];
        return [render(f, timezone), ...copy];
      }),
      total,
      page,
    };
  };

  const oddsEndpoint = (
    params: Params,
  ): { errors: Errors; items: unknown[]; total: number; page: number } => {
    const errors: Errors = {};
    for (const name of Object.keys(params)) {
      if (!ODDS_PARAMS.has(name)) errors[name] = `The ${capital(name)} field do not exist.`;
    }
    if (!params.fixture && !params.date && !(params.league && params.season)) {
      errors.required = 'At least one of fixture, date or league and season is required.';
    }
    if (params.fixture !== undefined && !/^\d+$/.test(params.fixture))
      errors.fixture = 'The Fixture field must contain an integer.';
    if (params.date !== undefined && !validDay(params.date)) {
      errors.date = 'The Date field must contain a valid date (YYYY-MM-DD).';
    }
    if (params.timezone !== undefined && !(params.timezone in TIMEZONES)) {
      errors.timezone = 'The Timezone field do not exist. Check the /timezone endpoint for valid values.';
    }
    if (params.page !== undefined && !/^[1-9]\d*$/.test(params.page))
      errors.page = 'The Page field must contain an integer.';
    if (Object.keys(errors).length) return { errors, items: [], total: 1, page: 1 };

    const timezone = params.timezone ?? 'UTC';
    const offset = TIMEZONES[timezone] ?? 0;
    let found = [...fixtures.values()].filter((f) => (odds.get(f.id)?.size ?? 0) > 0);
    if (params.fixture) found = found.filter((f) => f.id === Number(params.fixture));
    if (params.date) found = found.filter((f) => dayInZone(f.kickoff, offset) === params.date);
    if (params.league) found = found.filter((f) => f.leagueId === Number(params.league));
    if (params.season)
      found = found.filter((f) => (f.season ?? seasonOf(f.kickoff)) === Number(params.season));
    found.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.id - b.id);
    const page = Number(params.page ?? 1);
    const { items, total } = paged(found, page, options.oddsPageSize ?? 10);
    const rendered = items.map((f) => {
      const books = [...(odds.get(f.id)?.values() ?? [])].filter(
        (book) => !params.bookmaker || bookmakerId(book.bookmaker) === Number(params.bookmaker),
      );
      const league = leagueOf(f);
      return {
        league: {
          id: f.leagueId,
          name: league.name,
          country: league.country,
          logo: null,
          flag: null,
          season: f.season ?? seasonOf(f.kickoff),
        },
        fixture: {
          id: f.id,
          timezone,
          date: isoInZone(f.kickoff, offset),
          timestamp: Math.floor(f.kickoff.getTime() / 1000),
        },
        update: isoInZone(
          new Date(books.length ? Math.max(...books.map((book) => book.update.getTime())) : now()),
          0,
        ),
        bookmakers: books.map((book) => ({
          id: bookmakerId(book.bookmaker),
          name: book.bookmaker,
          bets: renderBets(book).filter((bet) => !params.bet || bet.id === Number(params.bet)),
        })),
      };
    });
    return { errors, items: rendered, total, page };
  };

  const leaguesEndpoint = () =>
    Object.entries(KNOWN_LEAGUES).map(([id, league]) => ({
      league: { id: Number(id), name: league.name, type: league.type, logo: null },
      country: { name: league.country, code: null, flag: null },
      seasons: [
        {
          year: seasonOf(new Date(now())),
          start: `${seasonOf(new Date(now()))}-08-01`,
          end: `${seasonOf(new Date(now())) + 1}-05-31`,
          current: true,
          coverage: {
            fixtures: { events: true, lineups: true, statistics_fixtures: true, statistics_players: true },
            standings: true,
            players: true,
            top_scorers: true,
            predictions: true,
            injuries: id !== '399',
            odds: id !== '399',
          },
        },
      ],
    }));

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params: Params = Object.fromEntries(url.searchParams);
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const call: FakeCall = { method: req.method ?? 'GET', path, query: params, headers, at: now() };
    calls.push(call);
    const get = path.replace(/^\//, '');
    rollWindows();

    const failure = failures.shift();
    if (failure) return fail(res, call, failure, get, params);

    if (req.method !== 'GET') {
      return send(
        res,
        call,
        405,
        envelope(get, params, { method: `The ${req.method} method is not allowed, use GET.` }, []),
      );
    }
    if (headers['x-apisports-key'] !== key) {
      return send(
        res,
        call,
        200,
        envelope(
          get,
          params,
          {
            token:
              'Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.',
          },
          [],
        ),
      );
    }
    // /status does not count against the quota (the API says so).
    if (path === '/status') {
      return send(
        res,
        call,
        200,
        envelope(
          get,
          params,
          [],
          [
            {
              account: { firstname: 'Fake', lastname: 'Account', email: 'fake@example.com' },
              subscription: { plan: 'Free', end: null, active: true },
              requests: { current: dayUsed, limit_day: dayLimit },
            },
          ],
        ),
      );
    }
    if (dayUsed >= dayLimit) {
      return send(
        res,
        call,
        200,
        envelope(
          get,
          params,
          {
            requests:
              'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.',
          },
          [],
        ),
      );
    }
    if (minuteUsed >= minuteLimit) {
      return send(
        res,
        call,
        429,
        envelope(
          get,
          params,
          { rateLimit: `Too many requests. Your rate limit is ${minuteLimit} requests per minute.` },
          [],
        ),
      );
    }
    dayUsed += 1;
    minuteUsed += 1;
    minuteStartedAt ??= now();

    switch (path) {
      case '/fixtures':
      case '/odds': {
        const answer = path === '/fixtures' ? fixturesEndpoint(params) : oddsEndpoint(params);
        const errors = Object.keys(answer.errors).length ? answer.errors : [];
        return send(res, call, 200, envelope(get, params, errors, answer.items, answer.page, answer.total));
      }
      case '/leagues':
        return send(res, call, 200, envelope(get, params, [], leaguesEndpoint()));
      case '/timezone':
        return send(res, call, 200, envelope(get, params, [], Object.keys(TIMEZONES)));
      default:
        return send(res, call, 200, envelope(get, params, { endpoint: 'This endpoint do not exist.' }, []));
    }
  };

  const fail = (
    res: ServerResponse,
    call: FakeCall,
    failure: FakeApiFootballFailure,
    get: string,
    params: Params,
  ) => {
    switch (failure) {
      case 'server-error':
        call.status = 500;
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
      case 'bad-json':
        call.status = 200;
        res.writeHead(200, { 'content-type': 'application/json', ...quotaHeaders() });
        return res.end('{"get":"fixtures","response":[');
      case 'hang':
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      case 'disconnect':
        res.socket?.destroy();
        return;
      case 'invalid-key':
        return send(res, call, 200, envelope(get, params, { token: 'Error/Missing application key.' }, []));
      case 'quota':
        return send(
          res,
          call,
          200,
          envelope(get, params, { requests: 'You have reached the request limit for the day.' }, []),
        );
      case 'rate':
        return send(res, call, 429, envelope(get, params, { rateLimit: 'Too many requests.' }, []));
      case 'rate-200':
        return send(res, call, 200, envelope(get, params, { rateLimit: 'Too many requests.' }, []));
    }
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const store = (input: FakeFixtureInput, previous?: StoredFixture): StoredFixture => {
    const next: StoredFixture = { ...previous, ...input, status: input.status ?? previous?.status ?? 'NS' };
    const wasStatus = previous?.status;
    const goalsBefore = previous
      ? (previous.goals ?? (NOT_STARTED.has(previous.status) ? null : { home: 0, away: 0 }))
      : null;
    // The API freezes the half-time score at HT and the 90-minute score when play goes past 90'.
    if (
      next.status === 'HT' &&
      wasStatus !== 'HT' &&
      input.halftime === undefined &&
      next.halftime === undefined
    ) {
      next.halftime = next.goals ?? { home: 0, away: 0 };
    }
    if (
      AFTER_NINETY.has(next.status) &&
      wasStatus !== undefined &&
      !AFTER_NINETY.has(wasStatus) &&
      input.fulltime === undefined &&
      next.fulltime === undefined
    ) {
      next.fulltime = goalsBefore ?? { home: 0, away: 0 };
    }
    return next;
  };

  return {
    /** The API root, as FOOTBALL_DATA_URL. */
    url: `http://127.0.0.1:${port}`,
    key,
    /** Every request received, refused ones included. */
    calls,
    /** Requests received, optionally only those to one path ('/fixtures'). */
    callCount(path?: string): number {
      return path === undefined ? calls.length : calls.filter((call) => call.path === path).length;
    },
    addFixture(input: FakeFixtureInput): void {
      fixtures.set(input.id, store(input));
    },
    /**
     * Moves a match along: `updateFixture(id, { status: '2H', elapsed: 67, goals: { home: 1, away: 0 } })`.
     * Passing a field as `undefined` leaves it as it was.
     */
    updateFixture(id: number, patch: Partial<Omit<FakeFixtureInput, 'id'>>): void {
      const previous = fixtures.get(id);
      if (!previous) throw new Error(`fake API-Football: no fixture ${id}`);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      fixtures.set(id, store({ ...previous, ...defined, id } as FakeFixtureInput, previous));
    },
    /**
     * From now on every answer carries this fixture twice, the second time changed by `patch`: a
     * feed's glitch seen in the wild (one fixture, two full-time scores, in one answer).
     */
    echoTwice(id: number, patch: Partial<Omit<FakeFixtureInput, 'id'>>): void {
      echoes.set(id, patch);
    },
    removeFixture(id: number): void {
      fixtures.delete(id);
      odds.delete(id);
    },
    /** The fixture as the API would answer it now (timezone UTC). */
    fixture(id: number) {
      const stored = fixtures.get(id);
      return stored ? render(stored, 'UTC') : undefined;
    },
    /** Prices of one bookmaker (default Bet365) for a fixture; a later call for it replaces them. */
    setOdds(fixtureId: number, input: FakeOddsInput): void {
      const bookmaker = input.bookmaker ?? 'Bet365';
      const books = odds.get(fixtureId) ?? new Map<string, StoredOdds>();
      books.set(bookmaker, {
        bookmaker,
        home: price(input.home),
        draw: price(input.draw),
        away: price(input.away),
        over25: price(input.over25),
        under25: price(input.under25),
        update: input.update ?? new Date(now()),
      });
      odds.set(fixtureId, books);
    },
    clearOdds(fixtureId: number): void {
      odds.delete(fixtureId);
    },
    /**
     * New limits (omitted: unchanged); the counters restart unless `usedToday` / `usedThisMinute`
     * say how many calls are already spent.
     */
    setQuota(quota: { day?: number; minute?: number; usedToday?: number; usedThisMinute?: number }): void {
      dayLimit = quota.day ?? dayLimit;
      minuteLimit = quota.minute ?? minuteLimit;
      dayUsed = quota.usedToday ?? 0;
      minuteUsed = quota.usedThisMinute ?? 0;
      minuteStartedAt = minuteUsed > 0 ? now() : null;
    },
    /** The counters as the headers report them. */
    quota() {
      rollWindows();
      return {
        dayLimit,
        dayRemaining: Math.max(0, dayLimit - dayUsed),
        minuteLimit,
        minuteRemaining: Math.max(0, minuteLimit - minuteUsed),
      };
    },
    /** The next `times` requests fail this way (before the key and quota are checked). */
    failNext(kind: FakeApiFootballFailure, times = 1): void {
      for (let index = 0; index < times; index++) failures.push(kind);
    },
    async close(): Promise<void> {
      for (const res of held) res.socket?.destroy();
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeApiFootball = Awaited<ReturnType<typeof startFakeApiFootball>>;

function renderBets(book: StoredOdds) {
  const bets: { id: number; name: string; values: { value: string; odd: string }[] }[] = [];
  const winner = [
    ['Home', book.home],
    ['Draw', book.draw],
    ['Away', book.away],
  ].flatMap(([value, odd]) => (odd ? [{ value: value as string, odd }] : []));
  if (winner.length) bets.push({ id: 1, name: 'Match Winner', values: winner });
  // Other lines around 2.5 are there so a reader has to pick the right one.
  const overUnder = [
    { value: 'Over 1.5', odd: '1.25' },
    { value: 'Under 1.5', odd: '3.75' },
    ...(book.over25 ? [{ value: 'Over 2.5', odd: book.over25 }] : []),
    ...(book.under25 ? [{ value: 'Under 2.5', odd: book.under25 }] : []),
    { value: 'Over 3.5', odd: '3.10' },
    { value: 'Under 3.5', odd: '1.36' },
  ];
  if (book.over25 || book.under25) bets.push({ id: 5, name: 'Goals Over/Under', values: overUnder });
  bets.push({
    id: 8,
    name: 'Both Teams Score',
    values: [
      { value: 'Yes', odd: '1.80' },
      { value: 'No', odd: '1.95' },
    ],
  });
  return bets;
}

function bookmakerId(name: string): number {
  const known = BOOKMAKER_IDS[name];
  if (known !== undefined) return known;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 900;
  return 100 + hash;
}

/** Odds are strings in this API, with two decimals. */
function price(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value.toFixed(2) : value;
}

function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

function dayInZone(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** '2024-10-19T12:30:00+01:00', the way the API writes dates in the asked timezone. */
function isoInZone(instant: Date, offsetMinutes: number): string {
  const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function validDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function seasonOf(kickoff: Date): number {
  return kickoff.getUTCMonth() >= 6 ? kickoff.getUTCFullYear() : kickoff.getUTCFullYear() - 1;
}

function capital(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
