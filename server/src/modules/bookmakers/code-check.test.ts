import { CODE_CHECKS_PER_HOUR } from '@cashtips/contract/bookmakers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeSportyBet,
  oneXTwo,
  overUnder25,
  startFakeSportyBet,
} from '../../../test/fake-sportybet.ts';
import { registerFixture } from '../../../test/model-league.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { BOOKMAKER_CALLS_PER_MINUTE } from './bookmaker-reader.ts';

let fake: FakeSportyBet;
let t: TestApp;
let userToken: string;

beforeAll(async () => {
  fake = await startFakeSportyBet();
});
afterAll(async () => {
  await fake.stop();
});

const hoursFromNow = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000);

beforeEach(async () => {
  t = await buildTestApp({ ...adminEnv, BOOKMAKER_CHECK: 'sportybet', SPORTYBET_URL: fake.url });
  userToken = (await signUpAndLogin(t)).token;
  fake.clearFault();
  fake.putEvent({
    eventId: 'sr:match:1',
    homeTeamName: 'Arsenal FC',
    awayTeamName: 'Chelsea',
    kickoff: hoursFromNow(5),
    markets: [oneXTwo('2.10', '3.40', '3.50'), overUnder25('1.85', '1.95')],
  });
  fake.putEvent({
    eventId: 'sr:match:2',
    homeTeamName: 'Lyon',
    awayTeamName: 'PSG',
    kickoff: hoursFromNow(-1),
    status: 1,
    tournament: 'Ligue 1',
    country: 'France',
    markets: [oneXTwo('4.00', '3.80', '1.80')],
  });
  fake.addCode('CHK001', [
    { eventId: 'sr:match:1', marketId: '18', specifier: 'total=2.5', outcomeId: '12' },
    { eventId: 'sr:match:2', marketId: '1', outcomeId: '3' },
  ]);
});
afterEach(async () => {
  await t.close();
});

const check = (payload: Record<string, unknown>, token = userToken) =>
  t.app.inject({ method: 'POST', url: '/api/booking-codes/check', headers: bearer(token), payload });

