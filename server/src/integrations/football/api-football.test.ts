import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeApiFootball,
  type FakeFixtureInput,
  startFakeApiFootball,
} from '../../../test/fake-api-football.ts';
import { createFootballProvider } from './index.ts';
import {
  type FootballProvider,
  ProviderError,
  type ProviderErrorKind,
  type ProviderFixture,
} from './provider.ts';

let fake: FakeApiFootball;
let provider: FootballProvider;

beforeEach(async () => {
  fake = await startFakeApiFootball();
  provider = connect();
});
afterEach(() => fake.close());

function connect(options: { key?: string; timeoutMs?: number; fetch?: typeof fetch } = {}) {
  return createFootballProvider(
    {
      provider: 'api-football',
      key: options.key ?? fake.key,
      baseUrl: fake.url,
      leagues: ['39', '399'],
      pollSeconds: 60,
      resultConfirmMinutes: 10,
    },
    { timeoutMs: options.timeoutMs ?? 5_000, ...(options.fetch ? { fetch: options.fetch } : {}) },
  );
}

const kickoff = new Date('2025-03-01T15:00:00Z');

function match(id: number, extra: Partial<FakeFixtureInput> = {}): FakeFixtureInput {
  return { id, leagueId: 39, home: 'Arsenal', away: 'Chelsea', kickoff, ...extra };
}

async function one(id: number): Promise<ProviderFixture> {
  const [fixture] = await provider.fixturesById([String(id)]);
  if (!fixture) throw new Error(`fixture ${id} not answered`);
  return fixture;
}

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

async function expectKind(promise: Promise<unknown>, kind: ProviderErrorKind) {
  const error = await refusal(promise);
  expect(error.kind, error.message).toBe(kind);
  return error;
}

