import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import {
  FAKE_API_FOOTBALL_KEY,
  type FakeApiFootball,
  startFakeApiFootball,
} from '../../../test/fake-api-football.ts';
import {
  FAKE_FOOTBALL_DATA_KEY,
  type FakeFootballData,
  startFakeFootballData,
} from '../../../test/fake-football-data.ts';
import { adminEnv, bearer, buildTestApp, loginAdmin, type TestApp } from '../../../test/test-app.ts';

/*
 * What a provider's bad records must not do (issue 34, PRODUCT 12): a score no match can have, the
 * same fixture twice with two results in one answer, names with spaces around them, and names that
 * differ from how a match was registered before the provider was switched on. Rounds are driven by
 * hand (`runJobs: false`), against local fakes of API-Football and football-data.org.
 */

type Setup = { fake: FakeApiFootball; t: TestApp; admin: { token: string } };
let api: Setup;
let fdFake: FakeFootballData;
let fd: TestApp;
let fdAdmin: { token: string };
let nextId = 9100;

beforeAll(async () => {
  const fake = await startFakeApiFootball();
  const t = await buildTestApp(
    {
      ...adminEnv,
      FOOTBALL_DATA_PROVIDER: 'api-football',
      FOOTBALL_DATA_KEY: FAKE_API_FOOTBALL_KEY,
      FOOTBALL_DATA_URL: fake.url,
      FOOTBALL_DATA_LEAGUES: '39,135',
      RESULT_CONFIRM_MINUTES: '0',
    },
    { runJobs: false },
  );
  api = { fake, t, admin: await loginAdmin(t) };
  fdFake = await startFakeFootballData();
  fd = await buildTestApp(
    {
      ...adminEnv,
      FOOTBALL_DATA_PROVIDER: 'football-data',
      FOOTBALL_DATA_KEY: FAKE_FOOTBALL_DATA_KEY,
      FOOTBALL_DATA_URL: fdFake.url,
      FOOTBALL_DATA_LEAGUES: 'SA,PL',
      RESULT_CONFIRM_MINUTES: '0',
    },
    { runJobs: false },
  );
  fdAdmin = await loginAdmin(fd);
});
afterAll(async () => {
  await api?.t.close();
  await api?.fake.close();
  await fd?.close();
  await fdFake?.close();
});

const inHours = (t: TestApp, hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000);
const asAdmin = (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function matchesNamed(t: TestApp, homeWord: string) {
  const rows = (await t.database.db.execute(
    sql`select id, home_team, away_team, provider_id from matches where home_team ilike ${`%${homeWord}%`} order by created_at`,
  )) as unknown as {
    rows: { id: string; home_team: string; away_team: string; provider_id: string | null }[];
  };
  return rows.rows;
}

/** The open question about a provider's fixture, as the admin's list shows it. */
async function questionAbout(fixtureId: number) {
  const { t, admin } = api;
  const listed = await asAdmin(t, admin.token, 'GET', '/api/admin/football/link-questions');
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json().questions as { providerId: string }[]).find(
    (item) => item.providerId === String(fixtureId),
  ) as unknown as {
    _id: string;
    reason: string;
    homeTeam: string;
    candidates: { _id: string }[];
  };
}