describe('checking a code at the bookmaker (POST /api/booking-codes/check)', () => {
  it('answers the legs with the registered match’s live state, the total and whether a leg has started', async () => {
    const arsenal = await registerFixture(t.database.db, {
      league: 'Premier League',
      home: 'Arsenal',
      away: 'Chelsea FC',
      kickoff: hoursFromNow(5),
    });
    const response = await check({ bookmaker: 'SportyBet', bookingCode: 'chk001' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      bookmaker: 'sportybet',
      bookmakerLabel: 'SportyBet',
      bookingCode: 'CHK001',
      missingLegs: 0,
      totalOdds: 3.33,
      anyStarted: true,
      reasons: ['Lyon v PSG has started'],
      checkedAt: t.clock.now().toISOString(),
    });
    expect(body.legs).toEqual([
      {
        homeTeam: 'Arsenal FC',
        awayTeam: 'Chelsea',
        league: 'Premier League',
        country: 'England',
        kickoff: hoursFromNow(5).toISOString(),
        market: 'Over/Under 2.5',
        pick: 'Over',
        prediction: 'Over 2.5',
        odds: 1.85,
        state: 'not-started',
        unplaceable: null,
        outcome: null,
        match: { id: arsenal, live: { status: 'scheduled', minute: null, score: null } },
      },
      expect.objectContaining({ homeTeam: 'Lyon', state: 'live', match: null }),
    ]);
  });

  it('reuses a read under a minute old, then reads again', async () => {
    const before = fake.requests.length;
    expect((await check({ bookmaker: 'sportybet', bookingCode: 'CHK001' })).statusCode).toBe(200);
    expect((await check({ bookmaker: 'sportybet', bookingCode: 'chk001' })).statusCode).toBe(200);
    expect(fake.requests.length - before).toBe(1);
    t.clock.advance(61_000);
    expect((await check({ bookmaker: 'sportybet', bookingCode: 'CHK001' })).statusCode).toBe(200);
    expect(fake.requests.length - before).toBe(2);
  });

  it('says in the field why a code cannot be checked: unknown at the bookmaker, or a bookmaker without an adapter', async () => {
    const unknown = await check({ bookmaker: 'SportyBet', bookingCode: 'NOSUCH1' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      { field: 'bookingCode', message: 'SportyBet cannot load this code: The code is invalid or expired' },
    ]);
    const bet9ja = await check({ bookmaker: 'Bet9ja', bookingCode: 'ABCD1234' });
    expect(bet9ja.statusCode).toBe(422);
    expect(bet9ja.json().errors[0]).toMatchObject({ field: 'bookmaker' });
    expect(bet9ja.json().message).toMatch(
      /Codes of Bet9ja cannot be read at the bookmaker here; SportyBet codes can/,
    );
    const badCode = await check({ bookmaker: 'SportyBet', bookingCode: 'no spaces!' });
    expect(badCode.statusCode).toBe(400);
  });

  it('answers 503 while the bookmaker cannot be reached, and the status panel shows the error', async () => {
    fake.fault(403, 1);
    const response = await check({ bookmaker: 'SportyBet', bookingCode: 'CHK001' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('SportyBet cannot be reached just now. Try again in a minute.');
    const admin = await loginAdmin(t);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bookmakers/status',
      headers: bearer(admin.token),
    });
    expect(status.json()).toEqual({
      success: true,
      bookmakers: [
        {
          name: 'sportybet',
          label: 'SportyBet',
          ok: false,
          lastError: 'SportyBet answered 403',
          lastCallAt: t.clock.now().toISOString(),
          callsLastMinute: 1,
        },
      ],
    });
  });

  it(`allows ${CODE_CHECKS_PER_HOUR} checks an hour per user`, async () => {
    for (let i = 0; i < CODE_CHECKS_PER_HOUR; i++) {
      expect((await check({ bookmaker: 'SportyBet', bookingCode: 'CHK001' })).statusCode).toBe(200);
    }
    expect((await check({ bookmaker: 'SportyBet', bookingCode: 'CHK001' })).statusCode).toBe(429);
  });

  it(`calls the bookmakers at most ${BOOKMAKER_CALLS_PER_MINUTE} times a minute in all`, async () => {
    const codes = Array.from(
      { length: BOOKMAKER_CALLS_PER_MINUTE + 3 },
      (_, i) => `MANY${String(i).padStart(3, '0')}`,
    );
    for (const code of codes) fake.addCode(code, [{ eventId: 'sr:match:1', marketId: '1', outcomeId: '1' }]);
    const users = await Promise.all([signUpAndLogin(t), signUpAndLogin(t)]);
    const before = fake.requests.length;
    const answers = await Promise.all(
      codes.map((code, i) => check({ bookmaker: 'SportyBet', bookingCode: code }, users[i % 2]?.token)),
    );
    expect(fake.requests.length - before).toBe(BOOKMAKER_CALLS_PER_MINUTE);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(BOOKMAKER_CALLS_PER_MINUTE);
    expect(answers.filter((answer) => answer.statusCode === 503)).toHaveLength(3);
  });

  it('is for signed-in users; the preview and the status panel are for admins', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/booking-codes/check',
      payload: { bookmaker: 'SportyBet', bookingCode: 'CHK001' },
    });
    expect(anonymous.statusCode).toBe(401);
    const preview = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/booking-codes/preview',
        headers: bearer(token),
        payload: { bookmaker: 'SportyBet', bookingCode: 'CHK001' },
      });
    expect((await preview(userToken)).statusCode).toBe(403);
    const admin = await loginAdmin(t);
    const previewed = await preview(admin.token);
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json().legs).toHaveLength(2);
  });

  it('never sends the user’s identity to the bookmaker', async () => {
    await check({ bookmaker: 'SportyBet', bookingCode: 'CHK001' });
    const last = fake.requests.at(-1);
    expect(last?.headers.authorization).toBeUndefined();
    expect(last?.headers.cookie).toBeUndefined();
  });
});
