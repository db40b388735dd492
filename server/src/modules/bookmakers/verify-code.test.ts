import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeSportyBet,
  oneXTwo,
  overUnder25,
  startFakeSportyBet,
} from '../../../test/fake-sportybet.ts';
import { adminEnv, bearer, buildTestApp, loginAdmin, type TestApp } from '../../../test/test-app.ts';

/*
 * Posting a SportyBet code (PRODUCT 16): the save reads it at the bookmaker, refuses games typed
 * differently from its legs, started legs, an unloadable code and a total more than 2% off, answers
 * 503 while the bookmaker cannot be read (saving nothing), and keeps the verification; bookmakers
 * without an adapter post as before, unchecked.
 */

let fake: FakeSportyBet;
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  fake = await startFakeSportyBet();
});
afterAll(async () => {
  await fake.stop();
});

const hoursFromNow = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000);

beforeEach(async () => {
  t = await buildTestApp({ ...adminEnv, BOOKMAKER_CHECK: 'sportybet', SPORTYBET_URL: fake.url });
  adminToken = (await loginAdmin(t)).token;
  fake.clearFault();
  fake.putEvent({
    eventId: 'sr:match:11',
    homeTeamName: 'Arsenal FC',
    awayTeamName: 'Chelsea',
    kickoff: hoursFromNow(5),
    markets: [oneXTwo('2.10', '3.40', '3.50'), overUnder25('1.85', '1.95')],
  });
  fake.putEvent({
    eventId: 'sr:match:12',
    homeTeamName: 'Olympique Lyonnais',
    awayTeamName: 'PSG',
    kickoff: hoursFromNow(7),
    markets: [oneXTwo('4.00', '3.80', '1.80')],
  });
  fake.addCode('POST01', [
    { eventId: 'sr:match:11', marketId: '18', specifier: 'total=2.5', outcomeId: '12' },
    { eventId: 'sr:match:12', marketId: '1', outcomeId: '3' },
  ]);
});
afterEach(async () => {
  await t.close();
});

const typedGames = () => [
  {
    teamA: 'Arsenal',
    teamB: 'Chelsea FC',
    league: 'Premier League',
    kickoff: hoursFromNow(5).toISOString(),
    prediction: 'Over 2.5 goals',
    odds: 1.85,
  },
  {
    teamA: 'Lyon',
    teamB: 'Paris Saint-Germain',
    league: 'Ligue 1',
    kickoff: hoursFromNow(7).toISOString(),
    prediction: 'PSG to win',
    odds: 1.8,
  },
];

const post = (overrides: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/booking-codes',
    headers: bearer(adminToken),
    payload: {
      bookingCode: 'POST01',
      bookmaker: 'SportyBet',
      totalOdds: 3.33,
      price: 500,
      expiresAt: hoursFromNow(4).toISOString(),
      games: typedGames(),
      ...overrides,
    },
  });

describe('posting a code read at the bookmaker', () => {
  it('keeps the verification when the typed games are the bookmaker’s legs; the public view shows when, never the legs', async () => {
    const before = fake.requests.length;
    const response = await post();
    expect(response.statusCode, response.body).toBe(201);
    expect(fake.requests.length - before).toBe(1);
    const { code } = response.json();
    expect(code.verification).toEqual({
      status: 'verified',
      checkedAt: t.clock.now().toISOString(),
      bookmakerTotalOdds: 3.33,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/booking-codes' });
    const listed = (list.json() as { _id: string; verification: unknown }[]).find(
      (item) => item._id === code._id,
    );
    expect(listed?.verification).toEqual(code.verification);
    expect(list.body).not.toContain('POST01');
    expect(list.body).not.toContain('Over/Under');
  });

  it('refuses games typed differently from the legs, each on its field, and a total more than 2% off', async () => {
    const [first, second] = typedGames();
    const response = await post({
      totalOdds: 3.5,
      games: [
        { ...first, kickoff: hoursFromNow(5.5).toISOString(), prediction: 'Under 2.5' },
        { ...second, teamA: 'Marseille' },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      {
        field: 'games.0.kickoff',
        message: expect.stringContaining('SportyBet has Arsenal FC v Chelsea kicking off at'),
      },
      { field: 'games.0.prediction', message: 'The pick at SportyBet is Over/Under 2.5: Over.' },
      {
        field: 'games.1.teamA',
        message: 'Marseille v Paris Saint-Germain is not a game of this code at SportyBet.',
      },
      { field: 'totalOdds', message: 'The total odds at SportyBet are 3.33.' },
    ]);
    const missing = await post({ games: [first] });
    expect(missing.json().errors).toEqual([
      { field: 'games', message: 'The code at SportyBet has 2 games; 1 is typed.' },
    ]);
    // Within 2% is the same code.
    expect((await post({ totalOdds: 3.39 })).statusCode).toBe(201);
  });

  it('refuses a code the bookmaker cannot load or whose game has started, and saves nothing while it cannot be read', async () => {
    const unknown = await post({ bookingCode: 'NOSUCH1' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toEqual({
      field: 'bookingCode',
      message: 'SportyBet cannot load this code: The code is invalid or expired',
    });

    fake.updateEvent('sr:match:12', (event) => {
      event.status = 1;
    });
    const started = await post();
    expect(started.statusCode).toBe(422);
    expect(started.json().errors[0].message).toBe(
      'SportyBet no longer offers this code as shared: Olympique Lyonnais v PSG has started.',
    );

    fake.updateEvent('sr:match:12', (event) => {
      event.status = 0;
    });
    fake.fault(500, 1);
    const down = await post();
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/^SportyBet cannot be reached just now\. Try again in a minute\./);
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/booking-codes?limit=50',
      headers: bearer(adminToken),
    });
    expect(admin.body).not.toContain('POST01');
  });

  it('posts a code of a bookmaker it does not read as before, unchecked', async () => {
    const before = fake.requests.length;
    const response = await post({ bookmaker: 'Bet9ja', bookingCode: 'B9J123', totalOdds: 9.99 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().code.verification).toBeNull();
    expect(fake.requests.length).toBe(before);
  });

  it('reads an edit of the games or the total again, but not an edit of the price', async () => {
    const created = (await post()).json().code as { _id: string };
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/booking-codes/${created._id}`,
        headers: bearer(adminToken),
        payload,
      });
    const before = fake.requests.length;
    expect((await patch({ price: 800 })).statusCode).toBe(200);
    expect(fake.requests.length).toBe(before);
    const wrong = await patch({ totalOdds: 5 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      { field: 'totalOdds', message: 'The total odds at SportyBet are 3.33.' },
    ]);
    t.clock.advance(60_000);
    const fine = await patch({ totalOdds: 3.3 });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().code.verification.checkedAt).toBe(t.clock.now().toISOString());
  });
});