/** A fetch that answers one canned response, for answers the fake has no reason to give. */
function canned(status: number, body: unknown, headers: Record<string, string> = {}): typeof fetch {
  return async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

const envelope = (errors: unknown) => ({
  get: 'fixtures',
  parameters: { ids: '1' },
  errors,
  results: 0,
  paging: { current: 1, total: 1 },
  response: [],
});

describe('API-Football adapter: status.short', () => {
  const rows: [string, Partial<FakeFixtureInput>, Partial<ProviderFixture>][] = [
    ['TBD', {}, { status: 'scheduled', minute: null, score: null, result: null }],
    ['NS', {}, { status: 'scheduled', minute: null, score: null, result: null }],
    [
      '1H',
      { elapsed: 23, goals: { home: 1, away: 0 } },
      { status: 'live', minute: 23, score: { home: 1, away: 0 } },
    ],
    ['HT', { goals: { home: 1, away: 0 } }, { status: 'halftime', minute: null, result: null }],
    [
      '2H',
      { elapsed: 90, extra: 4, goals: { home: 1, away: 1 } },
      { status: 'live', minute: 94, result: null },
    ],
    ['ET', { elapsed: 105, extra: 1 }, { status: 'live', minute: 106, result: null }],
    ['BT', { elapsed: 90 }, { status: 'live', minute: 90, result: null }],
    ['P', { elapsed: 120 }, { status: 'live', minute: 120, result: null }],
    ['LIVE', { elapsed: 50 }, { status: 'live', minute: 50 }],
    [
      'FT',
      { goals: { home: 2, away: 1 } },
      { status: 'finished', minute: null, result: { kind: 'score', score: { home: 2, away: 1 } } },
    ],
    [
      'AET',
      { goals: { home: 3, away: 2 }, fulltime: { home: 2, away: 2 } },
      {
        status: 'finished',
        score: { home: 3, away: 2 },
        result: { kind: 'score', score: { home: 2, away: 2 } },
      },
    ],
    [
      'PEN',
      { goals: { home: 1, away: 1 }, fulltime: { home: 1, away: 1 }, penalty: { home: 4, away: 3 } },
      {
        status: 'finished',
        score: { home: 1, away: 1 },
        result: { kind: 'score', score: { home: 1, away: 1 } },
      },
    ],
    ['PST', {}, { status: 'postponed', score: null, result: null }],
    [
      'SUSP',
      { elapsed: 60, goals: { home: 0, away: 0 } },
      { status: 'suspended', minute: null, result: null },
    ],
    ['INT', { elapsed: 33 }, { status: 'suspended', minute: null, result: null }],
    ['CANC', {}, { status: 'cancelled', result: null }],
    ['ABD', { elapsed: 70, goals: { home: 2, away: 0 } }, { status: 'abandoned', result: null }],
    [
      'AWD',
      { goals: { home: 3, away: 0 } },
      { status: 'finished', result: { kind: 'void', reason: 'Awarded (not played)' } },
    ],
    [
      'WO',
      { goals: { home: 3, away: 0 } },
      { status: 'finished', result: { kind: 'void', reason: 'Walkover' } },
    ],
    ['XYZ', {}, { status: 'suspended', result: null }],
  ];

  it.each(rows)('%s', async (short, input, expected) => {
    fake.addFixture(match(7, { status: short, ...input }));
    expect(await one(7)).toMatchObject({ providerStatus: short, ...expected });
  });

  it('trusts status.short, never status.long ("Match Finished" for AET and PEN alike)', async () => {
    fake.addFixture(match(1, { status: 'AET', goals: { home: 2, away: 1 }, fulltime: { home: 1, away: 1 } }));
    expect(fake.fixture(1)?.fixture.status.long).toBe('Match Finished');
    expect(await one(1)).toMatchObject({
      providerStatus: 'AET',
      result: { kind: 'score', score: { home: 1, away: 1 } },
    });
  });

  it('reads the fields of a fixture', async () => {
    fake.addFixture({ id: 1208099, leagueId: 399, home: 'Enyimba', away: 'Kano Pillars', kickoff });
    expect(await one(1208099)).toEqual({
      providerId: '1208099',
      leagueId: '399',
      league: 'NPFL',
      homeTeam: 'Enyimba',
      awayTeam: 'Kano Pillars',
      homeNames: ['Enyimba'],
      awayNames: ['Kano Pillars'],
      kickoff,
      status: 'scheduled',
      providerStatus: 'NS',
      minute: null,
      score: null,
      result: null,
    });
  });

  it('follows a match NS -> 1H -> HT -> 2H -> FT', async () => {
    fake.addFixture(match(5));
    expect(await one(5)).toMatchObject({ status: 'scheduled', score: null, result: null });

    fake.updateFixture(5, { status: '1H', elapsed: 12, goals: { home: 1, away: 0 } });
    expect(await one(5)).toMatchObject({
      status: 'live',
      minute: 12,
      score: { home: 1, away: 0 },
      result: null,
    });

    fake.updateFixture(5, { status: 'HT', elapsed: 45 });
    expect(await one(5)).toMatchObject({ status: 'halftime', minute: null, score: { home: 1, away: 0 } });
    expect(fake.fixture(5)?.score.halftime).toEqual({ home: 1, away: 0 });

    fake.updateFixture(5, { status: '2H', elapsed: 78, goals: { home: 1, away: 1 } });
    expect(await one(5)).toMatchObject({
      status: 'live',
      minute: 78,
      score: { home: 1, away: 1 },
      result: null,
    });

    fake.updateFixture(5, { status: 'FT', elapsed: 90, extra: 5 });
    expect(await one(5)).toMatchObject({
      status: 'finished',
      minute: null,
      score: { home: 1, away: 1 },
      result: { kind: 'score', score: { home: 1, away: 1 } },
    });
    expect(fake.fixture(5)?.score.halftime).toEqual({ home: 1, away: 0 });
  });
});

describe('API-Football adapter: the 90-minute result', () => {
  it('FT: fulltime, when it equals goals', async () => {
    fake.addFixture(match(1, { status: 'FT', goals: { home: 0, away: 2 } }));
    expect((await one(1)).result).toEqual({ kind: 'score', score: { home: 0, away: 2 } });
  });

  it('FT whose fulltime differs from goals is untrusted', async () => {
    fake.addFixture(match(1, { status: 'FT', goals: { home: 1, away: 0 }, fulltime: { home: 0, away: 0 } }));
    expect((await one(1)).result).toEqual({
      kind: 'untrusted',
      reason:
        "The provider's 90-minute score (0-0) differs from its final score (1-0) for a match that ended in regular time.",
    });
  });

  it('FT without a fulltime score is untrusted', async () => {
    fake.addFixture(match(1, { status: 'FT', goals: { home: 1, away: 0 }, fulltime: null }));
    expect((await one(1)).result).toMatchObject({ kind: 'untrusted' });
  });

  it('AET played through: fulltime froze at 90 minutes and extra time adds up to goals', async () => {
    fake.addFixture(match(2, { status: '2H', elapsed: 88, goals: { home: 1, away: 1 } }));
    fake.updateFixture(2, { status: 'BT', elapsed: 90 });
    expect(await one(2)).toMatchObject({ status: 'live', result: null });
    fake.updateFixture(2, { status: 'ET', elapsed: 104, goals: { home: 2, away: 1 } });
    expect(await one(2)).toMatchObject({
      status: 'live',
      minute: 104,
      score: { home: 2, away: 1 },
      result: null,
    });
    fake.updateFixture(2, { status: 'AET', elapsed: 120 });
    expect(fake.fixture(2)?.score).toMatchObject({
      fulltime: { home: 1, away: 1 },
      extratime: { home: 1, away: 0 },
    });
    expect(await one(2)).toMatchObject({
      status: 'finished',
      score: { home: 2, away: 1 },
      result: { kind: 'score', score: { home: 1, away: 1 } },
    });
  });

  it('AET like the real Brentford–Fulham record (fulltime = final, extratime null) is untrusted', async () => {
    fake.addFixture({
      id: 575674,
      leagueId: 40,
      leagueName: 'Championship',
      home: 'Brentford',
      away: 'Fulham',
      kickoff: new Date('2020-08-04T18:45:00Z'),
      status: 'AET',
      elapsed: 120,
      goals: { home: 1, away: 2 },
      halftime: null,
      fulltime: { home: 1, away: 2 },
      extratime: null,
      penalty: null,
    });
    const fixture = await one(575674);
    expect(fixture.status).toBe('finished');
    expect(fixture.score).toEqual({ home: 1, away: 2 });
    expect(fixture.result).toEqual({
      kind: 'untrusted',
      reason:
        "The provider's 90-minute score (1-2) does not add up with extra time (none) to the final score (1-2).",
    });
  });

  it('AET whose extra time does not add up is untrusted', async () => {
    fake.addFixture(
      match(3, {
        status: 'AET',
        goals: { home: 3, away: 1 },
        fulltime: { home: 1, away: 1 },
        extratime: { home: 1, away: 0 },
      }),
    );
    expect((await one(3)).result).toEqual({
      kind: 'untrusted',
      reason:
        "The provider's 90-minute score (1-1) does not add up with extra time (1-0) to the final score (3-1).",
    });
  });

  it('PEN: fulltime, with goals excluding the shootout', async () => {
    fake.addFixture(
      match(4, {
        status: '2H',
        goals: { home: 1, away: 1 },
      }),
    );
    fake.updateFixture(4, { status: 'ET' });
    fake.updateFixture(4, { status: 'P', elapsed: 120 });
    expect(await one(4)).toMatchObject({ status: 'live', result: null });
    fake.updateFixture(4, { status: 'PEN', penalty: { home: 4, away: 2 } });
    expect(fake.fixture(4)?.teams.home.winner).toBe(true);
    expect(await one(4)).toMatchObject({
      score: { home: 1, away: 1 },
      result: { kind: 'score', score: { home: 1, away: 1 } },
    });
  });

  it('PEN after a score that was not level is untrusted', async () => {
    fake.addFixture(
      match(4, {
        status: 'PEN',
        goals: { home: 2, away: 1 },
        fulltime: { home: 1, away: 1 },
        extratime: { home: 1, away: 0 },
        penalty: { home: 4, away: 3 },
      }),
    );
    expect((await one(4)).result).toMatchObject({ kind: 'untrusted' });
  });
});

describe('API-Football adapter: fixtures of followed leagues by Lagos day', () => {
  beforeEach(() => {
    fake.addFixture(match(1, { kickoff: new Date('2025-03-01T23:30:00Z') }));
    fake.addFixture(match(2, { kickoff: new Date('2025-03-02T14:00:00Z') }));
    fake.addFixture(
      match(3, { leagueId: 140, home: 'Sevilla', away: 'Betis', kickoff: new Date('2025-03-02T15:00:00Z') }),
    );
    fake.addFixture({
      id: 4,
      leagueId: 399,
      home: 'Rivers United',
      away: 'Enugu Rangers',
      kickoff: new Date('2025-03-02T22:59:00Z'),
    });
    fake.addFixture(match(5, { kickoff: new Date('2025-03-02T23:00:00Z') }));
  });

  it('one date call per Lagos day (Africa/Lagos), keeping only followed leagues', async () => {
    const found = await provider.fixtures({ from: '2025-03-02', to: '2025-03-02', leagues: ['39', '399'] });
    expect(found.map((f) => f.providerId).sort()).toEqual(['1', '2', '4']);
    expect(fake.calls.map((call) => [call.path, call.query])).toEqual([
      ['/fixtures', { date: '2025-03-02', timezone: 'Africa/Lagos' }],
    ]);
  });

  it('a 23:30 UTC kickoff belongs to the next Lagos day', async () => {
    const first = await provider.fixtures({ from: '2025-03-01', to: '2025-03-01', leagues: ['39'] });
    expect(first.map((f) => f.providerId)).toEqual([]);
    const third = await provider.fixtures({ from: '2025-03-03', to: '2025-03-03', leagues: ['39'] });
    expect(third.map((f) => f.providerId)).toEqual(['5']);
  });

  it('costs one call per day whatever the number of leagues', async () => {
    const found = await provider.fixtures({
      from: '2025-03-01',
      to: '2025-03-03',
      leagues: ['39', '140', '399', '78'],
    });
    expect(found.map((f) => f.providerId).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(fake.calls.map((call) => call.query.date)).toEqual(['2025-03-01', '2025-03-02', '2025-03-03']);
  });

  it('follows paging.total with `page`', async () => {
    await fake.close();
    fake = await startFakeApiFootball({ fixturesPageSize: 2 });
    provider = connect();
    for (let id = 1; id <= 5; id++)
      fake.addFixture(match(id, { kickoff: new Date(Date.UTC(2025, 2, 2, 10 + id)) }));
    const found = await provider.fixtures({ from: '2025-03-02', to: '2025-03-02', leagues: ['39'] });
    expect(found).toHaveLength(5);
    expect(fake.calls.map((call) => call.query.page)).toEqual([undefined, '2', '3']);
  });

  it('asks nothing without leagues, and refuses a malformed range', async () => {
    expect(await provider.fixtures({ from: '2025-03-01', to: '2025-03-08', leagues: [] })).toEqual([]);
    await expect(
      provider.fixtures({ from: '2025-03-08', to: '2025-03-01', leagues: ['39'] }),
    ).rejects.toThrow(RangeError);
    await expect(provider.fixtures({ from: '2025-3-1', to: '2025-03-01', leagues: ['39'] })).rejects.toThrow(
      RangeError,
    );
    expect(fake.callCount()).toBe(0);
  });
});

describe('API-Football adapter: fixtures by id', () => {
  it('asks at most 20 ids a call, dash-separated (45 ids: 3 calls)', async () => {
    const ids = Array.from({ length: 45 }, (_, index) => 100 + index);
    for (const id of ids) fake.addFixture(match(id));
    const found = await provider.fixturesById([...ids.map(String), '100', 'not-an-id']);
    expect(found.map((f) => Number(f.providerId)).sort((a, b) => a - b)).toEqual(ids);
    expect(fake.callCount('/fixtures')).toBe(3);
    const batches = fake.calls.map((call) => call.query.ids?.split('-') ?? []);
    expect(batches.map((batch) => batch.length)).toEqual([20, 20, 5]);
    expect(fake.calls.every((call) => Object.keys(call.query).join() === 'ids')).toBe(true);
  });

  it('asks nothing for no ids', async () => {
    expect(await provider.fixturesById([])).toEqual([]);
    expect(fake.callCount()).toBe(0);
  });
});

describe('API-Football adapter: odds', () => {
  it('reads Match Winner and Over/Under 2.5 per bookmaker, odds given as strings', async () => {
    fake.addFixture(match(1));
    fake.addFixture(match(2));
    const update = new Date('2025-02-28T12:00:05Z');
    fake.setOdds(1, {
      bookmaker: 'Bet365',
      home: 1.45,
      draw: '4.50',
      away: 6.5,
      over25: 1.57,
      under25: 2.37,
      update,
    });
    fake.setOdds(1, { bookmaker: 'Bwin', home: 1.5, draw: 4.2, away: 6, update });
    const odds = await provider.odds(['1', '2']);
    expect(odds).toEqual([
      {
        providerId: '1',
        bookmaker: 'Bet365',
        updatedAt: update,
        home: 1.45,
        draw: 4.5,
        away: 6.5,
        over25: 1.57,
        under25: 2.37,
      },
      {
        providerId: '1',
        bookmaker: 'Bwin',
        updatedAt: update,
        home: 1.5,
        draw: 4.2,
        away: 6,
        over25: null,
        under25: null,
      },
    ]);
    expect(fake.calls.map((call) => call.query)).toEqual([{ fixture: '1' }, { fixture: '2' }]);
  });

  it('the fake writes odds as strings among other over/under lines', async () => {
    fake.addFixture(match(1));
    fake.setOdds(1, { home: 2, draw: 3.3, away: 3.6, over25: 1.9, under25: 1.9 });
    const raw = (await (
      await fetch(`${fake.url}/odds?fixture=1`, { headers: { 'x-apisports-key': fake.key } })
    ).json()) as {
      response: { bookmakers: { bets: { id: number; values: { value: string; odd: unknown }[] }[] }[] }[];
    };
    const bets = raw.response[0]?.bookmakers[0]?.bets ?? [];
    expect(bets.find((bet) => bet.id === 1)?.values).toEqual([
      { value: 'Home', odd: '2.00' },
      { value: 'Draw', odd: '3.30' },
      { value: 'Away', odd: '3.60' },
    ]);
    expect(bets.find((bet) => bet.id === 5)?.values.map((value) => value.value)).toContain('Over 3.5');
  });
});

describe('API-Football adapter: errors and quota', () => {
  it('sends the key in x-apisports-key and no other custom header, GET only', async () => {
    fake.addFixture(match(1));
    await provider.fixturesById(['1']);
    const [call] = fake.calls;
    expect(call?.method).toBe('GET');
    expect(call?.headers['x-apisports-key']).toBe(fake.key);
    expect(Object.keys(call?.headers ?? {}).filter((name) => name.startsWith('x-'))).toEqual([
      'x-apisports-key',
    ]);
  });

  it('a refused key (HTTP 200, errors.token) is auth', async () => {
    const wrong = connect({ key: 'not-the-key' });
    const error = await expectKind(wrong.fixturesById(['1']), 'auth');
    expect(error.message).toMatch(/token/);
    expect(fake.calls[0]?.status).toBe(200);
  });

  it('reads the quota headers of every answer, error answers too', async () => {
    expect(provider.quota()).toEqual({
      dayLimit: null,
      dayRemaining: null,
      minuteLimit: null,
      minuteRemaining: null,
      minuteResetSeconds: null,
    });
    await provider.fixturesById(['1']);
    expect(provider.quota()).toEqual({
      dayLimit: 7500,
      dayRemaining: 7499,
      minuteLimit: 300,
      minuteRemaining: 299,
      minuteResetSeconds: null,
    });
    fake.setQuota({ day: 100, minute: 10, usedToday: 40 });
    await provider.fixturesById(['1']);
    expect(provider.quota()).toMatchObject({
      dayLimit: 100,
      dayRemaining: 59,
      minuteLimit: 10,
      minuteRemaining: 9,
    });
    fake.failNext('invalid-key');
    fake.setQuota({ day: 100, minute: 10, usedToday: 70 });
    await expectKind(provider.fixturesById(['1']), 'auth');
    expect(provider.quota()).toMatchObject({ dayRemaining: 30 });
  });

  it('a spent day (HTTP 200, errors.requests) is quota, and the headers say 0 left', async () => {
    fake.setQuota({ day: 2 });
    await provider.fixturesById(['1']);
    await provider.fixturesById(['1']);
    await expectKind(provider.fixturesById(['1']), 'quota');
    expect(fake.calls.at(-1)?.status).toBe(200);
    expect(provider.quota().dayRemaining).toBe(0);
  });

  it('a spent minute (HTTP 429) is rate', async () => {
    fake.setQuota({ minute: 1 });
    await provider.fixturesById(['1']);
    await expectKind(provider.fixturesById(['1']), 'rate');
    expect(fake.calls.at(-1)?.status).toBe(429);
    expect(provider.quota().minuteRemaining).toBe(0);
  });

  it('429 while the day says 0 left is quota', async () => {
    const spent = connect({ fetch: canned(429, envelope({}), { 'x-ratelimit-requests-remaining': '0' }) });
    await expectKind(spent.fixturesById(['1']), 'quota');
  });

  it('errors.rateLimit with HTTP 200 is rate; errors.requests is quota', async () => {
    fake.failNext('rate-200');
    await expectKind(provider.fixturesById(['1']), 'rate');
    fake.failNext('quota');
    await expectKind(provider.fixturesById(['1']), 'quota');
  });

  it('a parameter error with HTTP 200 is request; the fake enforces date, ids and timezone', async () => {
    const refused = connect({
      fetch: canned(200, envelope({ date: 'The Date field must contain a valid date (YYYY-MM-DD).' })),
    });
    const error = await expectKind(refused.fixturesById(['1']), 'request');
    expect(error.message).toContain('date');

    const ask = async (query: string) => {
      const response = await fetch(`${fake.url}/fixtures?${query}`, {
        headers: { 'x-apisports-key': fake.key },
      });
      return { status: response.status, errors: ((await response.json()) as { errors: unknown }).errors };
    };
    expect(await ask('date=2025-3-1')).toMatchObject({ status: 200, errors: { date: expect.any(String) } });
    const tooMany = Array.from({ length: 21 }, (_, index) => index + 1).join('-');
    expect(await ask(`ids=${tooMany}`)).toMatchObject({ status: 200, errors: { ids: expect.any(String) } });
    expect(await ask('ids=1,2')).toMatchObject({ errors: { ids: expect.any(String) } });
    expect(await ask('date=2025-03-01&timezone=Mars/Olympus')).toMatchObject({
      errors: { timezone: expect.any(String) },
    });
    expect(await ask('date=2025-03-01&timezone=Africa/Lagos')).toEqual({ status: 200, errors: [] });
  });

  it('errors given as a non-empty array are refusals too', async () => {
    await expectKind(
      connect({ fetch: canned(200, envelope(['Something went wrong'])) }).fixturesById(['1']),
      'request',
    );
    await expectKind(
      connect({ fetch: canned(200, envelope([{ token: 'Missing application key' }])) }).fixturesById(['1']),
      'auth',
    );
  });

  it('401 and 403 are auth', async () => {
    await expectKind(connect({ fetch: canned(401, 'Unauthorized') }).fixturesById(['1']), 'auth');
    await expectKind(connect({ fetch: canned(403, envelope({})) }).fixturesById(['1']), 'auth');
  });

  it('5xx, a cut connection, an unreadable body and no answer in time are unavailable', async () => {
    fake.failNext('server-error');
    await expectKind(provider.fixturesById(['1']), 'unavailable');
    fake.failNext('disconnect');
    await expectKind(provider.fixturesById(['1']), 'unavailable');
    fake.failNext('bad-json');
    await expectKind(provider.fixturesById(['1']), 'unavailable');
    fake.failNext('hang');
    const hasty = connect({ timeoutMs: 200 });
    const error = await expectKind(hasty.fixturesById(['1']), 'unavailable');
    expect(error.message).toContain('200 ms');
  });

  it('the fake refuses methods other than GET', async () => {
    const response = await fetch(`${fake.url}/fixtures?ids=1`, {
      method: 'POST',
      headers: { 'x-apisports-key': fake.key },
    });
    expect(response.status).toBe(405);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toHaveProperty('method');
  });
});