async function adminMatch(t: TestApp, token: string, matchId: string) {
  const response = await asAdmin(t, token, 'GET', `/api/admin/matches/${matchId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().match as {
    status: string;
    score: unknown;
    waitingReason: string | null;
    held: boolean;
  };
}

/** A fixture on the fake with a free tip on it (so it is polled), registered by a sync. */
async function followed(label: string, kickoffInHours = 1) {
  const { fake, t, admin } = api;
  const id = nextId++;
  const clubs = teams(label);
  fake.addFixture({
    id,
    leagueId: 39,
    home: clubs.home,
    away: clubs.away,
    kickoff: inHours(t, kickoffInHours),
  });
  await t.app.services.football.syncFixtures();
  const tip = await contentFor(t, admin.token).freeTip({
    teamA: clubs.home,
    teamB: clubs.away,
    inHours: kickoffInHours,
    prediction: 'Home win',
  });
  return { id, matchId: tip.matchId, tipId: tip._id };
}

describe('a score no match can have', () => {
  it('waits for an admin, never stops the results after it, and its hold and release answer', async () => {
    const { fake, t, admin } = api;
    const negative = await followed('Negative');
    const huge = await followed('Huge');
    const fine = await followed('Fine');
    t.clock.advance(3 * 3600_000);
    fake.updateFixture(negative.id, { status: 'FT', goals: { home: -1, away: 0 } });
    fake.updateFixture(huge.id, { status: 'FT', goals: { home: 2, away: 100 } });
    fake.updateFixture(fine.id, { status: 'FT', goals: { home: 1, away: 0 } });
    await t.app.services.football.pollLive();
    expect(await t.app.services.football.recordDue()).toBe(1);
    expect(await adminMatch(t, admin.token, fine.matchId)).toMatchObject({ status: 'finished' });
    expect((await asAdmin(t, admin.token, 'GET', `/api/admin/tips/${fine.tipId}`)).json().tip.result).toBe(
      'won',
    );
    for (const bad of [negative, huge]) {
      const row = await adminMatch(t, admin.token, bad.matchId);
      expect(row.status).toBe('scheduled');
      expect(row.waitingReason).toMatch(/cannot be real/);
      // The impossible figure is not shown as the live score either.
      expect((row as unknown as { live: { score: unknown } }).live.score).toBeNull();
    }
    // Hold and release, with no body at all, as PRODUCT 12 writes them.
    for (const method of ['POST', 'DELETE'] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/admin/matches/${negative.matchId}/hold`,
        headers: bearer(admin.token),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect((await adminMatch(t, admin.token, negative.matchId)).status).toBe('scheduled');
  });

  it('a due result the database refuses waits for an admin and keeps no other waiting', async () => {
    const { t, admin } = api;
    // Written before provider scores were checked: what the recording's write cannot store.
    const old = await followed('Legacy');
    const next = await followed('NextDue');
    const recordAt = t.clock.now().toISOString();
    await t.database.db.execute(sql`update matches set provider_result =
      ${JSON.stringify({ kind: 'score', home: -1, away: 0, recordAt })}::jsonb, provider_finished_at = now() - interval '1 hour'
      where id = ${old.matchId}::uuid`);
    await t.database.db.execute(sql`update matches set provider_result =
      ${JSON.stringify({ kind: 'score', home: 0, away: 0, recordAt })}::jsonb, provider_finished_at = now()
      where id = ${next.matchId}::uuid`);
    expect(await t.app.services.football.recordDue()).toBe(1);
    expect((await adminMatch(t, admin.token, next.matchId)).status).toBe('finished');
    const stuck = await adminMatch(t, admin.token, old.matchId);
    expect(stuck.status).toBe('scheduled');
    expect(stuck.waitingReason).toMatch(/could not be recorded/);
    // Not tried again every round.
    expect(await t.app.services.football.recordDue()).toBe(0);
    expect((await asAdmin(t, admin.token, 'POST', `/api/admin/matches/${old.matchId}/hold`)).statusCode).toBe(
      200,
    );
    expect(
      (await asAdmin(t, admin.token, 'DELETE', `/api/admin/matches/${old.matchId}/hold`)).statusCode,
    ).toBe(200);
  });
});

describe('one answer with one fixture twice', () => {
  it('settles nothing when the copies disagree, and as usual when they agree', async () => {
    const { fake, t, admin } = api;
    const split = await followed('Split');
    const twin = await followed('Twin');
    t.clock.advance(3 * 3600_000);
    fake.updateFixture(split.id, { status: 'FT', goals: { home: 1, away: 0 } });
    fake.echoTwice(split.id, { goals: { home: 2, away: 0 } });
    fake.updateFixture(twin.id, { status: 'FT', goals: { home: 0, away: 1 } });
    fake.echoTwice(twin.id, {});
    await t.app.services.football.pollLive();
    expect(await t.app.services.football.recordDue()).toBe(1);
    const row = await adminMatch(t, admin.token, split.matchId);
    expect(row.status).toBe('scheduled');
    expect(row.waitingReason).toMatch(/2 times with different results \(1-0, 2-0\)/);
    expect(await adminMatch(t, admin.token, twin.matchId)).toMatchObject({
      status: 'finished',
      score: { home: 0, away: 1 },
    });
  });
});

