import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import {
  FAKE_API_FOOTBALL_KEY,
  type FakeApiFootball,
  startFakeApiFootball,
} from '../../../test/fake-api-football.ts';
import { FAKE_FOOTBALL_DATA_KEY, startFakeFootballData } from '../../../test/fake-football-data.ts';
import { listenLive } from '../../../test/live-socket.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

/*
 * Football data against a local fake of API-Football speaking its protocol (issue 24): fixtures
 * enter the registry once and link to what admins registered, a match played out live reaches an
 * anonymous socket, and the final whistle settles a code, a rollover tip and a free tip through the
 * admin's settlement path. The rounds are driven by hand here (no poller runs: `runJobs: false`);
 * the poller itself is tested in football.processes.test.ts.
 */

let fake: FakeApiFootball;
let t: TestApp;
let admin: { token: string };
let content: ReturnType<typeof contentFor>;
let nextFixtureId = 5000;

const providerEnv = (url: string, extra: Record<string, string> = {}) => ({
  ...adminEnv,
  FOOTBALL_DATA_PROVIDER: 'api-football',
  FOOTBALL_DATA_KEY: FAKE_API_FOOTBALL_KEY,
  FOOTBALL_DATA_URL: url,
  FOOTBALL_DATA_LEAGUES: '39,399',
  RESULT_CONFIRM_MINUTES: '0',
  ...extra,
});

