import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeFootballData,
  type FakeMatchInput,
  startFakeFootballData,
} from '../../../test/fake-football-data.ts';
import { createFootballProvider } from './index.ts';
import {
  type FootballProvider,
  ProviderError,
  type ProviderErrorKind,
  type ProviderFixture,
} from './provider.ts';

let fake: FakeFootballData;
let provider: FootballProvider;

beforeEach(async () => {
  fake = await startFakeFootballData();
  provider = connect();
});
afterEach(() => fake.close());

function connect(options: { key?: string; timeoutMs?: number; fetch?: typeof fetch } = {}) {
  return createFootballProvider(
    {
      provider: 'football-data',
      key: options.key ?? fake.key,
      baseUrl: fake.url,
      leagues: ['PL', 'BL1'],
      pollSeconds: 60,
      resultConfirmMinutes: 10,
    },
    { timeoutMs: options.timeoutMs ?? 5_000, ...(options.fetch ? { fetch: options.fetch } : {}) },
  );
}

const kickoff = new Date('2025-03-01T15:00:00Z');

function match(id: number, extra: Partial<FakeMatchInput> = {}): FakeMatchInput {
  return { id, leagueId: 'PL', home: 'Arsenal', away: 'Chelsea', kickoff, ...extra };
}

async function one(id: number): Promise<ProviderFixture> {
  const [fixture] = await provider.fixturesById([String(id)]);
  if (!fixture) throw new Error(`match ${id} not answered`);
  return fixture;
}

async function expectKind(promise: Promise<unknown>, kind: ProviderErrorKind): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  expect(error.kind, error.message).toBe(kind);
  return error;
}

