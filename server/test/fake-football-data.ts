import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of football-data.org v4 (PAYOUTS-AND-FOOTBALL-DATA.md (d) and "What a local fake
 * must enforce"), speaking its real protocol under `/v4`: the token in `X-Auth-Token`, errors as
 * `{message, errorCode}` with the matching HTTP status, the plan's competitions (others 403),
 * dateFrom/dateTo together and at most 10 days apart (else 400), a per-minute limit answered with
 * 429 "You reached your request limit. Wait N seconds.", and `X-Requests-Available-Minute` /
 * `X-RequestCounter-Reset` on every answer.
 *
 * It serves /v4/matches, /v4/matches/:id and /v4/competitions. Tests describe matches in the same
 * shape as the API-Football fake (goals = running score without the shootout, fulltime = the score
 * after 90 minutes, extratime and penalty = those periods only) and the fake writes them the v4
 * way: fullTime as the running total including extra time and the shootout, regularTime /
 * extraTime / penalties when duration is not REGULAR. Self-contained (node:http only).
 */

export interface FakeGoals {
  home: number;
  away: number;
}

export type FootballDataStatus =
  | 'SCHEDULED'
  | 'TIMED'
  | 'IN_PLAY'
  | 'PAUSED'
  | 'EXTRA_TIME'
  | 'PENALTY_SHOOTOUT'
  | 'FINISHED'
  | 'SUSPENDED'
  | 'POSTPONED'
  | 'CANCELLED'
  | 'AWARDED'
  | 'LIVE';

export type FootballDataDuration = 'REGULAR' | 'EXTRA_TIME' | 'PENALTY_SHOOTOUT';

/**
 * A match as a test describes it. Fields left out are derived as the API would show them; an
 * explicit `null` is sent as missing.
 */
export interface FakeMatchInput {
  id: number;
  /** The competition's code ('PL'); a code outside the known list needs `leagueName`. */
  leagueId: string;
  leagueName?: string;
  /** The competition's numeric id; defaults from the known list. */
  competitionId?: number;
  home: string;
  away: string;
  /**
   * The team's other names as the API sends them (real ones differ: name 'ACF Fiorentina',
   * shortName 'Fiorentina', tla 'FIO'); by default name '<home> FC', shortName the name above and a
   * tla made from it.
   */
  homeNames?: TeamNames;
  awayNames?: TeamNames;
  kickoff: Date;
  /** The provider's status; default 'TIMED'. */
  status?: FootballDataStatus | (string & {});
  /** Sent as `minute` while the match is live (only some plans have it). */
  elapsed?: number | null;
  /** Sent as `injuryTime`. */
  extra?: number | null;
  /** The running score, extra time included, shootout excluded; default null before kickoff, else 0-0. */
  goals?: FakeGoals | null;
  /** score.halfTime; frozen from `goals` when the match is first PAUSED. */
  halftime?: FakeGoals | null;
  /** score.regularTime, the score after 90 minutes: frozen from `goals` when extra time starts. */
  fulltime?: FakeGoals | null;
  /** The same as `fulltime`, in football-data.org's word. */
  regularTime?: FakeGoals | null;
  /** score.extraTime (extra-time goals only); derived as goals − fulltime. */
  extratime?: FakeGoals | null;
  /** score.penalties, the shootout. */
  penalty?: FakeGoals | null;
  /** score.duration; derived: PENALTY_SHOOTOUT with a shootout, EXTRA_TIME with extra time, else REGULAR. */
  duration?: FootballDataDuration;
  /** score.fullTime as sent, instead of the one derived from goals + penalty. */
  fullTime?: FakeGoals | null;
}

export interface TeamNames {
  name?: string;
  shortName?: string | null;
  tla?: string | null;
}

export interface FakeOddsInput {
  home?: number | null;
  draw?: number | null;
  away?: number | null;
  /** Accepted for the same call shape as the API-Football fake; v4 has no over/under. */
  bookmaker?: string;
  over25?: number | null;
  under25?: number | null;
  update?: Date;
}

export interface FakeCall {
  method: string;
  /** The path below the API root (`/v4` removed): '/matches'. */
  path: string;
  query: Record<string, string>;
  /** Request headers as Node lower-cases them. */
  headers: Record<string, string>;
  at: number;
  /** The HTTP status answered (undefined while held or when the connection was dropped). */
  status?: number;
}

export type FakeFootballDataFailure =
  /** HTTP 500 with an HTML page. */
  | 'server-error'
  /** HTTP 200 whose body is not JSON. */
  | 'bad-json'
  /** No answer until the fake closes (the client's timeout fires). */
  | 'hang'
  /** The connection is cut without an answer. */
  | 'disconnect'
  /** 403 "Your API token is invalid." */
  | 'invalid-key'
  /** 429 "You reached your request limit. Wait N seconds." */
  | 'rate'
  /** 403 for a resource outside the plan. */
  | 'restricted';

export interface FakeFootballDataOptions {
  /** The token the fake accepts; default 'fake-football-data-token'. */
  key?: string;
  /** Calls a minute; default 100 (the free plan's 10 would trip tests that do not care). */
  minuteLimit?: number;
  /** Calls a day; football-data.org has none, so default unlimited. */
  dayLimit?: number | null;
  /** Competition codes the plan covers; default the free plan's twelve. */
  plan?: string[];
  /** Whether the paid odds package is on (matches carry prices); default false. */
  oddsPackage?: boolean;
  /** Whether list answers leave out regularTime/extraTime/penalties, as reported of the free tier. */
  freeTier?: boolean;
  /** The clock the quota window runs on; default Date.now. */
  now?: () => number;
}

export const FAKE_FOOTBALL_DATA_KEY = 'fake-football-data-token';

const COMPETITIONS: Record<string, { id: number; name: string; area: string; type: 'LEAGUE' | 'CUP' }> = {
  WC: { id: 2000, name: 'FIFA World Cup', area: 'World', type: 'CUP' },
  CL: { id: 2001, name: 'UEFA Champions League', area: 'Europe', type: 'CUP' },
  BL1: { id: 2002, name: 'Bundesliga', area: 'Germany', type: 'LEAGUE' },
  DED: { id: 2003, name: 'Eredivisie', area: 'Netherlands', type: 'LEAGUE' },
  BSA: { id: 2013, name: 'Campeonato Brasileiro Série A', area: 'Brazil', type: 'LEAGUE' },
  PD: { id: 2014, name: 'Primera Division', area: 'Spain', type: 'LEAGUE' },
  FL1: { id: 2015, name: 'Ligue 1', area: 'France', type: 'LEAGUE' },
  ELC: { id: 2016, name: 'Championship', area: 'England', type: 'LEAGUE' },
  PPL: { id: 2017, name: 'Primeira Liga', area: 'Portugal', type: 'LEAGUE' },
  EC: { id: 2018, name: 'European Championship', area: 'Europe', type: 'CUP' },
  SA: { id: 2019, name: 'Serie A', area: 'Italy', type: 'LEAGUE' },
  PL: { id: 2021, name: 'Premier League', area: 'England', type: 'LEAGUE' },
};
const FREE_PLAN = Object.keys(COMPETITIONS);

const NOT_STARTED = new Set(['SCHEDULED', 'TIMED', 'POSTPONED', 'CANCELLED']);
const LIVE = new Set(['IN_PLAY', 'PAUSED', 'EXTRA_TIME', 'PENALTY_SHOOTOUT', 'LIVE']);
const AFTER_NINETY = new Set(['EXTRA_TIME', 'PENALTY_SHOOTOUT']);
const MATCH_FILTERS = new Set(['competitions', 'ids', 'dateFrom', 'dateTo', 'status']);
const STATUSES = new Set([
  'SCHEDULED',
  'TIMED',
  'IN_PLAY',
  'PAUSED',
  'EXTRA_TIME',
  'PENALTY_SHOOTOUT',
  'FINISHED',
  'SUSPENDED',
  'POSTPONED',
  'CANCELLED',
  'AWARDED',
  'LIVE',
]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const RESTRICTED =
  'The resource you are looking for is restricted and apparently not within your permissions. Please check your subscription.';

interface StoredMatch extends FakeMatchInput {
  status: string;
  /** Play went past 90 minutes at some point, so duration is no longer REGULAR. */
  wentToExtraTime?: boolean;
}

type Params = Record<string, string>;

export async function startFakeFootballData(options: FakeFootballDataOptions = {}) {
  const key = options.key ?? FAKE_FOOTBALL_DATA_KEY;
  const now = options.now ?? Date.now;
  const matches = new Map<number, StoredMatch>();
  const odds = new Map<number, { home: number | null; draw: number | null; away: number | null }>();
  const teamIds = new Map<string, number>();
  const calls: FakeCall[] = [];
  const failures: FakeFootballDataFailure[] = [];
  const held = new Set<ServerResponse>();
  let plan = new Set(options.plan ?? FREE_PLAN);
  let oddsPackage = options.oddsPackage ?? false;
  let freeTier = options.freeTier ?? false;
  let minuteLimit = options.minuteLimit ?? 100;
  let dayLimit: number | null = options.dayLimit ?? null;
  let minuteUsed = 0;
  let minuteStartedAt: number | null = null;
  let dayUsed = 0;
  let dayOf = new Date(now()).toISOString().slice(0, 10);

  const teamId = (name: string) => {
    let id = teamIds.get(name);
    if (id === undefined) {
      id = 100 + teamIds.size;
      teamIds.set(name, id);
    }
    return id;
  };

  const rollWindows = () => {
    const at = now();
    const day = new Date(at).toISOString().slice(0, 10);
    if (day !== dayOf) {
      dayOf = day;
      dayUsed = 0;
    }
    if (minuteStartedAt !== null && at - minuteStartedAt >= 60_000) {
      minuteStartedAt = null;
      minuteUsed = 0;
    }
  };

  const resetSeconds = () =>
    minuteStartedAt === null ? 60 : Math.max(1, Math.ceil((minuteStartedAt + 60_000 - now()) / 1000));

  const quotaHeaders = () => ({
    'X-API-Version': 'v4',
    'X-Authenticated-Client': 'CashTips tests',
    'X-Requests-Available-Minute': String(Math.max(0, minuteLimit - minuteUsed)),
    'X-RequestCounter-Reset': String(resetSeconds()),
  });

  const send = (res: ServerResponse, call: FakeCall, status: number, body: unknown) => {
    call.status = status;
    res.writeHead(status, { 'content-type': 'application/json', ...quotaHeaders() });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, call: FakeCall, status: number, message: string) =>
    send(res, call, status, { message, errorCode: status });

  const competitionOf = (m: StoredMatch) => {
    const known = COMPETITIONS[m.leagueId];
    return {
      id: m.competitionId ?? known?.id ?? 9000,
      name: m.leagueName ?? known?.name ?? m.leagueId,
      code: m.leagueId,
      type: known?.type ?? 'LEAGUE',
      emblem: `https://crests.football-data.org/${m.leagueId}.png`,
      area: known?.area ?? 'World',
    };
  };

  const render = (m: StoredMatch, list: boolean) => {
    const status = m.status;
    const goals = m.goals !== undefined ? m.goals : NOT_STARTED.has(status) ? null : { home: 0, away: 0 };
    const regular = m.fulltime !== undefined ? m.fulltime : m.regularTime;
    const penalty = m.penalty ?? null;
    const extratime =
      m.extratime !== undefined
        ? m.extratime
        : goals && regular
          ? { home: goals.home - regular.home, away: goals.away - regular.away }
          : null;
    const duration: FootballDataDuration =
      m.duration ??
      (penalty || status === 'PENALTY_SHOOTOUT'
        ? 'PENALTY_SHOOTOUT'
        : m.extratime ||
            status === 'EXTRA_TIME' ||
            m.wentToExtraTime ||
            (regular && goals && !same(regular, goals))
          ? 'EXTRA_TIME'
          : 'REGULAR');
    const fullTime =
      m.fullTime !== undefined
        ? m.fullTime
        : goals
          ? { home: goals.home + (penalty?.home ?? 0), away: goals.away + (penalty?.away ?? 0) }
          : null;
    const finished = status === 'FINISHED' || status === 'AWARDED';
    const decider = duration === 'PENALTY_SHOOTOUT' ? penalty : goals;
    const winner =
      !finished || !decider
        ? null
        : decider.home > decider.away
          ? 'HOME_TEAM'
          : decider.away > decider.home
            ? 'AWAY_TEAM'
            : 'DRAW';
    const nulls = { home: null, away: null };
    const breakdown =
      duration === 'REGULAR' || (list && freeTier)
        ? {}
        : {
            ...(regular ? { regularTime: regular } : {}),
            ...(extratime ? { extraTime: extratime } : {}),
            ...(duration === 'PENALTY_SHOOTOUT' && penalty ? { penalties: penalty } : {}),
          };
    const competition = competitionOf(m);
    const prices = odds.get(m.id);
    return {
      area: {
        id: 2000 + competition.id,
        name: competition.area,
        code: competition.area.slice(0, 3).toUpperCase(),
      },
      competition: {
        id: competition.id,
        name: competition.name,
        code: competition.code,
        type: competition.type,
        emblem: competition.emblem,
      },
      season: { id: 1000 + competition.id, startDate: null, endDate: null, currentMatchday: 1, winner: null },
      id: m.id,
      utcDate: `${m.kickoff.toISOString().slice(0, 19)}Z`,
      status,
      ...(LIVE.has(status) && m.elapsed != null ? { minute: m.elapsed, injuryTime: m.extra ?? null } : {}),
      matchday: 1,
      stage: competition.type === 'CUP' ? 'LAST_16' : 'REGULAR_SEASON',
      group: null,
      lastUpdated: new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      homeTeam: { id: teamId(m.home), ...teamNames(m.home, m.homeNames), crest: null },
      awayTeam: { id: teamId(m.away), ...teamNames(m.away, m.awayNames), crest: null },
      score: {
        winner,
        duration,
        fullTime: fullTime ?? nulls,
        halfTime: m.halftime ?? nulls,
        ...breakdown,
      },
      odds:
        oddsPackage && prices
          ? { homeWin: prices.home, draw: prices.draw, awayWin: prices.away }
          : { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
      referees: [],
    };
  };

  const matchesEndpoint = (res: ServerResponse, call: FakeCall, params: Params) => {
    for (const name of Object.keys(params)) {
      if (!MATCH_FILTERS.has(name)) return error(res, call, 400, `The filter '${name}' is not supported.`);
    }
    const { dateFrom, dateTo } = params;
    if ((dateFrom === undefined) !== (dateTo === undefined)) {
      return error(res, call, 400, 'The filters dateFrom and dateTo must be used together.');
    }
    if (dateFrom !== undefined && dateTo !== undefined) {
      if (!validDay(dateFrom) || !validDay(dateTo)) {
        return error(
          res,
          call,
          400,
          'The dateFrom and dateTo filters must be dates in the format yyyy-MM-dd.',
        );
      }
      const span = (Date.parse(`${dateTo}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`)) / DAY_MS;
      if (span < 0) return error(res, call, 400, 'The dateTo filter must not be before dateFrom.');
      if (span > 10)
        return error(res, call, 400, 'The date range between dateFrom and dateTo must not exceed 10 days.');
    }
    if (params.ids !== undefined && !/^\d+(,\d+)*$/.test(params.ids)) {
      return error(res, call, 400, "The filter 'ids' must be a comma-separated list of match ids.");
    }
    if (params.status !== undefined && !params.status.split(',').every((status) => STATUSES.has(status))) {
      return error(res, call, 400, `The filter 'status' has an unknown value: ${params.status}.`);
    }
    let wantedCompetitions: Set<string> | null = null;
    if (params.competitions !== undefined) {
      wantedCompetitions = new Set();
      for (const entry of params.competitions.split(',')) {
        const code = /^\d+$/.test(entry)
          ? Object.entries(COMPETITIONS).find(([, c]) => c.id === Number(entry))?.[0]
          : entry;
        if (!code || !plan.has(code)) return error(res, call, 403, RESTRICTED);
        wantedCompetitions.add(code);
      }
    }

    let found = [...matches.values()].filter((m) => plan.has(m.leagueId));
    if (wantedCompetitions) {
      const wanted = wantedCompetitions;
      found = found.filter((m) => wanted.has(m.leagueId));
    }
    if (params.ids) {
      const wanted = new Set(params.ids.split(',').map(Number));
      found = found.filter((m) => wanted.has(m.id));
    }
    // Without dates or ids the API answers today's matches.
    const from = dateFrom ?? (params.ids ? undefined : new Date(now()).toISOString().slice(0, 10));
    const to = dateTo ?? from;
    if (from && to) {
      found = found.filter((m) => {
        const day = m.kickoff.toISOString().slice(0, 10);
        return day >= from && day <= to;
      });
    }
    if (params.status) {
      const wanted = new Set(params.status.split(','));
      found = found.filter((m) => wanted.has(m.status));
    }
    found.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.id - b.id);
    return send(res, call, 200, {
      filters: { ...params, permission: 'TIER_ONE' },
      resultSet: {
        count: found.length,
        competitions: [...new Set(found.map((m) => m.leagueId))].join(','),
        ...(found.length
          ? {
              first: found[0]?.kickoff.toISOString().slice(0, 10),
              last: found.at(-1)?.kickoff.toISOString().slice(0, 10),
            }
          : {}),
        played: found.filter((m) => m.status === 'FINISHED').length,
      },
      matches: found.map((m) => render(m, true)),
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params: Params = Object.fromEntries(url.searchParams);
    const fullPath = url.pathname.replace(/\/+$/, '') || '/';
    const path = fullPath.replace(/^\/v4(?=\/|$)/, '') || '/';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const call: FakeCall = { method: req.method ?? 'GET', path, query: params, headers, at: now() };
    calls.push(call);
    rollWindows();

    const failure = failures.shift();
    if (failure) return fail(res, call, failure);

    if (!fullPath.startsWith('/v4/'))
      return error(res, call, 404, 'The resource you are looking for does not exist.');
    if (req.method !== 'GET') return error(res, call, 405, `The method ${req.method} is not allowed.`);
    const token = headers['x-auth-token'];
    if (token === undefined || token === '') return error(res, call, 403, RESTRICTED);
    if (token !== key) return error(res, call, 403, 'Your API token is invalid.');
    if (minuteUsed >= minuteLimit || (dayLimit !== null && dayUsed >= dayLimit)) {
      const wait =
        minuteUsed >= minuteLimit
          ? resetSeconds()
          : Math.ceil((Date.parse(`${dayOf}T00:00:00Z`) + DAY_MS - now()) / 1000);
      return error(res, call, 429, `You reached your request limit. Wait ${wait} seconds.`);
    }
    minuteUsed += 1;
    dayUsed += 1;
    minuteStartedAt ??= now();

    if (path === '/matches') return matchesEndpoint(res, call, params);
    const single = /^\/matches\/(\d+)$/.exec(path);
    if (single) {
      const match = matches.get(Number(single[1]));
      if (!match) return error(res, call, 404, 'The resource you are looking for does not exist.');
      if (!plan.has(match.leagueId)) return error(res, call, 403, RESTRICTED);
      return send(res, call, 200, render(match, false));
    }
    if (path === '/competitions') {
      const list = [...plan].flatMap((code) => {
        const c = COMPETITIONS[code];
        return c
          ? [{ id: c.id, area: { name: c.area }, name: c.name, code, type: c.type, plan: 'TIER_ONE' }]
          : [];
      });
      return send(res, call, 200, {
        count: list.length,
        filters: { client: 'CashTips tests' },
        competitions: list,
      });
    }
    return error(res, call, 404, 'The resource you are looking for does not exist.');
  };

  const fail = (res: ServerResponse, call: FakeCall, failure: FakeFootballDataFailure) => {
    switch (failure) {
      case 'server-error':
        call.status = 500;
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
      case 'bad-json':
        call.status = 200;
        res.writeHead(200, { 'content-type': 'application/json', ...quotaHeaders() });
        return res.end('{"matches":[');
      case 'hang':
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      case 'disconnect':
        res.socket?.destroy();
        return;
      case 'invalid-key':
        return error(res, call, 403, 'Your API token is invalid.');
      case 'rate':
        return error(res, call, 429, `You reached your request limit. Wait ${resetSeconds()} seconds.`);
      case 'restricted':
        return error(res, call, 403, RESTRICTED);
    }
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (thrown) {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(thrown));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const store = (input: FakeMatchInput, previous?: StoredMatch): StoredMatch => {
    const next: StoredMatch = { ...previous, ...input, status: input.status ?? previous?.status ?? 'TIMED' };
    if (input.regularTime !== undefined && input.fulltime === undefined) next.fulltime = input.regularTime;
    const wasStatus = previous?.status;
    // halfTime is set when the match is first PAUSED and never changes after.
    if (next.status === 'PAUSED' && next.halftime === undefined)
      next.halftime = next.goals ?? { home: 0, away: 0 };
    if (AFTER_NINETY.has(next.status)) next.wentToExtraTime = true;
    // regularTime is the score when play went past 90 minutes.
    if (
      AFTER_NINETY.has(next.status) &&
      wasStatus !== undefined &&
      !AFTER_NINETY.has(wasStatus) &&
      next.fulltime === undefined &&
      next.regularTime === undefined
    ) {
      next.fulltime = previous?.goals ?? { home: 0, away: 0 };
    }
    return next;
  };

  return {
    /** The API root with `/v4`, as FOOTBALL_DATA_URL. */
    url: `http://127.0.0.1:${port}/v4`,
    key,
    /** Every request received, refused ones included. */
    calls,
    /** Requests received, optionally only those to one path ('/matches'). */
    callCount(path?: string): number {
      return path === undefined ? calls.length : calls.filter((call) => call.path === path).length;
    },
    addFixture(input: FakeMatchInput): void {
      matches.set(input.id, store(input));
    },
    /**
     * Moves a match along: `updateFixture(id, { status: 'IN_PLAY', elapsed: 67, goals: { home: 1, away: 0 } })`.
     * Passing a field as `undefined` leaves it as it was.
     */
    updateFixture(id: number, patch: Partial<Omit<FakeMatchInput, 'id'>>): void {
      const previous = matches.get(id);
      if (!previous) throw new Error(`fake football-data.org: no match ${id}`);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      matches.set(id, store({ ...previous, ...defined, id } as FakeMatchInput, previous));
    },
    removeFixture(id: number): void {
      matches.delete(id);
      odds.delete(id);
    },
    /** The match as /v4/matches/:id would answer it now. */
    fixture(id: number) {
      const stored = matches.get(id);
      return stored ? render(stored, false) : undefined;
    },
    /** Prices carried by the match (seen only with the odds package on). */
    setOdds(fixtureId: number, input: FakeOddsInput): void {
      odds.set(fixtureId, { home: input.home ?? null, draw: input.draw ?? null, away: input.away ?? null });
    },
    clearOdds(fixtureId: number): void {
      odds.delete(fixtureId);
    },
    setOddsPackage(on: boolean): void {
      oddsPackage = on;
    },
    /** List answers leave out regularTime/extraTime/penalties while on. */
    setFreeTier(on: boolean): void {
      freeTier = on;
    },
    setPlan(codes: string[]): void {
      plan = new Set(codes);
    },
    /**
     * New limits (omitted: unchanged; `day: null` for none); the counters restart unless
     * `usedToday` / `usedThisMinute` say how many calls are already spent.
     */
    setQuota(quota: {
      day?: number | null;
      minute?: number;
      usedToday?: number;
      usedThisMinute?: number;
    }): void {
      if (quota.day !== undefined) dayLimit = quota.day;
      minuteLimit = quota.minute ?? minuteLimit;
      dayUsed = quota.usedToday ?? 0;
      minuteUsed = quota.usedThisMinute ?? 0;
      minuteStartedAt = minuteUsed > 0 ? now() : null;
    },
    quota() {
      rollWindows();
      return {
        dayLimit,
        dayRemaining: dayLimit === null ? null : Math.max(0, dayLimit - dayUsed),
        minuteLimit,
        minuteRemaining: Math.max(0, minuteLimit - minuteUsed),
        minuteResetSeconds: resetSeconds(),
      };
    },
    /** The next `times` requests fail this way (before the token and quota are checked). */
    failNext(kind: FakeFootballDataFailure, times = 1): void {
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

export type FakeFootballData = Awaited<ReturnType<typeof startFakeFootballData>>;

function same(a: FakeGoals, b: FakeGoals): boolean {
  return a.home === b.home && a.away === b.away;
}

function teamNames(team: string, names: TeamNames = {}) {
  return {
    name: names.name ?? `${team} FC`,
    shortName: names.shortName === undefined ? team : names.shortName,
    tla: names.tla === undefined ? tla(team) : names.tla,
  };
}

function tla(name: string): string {
  return name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
}

function validDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