beforeAll(async () => {
  fake = await startFakeApiFootball();
  t = await buildTestApp(providerEnv(fake.url), { runJobs: false });
  admin = await loginAdmin(t);
  content = contentFor(t, admin.token);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const football = () => t.app.services.football;
const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000);
const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

async function matchRow(matchId: string) {
  const response = await asAdmin('GET', `/api/admin/matches/${matchId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().match;
}

async function registeredWith(providerId: number): Promise<string[]> {
  const rows = (await t.database.db.execute(
    sql`select id from matches where provider = 'api-football' and provider_id = ${String(providerId)}`,
  )) as unknown as { rows: { id: string }[] };
  return rows.rows.map((row) => row.id);
}

async function buyer() {
  const user = await signUpAndLogin(t);
  await devDeposit(t, user.token, 5000);
  return user;
}

describe('fixtures sync', () => {
  it('registers each followed fixture once, links a match an admin typed with other names, and moves a moved kickoff', async () => {
    const id = nextFixtureId++;
    const typedId = nextFixtureId++;
    const otherLeague = nextFixtureId++;
    fake.addFixture({ id, leagueId: 39, home: 'Crystal Palace', away: 'Fulham', kickoff: inHours(26) });
    fake.addFixture({
      id: typedId,
      leagueId: 39,
      home: 'Manchester United',
      away: 'Tottenham',
      kickoff: inHours(30),
    });
    fake.addFixture({
      id: otherLeague,
      leagueId: 140,
      home: 'Getafe',
      away: 'Osasuna',
      kickoff: inHours(28),
    });
    // An admin typed this one before the provider was connected, with the names bettors use.
    await content.code([{ teamA: 'Man Utd', teamB: 'Spurs', prediction: 'Home win', inHours: 30 }]);
    const typed = await content.matchOf('Man Utd');

    const first = await football().syncFixtures();
    expect(first.linked).toBeGreaterThanOrEqual(1);
    await football().syncFixtures();
    expect(await registeredWith(id)).toHaveLength(1);
    expect(await registeredWith(typedId)).toEqual([typed]);
    expect(await registeredWith(otherLeague)).toEqual([]);
    expect((await matchRow(typed)).provider).toEqual({ name: 'api-football', id: String(typedId) });

    fake.updateFixture(typedId, { kickoff: inHours(32) });
    const moved = await football().syncFixtures();
    expect(moved.moved).toBe(1);
    expect((await matchRow(typed)).kickoff).toBe(inHours(32).toISOString());
    expect(await registeredWith(typedId)).toEqual([typed]);
  });
});

describe('market odds', () => {
  it('are read with the sync and again in the hour before kickoff, kept over time', async () => {
    const id = nextFixtureId++;
    const fixture = teams('Odds');
    fake.addFixture({ id, leagueId: 39, home: fixture.home, away: fixture.away, kickoff: inHours(5) });
    fake.setOdds(id, {
      bookmaker: 'Bet365',
      home: 1.9,
      draw: 3.6,
      away: 4.2,
      over25: 1.8,
      under25: 2.05,
      update: inHours(-1),
    });
    await football().syncFixtures();
    const [matchId] = await registeredWith(id);
    await content.freeTip({ teamA: fixture.home, teamB: fixture.away, inHours: 5, prediction: 'Home win' });
    const prices = async () =>
      (
        (await t.database.db.execute(
          sql`select home, draw, away, over_25 from market_odds where match_id = ${matchId}::uuid order by taken_at`,
        )) as unknown as { rows: { home: number; draw: number; away: number; over_25: number }[] }
      ).rows;
    expect(await prices()).toEqual([{ home: 1.9, draw: 3.6, away: 4.2, over_25: 1.8 }]);
    // Not yet within the hour: nothing read.
    expect(await football().readClosingOdds()).toBe(0);
    t.clock.advance(4.5 * 3600_000);
    fake.setOdds(id, { bookmaker: 'Bet365', home: 1.75, draw: 3.8, away: 4.8, update: t.clock.now() });
    expect(await football().readClosingOdds()).toBe(1);
    expect((await prices()).map((row) => row.home)).toEqual([1.9, 1.75]);
    // Read again within the half hour: no new call.
    const calls = fake.callCount('/odds');
    expect(await football().readClosingOdds()).toBe(0);
    expect(fake.callCount('/odds')).toBe(calls);
  });
});

describe('a match played out live', () => {
  it('reaches an anonymous socket at each change and settles a code, a rollover tip and a free tip on the 90-minute score', async () => {
    const id = nextFixtureId++;
    const fixture = teams('Live');
    fake.addFixture({ id, leagueId: 39, home: fixture.home, away: fixture.away, kickoff: inHours(1) });
    await football().syncFixtures();
    const [matchId] = await registeredWith(id);
    if (!matchId) throw new Error('not registered');
    const game = { teamA: fixture.home, teamB: fixture.away, inHours: 1 };
    const free = await content.freeTip({ ...game, prediction: 'Over 1.5 goals' });
    const planId = await content.plan();
    const tipId = await content.rolloverTip(planId, [{ ...game, prediction: 'Home win' }]);
    const codeId = await content.code([{ ...game, prediction: 'Away win' }]);
    expect(await content.matchOf(fixture.home)).toBe(matchId);
    const codeBuyer = await buyer();
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/booking-codes/purchase/${codeId}`,
      headers: bearer(codeBuyer.token),
      payload: { walletType: 'main' },
    });
    expect(bought.statusCode, bought.body).toBe(200);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const visitor = await listenLive(`http://127.0.0.1:${address.port}`);
    try {
      const steps = [
        { status: '1H', elapsed: 12, goals: { home: 1, away: 0 } },
        { status: 'HT', elapsed: 45, goals: { home: 1, away: 0 } },
        { status: '2H', elapsed: 67, goals: { home: 2, away: 0 } },
        { status: 'FT', elapsed: 90, goals: { home: 2, away: 1 } },
      ] as const;
      t.clock.advance(3600_000);
      for (const step of steps) {
        fake.updateFixture(id, step);
        expect(await football().pollLive()).toBe(1);
        t.clock.advance(20 * 60_000);
      }
      // Nothing new from the provider: no event.
      expect(await football().pollLive()).toBe(0);
      const events = () =>
        visitor.heard
          .filter(([event, payload]) => event === 'match' && (payload as { _id: string })._id === matchId)
          .map(([, payload]) => payload as { status: string; minute: number | null; score: unknown });
      await expect.poll(() => events().length).toBe(4);
      expect(events()).toEqual([
        { _id: matchId, status: 'live', minute: 12, score: { home: 1, away: 0 } },
        { _id: matchId, status: 'halftime', minute: null, score: { home: 1, away: 0 } },
        { _id: matchId, status: 'live', minute: 67, score: { home: 2, away: 0 } },
        { _id: matchId, status: 'finished', minute: null, score: { home: 2, away: 1 } },
      ]);
      // No pick, code or tip ever rides on the public event.
      expect(JSON.stringify(visitor.heard)).not.toMatch(/Away win|Home win|Over 1\.5|CODE/);

      expect(await football().recordDue()).toBe(1);
      const row = await matchRow(matchId);
      expect(row).toMatchObject({ status: 'finished', score: { home: 2, away: 1 }, source: 'provider' });
      const results = async () => ({
        code: (await asAdmin('GET', `/api/admin/booking-codes/${codeId}`)).json().code.result,
        tip: (await asAdmin('GET', `/api/admin/rollover-tips/${tipId}`)).json().tip.result,
        free: (await asAdmin('GET', `/api/admin/tips/${free._id}`)).json().tip.result,
      });
      expect(await results()).toEqual({ code: 'lost', tip: 'won', free: 'won' });
      // Recorded once: a second round finds nothing due.
      expect(await football().recordDue()).toBe(0);

      const audit = await asAdmin('GET', `/api/admin/audit-log?action=match.result`);
      const entry = audit
        .json()
        .entries.find((candidate: { targetId: string }) => candidate.targetId === matchId);
      expect(entry).toMatchObject({ actor: null, after: { by: 'provider', provider: 'api-football' } });
      expect(entry.reason).toContain('2-1 after 90 minutes');

      const live = await t.app.inject({
        method: 'GET',
        url: '/api/matches/live',
        headers: bearer(codeBuyer.token),
      });
      expect(live.statusCode).toBe(200);
    } finally {
      visitor.socket.close();
    }
  });

  it('settles a match decided in extra time on its 90-minute score', async () => {
    const id = nextFixtureId++;
    const fixture = teams('Extra');
    fake.addFixture({ id, leagueId: 39, home: fixture.home, away: fixture.away, kickoff: inHours(1) });
    await football().syncFixtures();
    const free = await content.freeTip({
      teamA: fixture.home,
      teamB: fixture.away,
      inHours: 1,
      prediction: 'Draw',
    });
    t.clock.advance(3 * 3600_000);
    fake.updateFixture(id, {
      status: 'AET',
      goals: { home: 2, away: 1 },
      fulltime: { home: 1, away: 1 },
      extratime: { home: 1, away: 0 },
    });
    await football().pollLive();
    expect(await football().recordDue()).toBe(1);
    const [matchId] = await registeredWith(id);
    expect((await matchRow(matchId as string)).score).toEqual({ home: 1, away: 1 });
    expect((await asAdmin('GET', `/api/admin/tips/${free._id}`)).json().tip.result).toBe('won');
  });

  it('leaves inconsistent provider figures for an admin, who records the result', async () => {
    const id = nextFixtureId++;
    const fixture = teams('Trap');
    fake.addFixture({ id, leagueId: 39, home: fixture.home, away: fixture.away, kickoff: inHours(1) });
    await football().syncFixtures();
    const free = await content.freeTip({
      teamA: fixture.home,
      teamB: fixture.away,
      inHours: 1,
      prediction: 'Home win',
    });
    t.clock.advance(3 * 3600_000);
    // The real Brentford–Fulham record: AET, 'fulltime' equal to the final score, no extra time.
    fake.updateFixture(id, {
      status: 'AET',
      goals: { home: 1, away: 2 },
      fulltime: { home: 1, away: 2 },
      extratime: null,
      halftime: null,
    });
    await football().pollLive();
    expect(await football().recordDue()).toBe(0);
    const [matchId] = await registeredWith(id);
    const row = await matchRow(matchId as string);
    expect(row.status).toBe('scheduled');
    expect(row.waitingReason).toEqual(expect.any(String));
    const waiting = await asAdmin('GET', '/api/admin/matches?view=waiting-admin');
    expect(waiting.json().matches.map((match: { _id: string }) => match._id)).toContain(matchId);
    const status = await asAdmin('GET', '/api/admin/football/status');
    expect(status.json().waitingForAdmin).toBeGreaterThanOrEqual(1);

    const recorded = await asAdmin('POST', `/api/admin/matches/${matchId}/result`, {
      homeGoals: 0,
      awayGoals: 0,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await asAdmin('GET', `/api/admin/tips/${free._id}`)).json().tip.result).toBe('lost');
  });
});