function canned(status: number, body: unknown, headers: Record<string, string> = {}): typeof fetch {
  return async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

/** One v4 match as the API writes it, for shapes the fake does not produce. */
function rawMatch(extra: Record<string, unknown>) {
  return {
    id: 9,
    utcDate: '2025-03-01T15:00:00Z',
    status: 'IN_PLAY',
    competition: { id: 2021, name: 'Premier League', code: 'PL' },
    homeTeam: { id: 1, name: 'Arsenal FC', shortName: 'Arsenal' },
    awayTeam: { id: 2, name: 'Chelsea FC', shortName: null },
    score: {
      winner: null,
      duration: 'REGULAR',
      fullTime: { home: 0, away: 0 },
      halfTime: { home: null, away: null },
    },
    ...extra,
  };
}

describe('football-data.org adapter: statuses', () => {
  const rows: [string, Partial<FakeMatchInput>, Partial<ProviderFixture>][] = [
    ['SCHEDULED', {}, { status: 'scheduled', minute: null, score: null, result: null }],
    ['TIMED', {}, { status: 'scheduled', minute: null, score: null, result: null }],
    [
      'IN_PLAY',
      { elapsed: 67, extra: null, goals: { home: 1, away: 0 } },
      { status: 'live', minute: 67, score: { home: 1, away: 0 } },
    ],
    ['IN_PLAY', { elapsed: 45, extra: 2 }, { status: 'live', minute: 47 }],
    ['IN_PLAY', {}, { status: 'live', minute: null, score: { home: 0, away: 0 } }],
    [
      'EXTRA_TIME',
      { elapsed: 100, goals: { home: 1, away: 1 } },
      { status: 'live', minute: 100, result: null },
    ],
    [
      'PENALTY_SHOOTOUT',
      { goals: { home: 1, away: 1 }, penalty: { home: 2, away: 1 } },
      { status: 'live', result: null },
    ],
    ['LIVE', { elapsed: 12 }, { status: 'live', minute: 12 }],
    [
      'PAUSED',
      { goals: { home: 0, away: 1 } },
      { status: 'halftime', minute: null, score: { home: 0, away: 1 } },
    ],
    [
      'FINISHED',
      { goals: { home: 4, away: 1 } },
      { status: 'finished', minute: null, result: { kind: 'score', score: { home: 4, away: 1 } } },
    ],
    ['SUSPENDED', { goals: { home: 0, away: 0 } }, { status: 'suspended', result: null }],
    ['POSTPONED', {}, { status: 'postponed', score: null, result: null }],
    ['CANCELLED', {}, { status: 'cancelled', result: null }],
    ['AWARDED', {}, { status: 'finished', result: { kind: 'void', reason: 'Awarded (not played)' } }],
    ['SOMETHING_NEW', {}, { status: 'suspended', result: null }],
  ];

  it.each(rows)('%s %o', async (status, input, expected) => {
    fake.addFixture(match(7, { status, ...input }));
    expect(await one(7)).toMatchObject({ providerStatus: status, ...expected });
  });

  it('reads the fields of a match: competition code, short names (every name form kept, trimmed), utcDate', async () => {
    fake.addFixture({
      id: 497474,
      leagueId: 'BL1',
      home: 'Bayern',
      away: 'Dortmund',
      homeNames: { name: ' FC Bayern München ', shortName: 'Bayern ', tla: 'FCB' },
      awayNames: { name: 'Borussia Dortmund', shortName: 'Dortmund', tla: 'BVB' },
      kickoff,
    });
    expect(await one(497474)).toEqual({
      providerId: '497474',
      leagueId: 'BL1',
      league: 'Bundesliga',
      homeTeam: 'Bayern',
      awayTeam: 'Dortmund',
      homeNames: ['Bayern', 'FC Bayern München', 'FCB'],
      awayNames: ['Dortmund', 'Borussia Dortmund', 'BVB'],
      kickoff,
      status: 'scheduled',
      providerStatus: 'TIMED',
      minute: null,
      score: null,
      result: null,
    });
  });

  it('falls back to the team name and the competition id; reads a minute given as text', async () => {
    const body = {
      matches: [rawMatch({ minute: '45+2', competition: { id: 2021, name: 'Premier League' } })],
    };
    const [fixture] = await connect({ fetch: canned(200, body) }).fixturesById(['9']);
    expect(fixture).toMatchObject({
      leagueId: '2021',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea FC',
      minute: 47,
    });
    const [plain] = await connect({
      fetch: canned(200, { matches: [rawMatch({ minute: '67' })] }),
    }).fixturesById(['9']);
    expect(plain?.minute).toBe(67);
  });

  it('follows a match TIMED -> IN_PLAY -> PAUSED -> IN_PLAY -> FINISHED', async () => {
    fake.addFixture(match(5));
    expect(await one(5)).toMatchObject({ status: 'scheduled', score: null });
    fake.updateFixture(5, { status: 'IN_PLAY', elapsed: 30, goals: { home: 0, away: 1 } });
    expect(await one(5)).toMatchObject({
      status: 'live',
      minute: 30,
      score: { home: 0, away: 1 },
      result: null,
    });
    fake.updateFixture(5, { status: 'PAUSED' });
    expect(await one(5)).toMatchObject({ status: 'halftime', minute: null });
    fake.updateFixture(5, { status: 'IN_PLAY', elapsed: 80, goals: { home: 2, away: 1 } });
    expect(await one(5)).toMatchObject({ status: 'live', score: { home: 2, away: 1 } });
    fake.updateFixture(5, { status: 'FINISHED' });
    expect(fake.fixture(5)?.score).toMatchObject({
      winner: 'HOME_TEAM',
      duration: 'REGULAR',
      halfTime: { home: 0, away: 1 },
      fullTime: { home: 2, away: 1 },
    });
    expect(await one(5)).toMatchObject({
      status: 'finished',
      result: { kind: 'score', score: { home: 2, away: 1 } },
    });
  });
});

describe('football-data.org adapter: the 90-minute result', () => {
  it('after extra time: regularTime, never fullTime', async () => {
    fake.addFixture(match(1, { status: 'IN_PLAY', elapsed: 90, goals: { home: 1, away: 1 } }));
    fake.updateFixture(1, { status: 'EXTRA_TIME', elapsed: 95 });
    fake.updateFixture(1, { goals: { home: 2, away: 1 }, elapsed: 110 });
    fake.updateFixture(1, { status: 'FINISHED' });
    expect(fake.fixture(1)?.score).toMatchObject({
      duration: 'EXTRA_TIME',
      fullTime: { home: 2, away: 1 },
      regularTime: { home: 1, away: 1 },
      extraTime: { home: 1, away: 0 },
    });
    expect(await one(1)).toMatchObject({
      score: { home: 2, away: 1 },
      result: { kind: 'score', score: { home: 1, away: 1 } },
    });
  });

  it('PENALTY_SHOOTOUT: fullTime 6-4, regularTime 1-1 settles 1-1 and shows 1-1', async () => {
    fake.addFixture(
      match(2, {
        status: 'FINISHED',
        goals: { home: 1, away: 1 },
        fulltime: { home: 1, away: 1 },
        extratime: { home: 0, away: 0 },
        penalty: { home: 5, away: 3 },
      }),
    );
    expect(fake.fixture(2)?.score).toEqual({
      winner: 'HOME_TEAM',
      duration: 'PENALTY_SHOOTOUT',
      fullTime: { home: 6, away: 4 },
      halfTime: { home: null, away: null },
      regularTime: { home: 1, away: 1 },
      extraTime: { home: 0, away: 0 },
      penalties: { home: 5, away: 3 },
    });
    expect(await one(2)).toMatchObject({
      status: 'finished',
      score: { home: 1, away: 1 },
      result: { kind: 'score', score: { home: 1, away: 1 } },
    });
  });

  it('without regularTime (the free tier leaves it out of lists) a match decided after 90 minutes is untrusted', async () => {
    fake.setFreeTier(true);
    fake.addFixture(
      match(3, {
        status: 'FINISHED',
        goals: { home: 1, away: 1 },
        fulltime: { home: 1, away: 1 },
        extratime: { home: 0, away: 0 },
        penalty: { home: 5, away: 3 },
      }),
    );
    fake.addFixture(
      match(4, { status: 'FINISHED', goals: { home: 3, away: 2 }, fulltime: { home: 2, away: 2 } }),
    );
    const [penalties, extraTime] = await provider.fixturesById(['3', '4']);
    const reason = 'football-data.org gave no 90-minute score for a match decided in extra time.';
    expect(penalties?.result).toEqual({ kind: 'untrusted', reason });
    expect(extraTime?.result).toEqual({ kind: 'untrusted', reason });
    expect(extraTime?.score).toEqual({ home: 3, away: 2 });
  });

  it('a shootout without the breakdown shows fullTime less the penalties when those are given', async () => {
    const body = {
      matches: [
        rawMatch({
          status: 'FINISHED',
          score: {
            winner: 'AWAY_TEAM',
            duration: 'PENALTY_SHOOTOUT',
            fullTime: { home: 4, away: 6 },
            penalties: { home: 2, away: 4 },
          },
        }),
      ],
    };
    const [fixture] = await connect({ fetch: canned(200, body) }).fixturesById(['9']);
    expect(fixture).toMatchObject({ score: { home: 2, away: 2 }, result: { kind: 'untrusted' } });
  });
});

describe('football-data.org adapter: fixtures of followed competitions by Lagos day', () => {
  beforeEach(() => {
    fake.addFixture(match(1, { kickoff: new Date('2025-03-01T23:30:00Z') }));
    fake.addFixture(
      match(2, {
        leagueId: 'BL1',
        home: 'Bayern',
        away: 'Dortmund',
        kickoff: new Date('2025-03-02T14:30:00Z'),
      }),
    );
    fake.addFixture(
      match(3, { leagueId: 'PD', home: 'Sevilla', away: 'Betis', kickoff: new Date('2025-03-02T15:00:00Z') }),
    );
    fake.addFixture(match(4, { kickoff: new Date('2025-03-02T23:00:00Z') }));
    fake.addFixture(match(5, { kickoff: new Date('2025-03-01T22:59:00Z') }));
  });

  it('asks from the UTC day before, keeps followed competitions on the Lagos days asked', async () => {
    const found = await provider.fixtures({ from: '2025-03-02', to: '2025-03-02', leagues: ['PL', 'BL1'] });
    expect(found.map((f) => f.providerId).sort()).toEqual(['1', '2']);
    expect(fake.calls.map((call) => [call.path, call.query])).toEqual([
      ['/matches', { competitions: 'PL,BL1', dateFrom: '2025-03-01', dateTo: '2025-03-03' }],
    ]);
  });

  it('a 23:30 UTC kickoff belongs to the next Lagos day', async () => {
    const first = await provider.fixtures({ from: '2025-03-01', to: '2025-03-01', leagues: ['PL'] });
    expect(first.map((f) => f.providerId)).toEqual(['5']);
    const third = await provider.fixtures({ from: '2025-03-03', to: '2025-03-03', leagues: ['PL'] });
    expect(third.map((f) => f.providerId)).toEqual(['4']);
  });

  it('eight Lagos days take one call inside the 10-day window', async () => {
    await provider.fixtures({ from: '2025-03-01', to: '2025-03-08', leagues: ['PL'] });
    expect(fake.calls.map((call) => call.status)).toEqual([200]);
    const { dateFrom = '', dateTo = '' } = fake.calls[0]?.query ?? {};
    expect(Date.parse(dateTo) - Date.parse(dateFrom)).toBeLessThanOrEqual(10 * 86_400_000);
    expect(dateFrom).toBe('2025-02-28');
  });

  it('a longer range is split into windows the API accepts', async () => {
    await provider.fixtures({ from: '2025-03-01', to: '2025-03-20', leagues: ['PL'] });
    expect(fake.calls.length).toBeGreaterThan(1);
    expect(fake.calls.every((call) => call.status === 200)).toBe(true);
  });

  it('asks nothing without leagues', async () => {
    expect(await provider.fixtures({ from: '2025-03-01', to: '2025-03-08', leagues: [] })).toEqual([]);
    expect(fake.callCount()).toBe(0);
  });
});

describe('football-data.org adapter: by id and odds', () => {
  it('batches ids comma-separated, 50 a call (120 ids: 3 calls)', async () => {
    const ids = Array.from({ length: 120 }, (_, index) => 1000 + index);
    for (const id of ids) fake.addFixture(match(id));
    const found = await provider.fixturesById(ids.map(String));
    expect(found).toHaveLength(120);
    expect(fake.calls.map((call) => call.query.ids?.split(',').length)).toEqual([50, 50, 20]);
  });

  it('odds only with the odds package, from the match objects, one call for many ids', async () => {
    fake.addFixture(match(1));
    fake.addFixture(match(2));
    fake.setOdds(1, { home: 1.45, draw: 4.5, away: 6.5 });
    expect(await provider.odds(['1', '2'])).toEqual([]);
    expect(fake.fixture(1)?.odds).toEqual({ msg: 'Activate Odds-Package in User-Panel to retrieve odds.' });

    fake.setOddsPackage(true);
    const before = Date.now();
    const odds = await provider.odds(['1', '2']);
    expect(odds).toEqual([
      {
        providerId: '1',
        bookmaker: 'football-data',
        updatedAt: expect.any(Date),
        home: 1.45,
        draw: 4.5,
        away: 6.5,
        over25: null,
        under25: null,
      },
    ]);
    expect(odds[0]?.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(fake.calls.map((call) => call.query)).toEqual([{ ids: '1,2' }, { ids: '1,2' }]);
  });
});

describe('football-data.org adapter: errors and quota', () => {
  it('sends the token in X-Auth-Token', async () => {
    await provider.fixturesById(['1']);
    expect(fake.calls[0]?.headers['x-auth-token']).toBe(fake.key);
    expect(fake.calls[0]?.path).toBe('/matches');
  });

  it('a refused token is auth (403 as the fake answers, 400 as it has been seen)', async () => {
    const error = await expectKind(connect({ key: 'wrong' }).fixturesById(['1']), 'auth');
    expect(error.message).toContain('token');
    expect(fake.calls[0]?.status).toBe(403);
    const seen = canned(400, { message: 'Your API token is invalid.', errorCode: 400 });
    await expectKind(connect({ fetch: seen }).fixturesById(['1']), 'auth');
  });

  it('a competition outside the plan is request (403 not about the token)', async () => {
    fake.setPlan(['PL']);
    await expectKind(
      provider.fixtures({ from: '2025-03-01', to: '2025-03-01', leagues: ['PL', 'BL1'] }),
      'request',
    );
    expect(fake.calls[0]?.status).toBe(403);
  });

  it('400 and 404 are request', async () => {
    await expectKind(
      connect({ fetch: canned(400, { message: 'Invalid filter', errorCode: 400 }) }).fixturesById(['1']),
      'request',
    );
    await expectKind(
      connect({
        fetch: canned(404, { message: 'The resource you are looking for does not exist.', errorCode: 404 }),
      }).fixturesById(['1']),
      'request',
    );
  });

  it('a spent minute is 429 rate, with the wait the message gives', async () => {
    fake.setQuota({ minute: 2 });
    await provider.fixturesById(['1']);
    await provider.fixturesById(['1']);
    expect(provider.quota().minuteRemaining).toBe(0);
    const error = await expectKind(provider.fixturesById(['1']), 'rate');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(error.message).toMatch(/Wait \d+ seconds/);

    const told = canned(429, { message: 'You reached your request limit. Wait 37 seconds.', errorCode: 429 });
    expect((await expectKind(connect({ fetch: told }).fixturesById(['1']), 'rate')).retryAfterSeconds).toBe(
      37,
    );
    const headerOnly = canned(
      429,
      { message: 'Too many requests', errorCode: 429 },
      { 'X-RequestCounter-Reset': '12' },
    );
    expect(
      (await expectKind(connect({ fetch: headerOnly }).fixturesById(['1']), 'rate')).retryAfterSeconds,
    ).toBe(12);
  });

  it('reads X-Requests-Available-Minute and X-RequestCounter-Reset; day fields stay null', async () => {
    fake.setQuota({ minute: 10 });
    await provider.fixturesById(['1']);
    expect(provider.quota()).toEqual({
      dayLimit: null,
      dayRemaining: null,
      minuteLimit: null,
      minuteRemaining: 9,
      minuteResetSeconds: expect.any(Number),
    });
    expect(provider.quota().minuteResetSeconds).toBeLessThanOrEqual(60);
  });

  it('5xx, a cut connection, an unreadable body and no answer in time are unavailable', async () => {
    fake.failNext('server-error');
    await expectKind(provider.fixturesById(['1']), 'unavailable');
    fake.failNext('disconnect');
    await expectKind(provider.fixturesById(['1']), 'unavailable');
    fake.failNext('bad-json');
    await expectKind(provider.fixturesById(['1']), 'unavailable');
    fake.failNext('hang');
    await expectKind(connect({ timeoutMs: 200 }).fixturesById(['1']), 'unavailable');
  });

  it('the fake enforces dateFrom/dateTo together and at most 10 days apart', async () => {
    const ask = async (query: string) => {
      const response = await fetch(`${fake.url}/matches?${query}`, { headers: { 'X-Auth-Token': fake.key } });
      return {
        status: response.status,
        body: (await response.json()) as { message?: string; errorCode?: number },
      };
    };
    expect((await ask('dateFrom=2025-03-01')).status).toBe(400);
    expect(await ask('dateFrom=2025-03-01&dateTo=2025-03-12')).toMatchObject({
      status: 400,
      body: { errorCode: 400 },
    });
    expect((await ask('dateFrom=2025-03-01&dateTo=2025-03-11')).status).toBe(200);
    expect((await ask('dateFrom=2025-3-1&dateTo=2025-03-02')).status).toBe(400);
    const post = await fetch(`${fake.url}/matches`, {
      method: 'POST',
      headers: { 'X-Auth-Token': fake.key },
    });
    expect(post.status).toBe(405);
  });
});