describe('names as providers send them', () => {
  it('are trimmed: spaces around a name never register a match twice', async () => {
    const { fake, t, admin } = api;
    const clubs = teams('Spaced');
    await contentFor(t, admin.token).freeTip({
      teamA: clubs.home,
      teamB: clubs.away,
      inHours: 5,
      prediction: 'Draw',
    });
    const id = nextId++;
    fake.addFixture({
      id,
      leagueId: 39,
      home: `  ${clubs.home} `,
      away: `${clubs.away}   `,
      kickoff: inHours(t, 5),
    });
    const other = teams('Padded');
    const otherId = nextId++;
    fake.addFixture({
      id: otherId,
      leagueId: 39,
      home: ` ${other.home}`,
      away: `${other.away} `,
      kickoff: inHours(t, 6),
    });
    await t.app.services.football.syncFixtures();
    await t.app.services.football.syncFixtures();
    expect(await matchesNamed(t, clubs.home)).toEqual([
      expect.objectContaining({ home_team: clubs.home, away_team: clubs.away, provider_id: String(id) }),
    ]);
    expect(await matchesNamed(t, other.home)).toEqual([
      expect.objectContaining({ home_team: other.home, away_team: other.away, provider_id: String(otherId) }),
    ]);
  });

  it("link API-Football's short names to matches registered with the clubs' full names", async () => {
    const { fake, t, admin } = api;
    const kickoff = 30;
    await contentFor(t, admin.token).freeTip({
      teamA: 'Bologna FC 1909',
      teamB: 'Como 1907',
      league: 'Serie A',
      inHours: kickoff,
      prediction: 'Home win',
    });
    const id = nextId++;
    fake.addFixture({
      id,
      leagueId: 135,
      leagueName: 'Serie A',
      home: 'Bologna',
      away: 'Como',
      kickoff: inHours(t, kickoff),
    });
    const summary = await t.app.services.football.syncFixtures();
    expect(summary.linked).toBeGreaterThanOrEqual(1);
    expect(await matchesNamed(t, 'Bologna')).toEqual([
      expect.objectContaining({ home_team: 'Bologna FC 1909', provider_id: String(id) }),
    ]);
  });
});

describe("football-data.org's names", () => {
  it('link a match registered as "ACF Fiorentina" to the provider\'s "Fiorentina": one match on /live, with its live state', async () => {
    const content = contentFor(fd, fdAdmin.token);
    const kickoff = 2;
    const tip = await content.freeTip({
      teamA: 'ACF Fiorentina',
      teamB: 'Hellas Verona FC',
      league: 'Serie A',
      inHours: kickoff,
      prediction: 'Home win',
    });
    const id = nextId++;
    fdFake.addFixture({
      id,
      leagueId: 'SA',
      home: 'Fiorentina',
      away: 'Verona',
      homeNames: { name: 'ACF Fiorentina', shortName: 'Fiorentina', tla: 'FIO' },
      awayNames: { name: 'Hellas Verona FC', shortName: 'Verona', tla: 'HVE' },
      kickoff: inHours(fd, kickoff),
    });
    await fd.app.services.football.syncFixtures();
    expect(await matchesNamed(fd, 'Fiorentina')).toEqual([
      expect.objectContaining({ id: tip.matchId, provider_id: String(id) }),
    ]);
    const live = (await fd.app.inject({ method: 'GET', url: '/api/matches/live' })).json();
    expect(
      live.matches.filter((match: { homeTeam: string }) => /Fiorentina/.test(match.homeTeam)),
    ).toHaveLength(1);
    fd.clock.advance(2.5 * 3600_000);
    fdFake.updateFixture(id, { status: 'IN_PLAY', elapsed: 30, goals: { home: 1, away: 0 } });
    expect(await fd.app.services.football.pollLive()).toBe(1);
    expect((await adminMatch(fd, fdAdmin.token, tip.matchId)) as unknown).toMatchObject({
      live: { status: 'live', score: { home: 1, away: 0 } },
    });
  });
});