describe('holds, corrections and matches not played', () => {
  it('records nothing while held, and the due result once released; a correction needs a reason', async () => {
    const id = nextFixtureId++;
    const fixture = teams('Held');
    fake.addFixture({ id, leagueId: 39, home: fixture.home, away: fixture.away, kickoff: inHours(1) });
    await football().syncFixtures();
    const [matchId] = await registeredWith(id);
    const free = await content.freeTip({
      teamA: fixture.home,
      teamB: fixture.away,
      inHours: 1,
      prediction: 'Home win',
    });
    const held = await asAdmin('POST', `/api/admin/matches/${matchId}/hold`, {
      reason: 'Checking the score',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().match).toMatchObject({ held: true, heldReason: 'Checking the score' });
    expect((await asAdmin('POST', `/api/admin/matches/${matchId}/hold`, {})).statusCode).toBe(409);

    t.clock.advance(3 * 3600_000);
    fake.updateFixture(id, { status: 'FT', goals: { home: 3, away: 0 } });
    await football().pollLive();
    expect(await football().recordDue()).toBe(0);
    expect((await asAdmin('GET', `/api/admin/tips/${free._id}`)).json().tip.result).toBe('pending');

    const released = await asAdmin('DELETE', `/api/admin/matches/${matchId}/hold`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().match).toMatchObject({
      held: false,
      status: 'finished',
      score: { home: 3, away: 0 },
    });
    expect((await asAdmin('GET', `/api/admin/tips/${free._id}`)).json().tip.result).toBe('won');

    const noReason = await asAdmin('POST', `/api/admin/matches/${matchId}/result`, {
      homeGoals: 0,
      awayGoals: 1,
    });
    expect(noReason.statusCode).toBe(422);
    const corrected = await asAdmin('POST', `/api/admin/matches/${matchId}/result`, {
      homeGoals: 0,
      awayGoals: 1,
      reason: 'The provider credited an own goal to the wrong side',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await asAdmin('GET', `/api/admin/tips/${free._id}`)).json().tip.result).toBe('lost');
    // The provider's old score is not recorded over the admin's correction.
    await football().pollLive();
    await football().recordDue();
    expect((await matchRow(matchId as string)).score).toEqual({ home: 0, away: 1 });
  });

  it('voids a match postponed for 48 hours without a new kickoff, and not one given a new kickoff', async () => {
    const postponed = nextFixtureId++;
    const rescheduled = nextFixtureId++;
    const a = teams('Postponed');
    const b = teams('Moved');
    fake.addFixture({ id: postponed, leagueId: 39, home: a.home, away: a.away, kickoff: inHours(1) });
    fake.addFixture({ id: rescheduled, leagueId: 39, home: b.home, away: b.away, kickoff: inHours(1) });
    await football().syncFixtures();
    const freeA = await content.freeTip({ teamA: a.home, teamB: a.away, inHours: 1, prediction: 'Home win' });
    const freeB = await content.freeTip({ teamA: b.home, teamB: b.away, inHours: 1, prediction: 'Home win' });
    fake.updateFixture(postponed, { status: 'PST' });
    fake.updateFixture(rescheduled, { status: 'PST' });
    t.clock.advance(3600_000);
    await football().pollLive();
    t.clock.advance(24 * 3600_000);
    fake.updateFixture(rescheduled, { status: 'NS', kickoff: inHours(72) });
    await football().syncFixtures();
    t.clock.advance(25 * 3600_000);
    await football().recordDue();
    expect((await asAdmin('GET', `/api/admin/tips/${freeA._id}`)).json().tip.result).toBe('void');
    expect((await asAdmin('GET', `/api/admin/tips/${freeB._id}`)).json().tip.result).toBe('pending');
  });

  it('voids an awarded match', async () => {
    const id = nextFixtureId++;
    const fixture = teams('Awarded');
    fake.addFixture({ id, leagueId: 399, home: fixture.home, away: fixture.away, kickoff: inHours(1) });
    await football().syncFixtures();
    const free = await content.freeTip({
      teamA: fixture.home,
      teamB: fixture.away,
      inHours: 1,
      prediction: 'Home win',
    });
    t.clock.advance(2 * 3600_000);
    fake.updateFixture(id, { status: 'AWD', goals: { home: 3, away: 0 } });
    await football().pollLive();
    await football().recordDue();
    expect((await asAdmin('GET', `/api/admin/tips/${free._id}`)).json().tip.result).toBe('void');
  });
});

describe('the provider refusing', () => {
  it('keeps the error for the admin, answers sync now with it, and pauses calls while the day is spent', async () => {
    fake.failNext('quota');
    const sync = await asAdmin('POST', '/api/admin/football/sync');
    expect(sync.statusCode, sync.body).toBe(503);
    expect(sync.json().message).toMatch(/refused/);
    const status = (await asAdmin('GET', '/api/admin/football/status')).json();
    expect(status).toMatchObject({ provider: 'api-football', lastError: expect.any(String) });
    // The day is spent: no call until the UTC day turns.
    const before = fake.callCount();
    await football()
      .syncFixtures()
      .catch(() => undefined);
    expect(fake.callCount()).toBe(before);
    // User pages never call the provider and never fail because of it.
    const live = await t.app.inject({ method: 'GET', url: '/api/matches/live' });
    expect(live.statusCode).toBe(200);
    expect(fake.callCount()).toBe(before);
    t.clock.advance(24 * 3600_000);
    await football().syncFixtures();
    expect(fake.callCount()).toBeGreaterThan(before);
  });
});

describe('with no provider configured', () => {
  it('never calls one, says so on the status, and refuses sync now', async () => {
    // The provider's address and leagues are set, its name and key are not: it stays off.
    const quiet = await startFakeApiFootball();
    const off = await buildTestApp(
      { ...adminEnv, FOOTBALL_DATA_URL: quiet.url, FOOTBALL_DATA_LEAGUES: '39' },
      { footballLeaderRetryMs: 50 },
    );
    try {
      const token = (await loginAdmin(off)).token;
      const status = await off.app.inject({
        method: 'GET',
        url: '/api/admin/football/status',
        headers: bearer(token),
      });
      expect(status.json()).toMatchObject({ provider: null, lastSyncAt: null });
      const sync = await off.app.inject({
        method: 'POST',
        url: '/api/admin/football/sync',
        headers: bearer(token),
      });
      expect(sync.statusCode).toBe(422);
      expect((await off.app.inject({ method: 'GET', url: '/api/matches/live' })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(quiet.callCount()).toBe(0);
    } finally {
      await off.close();
      await quiet.close();
    }
  });
});

describe('with football-data.org', () => {
  it('registers the followed competitions’ matches and settles a shootout on the 90-minute score, never fullTime', async () => {
    const provider = await startFakeFootballData();
    const other = await buildTestApp(
      {
        ...adminEnv,
        FOOTBALL_DATA_PROVIDER: 'football-data',
        FOOTBALL_DATA_KEY: FAKE_FOOTBALL_DATA_KEY,
        FOOTBALL_DATA_URL: provider.url,
        FOOTBALL_DATA_LEAGUES: 'PL,CL',
        RESULT_CONFIRM_MINUTES: '0',
      },
      { runJobs: false },
    );
    try {
      const token = (await loginAdmin(other)).token;
      const otherContent = contentFor(other, token);
      const kickoff = new Date(other.clock.now().getTime() + 3600_000);
      provider.addFixture({ id: 7001, leagueId: 'CL', home: 'Inter', away: 'Bayern Munich', kickoff });
      provider.addFixture({ id: 7002, leagueId: 'BL1', home: 'Mainz', away: 'Freiburg', kickoff });
      const service = other.app.services.football;
      const sync = await service.syncFixtures();
      expect(sync).toMatchObject({ created: 1 });
      const draw = await otherContent.freeTip({
        teamA: 'Inter',
        teamB: 'Bayern Munich',
        inHours: 1,
        prediction: 'Draw',
      });
      other.clock.advance(4 * 3600_000);
      provider.updateFixture(7001, {
        status: 'FINISHED',
        goals: { home: 2, away: 2 },
        fulltime: { home: 1, away: 1 },
        penalty: { home: 5, away: 3 },
      });
      await service.pollLive();
      expect(await service.recordDue()).toBe(1);
      const tip = await other.app.inject({
        method: 'GET',
        url: `/api/admin/tips/${draw._id}`,
        headers: bearer(token),
      });
      expect(tip.json().tip).toMatchObject({ result: 'won', score: { home: 1, away: 1 } });
    } finally {
      await other.close();
      await provider.close();
    }
  });
});