describe('a fixture the product cannot place', () => {
  it('waits for an admin, who links it to one of the matches it may be', async () => {
    const { fake, t, admin } = api;
    const content = contentFor(t, admin.token);
    const kickoff = 50;
    // Two registered matches both name the fixture's clubs at its kickoff.
    await content.freeTip({ teamA: 'Brentford', teamB: 'Fulham', inHours: kickoff, prediction: 'Draw' });
    const second = await content.freeTip({
      teamA: 'Brentford FC',
      teamB: 'Fulham FC',
      inHours: kickoff,
      prediction: 'Home win',
    });
    const id = nextId++;
    fake.addFixture({ id, leagueId: 39, home: 'Brentford', away: 'Fulham', kickoff: inHours(t, kickoff) });
    const summary = await t.app.services.football.syncFixtures();
    expect(summary.asked).toBeGreaterThanOrEqual(1);
    expect((await matchesNamed(t, 'Brentford')).filter((row) => row.provider_id)).toEqual([]);
    const question = await questionAbout(id);
    expect(question).toMatchObject({ homeTeam: 'Brentford', awayTeam: 'Fulham', reason: expect.any(String) });
    expect(question.candidates.map((candidate) => candidate._id)).toContain(second.matchId);
    expect(
      (await asAdmin(t, admin.token, 'GET', '/api/admin/football/status')).json().linkQuestions,
    ).toBeGreaterThanOrEqual(1);

    const stranger = await asAdmin(
      t,
      admin.token,
      'POST',
      `/api/admin/football/link-questions/${question._id}/link`,
      {
        matchId: (await matchesNamed(t, 'Crystal'))[0]?.id ?? '00000000-0000-4000-8000-000000000000',
      },
    );
    expect(stranger.statusCode).toBe(422);
    const linked = await asAdmin(
      t,
      admin.token,
      'POST',
      `/api/admin/football/link-questions/${question._id}/link`,
      {
        matchId: second.matchId,
      },
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ matchId: second.matchId });
    const again = await asAdmin(
      t,
      admin.token,
      'POST',
      `/api/admin/football/link-questions/${question._id}/register`,
    );
    expect(again.statusCode).toBe(409);
    await t.app.services.football.syncFixtures();
    expect((await matchesNamed(t, 'Brentford')).filter((row) => row.provider_id)).toEqual([
      expect.objectContaining({ id: second.matchId, provider_id: String(id) }),
    ]);
    const audit = await asAdmin(t, admin.token, 'GET', '/api/admin/audit-log?action=match.link');
    expect(audit.json().entries.map((entry: { targetId: string }) => entry.targetId)).toContain(
      second.matchId,
    );
  });

  it('waits when only one club matches at that kickoff, and is registered as its own match when the admin says so', async () => {
    const { fake, t, admin } = api;
    const kickoff = 74;
    await contentFor(t, admin.token).freeTip({
      teamA: 'Everton',
      teamB: 'Burnley',
      inHours: kickoff,
      prediction: 'Draw',
    });
    const id = nextId++;
    fake.addFixture({ id, leagueId: 39, home: 'Everton', away: 'Wolves', kickoff: inHours(t, kickoff) });
    await t.app.services.football.syncFixtures();
    const question = await questionAbout(id);
    expect(question.reason).toMatch(/Everton plays at that time, but against Wolves, not Burnley/);
    const registered = await asAdmin(
      t,
      admin.token,
      'POST',
      `/api/admin/football/link-questions/${question._id}/register`,
    );
    expect(registered.statusCode, registered.body).toBe(200);
    await t.app.services.football.syncFixtures();
    const everton = await matchesNamed(t, 'Everton');
    expect(everton).toHaveLength(2);
    expect(everton.filter((row) => row.provider_id === String(id))).toEqual([
      expect.objectContaining({ id: registered.json().matchId, away_team: 'Wolves' }),
    ]);
  });
});
